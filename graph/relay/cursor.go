// Package relay holds the GraphQL Cursor scalar: entgql's Relay cursors,
// signed with the server key on the way out and checked on the way in, so
// a cursor the service did not issue is refused with invalid_cursor
// instead of steering a query. gqlgen.yml maps the scalar here; every
// connection, top-level or nested, passes through it.
package relay

import (
	"bytes"
	"context"
	"io"
	"strconv"

	"github.com/99designs/gqlgen/graphql"
	"github.com/hiregraph/hiregraph/ent/entgql"

	"github.com/hiregraph/hiregraph/recruiting"
)

// MarshalCursor writes c as entgql does, with the signature appended.
func MarshalCursor(c entgql.Cursor[string]) graphql.ContextMarshaler {
	return graphql.ContextWriterFunc(func(ctx context.Context, w io.Writer) error {
		var quoted bytes.Buffer
		c.MarshalGQL(&quoted)
		inner, err := strconv.Unquote(quoted.String())
		if err != nil {
			return err
		}
		signed, err := recruiting.SealRelayCursor(ctx, inner)
		if err != nil {
			return err
		}
		_, err = io.WriteString(w, strconv.Quote(signed))
		return err
	})
}

// UnmarshalCursor reads a cursor MarshalCursor wrote.
func UnmarshalCursor(ctx context.Context, v any) (entgql.Cursor[string], error) {
	var c entgql.Cursor[string]
	field := "cursor"
	if pc := graphql.GetPathContext(ctx); pc != nil && pc.Field != nil {
		field = *pc.Field // the argument: after or before
	}
	s, ok := v.(string)
	if !ok {
		return c, recruiting.InvalidCursor(field)
	}
	inner, err := recruiting.OpenRelayCursor(ctx, field, s)
	if err != nil {
		return c, err
	}
	if err := c.UnmarshalGQL(inner); err != nil {
		return c, recruiting.InvalidCursor(field)
	}
	return c, nil
}
