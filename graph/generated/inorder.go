package generated

import (
	"context"
	"sync/atomic"

	"github.com/99designs/gqlgen/graphql"
)

// resolveInOrder resolves field i of an object right away, on the calling
// goroutine; internal/codegen puts it in place of gqlgen's
// FieldSet.ResolveConcurrently, which schedules the field for the field
// set's Dispatch: inline when it is the object's only such field, else on a
// goroutine of its own. Our object fields with resolvers read edges entgql
// loaded beforehand (see marshalSliceInOrder), so a position's openings
// and candidates gained nothing from a goroutine each but scheduling, stack
// growth and a closure per field. A deferred field is still scheduled by
// gqlgen, for its later payload. Root fields keep ResolveRootConcurrently.
// The field's function is given as a method expression, with the object,
// where gqlgen wrote a closure of them: the closure a deferred field needs
// is made for it alone, not for every field of every row.
func resolveInOrder[T any](
	ctx context.Context,
	out *graphql.FieldSet,
	ec *executionContext,
	deferred *graphql.DeferredGroup,
	i int,
	fields []graphql.CollectedField,
	recoverFromPanic bool,
	nonNull bool,
	obj T,
	resolve func(ec *executionContext, ctx context.Context, field graphql.CollectedField, obj T) graphql.Marshaler,
) {
	oc := ec.OperationContext
	if fields[i].IsDeferred() {
		field := fields[i]
		out.ResolveConcurrently(oc, deferred, i, recoverFromPanic, nonNull, func(ctx context.Context) graphql.Marshaler {
			return resolve(ec, ctx, field, obj)
		})
		return
	}
	v := resolveRecovering(ctx, oc, recoverFromPanic, func(ctx context.Context) graphql.Marshaler {
		return resolve(ec, ctx, fields[i], obj)
	})
	out.Values[i] = v
	// What marks the object invalid, as in gqlgen's invalidResultFor.
	invalid := graphql.RequiredNull
	if nonNull {
		invalid = graphql.Null
	}
	if v == invalid {
		atomic.AddUint32(&out.Invalids, 1)
	}
}

// resolveRecovering runs resolve, turning a panic into a null and an error
// when recoverFromPanic is set, as gqlgen's recoverToNull does.
func resolveRecovering(ctx context.Context, oc *graphql.OperationContext, recoverFromPanic bool, resolve func(ctx context.Context) graphql.Marshaler) (v graphql.Marshaler) {
	if recoverFromPanic {
		defer func() {
			if r := recover(); r != nil {
				oc.Error(ctx, oc.Recover(ctx, r))
				v = graphql.Null
			}
		}()
	}
	return resolve(ctx)
}
