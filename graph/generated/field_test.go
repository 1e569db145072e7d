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

	m := plainScalar(ctx, oc, field, "IN_PROGRESS", "Candidate", true, func(_ context.Context, _ ast.SelectionSet, v string) graphql.Marshaler {
		return graphql.MarshalString(v)
	})
	if got := jsonOf(m); got != `"IN_PROGRESS"` {
		t.Fatalf("wrote %s", got)
	}

	m = plainScalar(ctx, oc, field, "", "Candidate", true, func(context.Context, ast.SelectionSet, string) graphql.Marshaler { panic("boom") })
	if m != graphql.Null || len(graphql.GetErrors(ctx)) != 1 {
		t.Fatalf("a panicking field answered %v with errors %v", m, graphql.GetErrors(ctx))
	}

	plainScalar(ctx, oc, field, "", "Candidate", true, func(ctx context.Context, _ ast.SelectionSet, _ string) graphql.Marshaler {
		if fc := graphql.GetFieldContext(ctx); fc.Object != "Candidate" || fc.IsMethod || fc.IsResolver {
			t.Errorf("the field context is %+v; want a plain field of Candidate", fc)
		}
		graphql.AddErrorf(ctx, "must not be null")
		return graphql.Null
	})
	errs := graphql.GetErrors(ctx)
	if len(errs) != 2 || errs[1].Path.String() != "status" {
		t.Fatalf("errors %v; want the second at path status", errs)
	}
}

// A plain object field is its children's parent: they find its value as
// their parent's result and its name in their path, as with gqlgen's
// resolveField. A panic answers a null and an error.
func TestPlainObjectIsItsChildrensParent(t *testing.T) {
	ctx, oc := operation()
	field := graphql.CollectedField{Field: &ast.Field{Alias: "node", Name: "node"}}
	fieldContext := func(_ context.Context, field graphql.CollectedField) (*graphql.FieldContext, error) {
		return &graphql.FieldContext{Object: "CandidateEdge", Field: field}, nil
	}
	type candidate struct{ status string }

	m := plainObject(ctx, oc, field, &candidate{status: "HIRED"}, false, fieldContext, func(ctx context.Context, _ ast.SelectionSet, v *candidate) graphql.Marshaler {
		child := graphql.CollectedField{Field: &ast.Field{Alias: "status", Name: "status"}}
		return plainScalar(ctx, oc, child, v.status, "Candidate", true, func(ctx context.Context, _ ast.SelectionSet, v string) graphql.Marshaler {
			if parent := graphql.GetFieldContext(ctx).Parent.Result.(*candidate); parent.status != v {
				t.Errorf("the parent's result holds %q, the field %q", parent.status, v)
			}
			graphql.AddErrorf(ctx, "noted")
			return graphql.MarshalString(v)
		})
	})
	if got := jsonOf(m); got != `"HIRED"` {
		t.Fatalf("wrote %s", got)
	}
	if errs := graphql.GetErrors(ctx); len(errs) != 1 || errs[0].Path.String() != "node.status" {
		t.Fatalf("errors %v; want one at path node.status", errs)
	}

	m = plainObject(ctx, oc, field, &candidate{}, false, fieldContext, func(context.Context, ast.SelectionSet, *candidate) graphql.Marshaler { panic("boom") })
	if m != graphql.Null || len(graphql.GetErrors(ctx)) != 2 {
		t.Fatalf("a panicking field answered %v with errors %v", m, graphql.GetErrors(ctx))
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
