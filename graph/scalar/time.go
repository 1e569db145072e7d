// Package scalar holds how GraphQL scalars are written where gqlgen's own
// marshaler is not used (gqlgen.yml's models).
package scalar

import (
	"io"
	"time"

	"github.com/99designs/gqlgen/graphql"
)

// MarshalTime writes a Time as graphql.MarshalTime does, a quoted RFC 3339
// time with nanoseconds, formatted straight into the response buffer:
// gqlgen's made two strings per value (the time, then its quoted copy),
// and lists carry a time on every row. An RFC 3339 time holds nothing a
// JSON string must escape.
func MarshalTime(t time.Time) graphql.Marshaler {
	if t.IsZero() {
		return graphql.Null
	}
	return graphql.WriterFunc(func(w io.Writer) { WriteTime(w, t) })
}

// WriteTime writes t as MarshalTime's answer writes it, null for the zero
// time. It spares the Marshaler MarshalTime allocates, for writers that
// hold the value already: graph/generated's tables of plain fields, which
// write a time on every row of a list.
func WriteTime(w io.Writer, t time.Time) {
	if t.IsZero() {
		graphql.Null.MarshalGQL(w)
		return
	}
	b := availableBuffer(w)
	b = append(b, '"')
	b = t.AppendFormat(b, time.RFC3339Nano)
	b = append(b, '"')
	w.Write(b)
}

// UnmarshalTime reads a Time as gqlgen does.
func UnmarshalTime(v any) (time.Time, error) {
	return graphql.UnmarshalTime(v)
}

// availableBuffer answers the unused end of w's buffer, for an append to
// be written without a copy (bytes.Buffer's AvailableBuffer), or a new
// slice when w has none.
func availableBuffer(w io.Writer) []byte {
	if b, ok := w.(interface{ AvailableBuffer() []byte }); ok {
		return b.AvailableBuffer()
	}
	return make([]byte, 0, len(`"2006-01-02T15:04:05.999999999-07:00"`))
}
