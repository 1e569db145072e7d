package graph

import (
	"context"

	"github.com/hiregraph/hiregraph/ent/entgql"

	"github.com/hiregraph/hiregraph/ent"
)

// nodeType resolves the table of a global ID. An ID of no known type is
// reported as not found, in the words of an ID of a known type that does
// not exist (or is another company's).
func nodeType(ctx context.Context, id string) (string, error) {
	table, err := ent.IDToType(ctx, id)
	if err != nil {
		return "", entgql.ErrNodeNotFound(id)
	}
	return table, nil
}
