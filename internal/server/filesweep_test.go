package server_test

import (
	"bytes"
	"context"
	"io"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/hiregraph/hiregraph/ent"
	"github.com/hiregraph/hiregraph/internal/filestore"
	"github.com/hiregraph/hiregraph/internal/hiregraphtest"
	"github.com/hiregraph/hiregraph/recruiting"
)

// A stored file no row names (its process died before the row committed)
// is swept once it is an hour old; files with rows stay and download.
func TestSweepDeletesStoredFilesWithoutRows(t *testing.T) {
	env := hiregraphtest.New(t)
	var up struct{ UploadCandidateFile struct{ DownloadURL string } }
	env.Upload(`mutation($c: ID!, $f: Upload!) { uploadCandidateFile(candidateID: $c, file: $f) { downloadURL } }`,
		map[string]any{"c": env.Demo.CandidateUID, "f": nil}, "f",
		hiregraphtest.Part{FileName: "cv.pdf", Content: hiregraphtest.SamplePDF}).Decode(t, &up)

	ctx := context.Background()
	files, orphan := storeOrphan(t, env)

	if n, err := recruiting.SweepFiles(ctx, env.DB.Client, files, time.Now()); err != nil || n != 0 {
		t.Fatalf("a sweep now deleted %d (%v); the orphan may still be waiting for its row", n, err)
	}
	if n, err := recruiting.SweepFiles(ctx, env.DB.Client, files, time.Now().Add(recruiting.OrphanAge+time.Minute)); err != nil || n != 1 {
		t.Fatalf("a sweep an hour later deleted %d (%v), want the orphan", n, err)
	}
	if _, err := files.Read(ctx, orphan); err != filestore.ErrNotFound || env.StoredFiles() != 1 {
		t.Errorf("after the sweep: %d stored files, the orphan's read: %v", env.StoredFiles(), err)
	}
	resp, err := http.Get(up.UploadCandidateFile.DownloadURL)
	if err != nil {
		t.Fatal(err)
	}
	got, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK || !bytes.Equal(got, hiregraphtest.SamplePDF) {
		t.Errorf("the uploaded file after the sweep: %d %q", resp.StatusCode, got)
	}
}

// TestSweepLooksKeysUpByIndex runs a sweep and asks the database how it
// runs each look-up of the stored keys in the rows: through the
// storage_key index, not by reading every file row once per batch of keys
// (a million files would be read a thousand times a sweep).
func TestSweepLooksKeysUpByIndex(t *testing.T) {
	env, rec := newRecordingEnv(t)
	ctx := context.Background()
	files, _ := storeOrphan(t, env)
	rec.take()
	if _, err := recruiting.SweepFiles(ctx, ent.NewClient(ent.Driver(rec)), files, time.Now().Add(recruiting.OrphanAge+time.Minute)); err != nil {
		t.Fatal(err)
	}
	lookups := 0
	for _, q := range rec.take() {
		if !strings.Contains(q.text, "storage_key") {
			continue
		}
		lookups++
		plan := explain(t, env.DB, q)
		if !strings.Contains(plan, "_storage_key") {
			t.Errorf("%s\nruns as\n%s\nwithout the storage_key index", q.text, plan)
		}
	}
	if lookups != 2 {
		t.Errorf("the sweep looked stored keys up %d times, want twice (files, exports)", lookups)
	}
}

// storeOrphan stores a file in env's store with no row naming it, as a
// process killed before its row committed leaves one, and returns the
// store (closed with the test) and the file's key.
func storeOrphan(t *testing.T, env *hiregraphtest.Env) (*filestore.Store, string) {
	t.Helper()
	dirURL, err := filestore.DirURL(env.FilesDir)
	if err != nil {
		t.Fatal(err)
	}
	files, err := filestore.Open(dirURL, 0)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { files.Close() })
	f, err := files.Check("resume", "orphan.pdf", bytes.NewReader(hiregraphtest.SamplePDF))
	if err != nil {
		t.Fatal(err)
	}
	key, err := files.Put(context.Background(), f)
	if err != nil {
		t.Fatal(err)
	}
	return files, key
}
