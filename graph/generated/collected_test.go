package generated

import (
	"testing"

	"github.com/99designs/gqlgen/graphql"
	"github.com/vektah/gqlparser/v2/ast"
)

// Fields are collected per selection set and type: a selection with
// fragments on two types answers each type its own fields, every time,
// and the operation's variables still decide an @include.
func TestCollectedFieldsArePerSelectionAndType(t *testing.T) {
	x := &ast.Field{Alias: "x", Name: "x"}
	y := &ast.Field{Alias: "y", Name: "y"}
	z := &ast.Field{Alias: "z", Name: "z", Directives: ast.DirectiveList{{
		Name:      "include",
		Arguments: ast.ArgumentList{{Name: "if", Value: &ast.Value{Kind: ast.Variable, Raw: "withZ"}}},
	}}}
	sel := ast.SelectionSet{
		&ast.InlineFragment{TypeCondition: "A", SelectionSet: ast.SelectionSet{x}},
		&ast.InlineFragment{TypeCondition: "B", SelectionSet: ast.SelectionSet{y, z}},
	}
	a, b := []string{"A"}, []string{"B"}
	oc := &graphql.OperationContext{Variables: map[string]any{"withZ": false}}

	var c collectedFields
	for range 2 {
		if got := names(c.of(oc, sel, a)); got != "x" {
			t.Fatalf("type A collected %s; want x", got)
		}
		if got := names(c.of(oc, sel, b)); got != "y" {
			t.Fatalf("type B collected %s; want y", got)
		}
	}
	withZ := &graphql.OperationContext{Variables: map[string]any{"withZ": true}}
	var other collectedFields
	if got := names(other.of(withZ, sel, b)); got != "y z" {
		t.Fatalf("another operation's type B collected %s; want y z", got)
	}
}

// names answers the aliases of fields, space-separated.
func names(fields []graphql.CollectedField) string {
	s := ""
	for i, f := range fields {
		if i > 0 {
			s += " "
		}
		s += f.Alias
	}
	return s
}
