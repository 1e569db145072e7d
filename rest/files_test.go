package rest_test

import (
	"io"
	"net/http"
	"testing"

	"github.com/hiregraph/hiregraph/internal/hiregraphtest"
)

// TestListCandidateFiles lists a candidate's files with fresh signed links
// that download them without an API key.
func TestListCandidateFiles(t *testing.T) {
	env := hiregraphtest.New(t)
	r := env.Upload(`mutation($c: ID!, $f: Upload!) { uploadCandidateFile(candidateID: $c, file: $f, kind: RESUME) { id } }`,
		map[string]any{"c": env.Demo.CandidateUID, "f": nil}, "f", hiregraphtest.Part{FileName: "cv.pdf", Content: hiregraphtest.SamplePDF})
	if len(r.Errors) > 0 {
		t.Fatalf("upload: %+v", r.Errors)
	}
	resp := env.Do(http.MethodGet, "/v1/candidates/"+env.Demo.CandidateUID+"/files", nil)
	var body struct {
		Files []map[string]any `json:"files"`
	}
	resp.JSON(t, &body)
	if resp.Status != http.StatusOK || len(body.Files) != 1 {
		t.Fatalf("list: %s", resp)
	}
	f := body.Files[0]
	if f["kind"] != "RESUME" || f["file_name"] != "cv.pdf" || f["content_type"] != "application/pdf" || f["size"] != float64(len(hiregraphtest.SamplePDF)) {
		t.Errorf("file %v", f)
	}
	got, err := http.Get(f["url"].(string))
	if err != nil {
		t.Fatal(err)
	}
	content, _ := io.ReadAll(got.Body)
	got.Body.Close()
	if got.StatusCode != http.StatusOK || string(content) != string(hiregraphtest.SamplePDF) {
		t.Errorf("download %d %q", got.StatusCode, content)
	}
	env.Do(http.MethodGet, "/v1/candidates/can_01ARZ3NDEKTSV4RRFFQ69G5FAV/files", nil).AssertError(t, http.StatusNotFound, "candidate_not_found", "can_01ARZ3NDEKTSV4RRFFQ69G5FAV")
}

// TestExpiredFileLinkIsRefused moves the clock past a link's lifetime.
func TestExpiredFileLinkIsRefused(t *testing.T) {
	env := hiregraphtest.New(t)
	r := env.Upload(`mutation($c: ID!, $f: Upload!) { uploadCandidateFile(candidateID: $c, file: $f) { downloadURL } }`,
		map[string]any{"c": env.Demo.CandidateUID, "f": nil}, "f", hiregraphtest.Part{FileName: "cv.txt", Content: []byte("Ada Lovelace")})
	var out struct{ UploadCandidateFile struct{ DownloadURL string } }
	r.Decode(t, &out)
	env.Clock.Set(env.Clock.Now().Add(301e9))
	got, err := http.Get(out.UploadCandidateFile.DownloadURL)
	if err != nil {
		t.Fatal(err)
	}
	got.Body.Close()
	if got.StatusCode != http.StatusForbidden {
		t.Errorf("expired link answered %d", got.StatusCode)
	}
}
