package graph_test

import (
	"net/http"
	"testing"

	"github.com/hiregraph/hiregraph/internal/hiregraphtest"
)

const deleteFileMutation = `mutation($id: ID!) { deleteCandidateFile(id: $id) }`

// Deleting a file removes its record and its content: it leaves the
// candidate's files, its link stops working, nothing is left in the store,
// and the candidate's timeline says who deleted what.
func TestDeleteCandidateFile(t *testing.T) {
	env := hiregraphtest.New(t)
	var up struct {
		UploadCandidateFile struct{ ID, DownloadURL string }
	}
	env.Upload(uploadMutation, map[string]any{"c": env.Demo.CandidateUID, "f": nil, "k": "RESUME"}, "f",
		hiregraphtest.Part{FileName: "cv.pdf", Content: hiregraphtest.SamplePDF}).Decode(t, &up)
	f := up.UploadCandidateFile
	if env.StoredFiles() != 1 {
		t.Fatalf("%d files stored after an upload", env.StoredFiles())
	}

	var out struct{ DeleteCandidateFile string }
	env.GraphQL(deleteFileMutation, map[string]any{"id": f.ID}).Decode(t, &out)
	if out.DeleteCandidateFile != f.ID {
		t.Errorf("deleteCandidateFile = %q, want %q", out.DeleteCandidateFile, f.ID)
	}
	var cand struct {
		Node struct {
			Files      struct{ TotalCount int }
			Activities struct {
				Edges []struct {
					Node struct {
						Verb, ObjectID, ActorType string
						Changes                   []struct {
							Field  string
							Before any
						}
					}
				}
			}
		}
	}
	env.GraphQL(`query($id: ID!) { node(id: $id) { ... on Candidate { files(first: 5) { totalCount }
		activities(first: 1) { edges { node { verb objectID actorType changes { field before } } } } } } }`,
		map[string]any{"id": env.Demo.CandidateUID}).Decode(t, &cand)
	if cand.Node.Files.TotalCount != 0 {
		t.Errorf("the candidate still has %d files", cand.Node.Files.TotalCount)
	}
	if a := cand.Node.Activities.Edges; len(a) != 1 || a[0].Node.Verb != "file.deleted" || a[0].Node.ObjectID != f.ID ||
		a[0].Node.ActorType != "API_KEY" || len(a[0].Node.Changes) != 1 || a[0].Node.Changes[0].Before != "cv.pdf" {
		t.Errorf("the latest activity: %+v", a)
	}
	resp, err := http.Get(f.DownloadURL)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusNotFound {
		t.Errorf("the deleted file's link answered %d", resp.StatusCode)
	}
	if n := env.StoredFiles(); n != 0 {
		t.Errorf("%d files left in the store", n)
	}

	assertCode(t, env.GraphQL(deleteFileMutation, map[string]any{"id": f.ID}), "file_not_found", 404)
}

// Removing a file for good is editing the candidate: a hiring manager, who
// may attach files, may not delete them, nor may another company.
func TestDeleteCandidateFileNeedsEditCandidates(t *testing.T) {
	env := hiregraphtest.New(t)
	var up struct {
		UploadCandidateFile struct{ ID, DownloadURL string }
	}
	env.Upload(uploadMutation, map[string]any{"c": env.Demo.CandidateUID, "f": nil}, "f",
		hiregraphtest.Part{FileName: "cv.pdf", Content: hiregraphtest.SamplePDF}).Decode(t, &up)
	id := up.UploadCandidateFile.ID

	hank := env.UserToken("hank.manager@acme.example")
	assertCode(t, env.GraphQLAs(hank, deleteFileMutation, map[string]any{"id": id}), "forbidden", 403)
	other := env.OtherCompany()
	assertCode(t, other.GraphQLAs(other.Demo.APIKey, deleteFileMutation, map[string]any{"id": id}), "file_not_found", 404)
	assertDownloads(t, up.UploadCandidateFile.DownloadURL, hiregraphtest.SamplePDF, "cv.pdf")
}
