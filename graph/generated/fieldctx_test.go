package generated

import (
	"context"
	"testing"

	"github.com/99designs/gqlgen/graphql"
	"github.com/vektah/gqlparser/v2/ast"
)

// A fieldCtx is, to gqlgen, a context made by graphql.WithFieldContext: its
// field context is found, below its parent's, with the path they make, and
// every other value of the context above it is still found.
func TestFieldCtxIsAFieldContext(t *testing.T) {
	type key struct{}
	ctx := context.WithValue(context.Background(), key{}, "above")
	edges := &graphql.FieldContext{Field: graphql.CollectedField{Field: &ast.Field{Alias: "edges"}}}
	ctx = graphql.WithFieldContext(ctx, edges)

	c := withFieldCtx(ctx)
	c.index = 3
	c.fc.Index = &c.index
	element := context.Context(c)
	if graphql.GetFieldContext(element) != &c.fc || c.fc.Parent != edges {
		t.Fatalf("GetFieldContext answered %p (parent %p); want %p below %p", graphql.GetFieldContext(element), c.fc.Parent, &c.fc, edges)
	}
	if got := element.Value(key{}); got != "above" {
		t.Fatalf("a value of the context above answered %v", got)
	}
	node := graphql.WithFieldContext(element, &graphql.FieldContext{Field: graphql.CollectedField{Field: &ast.Field{Alias: "node"}}})
	if got := graphql.GetPath(node).String(); got != "edges[3].node" {
		t.Fatalf("the path is %s; want edges[3].node", got)
	}
}

// fieldCtx relies on gqlgen's unexported field context key, learnt by
// probing: gqlgen must ask a context for exactly one key to find its field
// context, and that key must find what graphql.WithFieldContext stores.
// If gqlgen changes either, fieldctx.go must change with it.
func TestFieldContextKeyIsGqlgens(t *testing.T) {
	keys := probeFieldContextKeys()
	if len(keys) != 1 || keys[0] == nil {
		t.Fatalf("graphql.GetFieldContext asked a context for %v; fieldCtx (fieldctx.go) expects one key: gqlgen changed how it finds a field context", keys)
	}
	fc := &graphql.FieldContext{}
	ctx := graphql.WithFieldContext(context.Background(), fc)
	if got := ctx.Value(fieldContextKey); got != fc {
		t.Fatalf("the probed key %T answers %v, not the field context graphql.WithFieldContext stored: gqlgen changed its context key; fieldCtx (fieldctx.go) must change", fieldContextKey, got)
	}
}
