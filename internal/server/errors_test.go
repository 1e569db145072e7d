package server_test

import (
	"net/http"
	"strings"
	"testing"

	"github.com/hiregraph/hiregraph/internal/hiregraphtest"
)

func TestUnknownPathsAndMethodsGetTheErrorBody(t *testing.T) {
	env := hiregraphtest.New(t)
	assertErrorBody(t, env.Do(http.MethodGet, "/v1/no-such-endpoint", nil), http.StatusNotFound, "not_found")
	assertErrorBody(t, env.Do(http.MethodGet, "/nowhere", nil), http.StatusNotFound, "not_found")
	assertErrorBody(t, env.Do(http.MethodDelete, "/healthz", nil), http.StatusMethodNotAllowed, "method_not_allowed")
	assertErrorBody(t, env.Do(http.MethodPut, "/graphql", `{"query":"{ viewer { id } }"}`), http.StatusMethodNotAllowed, "method_not_allowed")
}

func TestNoRedirects(t *testing.T) {
	env := hiregraphtest.New(t)
	for _, path := range []string{"/v1/", "/v1//openings", "/healthz/", "/graphql/", "/v1/./openings"} {
		r := env.Do(http.MethodGet, path, nil)
		if r.Status >= 300 && r.Status < 400 {
			t.Errorf("%s redirected: %d %s", path, r.Status, r.Header.Get("Location"))
		}
	}
}

func TestOversizedBodyIs413(t *testing.T) {
	env := hiregraphtest.New(t)
	big := `{"query":"{ viewer { id } }","variables":{"x":"` + strings.Repeat("a", 2<<20) + `"}}`
	r := env.Do(http.MethodPost, "/graphql", big)
	if r.Status != http.StatusRequestEntityTooLarge {
		t.Fatalf("status = %d, want 413: %.300s", r.Status, r.Body)
	}
}
