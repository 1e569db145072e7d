package recruiting

import (
	"context"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"strings"
	"time"

	"github.com/hiregraph/hiregraph/internal/apierror"
	"github.com/hiregraph/hiregraph/internal/auth"
)

// CodeInvalidCursor answers a cursor the service did not issue: forged,
// edited, or issued for another list.
const CodeInvalidCursor = "invalid_cursor"

// Cursor marks the last row of a REST page: lists are ordered by
// time_created, then id. Cursors, REST and Relay alike, are signed with
// the server key (an HMAC, as offer letter links are), so a cursor is a
// place the service handed out, never a query a client made up: changing
// one byte makes it invalid_cursor.
type Cursor struct {
	TimeCreated time.Time `json:"t"`
	ID          string    `json:"i"`
}

// Seal returns the opaque form of c used in next_page URLs of list,
// signed with the server key.
func (c Cursor) Seal(key *auth.Sealer, list string) string {
	b, _ := json.Marshal(c) // a time and a string always encode
	payload := base64.RawURLEncoding.EncodeToString(b)
	return payload + "." + key.Sign(restCursorMessage(list, payload))
}

// OpenCursor reads a cursor Seal made for list.
func OpenCursor(key *auth.Sealer, list, cursor string) (Cursor, error) {
	var c Cursor
	payload, sig, ok := strings.Cut(cursor, ".")
	if !ok || !key.Verify(restCursorMessage(list, payload), sig) {
		return c, InvalidCursor("cursor")
	}
	b, err := base64.RawURLEncoding.DecodeString(payload)
	if err != nil || json.Unmarshal(b, &c) != nil || c.ID == "" || c.TimeCreated.IsZero() {
		return c, InvalidCursor("cursor")
	}
	return c, nil
}

func restCursorMessage(list, payload string) string {
	return "list-cursor\n" + list + "\n" + payload
}

// InvalidCursor is the error of a cursor the service did not issue.
func InvalidCursor(field string) *apierror.Error {
	e := apierror.New(http.StatusBadRequest, CodeInvalidCursor, "%s is not a cursor this service issued; pass the cursor of the page before as given", field)
	e.Field = field
	return e
}

// cursorSignerKey carries the server key to the GraphQL Cursor scalar
// (OperationContext).
type cursorSignerKey struct{}

// SealRelayCursor signs the opaque form of an entgql cursor (standard
// base64 of msgpack). Every connection's cursors pass through here,
// top-level and nested alike. The MAC is appended to the msgpack bytes
// inside the base64, so entgql's own decoder (which the generated field
// collection calls on raw arguments) still reads the cursor and ignores
// the MAC; the Cursor scalar checks it before any resolver runs.
func SealRelayCursor(ctx context.Context, inner string) (string, error) {
	signer, err := cursorSigner(ctx)
	if err != nil {
		return "", err
	}
	b, err := base64.RawStdEncoding.DecodeString(inner)
	if err != nil {
		return "", fmt.Errorf("entgql cursor is not base64: %w", err)
	}
	return base64.RawStdEncoding.EncodeToString(append(b, signer.MAC(relayCursorMessage(b))...)), nil
}

// OpenRelayCursor checks a cursor SealRelayCursor made and returns the
// entgql cursor inside; field names the argument in the error.
func OpenRelayCursor(ctx context.Context, field, cursor string) (string, error) {
	signer, err := cursorSigner(ctx)
	if err != nil {
		return "", err
	}
	b, err := base64.RawStdEncoding.DecodeString(cursor)
	if err != nil || len(b) <= sha256.Size {
		return "", InvalidCursor(field)
	}
	inner, mac := b[:len(b)-sha256.Size], b[len(b)-sha256.Size:]
	if !signer.VerifyMAC(relayCursorMessage(inner), mac) {
		return "", InvalidCursor(field)
	}
	return base64.RawStdEncoding.EncodeToString(inner), nil
}

func relayCursorMessage(inner []byte) string { return "relay-cursor\n" + string(inner) }

func cursorSigner(ctx context.Context) (*auth.Sealer, error) {
	signer, _ := ctx.Value(cursorSignerKey{}).(*auth.Sealer)
	if signer == nil {
		// A bug of the server's assembly, never the caller's fault.
		return nil, errNoCursorKey
	}
	return signer, nil
}

var errNoCursorKey = errors.New("cursor key missing from the operation context (recruiting.Service.OperationContext)")
