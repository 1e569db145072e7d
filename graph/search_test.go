package graph_test

import (
	"context"
	"net/http"
	"slices"
	"strings"
	"testing"

	"entgo.io/ent/dialect"

	"github.com/hiregraph/hiregraph/internal/hiregraphtest"
	"github.com/hiregraph/hiregraph/internal/server"
)

const searchQuery = `query($q: String!, $first: Int, $after: String, $filter: CandidateFilter) {
	search(query: $q, first: $first, after: $after, filter: $filter) {
		edges { snippet node { id person { firstName lastName } } } endCursor hasNextPage } }`

type searchPage struct {
	Search struct {
		Edges []struct {
			Snippet string
			Node    struct {
				ID     string
				Person struct{ FirstName, LastName string }
			}
		}
		EndCursor   *string
		HasNextPage bool
	}
}

// names returns the first names of the hits, in order.
func (p searchPage) names() []string {
	var out []string
	for _, e := range p.Search.Edges {
		out = append(out, e.Node.Person.FirstName)
	}
	return out
}

func search(t *testing.T, do func(string, map[string]any) *hiregraphtest.GraphQLResponse, q string) searchPage {
	t.Helper()
	var out searchPage
	do(searchQuery, map[string]any{"q": q}).Decode(t, &out)
	return out
}

// The demo people are found by their names in any order, e-mail address
// and phone in any format, in any case and without their accents; the
// snippet marks what matched and escapes the rest.
func TestSearchFindsPeopleByWhatTheyAreKnownBy(t *testing.T) {
	env := hiregraphtest.New(t)
	for q, want := range map[string]string{
		"hopper grace":      "Grace",
		"GRÂCE hoppér":      "Grace",
		"grace@example.com": "Grace",
		"+1 (512) 555-0100": "Grace",
		"5550100":           "Grace",
		"lovelace":          "Ada", // two candidacies of one person
	} {
		got := search(t, env.GraphQL, q)
		if len(got.Search.Edges) == 0 || got.names()[0] != want {
			t.Errorf("search %q found %v, want %s first", q, got.names(), want)
		}
		if strings.Contains(q, "lovelace") && len(got.Search.Edges) != 2 {
			t.Errorf("search %q found %v, want Ada's two candidacies", q, got.names())
		}
	}
	got := search(t, env.GraphQL, "Hopper Grace")
	if got.Search.Edges[0].Snippet != "<mark>Grace</mark> <mark>Hopper</mark>" {
		t.Errorf("snippet %q", got.Search.Edges[0].Snippet)
	}
	if got := search(t, env.GraphQL, "nobody-here"); len(got.Search.Edges) != 0 {
		t.Errorf("a query matching no one found %v", got.names())
	}

	// A misspelt name: trigram similarity on PostgreSQL only.
	if env.DB.Dialect == dialect.Postgres {
		if got := search(t, env.GraphQL, "Grace Hoper"); len(got.Search.Edges) != 1 || got.names()[0] != "Grace" {
			t.Errorf("a misspelt name found %v", got.names())
		}
	}
}

// A note, a person's new name and an erasure change what search finds in
// the write's transaction; private notes are never searched.
func TestSearchFollowsWrites(t *testing.T) {
	env := hiregraphtest.New(t)
	note := func(text string, private bool) {
		env.GraphQL(`mutation($id: ID!, $in: CreateNoteInput!) { createNote(candidateID: $id, input: $in) { id } }`, map[string]any{
			"id": env.Demo.CandidateUID,
			"in": map[string]any{"timeCreated": "2026-03-01T10:00:00Z", "createdBy": map[string]any{"type": "app", "firstName": "Bot"}, "text": text, "private": private},
		}).Decode(t, &struct{}{})
	}
	note("Fluent in Haskell &amp; <b>OCaml</b>, <i>café</i> owner", false)
	note("Salary expectations: zanzibar", true)
	got := search(t, env.GraphQL, "ocaml cafe")
	if len(got.Search.Edges) != 1 || got.Search.Edges[0].Node.ID != env.Demo.CandidateUID {
		t.Fatalf("the note's words found %v", got.names())
	}
	if want := "Fluent in Haskell &amp; <mark>OCaml</mark>, <mark>café</mark> owner"; got.Search.Edges[0].Snippet != want {
		t.Errorf("snippet %q, want %q", got.Search.Edges[0].Snippet, want)
	}
	if got := search(t, env.GraphQL, "zanzibar"); len(got.Search.Edges) != 0 {
		t.Errorf("a private note's word found %v", got.names())
	}

	var cand struct {
		Node struct{ Person struct{ ID string } }
	}
	env.GraphQL(`query($id: ID!) { node(id: $id) { ... on Candidate { person { id } } } }`, map[string]any{"id": env.Demo.CandidateUID}).Decode(t, &cand)
	person := cand.Node.Person.ID
	env.GraphQL(`mutation($p: ID!) { updatePerson(id: $p, input: {lastName: "Quiñones"}) { id } }`, map[string]any{"p": person}).Decode(t, &struct{}{})
	// The person's two candidacies.
	if got := search(t, env.GraphQL, "quinones"); len(got.Search.Edges) != 2 || got.names()[0] != "Ada" {
		t.Errorf("the new last name found %v", got.names())
	}

	env.GraphQL(`mutation($id: ID!) { erasePerson(id: $id) { id } }`, map[string]any{"id": person}).Decode(t, &struct{}{})
	for _, q := range []string{"quinones", "ocaml"} {
		if got := search(t, env.GraphQL, q); len(got.Search.Edges) != 0 {
			t.Errorf("after the erasure, %q found %v", q, got.names())
		}
	}
}

// Search shows only the candidates the viewer may see, by the rule every
// list follows: an interviewer their assigned candidates.
func TestSearchShowsOnlyWhatTheViewerMaySee(t *testing.T) {
	env := hiregraphtest.New(t)
	all := search(t, env.GraphQL, "example.com")
	if len(all.Search.Edges) != 9 {
		t.Fatalf("the company key found %d of the 9 candidates: %v", len(all.Search.Edges), all.names())
	}
	ian := env.UserToken("ian.interviewer@acme.example")
	asIan := func(q string, v map[string]any) *hiregraphtest.GraphQLResponse { return env.GraphQLAs(ian, q, v) }
	got := search(t, asIan, "example.com").names()
	slices.Sort(got)
	if !slices.Equal(got, []string{"Ada", "Alan"}) {
		t.Errorf("the interviewer found %v, want the two assigned to them", got)
	}

	// Discreet positions: TestDiscreetPositionFollowsTheHiringTeam
	// tries search among the other doors.
}

// Pages follow each other without repeats; the filter narrows; a query
// without a word to search and a forged cursor are refused.
func TestSearchPagesAndRefusals(t *testing.T) {
	env := hiregraphtest.New(t)
	seen := map[string]bool{}
	var after any
	for pages := 0; ; pages++ {
		var p searchPage
		env.GraphQL(searchQuery, map[string]any{"q": "example.com", "first": 4, "after": after}).Decode(t, &p)
		for _, e := range p.Search.Edges {
			if seen[e.Node.ID] {
				t.Errorf("page %d repeats %s", pages, e.Node.ID)
			}
			seen[e.Node.ID] = true
		}
		if !p.Search.HasNextPage {
			break
		}
		after = *p.Search.EndCursor
	}
	if len(seen) != 9 {
		t.Errorf("the pages held %d of 9 candidates", len(seen))
	}

	var rejected searchPage
	env.GraphQL(searchQuery, map[string]any{"q": "example.com", "filter": map[string]any{"statusIn": []string{"REJECTED"}}}).Decode(t, &rejected)
	if got := rejected.names(); !slices.Equal(got, []string{"Katherine"}) {
		t.Errorf("the rejected candidates found %v", got)
	}

	assertCode(t, env.GraphQL(searchQuery, map[string]any{"q": "a b"}), "invalid_search", http.StatusBadRequest)
	assertCode(t, env.GraphQL(searchQuery, map[string]any{"q": strings.Repeat("x", 201)}), "invalid_search", http.StatusBadRequest)
	assertCode(t, env.GraphQL(searchQuery, map[string]any{"q": "grace", "after": "Mg.forged"}), "invalid_cursor", http.StatusBadRequest)
	assertCode(t, env.GraphQL(searchQuery, map[string]any{"q": "grace", "first": 0}), "bad_request", http.StatusBadRequest)
}

// Candidates without a search document (recorded before the index
// existed) are indexed when a server starts (server.IndexForSearch).
func TestSearchCatchesUpOnUnindexedCandidates(t *testing.T) {
	env := hiregraphtest.New(t)
	if _, err := env.DB.SQL.Exec("DELETE FROM search_documents"); err != nil {
		t.Fatal(err)
	}
	if got := search(t, env.GraphQL, "grace"); len(got.Search.Edges) != 0 {
		t.Fatalf("found %v without documents", got.names())
	}
	server.IndexForSearch(context.Background(), env.DB)
	if got := search(t, env.GraphQL, "grace"); len(got.Search.Edges) != 1 {
		t.Errorf("after catching up found %v", got.names())
	}
}

// On PostgreSQL a search shows names with a typo only when its exact
// matches do not fill the first page, and its next pages keep to that.
func TestSearchMatchesTyposOnlyWhenExactMatchesAreFew(t *testing.T) {
	env := hiregraphtest.New(t)
	if env.DB.Dialect != dialect.Postgres {
		t.Skip("SQLite matches no typos")
	}
	var hits struct {
		Search struct {
			Edges []struct {
				Node struct {
					Person struct{ ID, FirstName string }
				}
			}
		}
	}
	env.GraphQL(`{ search(query: "example.com", first: 20) { edges { node { person { id firstName } } } } }`, nil).Decode(t, &hits)
	var people []string
	for _, e := range hits.Search.Edges {
		if p := e.Node.Person; p.FirstName != "Grace" && p.FirstName != "Ada" && !slices.Contains(people, p.ID) {
			people = append(people, p.ID)
		}
	}
	for i, last := range []string{"Hopper", "Hoper"} {
		env.GraphQL(`mutation($p: ID!, $last: String!) { updatePerson(id: $p, input: {lastName: $last}) { id } }`,
			map[string]any{"p": people[i], "last": last}).Decode(t, &struct{}{})
	}

	// Two exact matches do not fill a page of five: the typo shows.
	var few searchPage
	env.GraphQL(searchQuery, map[string]any{"q": "hopper", "first": 5}).Decode(t, &few)
	if len(few.Search.Edges) != 3 {
		t.Errorf("a page of five found %v, want the two Hoppers and the Hoper", few.names())
	}
	// They fill a page of one: every page shows a Hopper, none the typo.
	var lastNames []string
	var after any
	for {
		var p searchPage
		env.GraphQL(searchQuery, map[string]any{"q": "hopper", "first": 1, "after": after}).Decode(t, &p)
		for _, e := range p.Search.Edges {
			lastNames = append(lastNames, e.Node.Person.LastName)
		}
		if !p.Search.HasNextPage {
			break
		}
		after = *p.Search.EndCursor
	}
	if !slices.Equal(lastNames, []string{"Hopper", "Hopper"}) {
		t.Errorf("pages of one found %v, want the two Hoppers", lastNames)
	}
}
