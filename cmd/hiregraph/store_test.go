package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestDatabaseErrorsNameThePathAndTheCause(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	notADatabase := filepath.Join(dir, "notes.txt")
	if err := os.WriteFile(notADatabase, []byte("not SQLite at all, just some text that is long enough"), 0o600); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct{ url, want string }{
		{"sqlite://" + filepath.Join(dir, "missing", "h.db"), "the directory " + filepath.Join(dir, "missing") + " does not exist"},
		{"sqlite://" + filepath.Join(notADatabase, "h.db"), notADatabase + " is not a directory"},
		{"sqlite://" + dir, dir + ": is a directory"},
		{"sqlite://" + notADatabase, "sqlite://" + notADatabase + ": the file is not an SQLite database"},
		{"postgres://hiregraph:s3cret@127.0.0.1:1/hiregraph?sslmode=disable", "postgres://hiregraph:xxxxx@127.0.0.1:1/hiregraph"},
	} {
		r := hiregraph(t, dir, nil, "apikey", "list", "--database-url", tc.url)
		if r.exitCode == 0 || !strings.Contains(r.stderr, tc.want) {
			t.Errorf("%s: exit %d, stderr %q; want it to say %q", tc.url, r.exitCode, r.stderr, tc.want)
		}
		if strings.Contains(r.stderr, "s3cret") {
			t.Errorf("the password was printed: %s", r.stderr)
		}
	}
}

func TestMaintenanceDatabaseIsRefused(t *testing.T) {
	for _, url := range []string{
		"postgres://postgres@127.0.0.1:5432/postgres?sslmode=disable",
		"postgres://postgres@127.0.0.1:5432?sslmode=disable", // lib/pq connects to the user's name
		"postgres://me@127.0.0.1:5432/?dbname=template1",
	} {
		r := hiregraph(t, t.TempDir(), nil, "serve", "--database-url", url)
		if r.exitCode == 0 || !strings.Contains(r.stderr, "maintenance database") || !strings.Contains(r.stderr, "--allow-maintenance-database") {
			t.Errorf("%s: exit %d, stderr %q", url, r.exitCode, r.stderr)
		}
	}
}

func TestSecretKeyMustOpenTheStoredSecrets(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	dbURL := databaseURL(t)
	keyFile := filepath.Join(dir, "key")
	mustRun(t, dir, nil, "demo", "--json", "--database-url", dbURL, "--secret-key-file", keyFile)

	other := "HIREGRAPH_SECRET_KEY=" + strings.Repeat("ab", 32)
	r := hiregraph(t, dir, []string{other}, "serve", "--addr", "127.0.0.1:0", "--database-url", dbURL)
	if r.exitCode == 0 || !strings.Contains(r.stderr, "does not open the secrets stored") || !strings.Contains(r.stderr, "HIREGRAPH_SECRET_KEY") {
		t.Errorf("another key: exit %d, stderr %q", r.exitCode, r.stderr)
	}
	if err := os.Remove(keyFile); err != nil {
		t.Fatal(err)
	}
	r = hiregraph(t, dir, nil, "apikey", "list", "--database-url", dbURL, "--secret-key-file", keyFile)
	if r.exitCode == 0 || !strings.Contains(r.stderr, keyFile+" is missing") {
		t.Errorf("deleted key file: exit %d, stderr %q", r.exitCode, r.stderr)
	}
	if _, err := os.Stat(keyFile); err == nil {
		t.Error("a new key file was written over the lost one")
	}
}
