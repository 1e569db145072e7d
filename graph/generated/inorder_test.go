package generated

import (
	"context"
	"testing"

	"github.com/99designs/gqlgen/graphql"
	"github.com/vektah/gqlparser/v2/ast"
)

// A field resolved in order keeps gqlgen's outcomes: its value, or for a
// panic a null, an error, and a non-null field's object made invalid.
func TestResolveInOrderRecoversAsGqlgen(t *testing.T) {
	ctx, oc := operation()
	fields := []graphql.CollectedField{{Field: &ast.Field{Alias: "person", Name: "person"}}, {Field: &ast.Field{Alias: "name", Name: "name"}}}
	out := graphql.NewFieldSet(fields)
	var deferred graphql.DeferredGroup
	ec := &executionContext{ExecutionContextState: &graphql.ExecutionContextState[ResolverRoot, DirectiveRoot, ComplexityRoot]{OperationContext: oc}}
	resolveInOrder(ctx, out, ec, &deferred, 0, fields, true, true, "Ada", func(*executionContext, context.Context, graphql.CollectedField, string) graphql.Marshaler {
		panic("boom")
	})
	resolveInOrder(ctx, out, ec, &deferred, 1, fields, true, true, "Ada", func(_ *executionContext, _ context.Context, field graphql.CollectedField, name string) graphql.Marshaler {
		if field.Name != "name" {
			t.Errorf("resolved field %s, want name", field.Name)
		}
		return graphql.MarshalString(name)
	})
	out.Dispatch(ctx)
	if out.Values[0] != graphql.Null || out.Invalids != 1 {
		t.Fatalf("a panicking field left %v with %d invalid", out.Values[0], out.Invalids)
	}
	if errs := graphql.GetErrors(ctx); len(errs) != 1 {
		t.Fatalf("errors after a panic: %v", errs)
	}
	if got := jsonOf(out.Values[1]); got != `"Ada"` {
		t.Fatalf("resolved field wrote %s", got)
	}
}
