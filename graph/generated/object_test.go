package generated

import (
	"bytes"
	"testing"

	"github.com/99designs/gqlgen/graphql"
	"github.com/vektah/gqlparser/v2/ast"
)

// An object, and an object written from its keys (a plain object's way),
// write what gqlgen's FieldSet writes for the same fields, a name given
// twice included.
func TestObjectWritesAsFieldSet(t *testing.T) {
	var fields []graphql.CollectedField
	for _, alias := range []string{"id", "__typename", "a", "id", "status"} {
		fields = append(fields, graphql.CollectedField{Field: &ast.Field{Alias: alias, Name: alias}})
	}
	values := []graphql.Marshaler{graphql.MarshalString("can_1"), graphql.MarshalString("Candidate"),
		graphql.MarshalInt(7), graphql.MarshalString("can_1"), graphql.Null}
	fieldSet := graphql.NewFieldSet(fields)
	copy(fieldSet.Values, values)
	var want, got bytes.Buffer
	fieldSet.MarshalGQL(&want)
	objectValue(fieldSet, fields, graphql.DeferredGroup{}).MarshalGQL(&got)
	if got.String() != want.String() {
		t.Fatalf("object wrote %s, FieldSet %s", got.String(), want.String())
	}
	var keyed bytes.Buffer
	writeKeyed(&keyed, objectKeys(fields), func(i int) { values[i].MarshalGQL(&keyed) })
	if keyed.String() != want.String() {
		t.Fatalf("writeKeyed wrote %s, FieldSet %s", keyed.String(), want.String())
	}
	if want.String() != `{"id":"can_1","__typename":"Candidate","a":7,"status":null}` {
		t.Fatalf("FieldSet wrote %s", want.String())
	}
}

// An object with no fields is written as FieldSet writes it.
func TestEmptyObjectWritesAsFieldSet(t *testing.T) {
	var want, got bytes.Buffer
	graphql.NewFieldSet(nil).MarshalGQL(&want)
	writeKeyed(&got, objectKeys(nil), func(int) { t.Fatal("no field to write") })
	if got.String() != want.String() {
		t.Fatalf("writeKeyed wrote %s, FieldSet %s", got.String(), want.String())
	}
}
