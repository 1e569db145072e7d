package generated

import (
	"context"
	"reflect"
	"sync"

	"github.com/99designs/gqlgen/graphql"
	"github.com/99designs/gqlgen/graphql/executor"
	"github.com/vektah/gqlparser/v2/gqlerror"
)

// fieldMiddlewareRegistered tells whether the operation runs field
// middleware (a server's AroundFields, an extension's InterceptField) that
// must see every field. Without any, a field read straight off its object
// skips gqlgen's resolveField and its middleware chain (field.go,
// plainobject.go); with one, every field goes through the chain. gqlgen
// gives an operation with no field middleware its pass-through function,
// and middleware registered with AroundArgumentFields its own method: the
// code pointer of the operation's chain tells them from any other.
func fieldMiddlewareRegistered(oc *graphql.OperationContext) bool {
	if oc.ResolverMiddleware == nil {
		return false
	}
	pc := reflect.ValueOf(oc.ResolverMiddleware).Pointer()
	return pc != passThroughMiddleware() && pc != argumentChainMiddleware
}

// passThroughMiddleware is the code pointer of the field middleware gqlgen
// gives an operation when no field middleware is registered, learnt from
// an executor without extensions (TestFieldMiddlewareIsDetected fails if
// gqlgen stops giving one function).
var passThroughMiddleware = sync.OnceValue(func() uintptr {
	oc, errs := executor.New(NewExecutableSchema(Config{})).
		CreateOperationContext(graphql.StartOperationTrace(context.Background()), &graphql.RawParams{Query: "{__typename}"})
	if errs != nil {
		panic("creating an operation to learn gqlgen's field middleware: " + errs.Error())
	}
	return reflect.ValueOf(oc.ResolverMiddleware).Pointer()
})

var argumentChainMiddleware = reflect.ValueOf((&argumentChain{}).intercept).Pointer()

// AroundArgumentFields is srv.AroundFields for field middleware that acts
// only on fields with arguments, such as page size defaults: it is left
// out of every other field (read straight off its object, by a method, or
// by a resolver without arguments), which keeps their fast path.
func AroundArgumentFields(mw graphql.FieldMiddleware) graphql.HandlerExtension {
	return argumentFields{mw: mw}
}

type argumentFields struct{ mw graphql.FieldMiddleware }

func (argumentFields) ExtensionName() string                   { return "ArgumentFieldMiddleware" }
func (argumentFields) Validate(graphql.ExecutableSchema) error { return nil }
func (a argumentFields) MutateOperationContext(_ context.Context, oc *graphql.OperationContext) *gqlerror.Error {
	chain := &argumentChain{mw: a.mw, next: oc.ResolverMiddleware}
	if fieldMiddlewareRegistered(oc) {
		// Another middleware needs every field: a closure of its own
		// keeps the chain marked as such.
		oc.ResolverMiddleware = func(ctx context.Context, next graphql.Resolver) (any, error) {
			return chain.intercept(ctx, next)
		}
		return nil
	}
	oc.ResolverMiddleware = chain.intercept
	return nil
}

// argumentChain runs mw, then the middleware registered before it.
type argumentChain struct {
	mw, next graphql.FieldMiddleware
}

func (c *argumentChain) intercept(ctx context.Context, next graphql.Resolver) (any, error) {
	return c.mw(ctx, func(ctx context.Context) (any, error) { return c.next(ctx, next) })
}
