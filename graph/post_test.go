package graph

import (
	"encoding/json"
	"testing"

	"github.com/99designs/gqlgen/graphql"
	"github.com/vektah/gqlparser/v2/ast"
	"github.com/vektah/gqlparser/v2/gqlerror"
)

// post writes every response byte for byte as transport.POST's
// json.Marshal does: HTML characters in the data escaped, errors first,
// absent fields left out.
func TestWriteResponseWritesAsJSONMarshal(t *testing.T) {
	hasNext := false
	responses := map[string]*graphql.Response{
		"data":                         {Data: json.RawMessage(`{"note":"<p>Tom & Jerry</p> \u2028 é","n":[1,2.5,null,true]}`)},
		"data without HTML characters": {Data: json.RawMessage(`{"note":"Tom and Jerry é","n":[1]}`)},
		"a less-than alone":            {Data: json.RawMessage(`{"a":"1 < 2"}`)},
		"a greater-than alone":         {Data: json.RawMessage(`{"a":"2 > 1"}`)},
		"an ampersand alone":           {Data: json.RawMessage(`{"a":"Tom & Jerry"}`)},
		"a line separator alone":       {Data: json.RawMessage("{\"a\":\"line\u2028next\"}")},
		"a paragraph separator alone":  {Data: json.RawMessage("{\"a\":\"para\u2029next\"}")},
		"null data and errors": {Errors: gqlerror.List{{Message: "a <b>", Path: ast.Path{ast.PathName("a"), ast.PathIndex(0)},
			Extensions: map[string]any{"code": "invalid_cursor", "status": 400}}}},
		"errors beside data": {Data: json.RawMessage(`{"a":null}`), Errors: gqlerror.List{{Message: "x"}}},
		"every field": {Data: json.RawMessage(`{}`), Label: "l", Path: ast.Path{ast.PathName("b")}, HasNext: &hasNext,
			Extensions: map[string]any{"cost": 3}},
	}
	for name, resp := range responses {
		want, err := json.Marshal(resp)
		if err != nil {
			t.Fatal(err)
		}
		got := responseBody(resp)
		if string(got) != string(want) {
			t.Errorf("%s: wrote\n%s\njson.Marshal writes\n%s", name, got, want)
		}
	}
}
