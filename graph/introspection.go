package graph

import (
	"context"
	"strings"

	"github.com/99designs/gqlgen/graphql"
	"github.com/99designs/gqlgen/graphql/handler/lru"
	"github.com/vektah/gqlparser/v2/ast"
)

// Introspection answers depend on the schema alone, which is fixed for the
// life of the process, and IDEs ask the same query again and again (GraphiQL
// on every change of its headers). The answer of the full query is about
// 430 KB and takes a walk over every type to build.
const (
	introspectionCacheEntries  = 8
	introspectionCacheMaxBytes = 1 << 20 // so the cache holds at most 8 MiB
	// introspectionBuilds bounds the introspection answers built at once:
	// each full one takes about 3 MB while it is built, and documents that
	// differ (an operation name, a space) miss the cache, so without a
	// bound many clients at once would grow the process by that much each.
	introspectionBuilds = 4
)

// cacheIntrospection answers an operation that asks only for introspection
// fields (__schema, __type, __typename) from a cache of earlier answers to
// the same document. Operations with variables are not cached.
func cacheIntrospection() graphql.ResponseMiddleware {
	cache := lru.New[[]byte](introspectionCacheEntries)
	building := make(chan struct{}, introspectionBuilds)
	return func(ctx context.Context, next graphql.ResponseHandler) *graphql.Response {
		if !graphql.HasOperationContext(ctx) { // an error before any operation
			return next(ctx)
		}
		oc := graphql.GetOperationContext(ctx)
		if len(oc.Variables) > 0 || !onlyIntrospection(oc.Doc, oc.Operation) {
			return next(ctx)
		}
		key := oc.OperationName + "\x00" + oc.RawQuery
		if data, ok := cache.Get(ctx, key); ok {
			return &graphql.Response{Data: data}
		}
		resp := buildInTurn(ctx, building, next)
		if resp != nil && len(resp.Errors) == 0 && len(resp.Data) <= introspectionCacheMaxBytes {
			cache.Add(ctx, key, resp.Data)
		}
		return resp
	}
}

// buildInTurn builds an answer once one of the building slots is free.
func buildInTurn(ctx context.Context, building chan struct{}, next graphql.ResponseHandler) *graphql.Response {
	select {
	case building <- struct{}{}:
	case <-ctx.Done():
		return graphql.ErrorResponse(ctx, "the request ended while it waited for its turn to build the schema answer")
	}
	defer func() { <-building }()
	return next(ctx)
}

func onlyIntrospection(doc *ast.QueryDocument, op *ast.OperationDefinition) bool {
	if op == nil || op.Operation != ast.Query {
		return false
	}
	return forEachField(doc, op.SelectionSet, false, map[string]bool{}, func(f *ast.Field) bool {
		return strings.HasPrefix(f.Name, "__")
	})
}
