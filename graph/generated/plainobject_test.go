package generated

import (
	"bytes"
	"context"
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
		v := plainObjectValue(context.Background(), &c, &graphql.OperationContext{}, fields, &row{name: `a "b"`, when: 3}, &rowFields)
		if v == nil {
			t.Fatal("a plain object was not written as one")
		}
		var got bytes.Buffer
		v.MarshalGQL(&got)
		if want := `{"__typename":"Row","name":"a \"b\"","again":"a \"b\"","when":3}`; got.String() != want {
			t.Fatalf("wrote %s, want %s", got.String(), want)
		}
	}
	if v := plainObjectValue(context.Background(), &c, &graphql.OperationContext{}, fields, &row{name: "a"}, &rowFields); v != nil {
		t.Error("an object with a non-null field without value was written as plain")
	}
	if v := plainObjectValue(context.Background(), &c, &graphql.OperationContext{}, collected("name", "other"), &row{name: "a", when: 1}, &rowFields); v != nil {
		t.Error("an object with a field not in its table was written as plain")
	}
	deferred := collected("name", "when")
	deferred[1].Deferrables = []*graphql.Deferrable{{Label: "later"}}
	if v := plainObjectValue(context.Background(), &c, &graphql.OperationContext{}, deferred, &row{name: "a", when: 1}, &rowFields); v != nil {
		t.Error("an object with a deferred field was written as plain")
	}
}

// An object or list field is plain when its objects are: a missing object
// is a null where the schema allows one, and sends the parent down the
// field-by-field path where it does not, so that path reports the error;
// a missing non-null list is empty, as gqlgen writes it.
func TestPlainChildrenFollowTheirNulls(t *testing.T) {
	var c collectedFields
	oc := &graphql.OperationContext{}
	field := graphql.CollectedField{Field: &ast.Field{Alias: "rows", Name: "rows"},
		Selections: ast.SelectionSet{&ast.Field{Alias: "name", Name: "name"}}}
	implementors := []string{"Row"}
	written := func(m graphql.Marshaler) string {
		var b bytes.Buffer
		m.MarshalGQL(&b)
		return b.String()
	}

	if m := plainChild(context.Background(), &c, oc, field, (*row)(nil), false, implementors, &rowFields); m != graphql.Null {
		t.Errorf("a missing nullable object answered %v", m)
	}
	if m := plainChild(context.Background(), &c, oc, field, (*row)(nil), true, implementors, &rowFields); m != nil {
		t.Errorf("a missing non-null object answered %v; want the field-by-field path", m)
	}
	rows := []*row{{name: "a"}, nil, {name: "b"}}
	if m := plainList(context.Background(), &c, oc, field, rows, true, false, implementors, &rowFields); m == nil || written(m) != `[{"name":"a"},null,{"name":"b"}]` {
		t.Errorf("a list with a null element answered %v", m)
	}
	if m := plainList(context.Background(), &c, oc, field, rows, true, true, implementors, &rowFields); m != nil {
		t.Errorf("a list with a null non-null element answered %s; want the field-by-field path", written(m))
	}
	if m := plainList(context.Background(), &c, oc, field, []*row(nil), true, true, implementors, &rowFields); m != graphql.Null {
		t.Errorf("a missing list answered %v", m)
	}
	if m := plainList(context.Background(), &c, oc, field, []*row(nil), false, true, implementors, &rowFields); m == nil || written(m) != `[]` {
		t.Errorf("a missing non-null list answered %v; want an empty one, as gqlgen writes it", m)
	}
	if m := plainList(context.Background(), &c, oc, field, []*row{{name: "a"}}, false, true, implementors, &rowFields); m == nil || written(m) != `[{"name":"a"}]` {
		t.Errorf("a non-null list answered %v", m)
	}
}

// An object whose children are plain writes them all, however many; one
// whose child's selection is never plain is not plain either, which its
// plan remembers, so the next object of the list does not try the child.
func TestPlainChildrenOfAnObject(t *testing.T) {
	type parent struct{ a, b, c []*row }
	rowsOf := func(get func(p *parent) []*row) plainField[*parent] {
		return plainField[*parent]{child: func(ctx context.Context, c *collectedFields, oc *graphql.OperationContext, field graphql.CollectedField, p *parent) graphql.Marshaler {
			return plainList(ctx, c, oc, field, get(p), true, false, []string{"Row"}, &rowFields)
		}}
	}
	table := plainFields[*parent]{typeName: "Parent", byName: map[string]plainField[*parent]{
		"a": rowsOf(func(p *parent) []*row { return p.a }),
		"b": rowsOf(func(p *parent) []*row { return p.b }),
		"c": rowsOf(func(p *parent) []*row { return p.c }),
	}}
	children := func(names ...string) []graphql.CollectedField {
		var fields []graphql.CollectedField
		for _, n := range names {
			fields = append(fields, graphql.CollectedField{Field: &ast.Field{Alias: n, Name: n},
				Selections: ast.SelectionSet{&ast.Field{Alias: "name", Name: "name"}}})
		}
		return fields
	}
	var c collectedFields
	oc := &graphql.OperationContext{}
	p := &parent{a: []*row{{name: "a"}}, b: []*row{}, c: []*row{{name: "c1"}, {name: "c2"}}}

	v := plainObjectValue(context.Background(), &c, oc, children("a", "b", "c"), p, &table)
	if v == nil {
		t.Fatal("an object of three plain children was not written as plain")
	}
	var got bytes.Buffer
	v.MarshalGQL(&got)
	if want := `{"a":[{"name":"a"}],"b":[],"c":[{"name":"c1"},{"name":"c2"}]}`; got.String() != want {
		t.Fatalf("wrote %s, want %s", got.String(), want)
	}

	notPlain := children("a", "b")
	notPlain[1].Selections = ast.SelectionSet{&ast.Field{Alias: "other", Name: "other"}}
	if v := plainObjectValue(context.Background(), &c, oc, notPlain, p, &table); v != nil {
		t.Fatal("an object with a child that is not plain was written as plain")
	}
	if plan, known := c.plan(notPlain); !known || plan != false {
		t.Fatalf("the plan of an object with a child that is never plain is %v (known %t), want false", plan, known)
	}
}
