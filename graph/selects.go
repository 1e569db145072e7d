package graph

import (
	"context"
	"slices"

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

// selectsOnly reports whether the query selects on the value of the field
// being resolved in ctx no field but names (and __typename), so a
// resolver may read only the columns those need.
func selectsOnly(ctx context.Context, names ...string) bool {
	if graphql.GetFieldContext(ctx) == nil {
		return false
	}
	for _, f := range graphql.CollectFieldsCtx(ctx, nil) {
		if f.Name != "__typename" && !slices.Contains(names, f.Name) {
			return false
		}
	}
	return true
}

// fieldPlace identifies where in the query the field being resolved in ctx
// is: the values of one place select the same fields, so a batch loading
// them for every parent at once serves that place alone.
func fieldPlace(ctx context.Context) any {
	if fc := graphql.GetFieldContext(ctx); fc != nil {
		return fc.Field.Field
	}
	return nil
}
