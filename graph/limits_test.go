package graph_test

import (
	"context"
	"fmt"
	"net/http"
	"runtime"
	"strings"
	"sync"
	"testing"

	"github.com/99designs/gqlgen/graphql/introspection"

	"github.com/hiregraph/hiregraph/ent/location"
	"github.com/hiregraph/hiregraph/ent/privacy"
	"github.com/hiregraph/hiregraph/graph"
	"github.com/hiregraph/hiregraph/internal/hiregraphtest"
	"github.com/hiregraph/hiregraph/internal/server"
)

// gqlBody is a request body of query alone. Sent without Accept, it is
// answered in application/json, where an operation refused before it runs
// is 200 (GraphQL over HTTP: legacy clients read the body whatever the
// status).
func gqlBody(query string) map[string]any { return map[string]any{"query": query} }

// aliased repeats field n times under aliases a0, a1, …
func aliased(n int, field string) string {
	var b strings.Builder
	for i := range n {
		fmt.Fprintf(&b, "a%d: %s ", i, field)
	}
	return b.String()
}

func heapInUse() uint64 {
	runtime.GC()
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	return m.HeapAlloc
}

// The attack of issue 14: a 32 KB document of 550 aliased __schema
// selections once answered 11 MB each and grew the process by gigabytes
// under eight parallel requests.
func TestIntrospectionAliasFloodIsRefused(t *testing.T) {
	env := hiregraphtest.New(t)
	query := "{ " + aliased(550, "__schema { types { name fields { name type { name } } } }") + "}"
	if len(query) < 32<<10 {
		t.Fatalf("the query is %d bytes, not the 32 KB of the report", len(query))
	}
	before := heapInUse()
	var wg sync.WaitGroup
	for range 8 {
		wg.Go(func() {
			r := env.Do(http.MethodPost, "/graphql", gqlBody(query))
			if r.Status != http.StatusOK || !strings.Contains(string(r.Body), `"code":"graphql_validation_failed"`) || len(r.Body) > 4096 {
				t.Errorf("status %d with %d bytes, want a short refusal: %.300s", r.Status, len(r.Body), r.Body)
			}
		})
	}
	wg.Wait()
	if after := heapInUse(); after > before+16<<20 {
		t.Errorf("heap grew from %d MiB to %d MiB", before>>20, after>>20)
	}
}

func TestOperationShapeLimits(t *testing.T) {
	env := hiregraphtest.New(t)
	// Each fragment spreads the next twice: 2^40 fields once expanded.
	var diamond strings.Builder
	diamond.WriteString("{ viewer { ...F0 } } ")
	for i := range 40 {
		fmt.Fprintf(&diamond, "fragment F%d on Company { ...F%d ...F%d } ", i, i+1, i+1)
	}
	diamond.WriteString("fragment F40 on Company { id }")
	for name, tc := range map[string]struct{ query, mentions string }{
		"root fields":       {"{ " + aliased(graph.MaxRootFields+1, "viewer { id }") + "}", "root fields"},
		"aliases":           {"{ viewer { " + aliased(graph.MaxAliases+1, "id") + "} }", "aliased fields"},
		"introspection too": {"{ __schema { types { " + aliased(graph.MaxAliases+1, "name") + "} } }", "aliased fields"},
		"fragment spreads":  {diamond.String(), "fields"},
	} {
		t.Run(name, func(t *testing.T) {
			r := env.Do(http.MethodPost, "/graphql", gqlBody(tc.query))
			r.AssertGraphQLError(t, http.StatusOK, "graphql_validation_failed")
			if !strings.Contains(string(r.Body), tc.mentions) {
				t.Errorf("the error does not mention %q: %s", tc.mentions, r.Body)
			}
		})
	}
}

// positionsCosting4921 costs 1 + 100 × (edges 1 + node 1 + openings (1 +
// 22 × (edges 1 + node 1 + id 0.1))) = 4921 of the 5000 allowed.
const positionsCosting4921 = `positions(first: 100) { edges { node { openings(first: 22) { edges { node { id } } } } } }`

func TestIntrospectionCountsTowardComplexity(t *testing.T) {
	env := hiregraphtest.New(t)
	for name, query := range map[string]string{
		"data alone":          "{ " + positionsCosting4921 + " }",
		"introspection alone": introspection.Query,
	} {
		if r := env.Do(http.MethodPost, "/graphql", gqlBody(query)); r.Status != http.StatusOK || strings.Contains(string(r.Body), `"errors"`) {
			t.Fatalf("%s: %.300s", name, r)
		}
	}
	both := strings.Replace(introspection.Query, "query IntrospectionQuery {", "query IntrospectionQuery { "+positionsCosting4921, 1)
	r := env.Do(http.MethodPost, "/graphql", gqlBody(both))
	r.AssertGraphQLError(t, http.StatusOK, "complexity_limit_exceeded")
}

func TestResponseSizeLimit(t *testing.T) {
	env := hiregraphtest.NewWithConfig(t, func(c *server.Config) { c.GraphQL.MaxResponseBytes = 100_000 })
	// The full introspection answer is about 430 KB.
	r := env.Do(http.MethodPost, "/graphql", gqlBody(introspection.Query))
	r.AssertGraphQLError(t, http.StatusUnprocessableEntity, graph.CodeResponseTooLarge)
	if !strings.Contains(string(r.Body), "100000") {
		t.Errorf("the error does not state the limit: %s", r.Body)
	}

	// A mutation whose answer is refused writes nothing.
	tiny := hiregraphtest.NewWithConfig(t, func(c *server.Config) { c.GraphQL.MaxResponseBytes = 10 })
	r = tiny.Do(http.MethodPost, "/graphql", gqlBody(`mutation { createLocation(input: {name: "Annex", country: "DE", city: "Berlin"}) { id name } }`))
	r.AssertGraphQLError(t, http.StatusUnprocessableEntity, graph.CodeResponseTooLarge)
	ctx := privacy.DecisionContext(context.Background(), privacy.Allow)
	if n := tiny.DB.Client.Location.Query().Where(location.Name("Annex")).CountX(ctx); n != 0 {
		t.Errorf("the refused mutation left %d locations", n)
	}
}

// schemaBomb is the attack of issue 33: a document of 20 aliased __schema
// selections, within every other limit (fields, aliases, depth, cost)
// and under the answer size limit, so each request once built 20 answers
// of the schema before anything refused it.
const schemaBomb = `__schema { types { name kind fields { name args { name type { name } } type { name kind ofType { name } } } } }`

// 32 parallel introspection bombs are refused while the document is
// validated, before any of the schema answer is built, so the process
// does not grow (it once reached 4.2 GB); one full introspection, as
// GraphiQL sends it, is still answered.
func TestIntrospectionBombsAreRefusedBeforeTheyAreBuilt(t *testing.T) {
	env := hiregraphtest.NewWithConfig(t, func(c *server.Config) { c.APIRatePerMinute, c.APIBurst = 1<<20, 1<<20 })
	bomb := "{ " + aliased(20, schemaBomb) + "}"
	before := heapInUse()
	var wg sync.WaitGroup
	for range 32 {
		wg.Go(func() {
			r := env.Do(http.MethodPost, "/graphql", gqlBody(bomb))
			r.AssertGraphQLError(t, http.StatusOK, "graphql_validation_failed")
			if !strings.Contains(string(r.Body), "__schema") {
				t.Errorf("the refusal does not name __schema: %.300s", r.Body)
			}
		})
	}
	wg.Wait()
	if after := heapInUse(); after > before+16<<20 {
		t.Errorf("heap grew from %d MiB to %d MiB", before>>20, after>>20)
	}
	if r := env.Do(http.MethodPost, "/graphql", gqlBody(introspection.Query)); r.Status != http.StatusOK || strings.Contains(string(r.Body), `"errors"`) {
		t.Fatalf("GraphiQL's own introspection: %.300s", r)
	}
}

// TestCostLetsBoardsAndFullPagesThrough: the cost counts objects, a leaf
// a tenth of one, so a board of 20 positions by 20 openings and the
// documented 500-row page with the fields a list shows pass, while pages
// nested in pages are still refused before they run.
func TestCostLetsBoardsAndFullPagesThrough(t *testing.T) {
	env := hiregraphtest.New(t)
	for name, query := range map[string]string{
		// 1 895; 7 241 when every field cost 1.
		"board": `{ positions(first: 20) { pageInfo { hasNextPage endCursor } edges { cursor node {
			id name status isPublished workplaceType timeCreated timeUpdated urlActivePage email isTalentPool
			location { id name city country }
			openings(first: 20) { totalCount edges { node {
				id name status approvalStatus reason headcount timeExpectedHire timeOpened timeCreated timeUpdated customFields timeLastStatusChange
				position { id } } } } } } } }`,
		// 2 201; 8 501 when every field cost 1.
		"500 rows": `{ candidates(first: 500) { edges { cursor node {
			id status source deleted rejectionNote timeCreated timeLastStatusChanged timeHiringProcessUpdated
			person { id firstName lastName email phone } } } } }`,
	} {
		if r := env.Do(http.MethodPost, "/graphql", gqlBody(query)); r.Status != http.StatusOK || strings.Contains(string(r.Body), `"errors"`) {
			t.Errorf("%s: %.400s", name, r)
		}
	}
	for name, query := range map[string]string{
		"pages in pages": `{ candidates(first: 500) { edges { node { notes(first: 100) { edges { node { id } } } } } } }`,
		"three deep":     `{ positions(first: 100) { edges { node { candidates(first: 100) { edges { node { notes(first: 100) { totalCount } } } } } } } }`,
	} {
		r := env.Do(http.MethodPost, "/graphql", gqlBody(query))
		r.AssertGraphQLError(t, http.StatusOK, "complexity_limit_exceeded")
		if !strings.Contains(string(r.Body), "more than the limit of 5000") {
			t.Errorf("%s: %s", name, r.Body)
		}
	}
}
