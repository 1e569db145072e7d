package generated

import (
	"bytes"
	"context"
	"testing"

	"github.com/99designs/gqlgen/graphql"
	"github.com/vektah/gqlparser/v2/ast"
)

// A plain scalar field keeps resolveField's outcomes: its value written by
// its marshaler; for a panic a null and an error; and an error its
// marshaler adds names the field's own path, as its field context is set.
func TestPlainScalarKeepsGqlgensOutcomes(t *testing.T) {
	ctx, oc := operation()
	field := graphql.CollectedField{Field: &ast.Field{Alias: "status", Name: "status"}}
	fieldContext := func(_ context.Context, field graphql.CollectedField) (*graphql.FieldContext, error) {
		return scalarFieldContext("Candidate", field, false, false, "String")
	}

	m := plainScalar(ctx, oc, field, "IN_PROGRESS", fieldContext, func(_ context.Context, _ ast.SelectionSet, v string) graphql.Marshaler {
		return graphql.MarshalString(v)
	})
	if got := jsonOf(m); got != `"IN_PROGRESS"` {
		t.Fatalf("wrote %s", got)
	}

	m = plainScalar(ctx, oc, field, "", fieldContext, func(context.Context, ast.SelectionSet, string) graphql.Marshaler { panic("boom") })
	if m != graphql.Null || len(graphql.GetErrors(ctx)) != 1 {
		t.Fatalf("a panicking field answered %v with errors %v", m, graphql.GetErrors(ctx))
	}

	plainScalar(ctx, oc, field, "", fieldContext, func(ctx context.Context, _ ast.SelectionSet, _ string) graphql.Marshaler {
		graphql.AddErrorf(ctx, "must not be null")
		return graphql.Null
	})
	errs := graphql.GetErrors(ctx)
	if len(errs) != 2 || errs[1].Path.String() != "status" {
		t.Fatalf("errors %v; want the second at path status", errs)
	}
}

// operation answers the contexts of an operation under way, which collect
// errors and recover panics as gqlgen's executor sets them up.
func operation() (context.Context, *graphql.OperationContext) {
	ctx := graphql.WithResponseContext(context.Background(), graphql.DefaultErrorPresenter, graphql.DefaultRecover)
	return ctx, &graphql.OperationContext{RecoverFunc: graphql.DefaultRecover}
}

// jsonOf answers the JSON m writes.
func jsonOf(m graphql.Marshaler) string {
	var b bytes.Buffer
	m.MarshalGQL(&b)
	return b.String()
}
