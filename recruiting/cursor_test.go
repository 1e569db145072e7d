package recruiting

import (
	"context"
	"crypto/rand"
	"encoding/base64"
	"errors"
	"testing"
	"time"

	"github.com/hiregraph/hiregraph/internal/apierror"
	"github.com/hiregraph/hiregraph/internal/auth"
)

func newSealer(t *testing.T) *auth.Sealer {
	t.Helper()
	key := make([]byte, 32)
	if _, err := rand.Read(key); err != nil {
		t.Fatal(err)
	}
	s, err := auth.NewSealer(key)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func isInvalidCursor(err error) bool {
	e, ok := apierror.As(err)
	return ok && e.Code == CodeInvalidCursor && e.Status == 400
}

func TestListCursors(t *testing.T) {
	key, otherKey := newSealer(t), newSealer(t)
	c := Cursor{TimeCreated: time.Date(2026, 3, 1, 10, 0, 0, 123000, time.UTC), ID: "can_01"}
	sealed := c.Seal(key, "candidates")
	got, err := OpenCursor(key, "candidates", sealed)
	if err != nil || !got.TimeCreated.Equal(c.TimeCreated) || got.ID != c.ID {
		t.Fatalf("round trip: %+v, %v", got, err)
	}
	edited := []byte(sealed)
	edited[3] ^= 1
	unsigned := base64.RawURLEncoding.EncodeToString([]byte(`{"t":"2026-03-01T10:00:00Z","i":"can_01"}`))
	for name, bad := range map[string]struct {
		key          *auth.Sealer
		list, cursor string
	}{
		"edited":          {key, "candidates", string(edited)},
		"unsigned":        {key, "candidates", unsigned},
		"another list":    {key, "openings", sealed},
		"another key":     {otherKey, "candidates", sealed},
		"signature only":  {key, "candidates", sealed[len(sealed)-43:]},
		"empty":           {key, "candidates", ""},
		"signed non-JSON": {key, "candidates", "eA." + key.Sign(restCursorMessage("candidates", "eA"))},
	} {
		if _, err := OpenCursor(bad.key, bad.list, bad.cursor); !isInvalidCursor(err) {
			t.Errorf("%s cursor: %v, want invalid_cursor", name, err)
		}
	}
}

func TestRelayCursors(t *testing.T) {
	key := newSealer(t)
	ctx := (&core{Sealer: key}).OperationContext(context.Background())
	inner := base64.RawStdEncoding.EncodeToString([]byte{0x82, 0xa2, 'i', 'd', 0xa3, 'x', 'y', 'z'})
	sealed, err := SealRelayCursor(ctx, inner)
	if err != nil {
		t.Fatal(err)
	}
	if got, err := OpenRelayCursor(ctx, "after", sealed); err != nil || got != inner {
		t.Fatalf("round trip: %q, %v", got, err)
	}
	edited := []byte(sealed)
	edited[1] ^= 1
	other := (&core{Sealer: newSealer(t)}).OperationContext(context.Background())
	for name, c := range map[string]struct {
		ctx    context.Context
		cursor string
	}{
		"edited":      {ctx, string(edited)},
		"unsigned":    {ctx, inner},
		"garbage":     {ctx, "garbage!"},
		"another key": {other, sealed},
	} {
		_, err := OpenRelayCursor(c.ctx, "after", c.cursor)
		if e, _ := apierror.As(err); !isInvalidCursor(err) || e.Field != "after" {
			t.Errorf("%s cursor: %v, want invalid_cursor naming after", name, err)
		}
	}
	// Without the operation context it is the server's bug, not the
	// caller's: not an invalid_cursor.
	if _, err := OpenRelayCursor(context.Background(), "after", sealed); !errors.Is(err, errNoCursorKey) {
		t.Errorf("no key in context: %v", err)
	}
}

// BenchmarkCursors measures what signing adds to a page: one Seal per
// page served, one Open per page asked for.
func BenchmarkCursors(b *testing.B) {
	key, err := auth.NewSealer(make([]byte, 32))
	if err != nil {
		b.Fatal(err)
	}
	c := Cursor{TimeCreated: time.Now().UTC(), ID: "can_01M82SZJNNXZTCWZGC4ZZCGGHG"}
	b.Run("list seal+open", func(b *testing.B) {
		for b.Loop() {
			if _, err := OpenCursor(key, "candidates", c.Seal(key, "candidates")); err != nil {
				b.Fatal(err)
			}
		}
	})
	ctx := (&core{Sealer: key}).OperationContext(context.Background())
	inner := base64.RawStdEncoding.EncodeToString([]byte("\x82\xa2id\xbdcan_01M82SZJNNXZTCWZGC4ZZCGGHG\xa5value\xc0"))
	b.Run("relay seal+open", func(b *testing.B) {
		for b.Loop() {
			sealed, _ := SealRelayCursor(ctx, inner)
			if _, err := OpenRelayCursor(ctx, "after", sealed); err != nil {
				b.Fatal(err)
			}
		}
	})
}
