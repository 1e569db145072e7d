package generated

import (
	"bytes"
	"io"
	"testing"

	"github.com/99designs/gqlgen/graphql"
	"github.com/vektah/gqlparser/v2/ast"
)

type row struct {
	name string
	when int // 0 stands for no value
}

var rowFields = plainFields[*row]{typeName: "Row", byName: map[string]plainField[*row]{
	"name": {write: func(w io.Writer, r *row) { graphql.MarshalString(r.name).MarshalGQL(w) }},
	"when": {write: func(w io.Writer, r *row) { graphql.MarshalInt(r.when).MarshalGQL(w) }, null: func(r *row) bool { return r.when == 0 }},
}}

func collected(aliases ...string) []graphql.CollectedField {
	var fields []graphql.CollectedField
	for _, a := range aliases {
		name := a
		if a == "again" {
			name = "name"
		}
		fields = append(fields, graphql.CollectedField{Field: &ast.Field{Alias: a, Name: name}})
	}
	return fields
}

// An object of plain fields writes them as gqlgen's field set would, and
// leaves to the field-by-field path an object with a field not in its
// table, a deferred field, or a non-null field without a value, whose
// error only that path reports.
func TestPlainObjectValueWritesOnlyPlainObjects(t *testing.T) {
	var c collectedFields
	fields := collected("__typename", "name", "again", "when", "name")
	for range 2 { // the plan is remembered the second time
		v := plainObjectValue(&c, fields, &row{name: `a "b"`, when: 3}, &rowFields)
		if v == nil {
			t.Fatal("a plain object was not written as one")
		}
		var got bytes.Buffer
		v.MarshalGQL(&got)
		if want := `{"__typename":"Row","name":"a \"b\"","again":"a \"b\"","when":3}`; got.String() != want {
			t.Fatalf("wrote %s, want %s", got.String(), want)
		}
	}
	if v := plainObjectValue(&c, fields, &row{name: "a"}, &rowFields); v != nil {
		t.Error("an object with a non-null field without value was written as plain")
	}
	if v := plainObjectValue(&c, collected("name", "other"), &row{name: "a", when: 1}, &rowFields); v != nil {
		t.Error("an object with a field not in its table was written as plain")
	}
	deferred := collected("name", "when")
	deferred[1].Deferrables = []*graphql.Deferrable{{Label: "later"}}
	if v := plainObjectValue(&c, deferred, &row{name: "a", when: 1}, &rowFields); v != nil {
		t.Error("an object with a deferred field was written as plain")
	}
}
