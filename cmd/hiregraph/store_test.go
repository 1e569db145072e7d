package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/hiregraph/hiregraph/internal/hiregraphtest/testdb"
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
	dbURL := existingDatabaseURL(t)
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

// TestCommandsRefuseAMissingDatabase: run from the wrong directory (where
// the default sqlite://hiregraph.db does not exist) or with a mistyped
// PostgreSQL schema, the commands that use a server's data say so and
// leave no new database or key behind; only serve and migrate create one.
func TestCommandsRefuseAMissingDatabase(t *testing.T) {
	t.Parallel()
	commands := [][]string{
		{"apikey", "create", "--company", "com_x"},
		{"apikey", "list"},
		{"apikey", "revoke", "key_x"},
		{"token", "--email", "rita.recruiter@acme.example"},
		{"demo", "--env"},
		{"demo"},
		{"serve", "--addr", "127.0.0.1:0", "--migrate=false"},
	}
	var env []string
	if pg := os.Getenv(testdb.Env); pg != "" {
		env = []string{"HIREGRAPH_DATABASE_URL=" + pg, "HIREGRAPH_DATABASE_SCHEMA=missing_" + randomHex(6)}
	} else {
		commands = append(commands, []string{"backup", "copy.db"}) // SQLite only
	}
	for _, args := range commands {
		dir := t.TempDir()
		r := hiregraph(t, dir, env, args...)
		if r.exitCode == 0 || !strings.Contains(r.stderr, "does not exist") && !strings.Contains(r.stderr, "has no schema") ||
			!strings.Contains(r.stderr, "only `hiregraph serve` (or `hiregraph migrate`) creates one") {
			t.Errorf("%v on a missing database: exit %d, stderr %q", args, r.exitCode, r.stderr)
		}
		if left, _ := os.ReadDir(dir); len(left) > 0 {
			t.Errorf("%v left %v behind", args, left)
		}
	}
}
