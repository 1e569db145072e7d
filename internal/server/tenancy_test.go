package server_test

import (
	"context"
	"net/http"
	"strings"
	"testing"

	"github.com/hiregraph/hiregraph/internal/demo"
	"github.com/hiregraph/hiregraph/internal/hiregraphtest"
)

// TestTenantIsolationInTheGraph checks that another company's records read
// exactly like records that do not exist, through every way the graph
// reaches records: node lookups, lists and nested edges.
func TestTenantIsolationInTheGraph(t *testing.T) {
	env := hiregraphtest.New(t)
	other, err := demo.Seed(context.Background(), env.DB.Client, env.Sealer, "Other Corp")
	if err != nil {
		t.Fatal(err)
	}
	if other.CompanyUID == env.Demo.CompanyUID {
		t.Fatal("second company reuses the first one's uid")
	}

	for _, id := range []string{other.PublishedPositionUID, other.CandidateUID, other.CompanyUID, other.ConversationUID} {
		r := env.GraphQL(`query($id: ID!) { node(id: $id) { id } }`, map[string]any{"id": id})
		missing := env.GraphQL(`query($id: ID!) { node(id: $id) { id } }`, map[string]any{"id": id[:4] + "01ZZZZZZZZZZZZZZZZZZZZZZZZ"})
		if r.Code() != "not_found" || missing.Code() != "not_found" {
			t.Errorf("node(%s): code %q, missing id: code %q; want not_found for both", id, r.Code(), missing.Code())
		}
		if r.Errors[0].Message == "" || len(r.Errors[0].Message) != len(missing.Errors[0].Message) {
			t.Errorf("node(%s) error %q differs in shape from a missing id's %q", id, r.Errors[0].Message, missing.Errors[0].Message)
		}
	}

	var lists struct {
		Positions  struct{ TotalCount int }
		Candidates struct{ TotalCount int }
		People     struct{ TotalCount int }
		Users      struct {
			Edges []struct{ Node struct{ Email string } }
		}
	}
	env.GraphQL(`{ positions { totalCount } candidates { totalCount } people { totalCount } users { edges { node { email } } } }`, nil).Decode(t, &lists)
	var otherLists struct {
		Positions  struct{ TotalCount int }
		Candidates struct{ TotalCount int }
	}
	otherEnv := *env
	otherEnv.Demo = other
	otherEnv.GraphQL(`{ positions { totalCount } candidates { totalCount } }`, nil).Decode(t, &otherLists)
	if lists.Positions.TotalCount != 5 || otherLists.Positions.TotalCount != 5 {
		t.Errorf("positions: %d and %d, want 5 per company", lists.Positions.TotalCount, otherLists.Positions.TotalCount)
	}
	if lists.Candidates.TotalCount != 9 || otherLists.Candidates.TotalCount != 9 {
		t.Errorf("candidates: %d and %d, want 9 per company", lists.Candidates.TotalCount, otherLists.Candidates.TotalCount)
	}
	if len(lists.Users.Edges) != 6 {
		t.Errorf("users: %d, want the company's 6", len(lists.Users.Edges))
	}
}

func TestGraphQLLimits(t *testing.T) {
	env := hiregraphtest.New(t)

	// The page sizes of the REST lists (recruiting.MaxPageSize).
	r := env.GraphQL(`{ positions(first: 501) { totalCount } }`, nil)
	if r.Code() != "bad_request" {
		t.Errorf("first: 501 gave %+v, want bad_request", r.Errors)
	}
	r = env.GraphQL(`{ positions(last: 0) { totalCount } }`, nil)
	if r.Code() != "bad_request" {
		t.Errorf("last: 0 gave %+v, want bad_request", r.Errors)
	}

	var page struct {
		Candidates struct {
			Edges []struct{ Node struct{ ID string } }
		}
	}
	env.GraphQL(`{ candidates { edges { node { id } } } }`, nil).Decode(t, &page)
	if len(page.Candidates.Edges) != 9 {
		t.Errorf("default page returned %d candidates, want all 9", len(page.Candidates.Edges))
	}

	deep := `{ positions { edges { node { openings { edges { node { position { candidates { edges { node { position { openings { edges { node { id } } } } } } } } } } } } } } }`
	r = env.GraphQL(deep, nil)
	if r.Code() != "graphql_validation_failed" {
		t.Errorf("deep query gave %+v, want a validation failure", r.Errors)
	}

	costly := `{ positions(first: 100) { edges { node { candidates(first: 100) { edges { node { notes(first: 100) { totalCount } } } } } } } }`
	r = env.GraphQL(costly, nil)
	if r.Code() != "complexity_limit_exceeded" {
		t.Errorf("costly query gave %+v, want complexity_limit_exceeded", r.Errors)
	}

	resp := env.Do(http.MethodGet, "/graphql?query=%7B%20viewer%20%7B%20name%20%7D%20%7D", nil)
	if resp.Status != http.StatusOK {
		t.Errorf("GET transport: %s", resp)
	}
}

// TestIntrospectionIsNotDepthLimited checks that GraphiQL's schema query,
// which nests ofType 9 levels deep, passes the depth limit.
func TestIntrospectionIsNotDepthLimited(t *testing.T) {
	env := hiregraphtest.New(t)
	q := `{ __schema { types { name fields { type { ofType { ofType { ofType { ofType { ofType { ofType { ofType { ofType { name } } } } } } } } } } } } }`
	if r := env.GraphQL(q, nil); len(r.Errors) > 0 {
		t.Fatalf("introspection refused: %+v", r.Errors)
	}
}

func TestGraphiQLPageIsServed(t *testing.T) {
	env := hiregraphtest.New(t)
	r := env.DoWith(http.MethodGet, "/", nil, nil)
	if r.Status != http.StatusOK || !strings.Contains(string(r.Body), "/graphql") {
		t.Fatalf("GraphiQL page: %d %.200s", r.Status, r.Body)
	}
}

// TestRealisticNestedQueryFitsTheCostLimit checks that the cost model reads
// the page sizes a query asks for: 20 positions with 5 openings and 10
// candidates each is a normal screen of a recruiting front end.
func TestRealisticNestedQueryFitsTheCostLimit(t *testing.T) {
	env := hiregraphtest.New(t)
	r := env.GraphQL(`{ positions(first: 20) { edges { node { id name openings(first: 5) { edges { node { id name } } } candidates(first: 10) { edges { node { id status person { firstName } } } } } } } }`, nil)
	if len(r.Errors) > 0 {
		t.Fatalf("refused: %+v", r.Errors)
	}
}
