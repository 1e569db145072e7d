package main

import (
	"path/filepath"
	"strings"
	"testing"
)

func TestBackupCopiesTheSQLiteDatabaseWhileItIsServed(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	dbURL := "sqlite://" + filepath.Join(dir, "live.db")
	keyFile := filepath.Join(dir, "key")
	s := startServer(t, dir, nil, "--database-url", dbURL, "--secret-key-file", keyFile)
	keyID := s.manifest(t)["api_key_id"].(string)

	copyPath := filepath.Join(dir, "copy.db")
	out := mustRun(t, dir, nil, "backup", "--database-url", dbURL, copyPath)
	if !strings.Contains(out, copyPath) {
		t.Errorf("backup printed %q", out)
	}
	// The copy is a whole database, sealed with the same key.
	list := mustRun(t, dir, nil, "apikey", "list", "--database-url", "sqlite://"+copyPath, "--secret-key-file", keyFile)
	if !strings.Contains(list, keyID) {
		t.Errorf("the copy lacks the key %s:\n%s", keyID, list)
	}
	r := hiregraph(t, dir, nil, "backup", "--database-url", dbURL, copyPath)
	if r.exitCode == 0 || !strings.Contains(r.stderr, "exists already") {
		t.Errorf("backup over an existing file: exit %d, %q", r.exitCode, r.stderr)
	}
	r = hiregraph(t, dir, nil, "backup", "--database-url", "postgres://u@db.example/hiregraph", filepath.Join(dir, "pg.db"))
	if r.exitCode == 0 || !strings.Contains(r.stderr, "pg_dump") {
		t.Errorf("backup of PostgreSQL: exit %d, %q", r.exitCode, r.stderr)
	}
}
