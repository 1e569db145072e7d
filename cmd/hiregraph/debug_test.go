package main

import (
	"net/http"
	"net/http/httptest"
	"testing"
)

// TestDebugHandlerServesProfiles checks the --debug-addr handler lists the
// profiles; server.TestPprofIsNotPublic checks the public one does not.
func TestDebugHandlerServesProfiles(t *testing.T) {
	t.Parallel()
	srv := httptest.NewServer(debugHandler())
	defer srv.Close()
	for _, path := range []string{"/debug/pprof/", "/debug/pprof/heap?debug=1", "/debug/pprof/goroutine?debug=1"} {
		resp, err := http.Get(srv.URL + path)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode != http.StatusOK {
			t.Errorf("GET %s: %d, want 200", path, resp.StatusCode)
		}
	}
}
