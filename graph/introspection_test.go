package graph_test

import (
	"net/http"
	"testing"

	"github.com/99designs/gqlgen/graphql/introspection"

	"github.com/hiregraph/hiregraph/internal/hiregraphtest"
	"github.com/hiregraph/hiregraph/internal/server"
)

// Cached introspection answers belong to their own document and variables.
func TestIntrospectionAnswersAreNotMixedUp(t *testing.T) {
	env := hiregraphtest.New(t)
	typeName := func(query string, vars map[string]any) string {
		t.Helper()
		var data struct{ Type struct{ Name string } }
		for range 2 { // the second answer may come from the cache
			data.Type.Name = ""
			env.GraphQL(query, vars).Decode(t, &data)
		}
		return data.Type.Name
	}
	for _, name := range []string{"Position", "Candidate"} {
		if got := typeName(`{ type: __type(name: "`+name+`") { name } }`, nil); got != name {
			t.Errorf("__type(name: %q) answered %q", name, got)
		}
		if got := typeName(`query($n: String!) { type: __type(name: $n) { name } }`, map[string]any{"n": name}); got != name {
			t.Errorf("__type(name: $n = %q) answered %q", name, got)
		}
	}
}

// BenchmarkFullIntrospection measures GraphiQL's schema query through HTTP.
func BenchmarkFullIntrospection(b *testing.B) {
	env := hiregraphtest.NewWithConfig(b, func(c *server.Config) { c.APIRatePerMinute, c.APIBurst = 1<<30, 1<<30 })
	body := map[string]any{"query": introspection.Query}
	b.ReportAllocs()
	for b.Loop() {
		if r := env.Do(http.MethodPost, "/graphql", body); r.Status != http.StatusOK {
			b.Fatal(r)
		}
	}
}
