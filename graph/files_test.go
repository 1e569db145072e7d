package graph_test

import (
	"bytes"
	"io"
	"net/http"
	"strings"
	"testing"

	"github.com/hiregraph/hiregraph/internal/hiregraphtest"
	"github.com/hiregraph/hiregraph/internal/server"
)

const uploadMutation = `mutation($c: ID!, $f: Upload!, $k: CandidateFileKind) {
  uploadCandidateFile(candidateID: $c, file: $f, kind: $k) { id kind fileName contentType size downloadURL downloadURLExpires }
}`

// TestUploadCandidateFile uploads a resume through the GraphQL multipart
// request spec, finds it on Candidate.files and downloads it through its
// signed link.
func TestUploadCandidateFile(t *testing.T) {
	env := hiregraphtest.New(t)
	r := env.Upload(uploadMutation, map[string]any{"c": env.Demo.CandidateUID, "f": nil, "k": "RESUME"}, "f",
		hiregraphtest.Part{FileName: "../Ada CV.pdf", ContentType: "image/png", Content: hiregraphtest.SamplePDF})
	var out struct {
		UploadCandidateFile struct {
			ID, Kind, FileName, ContentType, DownloadURL string
			Size                                         int
		}
	}
	r.Decode(t, &out)
	f := out.UploadCandidateFile
	if f.Kind != "RESUME" || f.FileName != "Ada CV.pdf" || f.ContentType != "application/pdf" || f.Size != len(hiregraphtest.SamplePDF) {
		t.Fatalf("uploaded %+v", f)
	}

	var list struct {
		Node struct {
			Files struct {
				TotalCount int
				Edges      []struct {
					Node struct{ ID, FileName, DownloadURL string }
				}
			}
		}
	}
	env.GraphQL(`query($id: ID!) { node(id: $id) { ... on Candidate { files(first: 10) { totalCount edges { node { id fileName downloadURL } } } } } }`,
		map[string]any{"id": env.Demo.CandidateUID}).Decode(t, &list)
	if list.Node.Files.TotalCount != 1 || list.Node.Files.Edges[0].Node.ID != f.ID {
		t.Fatalf("Candidate.files = %+v", list.Node.Files)
	}
	assertDownloads(t, list.Node.Files.Edges[0].Node.DownloadURL, hiregraphtest.SamplePDF, "Ada CV.pdf")
}

// assertDownloads fetches a signed link without credentials and checks
// the file comes back as an attachment.
func assertDownloads(t *testing.T, link string, want []byte, name string) {
	t.Helper()
	resp, err := http.Get(link)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	got, _ := io.ReadAll(resp.Body)
	if resp.StatusCode != http.StatusOK || !bytes.Equal(got, want) {
		t.Fatalf("download: %d %q", resp.StatusCode, got)
	}
	if cd := resp.Header.Get("Content-Disposition"); !strings.HasPrefix(cd, "attachment") || !strings.Contains(cd, name) {
		t.Errorf("Content-Disposition = %q", cd)
	}
	if resp.Header.Get("Content-Type") != "application/pdf" || resp.Header.Get("Cache-Control") != "private, no-store" {
		t.Errorf("headers %v", resp.Header)
	}
	resp, err = http.Get(strings.Replace(link, "signature=", "signature=x", 1))
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusForbidden {
		t.Errorf("an edited link answered %d", resp.StatusCode)
	}
}

func TestUploadRefusesWhatIsNotADocument(t *testing.T) {
	env := hiregraphtest.New(t)
	r := env.Upload(uploadMutation, map[string]any{"c": env.Demo.CandidateUID, "f": nil}, "f",
		hiregraphtest.Part{FileName: "cv.pdf", ContentType: "application/pdf", Content: []byte("MZ\x90\x00 not a pdf at all \x00\x01")})
	assertCode(t, r, "unsupported_file_type", 415)
	r = env.Upload(uploadMutation, map[string]any{"c": env.Demo.CandidateUID, "f": nil}, "f",
		hiregraphtest.Part{FileName: "big.txt", Content: bytes.Repeat([]byte("a"), 5<<20+1)})
	assertCode(t, r, "file_too_large", 413)
	r = env.Upload(uploadMutation, map[string]any{"c": "can_01ARZ3NDEKTSV4RRFFQ69G5FAV", "f": nil}, "f",
		hiregraphtest.Part{FileName: "cv.pdf", Content: hiregraphtest.SamplePDF})
	assertCode(t, r, "candidate_not_found", 404)
}

// Without --public-url, a download link is built on the scheme and host
// the request came to, as next_page is, in GraphQL and in REST: a
// front-end on another origin must be able to open it.
func TestDownloadLinksAreAbsoluteWithoutPublicURL(t *testing.T) {
	env := hiregraphtest.NewWithConfig(t, func(c *server.Config) { c.PublicURL = "" })
	r := env.Upload(uploadMutation, map[string]any{"c": env.Demo.CandidateUID, "f": nil, "k": "RESUME"}, "f",
		hiregraphtest.Part{FileName: "cv.pdf", Content: hiregraphtest.SamplePDF})
	var out struct{ UploadCandidateFile struct{ DownloadURL string } }
	r.Decode(t, &out)
	rest := env.Do(http.MethodGet, "/v1/candidates/"+env.Demo.CandidateUID+"/files", nil)
	var listed struct{ Files []struct{ URL string } }
	rest.JSON(t, &listed)
	if len(listed.Files) != 1 {
		t.Fatalf("REST files: %s", rest)
	}
	for face, link := range map[string]string{"GraphQL downloadURL": out.UploadCandidateFile.DownloadURL, "REST url": listed.Files[0].URL} {
		if !strings.HasPrefix(link, env.Server.URL+"/candidate-files/") {
			t.Errorf("%s = %q, want a link on %s", face, link, env.Server.URL)
			continue
		}
		assertDownloads(t, link, hiregraphtest.SamplePDF, "cv.pdf")
	}
}

// An upload's answer may reach into the file's edges: they load after the
// upload's transaction has committed (it once failed with
// internal_error, the file stored all the same).
func TestUploadAnswerSelectsItsCandidate(t *testing.T) {
	env := hiregraphtest.New(t)
	r := env.Upload(`mutation($c: ID!, $f: Upload!) { uploadCandidateFile(candidateID: $c, file: $f) { id candidate { id person { firstName } files(first: 5) { totalCount } } } }`,
		map[string]any{"c": env.Demo.CandidateUID, "f": nil}, "f", hiregraphtest.Part{FileName: "cv.pdf", Content: hiregraphtest.SamplePDF})
	var out struct {
		UploadCandidateFile struct {
			ID        string
			Candidate struct {
				ID     string
				Person struct{ FirstName string }
				Files  struct{ TotalCount int }
			}
		}
	}
	r.Decode(t, &out)
	c := out.UploadCandidateFile.Candidate
	if c.ID != env.Demo.CandidateUID || c.Person.FirstName == "" || c.Files.TotalCount != 1 {
		t.Errorf("the answer's candidate: %+v", c)
	}
}
