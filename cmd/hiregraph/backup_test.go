package main

import (
	"context"
	"io"
	"path/filepath"
	"strings"
	"testing"

	"github.com/hiregraph/hiregraph/internal/filestore"
)

func TestBackupCopiesTheSQLiteDatabaseWhileItIsServed(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	dbURL := "sqlite://" + filepath.Join(dir, "live.db")
	keyFile := filepath.Join(dir, "key")
	s := startServer(t, dir, nil, "--database-url", dbURL, "--secret-key-file", keyFile)
	keyID := s.manifest(t)["api_key_id"].(string)

	// A resume in the server's default store, beside the database.
	ctx := context.Background()
	live := openStore(t, filepath.Join(dir, "hiregraph-files"))
	f, err := live.Check("resume", "cv.txt", strings.NewReader("Ada Byron, engines"))
	if err != nil {
		t.Fatal(err)
	}
	key, err := live.Put(ctx, f)
	if err != nil {
		t.Fatal(err)
	}

	copyPath := filepath.Join(dir, "copy.db")
	out := mustRun(t, dir, nil, "backup", "--database-url", dbURL, copyPath)
	if !strings.Contains(out, copyPath) || !strings.Contains(out, "1 stored files") {
		t.Errorf("backup printed %q", out)
	}
	// The files come along, under the keys the copy's rows name.
	r, err := openStore(t, copyPath+".files").Read(ctx, key)
	if err != nil {
		t.Fatalf("the copied file: %v", err)
	}
	got, _ := io.ReadAll(r)
	r.Close()
	if string(got) != "Ada Byron, engines" {
		t.Errorf("the copied file holds %q", got)
	}
	filesOnly := filepath.Join(dir, "files-only")
	if out := mustRun(t, dir, nil, "backup", "--files-only", "--database-url", "postgres://u@db.example/hiregraph",
		"--files-url", "file://"+filepath.ToSlash(filepath.Join(dir, "hiregraph-files")), filesOnly); !strings.Contains(out, "1 stored files") {
		t.Errorf("backup --files-only printed %q", out)
	}
	// The copy is a whole database, sealed with the same key.
	list := mustRun(t, dir, nil, "apikey", "list", "--database-url", "sqlite://"+copyPath, "--secret-key-file", keyFile)
	if !strings.Contains(list, keyID) {
		t.Errorf("the copy lacks the key %s:\n%s", keyID, list)
	}
	res := hiregraph(t, dir, nil, "backup", "--database-url", dbURL, copyPath)
	if res.exitCode == 0 || !strings.Contains(res.stderr, "exists already") {
		t.Errorf("backup over an existing file: exit %d, %q", res.exitCode, res.stderr)
	}
	res = hiregraph(t, dir, nil, "backup", "--database-url", "postgres://u@db.example/hiregraph", filepath.Join(dir, "pg.db"))
	if res.exitCode == 0 || !strings.Contains(res.stderr, "pg_dump") || !strings.Contains(res.stderr, "--files-only") {
		t.Errorf("backup of PostgreSQL: exit %d, %q", res.exitCode, res.stderr)
	}
}

func openStore(t *testing.T, dir string) *filestore.Store {
	t.Helper()
	u, err := filestore.DirURL(dir)
	if err != nil {
		t.Fatal(err)
	}
	s, err := filestore.Open(u, 0)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return s
}
