package main

import (
	"encoding/json"
	"net/http"
	"path/filepath"
	"strings"
	"testing"
)

func TestRevokedKeyStopsWorkingAtOnce(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	store := []string{"--database-url", databaseURL(t), "--secret-key-file", filepath.Join(dir, "key")}
	s := startServer(t, dir, nil, store...)
	company := s.manifest(t)["company_uid"].(string)

	var key struct {
		ID     string `json:"id"`
		Secret string `json:"api_key"`
	}
	out := mustRun(t, dir, nil, append([]string{"apikey", "create", "--company", company, "--scopes", "read", "--name", "integration"}, store...)...)
	if err := json.Unmarshal([]byte(out), &key); err != nil || key.Secret == "" {
		t.Fatalf("apikey create printed %q (%v)", out, err)
	}
	status := func() int {
		req, _ := http.NewRequest(http.MethodGet, s.url+"/v1/questionnaires", nil)
		req.Header.Set("Authorization", "Bearer "+key.Secret)
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		return resp.StatusCode
	}
	if got := status(); got != http.StatusOK {
		t.Fatalf("new key got %d", got)
	}

	var listed []keyInfo
	if err := json.Unmarshal([]byte(mustRun(t, dir, nil, append([]string{"apikey", "list", "--json", "--company", company}, store...)...)), &listed); err != nil {
		t.Fatal(err)
	}
	found := false
	for _, k := range listed {
		if k.ID == key.ID {
			found = true
			if k.Name != "integration" || strings.Join(k.Scopes, ",") != "read" || k.TimeCreated.IsZero() || k.Revoked || k.TimeLastUsed == nil {
				t.Errorf("apikey list shows %+v", k)
			}
		}
	}
	if !found || len(listed) != 2 {
		t.Errorf("apikey list --json shows %d keys without %s: %+v", len(listed), key.ID, listed)
	}
	table := mustRun(t, dir, nil, append([]string{"apikey", "list"}, store...)...)
	if !strings.Contains(table, "SCOPES") || !strings.Contains(table, key.ID) || strings.Contains(table, key.Secret) {
		t.Errorf("apikey list table:\n%s", table)
	}

	out = mustRun(t, dir, nil, append([]string{"apikey", "revoke", key.ID}, store...)...)
	if !strings.Contains(out, "Revoked") {
		t.Errorf("apikey revoke printed %q", out)
	}
	if got := status(); got != http.StatusUnauthorized {
		t.Errorf("revoked key got %d from the running server, want 401", got)
	}
	table = mustRun(t, dir, nil, append([]string{"apikey", "list"}, store...)...)
	if !strings.Contains(table, "revoked") {
		t.Errorf("apikey list does not show the key revoked:\n%s", table)
	}
	r := hiregraph(t, dir, nil, append([]string{"apikey", "revoke", "key_nope"}, store...)...)
	if r.exitCode == 0 || !strings.Contains(r.stderr, "no API key key_nope") {
		t.Errorf("revoking an unknown key: exit %d, %q", r.exitCode, r.stderr)
	}
}
