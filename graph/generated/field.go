package generated

import (
	"context"
	"errors"

	"github.com/99designs/gqlgen/graphql"
	"github.com/vektah/gqlparser/v2/ast"
)

// resolveField is graphql.ResolveField, which internal/codegen puts in
// its place, except for a field without arguments or directive (read
// straight off its object, by a method of it such as an edge's
// Person(ctx), or by a resolver such as a candidate's nextInterview)
// while no field middleware needs every field
// (fieldMiddlewareRegistered): gqlgen ran the chain, with a closure per
// layer and a look-up of the field context, for every id, name and status
// of every row, every candidate's person and each card of a pipeline
// board's next interview and scorecard summary: most of the fields of a
// list. Middleware registered with AroundArgumentFields has nothing to do
// on a field without arguments.
//
// Its field context and marshal functions are ec's methods, given as method
// expressions (internal/codegen rewrites gqlgen's closures around them):
// a closure of ec that gqlgen's chain may keep is allocated for every call,
// two per field of every row, where a method expression is not; only the
// chain's path makes closures of them.
func resolveField[T any](
	ctx context.Context,
	ec *executionContext,
	field graphql.CollectedField,
	fieldContext func(ec *executionContext, ctx context.Context, field graphql.CollectedField) (*graphql.FieldContext, error),
	fieldResolver func(ctx context.Context) (any, error),
	middlewareChain func(ctx context.Context, next graphql.Resolver) graphql.Resolver,
	marshal func(ec *executionContext, ctx context.Context, sel ast.SelectionSet, v T) graphql.Marshaler,
	recoverFromPanic bool,
	nonNull bool,
) graphql.Marshaler {
	oc := ec.OperationContext
	fc, err := fieldContext(ec, ctx, field)
	if err != nil {
		return graphql.Null
	}
	if middlewareChain != nil || fc.Args != nil || fieldMiddlewareRegistered(oc) {
		return throughChain(ctx, ec, fc, fieldResolver, middlewareChain, marshal, recoverFromPanic, nonNull)
	}
	return resolvePlainField(ctx, oc, fc, fieldResolver, func(ctx context.Context, sel ast.SelectionSet, v T) graphql.Marshaler {
		return marshal(ec, ctx, sel, v)
	}, recoverFromPanic, nonNull)
}

// throughChain resolves the field of fc through gqlgen's resolveField and
// the operation's field middleware.
func throughChain[T any](
	ctx context.Context,
	ec *executionContext,
	fc *graphql.FieldContext,
	fieldResolver func(ctx context.Context) (any, error),
	middlewareChain func(ctx context.Context, next graphql.Resolver) graphql.Resolver,
	marshal func(ec *executionContext, ctx context.Context, sel ast.SelectionSet, v T) graphql.Marshaler,
	recoverFromPanic bool,
	nonNull bool,
) graphql.Marshaler {
	built := func(context.Context, graphql.CollectedField) (*graphql.FieldContext, error) { return fc, nil }
	marshalIn := func(ctx context.Context, sel ast.SelectionSet, v T) graphql.Marshaler {
		return marshal(ec, ctx, sel, v)
	}
	return graphql.ResolveField(ctx, ec.OperationContext, fc.Field, built, fieldResolver, middlewareChain, marshalIn, recoverFromPanic, nonNull)
}

// resolvePlainField is gqlgen's resolveField for a field without
// arguments or directive, whose resolver is called directly: the same
// panic recovery, null checks and errors.
func resolvePlainField[T any](
	ctx context.Context,
	oc *graphql.OperationContext,
	fc *graphql.FieldContext,
	fieldResolver func(ctx context.Context) (any, error),
	marshal func(ctx context.Context, sel ast.SelectionSet, v T) graphql.Marshaler,
	recoverFromPanic bool,
	nonNull bool,
) (ret graphql.Marshaler) {
	ctx = graphql.WithFieldContext(ctx, fc)
	if recoverFromPanic {
		defer func() {
			if r := recover(); r != nil {
				oc.Error(ctx, oc.Recover(ctx, r))
				ret = graphql.Null
			}
		}()
	}
	resTmp, err := fieldResolver(ctx)
	if err != nil {
		oc.Error(ctx, graphql.AddFieldLocationToError(ctx, err))
		return nullResult(fc, nonNull)
	}
	if resTmp == nil {
		if nonNull || fc.NonNull {
			graphql.AddInvalidNullError(ctx, "")
		}
		return nullResult(fc, nonNull)
	}
	if res, ok := resTmp.(T); ok {
		fc.Result = res
		return marshal(ctx, fc.Field.Selections, res)
	}
	if res, ok := resTmp.(graphql.Marshaler); ok {
		fc.Result = res
		return res
	}
	var t T
	oc.Errorf(ctx, `unexpected type %T from middleware/directive chain, should be %T`, resTmp, t)
	return graphql.Null
}

// nullResult is what a field without a value answers: RequiredNull when
// the field was marked non-null at run time but its type is nullable (the
// null then travels up to the parent), Null otherwise.
func nullResult(fc *graphql.FieldContext, nonNull bool) graphql.Marshaler {
	if fc.NonNull && !nonNull {
		return graphql.RequiredNull
	}
	return graphql.Null
}

// noChildFields is the Child of a scalar field's context, shared where
// gqlgen allocates a closure per field and row to name the type in its
// error. It is never called on a scalar: validation refuses a selection
// under one before anything runs.
var errNoChildFields = errors.New("a scalar or enum field has no child fields")

func noChildFields(context.Context, graphql.CollectedField) (*graphql.FieldContext, error) {
	return nil, errNoChildFields
}

// plainScalar is resolveField for a scalar or enum field read straight off
// its object (named object), which internal/codegen calls instead: v is
// the field's value, read by the caller. The field still gets its context (errors
// name its path) and panic recovery, without resolveField's three
// closures and two boxings of v, which were most of a list read's
// allocations: a hundred rows of three fields make three hundred of these.
// Its context lives in the same allocation as the context.Context holding
// it. A scalar has no child to read fc.Result, so it is left unset. With
// field middleware registered it resolves through gqlgen's resolveField.
func plainScalar[T any](
	ctx context.Context,
	oc *graphql.OperationContext,
	field graphql.CollectedField,
	v T,
	object string,
	nonNull bool,
	marshal func(ctx context.Context, sel ast.SelectionSet, v T) graphql.Marshaler,
) graphql.Marshaler {
	if fieldMiddlewareRegistered(oc) {
		fieldContext := func(context.Context, graphql.CollectedField) (*graphql.FieldContext, error) {
			return &graphql.FieldContext{Object: object, Field: field, Child: noChildFields}, nil
		}
		return throughMiddleware(ctx, oc, field, fieldContext, v, nonNull, marshal)
	}
	c := withFieldCtx(ctx)
	c.fc.Object = object
	c.fc.Field = field
	c.fc.Child = noChildFields
	return marshalSafely(c, oc, field.Selections, v, marshal)
}

// plainObject is plainScalar for an object or list field read straight
// off its object, such as an edge's node or a connection's edges: one a
// row of every list. Its fields may read it from their parent's context,
// so it is set as the field's result, as gqlgen does.
func plainObject[T any](
	ctx context.Context,
	oc *graphql.OperationContext,
	field graphql.CollectedField,
	v T,
	nonNull bool,
	fieldContext func(ctx context.Context, field graphql.CollectedField) (*graphql.FieldContext, error),
	marshal func(ctx context.Context, sel ast.SelectionSet, v T) graphql.Marshaler,
) graphql.Marshaler {
	if fieldMiddlewareRegistered(oc) {
		return throughMiddleware(ctx, oc, field, fieldContext, v, nonNull, marshal)
	}
	fc, err := fieldContext(ctx, field)
	if err != nil {
		return graphql.Null
	}
	fc.Result = v
	return marshalSafely(graphql.WithFieldContext(ctx, fc), oc, field.Selections, v, marshal)
}

// marshalSafely marshals v, a plain field's value, in ctx, its field's
// context, answering null and an error for a panic as resolveField does.
func marshalSafely[T any](
	ctx context.Context,
	oc *graphql.OperationContext,
	sel ast.SelectionSet,
	v T,
	marshal func(ctx context.Context, sel ast.SelectionSet, v T) graphql.Marshaler,
) (ret graphql.Marshaler) {
	defer func() {
		if r := recover(); r != nil {
			oc.Error(ctx, oc.Recover(ctx, r))
			ret = graphql.Null
		}
	}()
	return marshal(ctx, sel, v)
}

// throughMiddleware resolves a plain field whose value is v as gqlgen
// does, through the operation's field middleware.
func throughMiddleware[T any](
	ctx context.Context,
	oc *graphql.OperationContext,
	field graphql.CollectedField,
	fieldContext func(ctx context.Context, field graphql.CollectedField) (*graphql.FieldContext, error),
	v T,
	nonNull bool,
	marshal func(ctx context.Context, sel ast.SelectionSet, v T) graphql.Marshaler,
) graphql.Marshaler {
	read := func(context.Context) (any, error) { return v, nil }
	return graphql.ResolveField(ctx, oc, field, fieldContext, read, nil, marshal, true, nonNull)
}
