package graph

import (
	"context"

	"github.com/hiregraph/hiregraph/apierror"
	"github.com/hiregraph/hiregraph/ent"
)

// nodeType resolves the table of a global ID. An ID of no known type is
// reported as not found, like an ID of another company.
func nodeType(ctx context.Context, id string) (string, error) {
	table, err := ent.IDToType(ctx, id)
	if err != nil {
		return "", apierror.NotFound(apierror.CodeNotFound, "no node has the id %q", id)
	}
	return table, nil
}
