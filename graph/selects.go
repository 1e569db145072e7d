package graph

import (
	"context"

	"github.com/99designs/gqlgen/graphql"
)

// selects reports whether the query selects the field name on the value
// of the field being resolved in ctx, so a resolver computes a costly part
// of its value only when it is read.
func selects(ctx context.Context, name string) bool {
	if graphql.GetFieldContext(ctx) == nil {
		return true
	}
	for _, f := range graphql.CollectFieldsCtx(ctx, nil) {
		if f.Name == name {
			return true
		}
	}
	return false
}
