package generated

import (
	"context"

	"github.com/99designs/gqlgen/graphql"
)

// marshalSliceInOrder marshals the elements of a list one after another on
// the calling goroutine; internal/codegen puts it in place of gqlgen's
// MarshalSliceConcurrently, which starts a goroutine per element. The
// elements of our lists are ent nodes whose edges entgql loads beforehand,
// in one statement per edge, so their fields do no I/O of their own; the
// goroutines only added scheduling and stack growth (about a third of the
// CPU of candidates(first: 100), see README "How a nested connection
// loads"). Fields with resolvers of their own resolve in order too
// (resolveInOrder).
func marshalSliceInOrder(ctx context.Context, length int, marshalElement func(context.Context, int) graphql.Marshaler) graphql.Array {
	ret := make(graphql.Array, length)
	for i := range length {
		ret[i] = marshalElementSafely(ctx, i, marshalElement)
	}
	return ret
}

// marshalElementSafely marshals element i as gqlgen does: with its index in
// the field context, and a panic turned into a null and an error.
func marshalElementSafely(ctx context.Context, i int, marshalElement func(context.Context, int) graphql.Marshaler) (m graphql.Marshaler) {
	c := withFieldCtx(ctx)
	c.index = i
	c.fc.Index = &c.index
	ctx = c
	defer func() {
		if r := recover(); r != nil {
			graphql.AddError(ctx, graphql.Recover(ctx, r))
			m = graphql.Null
		}
	}()
	return marshalElement(ctx, i)
}
