package generated

import (
	"context"

	"github.com/99designs/gqlgen/graphql"
)

// deferredGroup is graphql.NewDeferredGroup for an object whose fields are
// fields, in place of it (internal/codegen). gqlgen builds the group, with
// the object's whole response path, a field set and a map, for every object
// it marshals; only a field under @defer ever uses it (ResolveConcurrently,
// ProcessDeferredGroup), so without one the zero group does. It was the
// largest allocation of a nested read (README "How a nested connection
// loads").
func deferredGroup(ctx context.Context, fields []graphql.CollectedField) graphql.DeferredGroup {
	for _, f := range fields {
		if f.IsDeferred() {
			return graphql.NewDeferredGroup(ctx)
		}
	}
	return graphql.DeferredGroup{}
}
