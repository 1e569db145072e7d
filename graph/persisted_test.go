package graph_test

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"testing"

	"github.com/hiregraph/hiregraph/internal/hiregraphtest"
)

// persistedQuery is the extensions of an Apollo APQ request for query.
func persistedQuery(query string) map[string]any {
	sum := sha256.Sum256([]byte(query))
	return map[string]any{"persistedQuery": map[string]any{"version": 1, "sha256Hash": hex.EncodeToString(sum[:])}}
}

// An Apollo client with automatic persisted queries sends the hash alone
// first: an unknown one answers PersistedQueryNotFound, so the client
// sends the query with its hash, and from then on the hash alone is
// answered, over POST and over GET.
func TestAutomaticPersistedQueries(t *testing.T) {
	env := hiregraphtest.New(t)
	const query = `query Viewer { viewer { id } }`
	ext := persistedQuery(query)

	r := env.Do(http.MethodPost, "/graphql", map[string]any{"extensions": ext})
	if !strings.Contains(string(r.Body), `"message":"PersistedQueryNotFound"`) || !strings.Contains(string(r.Body), `"code":"PERSISTED_QUERY_NOT_FOUND"`) {
		t.Fatalf("hash alone, unknown: %s", r)
	}

	want := `{"data":{"viewer":{"id":"` + env.Demo.CompanyUID + `"}}}`
	if r := env.Do(http.MethodPost, "/graphql", map[string]any{"query": query, "extensions": ext}); r.Status != http.StatusOK || string(r.Body) != want {
		t.Fatalf("query with its hash: %s", r)
	}
	if r := env.Do(http.MethodPost, "/graphql", map[string]any{"extensions": ext}); r.Status != http.StatusOK || string(r.Body) != want {
		t.Fatalf("hash alone, known, POST: %s", r)
	}
	encoded, _ := json.Marshal(ext)
	get := env.Do(http.MethodGet, "/graphql?"+url.Values{"extensions": {string(encoded)}}.Encode(), nil)
	if get.Status != http.StatusOK || string(get.Body) != want {
		t.Fatalf("hash alone, known, GET: %s", get)
	}

	wrong := persistedQuery(`{ viewer { name } }`)
	if r := env.Do(http.MethodPost, "/graphql", map[string]any{"query": query, "extensions": wrong}); !strings.Contains(string(r.Body), "hash does not match") {
		t.Errorf("a query with another query's hash: %s", r)
	}
}

// Answers over GET are one credential's data: no shared cache may keep
// them. A mutation over GET is refused with 405 and Allow: POST, in the
// GraphQL error shape, and runs nothing.
func TestGETAnswers(t *testing.T) {
	env := hiregraphtest.New(t)
	r := env.Do(http.MethodGet, "/graphql?"+url.Values{"query": {"{ viewer { id } }"}}.Encode(), nil)
	if r.Status != http.StatusOK || r.Header.Get("Cache-Control") != "private, no-store" || !slices.Contains(r.Header.Values("Vary"), "Authorization") {
		t.Errorf("a query over GET: %d, Cache-Control %q, Vary %q", r.Status, r.Header.Get("Cache-Control"), r.Header.Values("Vary"))
	}
	r = env.Do(http.MethodGet, "/graphql?"+url.Values{"query": {`mutation { createLocation(input: {name: "Annex", country: "DE", city: "Berlin"}) { id } }`}}.Encode(), nil)
	r.AssertGraphQLError(t, http.StatusMethodNotAllowed, "method_not_allowed")
	if r.Header.Get("Allow") != http.MethodPost {
		t.Errorf("Allow = %q, want POST", r.Header.Get("Allow"))
	}
	var data struct{ Locations struct{ TotalCount int } }
	env.GraphQL(`{ locations(where: {name: "Annex"}) { totalCount } }`, nil).Decode(t, &data)
	if data.Locations.TotalCount != 0 {
		t.Errorf("the refused mutation made %d locations", data.Locations.TotalCount)
	}
	// A query refused before it runs answers as over POST
	// (TestAcceptChoosesMediaTypeAndStatus).
	for accept, status := range map[string]int{"application/json": http.StatusOK, "application/graphql-response+json": http.StatusBadRequest} {
		r = env.DoWith(http.MethodGet, "/graphql?"+url.Values{"query": {"{ nope }"}}.Encode(), nil,
			map[string]string{"Authorization": "Bearer " + env.Demo.APIKey, "Accept": accept})
		if r.Status != status || r.Header.Get("Content-Type") != accept || strings.Contains(string(r.Body), `"data"`) ||
			!strings.Contains(string(r.Body), `"code":"graphql_validation_failed"`) {
			t.Errorf("an invalid query over GET, Accept %s: %s %s, want %d without data", accept, r, r.Header.Get("Content-Type"), status)
		}
	}
	r = env.Do(http.MethodGet, "/graphql?variables=%7B", nil)
	r.AssertGraphQLError(t, http.StatusBadRequest, "bad_request")
}
