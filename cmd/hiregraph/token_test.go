package main

import (
	"net/http"
	"path/filepath"
	"strings"
	"testing"
)

func TestTokenSignsAUserIn(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	store := []string{"--database-url", databaseURL(t), "--secret-key-file", filepath.Join(dir, "key")}
	s := startServer(t, dir, nil, store...)
	if tok, _ := s.manifest(t)["user_token"].(string); tok == "" {
		t.Errorf("the demo manifest prints no user_token")
	}
	status := func(token string) int {
		req, _ := http.NewRequest(http.MethodGet, s.url+"/v1/questionnaires", nil)
		req.Header.Set("Authorization", "Bearer "+token)
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		return resp.StatusCode
	}
	token := strings.TrimSpace(mustRun(t, dir, nil, append([]string{"token", "--email", "RITA.recruiter@acme.example", "--ttl", "10m"}, store...)...))
	if got := status(token); got != http.StatusOK {
		t.Fatalf("a minted token got %d", got)
	}
	if r := hiregraph(t, dir, nil, append([]string{"token", "--email", "nobody@acme.example"}, store...)...); r.exitCode == 0 || !strings.Contains(r.stderr, "no user") {
		t.Errorf("token for an unknown address: exit %d, %s", r.exitCode, r.stderr)
	}
	if r := hiregraph(t, dir, nil, append([]string{"token", "--email", "rita.recruiter@acme.example", "--ttl", "48h"}, store...)...); r.exitCode == 0 || !strings.Contains(r.stderr, "24h") {
		t.Errorf("token with a 48h lifetime: exit %d, %s", r.exitCode, r.stderr)
	}
}
