package server_test

import (
	"net/http"
	"testing"

	"github.com/hiregraph/hiregraph/internal/hiregraphtest"
)

// TestPprofIsNotPublic: profiles are served only on --debug-addr, never on
// the public address, with or without an API key.
func TestPprofIsNotPublic(t *testing.T) {
	env := hiregraphtest.New(t)
	for _, path := range []string{"/debug/pprof/", "/debug/pprof/heap", "/debug/pprof/profile?seconds=1"} {
		if r := env.Do(http.MethodGet, path, nil); r.Status != http.StatusNotFound {
			t.Errorf("GET %s on the public address: %d, want 404", path, r.Status)
		}
	}
}
