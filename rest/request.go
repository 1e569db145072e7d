package rest

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strings"

	"github.com/hiregraph/hiregraph/internal/apierror"
)

// DecodeJSON reads the request body into dst and turns every way a body can
// be unreadable into a 400 that says where. Unknown fields are ignored: the
// legacy samples carry fields the tables do not (spec 4.1, 4.3).
func DecodeJSON(r *http.Request, dst any) error {
	if r.Body == nil {
		return apierror.New(http.StatusBadRequest, apierror.CodeInvalidJSON, "the request needs a JSON body")
	}
	// Bodies are capped (server.MaxBodyBytes), so reading one whole is cheap.
	body, err := io.ReadAll(r.Body)
	if err != nil {
		return decodeError(err)
	}
	dec := json.NewDecoder(bytes.NewReader(body))
	if err := dec.Decode(dst); err != nil {
		return decodeError(err)
	}
	if _, err := dec.Token(); !errors.Is(err, io.EOF) {
		return apierror.New(http.StatusBadRequest, apierror.CodeInvalidJSON, "the body must hold a single JSON value")
	}
	if HoldsNUL(body) {
		return apierror.BadRequest("", "the body holds a NUL character (\\u0000); no field accepts one")
	}
	return nil
}

// HoldsNUL reports whether a string or key of the JSON body holds U+0000.
// PostgreSQL cannot store it in text, and it has no use in any field. In
// valid JSON it can only come from the escape \u0000, so bodies without
// that escape are not scanned.
func HoldsNUL(body []byte) bool {
	if !bytes.Contains(body, []byte(`\u0000`)) {
		return false
	}
	dec := json.NewDecoder(bytes.NewReader(body))
	for {
		tok, err := dec.Token()
		if err != nil {
			return false
		}
		if s, ok := tok.(string); ok && strings.ContainsRune(s, 0) {
			return true
		}
	}
}

func decodeError(err error) error {
	var (
		syntax   *json.SyntaxError
		typ      *json.UnmarshalTypeError
		maxBytes *http.MaxBytesError
	)
	switch {
	case errors.Is(err, io.EOF):
		return apierror.New(http.StatusBadRequest, apierror.CodeInvalidJSON, "the request needs a JSON body")
	case errors.As(err, &maxBytes):
		return err
	case errors.As(err, &syntax):
		return apierror.New(http.StatusBadRequest, apierror.CodeInvalidJSON, "the body is not valid JSON (at byte %d)", syntax.Offset)
	case errors.Is(err, io.ErrUnexpectedEOF):
		return apierror.New(http.StatusBadRequest, apierror.CodeInvalidJSON, "the body is not valid JSON (it ends early)")
	case errors.As(err, &typ):
		field := typ.Field
		if field == "" {
			return apierror.BadRequest("", "the body must be a JSON object")
		}
		return apierror.BadRequest(field, "%s must be %s, got %s", field, jsonKind(typ.Type.Kind().String()), typ.Value)
	}
	return apierror.New(http.StatusBadRequest, apierror.CodeInvalidJSON, "the body could not be read: %s", strings.TrimPrefix(err.Error(), "json: "))
}

// jsonKind names a Go kind the way a JSON client thinks of it.
func jsonKind(goKind string) string {
	switch goKind {
	case "string":
		return "a string"
	case "bool":
		return "a boolean"
	case "int", "int8", "int16", "int32", "int64", "uint", "uint8", "uint16", "uint32", "uint64":
		return "an integer"
	case "float32", "float64":
		return "a number"
	case "slice", "array":
		return "an array"
	case "map", "struct", "ptr":
		return "an object"
	}
	return fmt.Sprintf("of type %s", goKind)
}
