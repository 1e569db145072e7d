package graph_test

import (
	"testing"
	"time"

	"github.com/hiregraph/hiregraph/internal/hiregraphtest"
)

func TestLists(t *testing.T) {
	env := hiregraphtest.New(t)
	var out struct {
		Candidates struct{ TotalCount int }
		Openings   struct {
			TotalCount int
			Edges      []struct {
				Node struct{ ID, ApprovalStatus string }
			}
		}
		Questionnaires struct{ TotalCount int }
	}
	env.GraphQL(`query($since: Time) {
		candidates(filter: {status: ["rejected"]}) { totalCount }
		openings(filter: {status: ["APPROVED", "paused"], timeCreatedAfter: $since}, first: 10) { totalCount edges { node { id approvalStatus } } }
		questionnaires { totalCount }
	}`, map[string]any{"since": time.Now().Add(-365 * 24 * time.Hour).UTC().Format(time.RFC3339)}).Decode(t, &out)
	if out.Candidates.TotalCount != 1 || out.Openings.TotalCount != 2 || out.Questionnaires.TotalCount != 2 {
		t.Errorf("GraphQL lists = %+v", out)
	}
	bad := env.GraphQL(`{ openings(filter: {status: ["BOGUS"]}) { totalCount } }`, nil)
	assertCode(t, bad, "bad_request", 400)
	if bad.Errors[0].Extensions["field"] != "status" {
		t.Errorf("bad status filter: %+v", bad.Errors)
	}
}

type candidatePage struct {
	Candidates struct {
		Edges    []struct{ Node struct{ ID string } }
		PageInfo struct {
			HasNextPage bool
			EndCursor   string
		}
	}
}

// TestWalkingCursorsSeesEveryRowOnce follows endCursor page by page: the
// cursors the service signs lead back into it.
func TestWalkingCursorsSeesEveryRowOnce(t *testing.T) {
	env := hiregraphtest.New(t)
	seen := map[string]int{}
	vars := map[string]any{}
	for pages := 0; ; pages++ {
		if pages > 9 {
			t.Fatal("the walk does not end")
		}
		var page candidatePage
		env.GraphQL(`query($after: Cursor) { candidates(first: 2, after: $after) { edges { node { id } } pageInfo { hasNextPage endCursor } } }`, vars).Decode(t, &page)
		for _, e := range page.Candidates.Edges {
			seen[e.Node.ID]++
		}
		if !page.Candidates.PageInfo.HasNextPage {
			break
		}
		vars["after"] = page.Candidates.PageInfo.EndCursor
	}
	if len(seen) != 9 {
		t.Errorf("walk saw %d candidates, want the demo's 9: %v", len(seen), seen)
	}
	for id, n := range seen {
		if n != 1 {
			t.Errorf("%s seen %d times", id, n)
		}
	}
}

// TestNestedCursorsAreSigned: the cursors of nested connections pass the
// same scalar: a forged one is refused there as well.
func TestNestedCursorsAreSigned(t *testing.T) {
	env := hiregraphtest.New(t)
	var out struct {
		Node struct {
			Openings struct {
				PageInfo struct{ EndCursor string }
			}
		}
	}
	q := `query($id: ID!, $after: Cursor) { node(id: $id) { ... on Position { openings(first: 1, after: $after) { pageInfo { endCursor } edges { node { id } } } } } }`
	env.GraphQL(q, map[string]any{"id": env.Demo.PublishedPositionUID}).Decode(t, &out)
	cursor := out.Node.Openings.PageInfo.EndCursor
	env.GraphQL(q, map[string]any{"id": env.Demo.PublishedPositionUID, "after": cursor}).Decode(t, &out)
	// One character of the MAC changed; not the last, whose low bits the
	// decoder drops, nor to itself.
	i, c := len(cursor)-5, "A"
	if cursor[i] == 'A' {
		c = "B"
	}
	forged := cursor[:i] + c + cursor[i+1:]
	r := env.GraphQL(q, map[string]any{"id": env.Demo.PublishedPositionUID, "after": forged})
	assertCode(t, r, "invalid_cursor", 400)
	if r.Errors[0].Extensions["field"] != "after" {
		t.Errorf("error does not name after: %+v", r.Errors)
	}
}

func TestPageSizes(t *testing.T) {
	env := hiregraphtest.New(t)
	for query, code := range map[string]string{
		`{ candidates(first: 2, last: 2) { totalCount } }`:                                          "bad_request",
		`{ candidates(first: 501) { totalCount } }`:                                                 "bad_request",
		`{ positions { edges { node { candidates(last: 0) { totalCount } } } } }`:                   "bad_request",
		`{ positions(first: 1) { edges { node { openings(first: 1, last: 1) { totalCount } } } } }`: "bad_request",
	} {
		assertCode(t, env.GraphQL(query, nil), code, 400)
	}
	var page struct {
		Candidates struct {
			Edges []struct{ Node struct{ ID string } }
		}
	}
	env.GraphQL(`{ candidates(first: 500) { edges { node { id } } } }`, nil).Decode(t, &page)
	if len(page.Candidates.Edges) != 9 {
		t.Errorf("first: 500 gave %d candidates", len(page.Candidates.Edges))
	}
}
