package parity_test

import (
	"encoding/base64"
	"net/http"
	"net/url"
	"slices"
	"testing"

	"github.com/hiregraph/hiregraph/internal/hiregraphtest"
)

// restIDs lists the uids GET path answers under key.
func restIDs(t *testing.T, env *hiregraphtest.Env, path, key string) []string {
	t.Helper()
	r := env.Do(http.MethodGet, path, nil)
	if r.Status != http.StatusOK {
		t.Fatalf("GET %s: %s", path, r)
	}
	var ids []string
	for _, row := range r.Map(t)[key].([]any) {
		ids = append(ids, row.(map[string]any)["uid"].(string))
	}
	return ids
}

// graphIDs lists the ids a connection query answers.
func graphIDs(t *testing.T, env *hiregraphtest.Env, field, args string) []string {
	t.Helper()
	var out map[string]struct {
		Edges []struct{ Node struct{ ID string } }
	}
	env.GraphQL(`{ `+field+`(`+args+`) { edges { node { id } } } }`, nil).Decode(t, &out)
	var ids []string
	for _, e := range out[field].Edges {
		ids = append(ids, e.Node.ID)
	}
	return ids
}

// TestListFiltersAreTheSameOnBothFaces: a filter of the REST lists and the
// same filter of the GraphQL connection select the same rows, in the same
// order; every status a response can carry is a value the filter accepts.
func TestListFiltersAreTheSameOnBothFaces(t *testing.T) {
	env := hiregraphtest.New(t)
	// REST lists run in creation order; GraphQL is asked for the same.
	byCreation := `orderBy: [{field: TIME_CREATED}]`
	for _, c := range []struct{ rest, field, graph string }{
		{"/v1/openings?status=APPROVED,paused", "openings", `filter: {status: ["APPROVED", "paused"]} ` + byCreation},
		{"/v1/openings?status=Open", "openings", `filter: {status: ["Open"]} ` + byCreation},
		{"/v1/openings?status=Pending,NA", "openings", `filter: {status: ["Pending", "NA"]} ` + byCreation},
		{"/v1/candidates?status=rejected", "candidates", `filter: {status: ["rejected"]} ` + byCreation},
		{"/v1/candidates?status=In%20progress", "candidates", `filter: {status: ["In progress"]} ` + byCreation},
		{"/v1/questionnaires", "questionnaires", `orderBy: {field: TIME_CREATED}`},
	} {
		rest := restIDs(t, env, c.rest, c.field)
		graph := graphIDs(t, env, c.field, c.graph)
		if len(rest) == 0 || !slices.Equal(rest, graph) {
			t.Errorf("%s: REST %v, GraphQL %v", c.rest, rest, graph)
		}
	}

	// Every approval_process.status and opening status the list answers
	// finds the opening again through the filter.
	r := env.Do(http.MethodGet, "/v1/openings", nil)
	for _, row := range r.Map(t)["openings"].([]any) {
		o := row.(map[string]any)
		values := []string{o["status"].(string)}
		if ap, ok := o["approval_process"].(map[string]any); ok {
			values = append(values, ap["status"].(string))
		}
		for _, v := range values {
			if ids := restIDs(t, env, "/v1/openings?status="+url.QueryEscape(v), "openings"); !slices.Contains(ids, o["uid"].(string)) {
				t.Errorf("opening %s answers status %q, but ?status=%s does not list it", o["uid"], v, v)
			}
		}
	}
	// An approved or paused opening shows its approval process.
	for _, status := range []string{"APPROVED", "PAUSED"} {
		r := env.Do(http.MethodGet, "/v1/openings?status="+status, nil)
		for _, row := range r.Map(t)["openings"].([]any) {
			if ap, _ := row.(map[string]any)["approval_process"].(map[string]any); ap == nil || ap["status"] != status {
				t.Errorf("?status=%s lists %v", status, row)
			}
		}
	}
}

// TestListRefusalsAreTheSameOnBothFaces: bad filters, page sizes and
// cursors get the same code and status through REST and GraphQL.
func TestListRefusalsAreTheSameOnBothFaces(t *testing.T) {
	env := hiregraphtest.New(t)
	restCursor, graphCursor := firstCursors(t, env)
	edit := func(cursor string) string {
		// One character of the signed part changed.
		c := []byte(cursor)
		c[2] ^= 1
		return string(c)
	}
	forgedREST := base64.RawURLEncoding.EncodeToString([]byte(`{"t":"2020-01-01T00:00:00Z","i":"can_0"}`))
	// An entgql cursor as the unsigned service wrote them: {ID, Value} in
	// msgpack, base64.
	forgedGraph := base64.RawStdEncoding.EncodeToString([]byte{0x82, 0xa2, 'i', 'd', 0xa5, 'c', 'a', 'n', '_', '0', 0xa5, 'v', 'a', 'l', 'u', 'e', 0xc0})
	for _, c := range []struct {
		name, rest, graph, code string
	}{
		{"bad status", "/v1/openings?status=COMPLETED", `openings(filter: {status: ["COMPLETED"]})`, "bad_request"},
		{"bad candidate status", "/v1/candidates?status=Sleeping", `candidates(filter: {status: ["Sleeping"]})`, "bad_request"},
		{"empty page", "/v1/candidates?limit=0", `candidates(first: 0)`, "bad_request"},
		{"edited cursor", "/v1/candidates?limit=1&cursor=" + url.QueryEscape(edit(restCursor)), `candidates(first: 1, after: "` + edit(graphCursor) + `")`, "invalid_cursor"},
		{"forged cursor", "/v1/candidates?cursor=" + forgedREST, `candidates(first: 2, after: "` + forgedGraph + `")`, "invalid_cursor"},
		{"garbage cursor", "/v1/candidates?cursor=garbage", `candidates(first: 2, after: "garbage")`, "invalid_cursor"},
	} {
		t.Run(c.name, func(t *testing.T) {
			rest := restOutcome(t, env.Do(http.MethodGet, c.rest, nil))
			graph := graphOutcome(env.GraphQL(`{ `+c.graph+` { totalCount } }`, nil))
			sameFailure(t, rest, graph, c.code)
			if rest.Status != http.StatusBadRequest {
				t.Errorf("status %d, want 400", rest.Status)
			}
		})
	}
	// A next_page cursor names a place in one list only.
	r := env.Do(http.MethodGet, "/v1/openings?cursor="+url.QueryEscape(restCursor), nil)
	r.AssertError(t, http.StatusBadRequest, "invalid_cursor", "cursor")
}

// firstCursors returns the cursor of the first page of candidates (one
// candidate a page) on each face.
func firstCursors(t *testing.T, env *hiregraphtest.Env) (rest, graph string) {
	t.Helper()
	r := env.Do(http.MethodGet, "/v1/candidates?limit=1", nil)
	next, _ := r.Map(t)["next_page"].(string)
	u, err := url.Parse(next)
	if err != nil || u.Query().Get("cursor") == "" {
		t.Fatalf("next_page %q has no cursor", next)
	}
	var out struct {
		Candidates struct{ PageInfo struct{ EndCursor string } }
	}
	env.GraphQL(`{ candidates(first: 1) { edges { cursor } pageInfo { endCursor } } }`, nil).Decode(t, &out)
	if out.Candidates.PageInfo.EndCursor == "" {
		t.Fatal("no endCursor")
	}
	return u.Query().Get("cursor"), out.Candidates.PageInfo.EndCursor
}
