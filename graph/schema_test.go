package graph_test

import (
	"strings"
	"testing"

	"github.com/hiregraph/hiregraph/internal/hiregraphtest"
)

// builtIn are GraphQL's own scalars, which the specification describes.
var builtIn = map[string]bool{"String": true, "Int": true, "Float": true, "Boolean": true, "ID": true}

// TestEveryPartOfTheSchemaIsDocumented reads the schema as GraphiQL does
// (introspection over HTTP) and fails on any type, field, argument, input
// field or enum value without a description.
func TestEveryPartOfTheSchemaIsDocumented(t *testing.T) {
	env := hiregraphtest.New(t)
	type described struct{ Name, Description string }
	var out struct {
		Schema struct {
			Types []struct {
				described
				Fields []struct {
					described
					Args []described
				}
				InputFields []described
				EnumValues  []described
			}
		} `json:"__schema"`
	}
	env.GraphQL(`{ __schema { types {
		name description
		fields(includeDeprecated: true) { name description args { name description } }
		inputFields { name description }
		enumValues(includeDeprecated: true) { name description }
	} } }`, nil).Decode(t, &out)

	var missing []string
	need := func(path string, d described) {
		if strings.TrimSpace(d.Description) == "" {
			missing = append(missing, path)
		}
	}
	for _, typ := range out.Schema.Types {
		if strings.HasPrefix(typ.Name, "__") || builtIn[typ.Name] {
			continue
		}
		need(typ.Name, typ.described)
		for _, f := range typ.Fields {
			need(typ.Name+"."+f.Name, f.described)
			for _, a := range f.Args {
				need(typ.Name+"."+f.Name+"("+a.Name+")", a)
			}
		}
		for _, f := range typ.InputFields {
			need(typ.Name+"."+f.Name, f)
		}
		for _, v := range typ.EnumValues {
			need(typ.Name+"."+v.Name, v)
		}
	}
	if len(out.Schema.Types) < 50 {
		t.Fatalf("introspection returned %d types", len(out.Schema.Types))
	}
	if len(missing) > 0 {
		t.Errorf("%d parts of the schema have no description:\n%s", len(missing), strings.Join(missing, "\n"))
	}
}
