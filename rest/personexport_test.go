package rest_test

import (
	"archive/zip"
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/hiregraph/hiregraph/internal/hiregraphtest"
)

// exportJSON is the REST answer of an export.
type exportJSON struct {
	UID, Status string
	PersonUID   string  `json:"person_uid"`
	URL         *string `json:"url"`
	URLExpires  *string `json:"url_expires"`
}

// waitForExport polls the export until it is no longer queued or running.
func waitForExport(t *testing.T, env *hiregraphtest.Env, uid string) exportJSON {
	t.Helper()
	deadline := time.Now().Add(30 * time.Second)
	for {
		var e exportJSON
		env.Do(http.MethodGet, "/v1/person-exports/"+uid, nil).JSON(t, &e)
		if e.Status != "QUEUED" && e.Status != "RUNNING" {
			return e
		}
		if time.Now().After(deadline) {
			t.Fatalf("export %s still %s", uid, e.Status)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// download fetches a signed link with no credential.
func download(t *testing.T, link string) *hiregraphtest.Response {
	t.Helper()
	resp, err := http.Get(link)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	return &hiregraphtest.Response{Status: resp.StatusCode, Header: resp.Header, Body: body}
}

// An export holds everything the company holds about the person, their
// files included, in one zip behind a signed link that expires and cannot
// be altered; the export is audited.
func TestExportPerson(t *testing.T) {
	env := hiregraphtest.NewWithConfig(t, hiregraphtest.RunPersonalData(t, 0))
	personID, cids := personOf(t, env)
	createNote(t, env)
	var up struct{ UploadCandidateFile struct{ ID string } }
	env.Upload(`mutation($c: ID!, $f: Upload!) { uploadCandidateFile(candidateID: $c, file: $f) { id } }`,
		map[string]any{"c": env.Demo.CandidateUID, "f": nil}, "f",
		hiregraphtest.Part{FileName: "ada-cv.pdf", Content: hiregraphtest.SamplePDF}).Decode(t, &up)

	r := env.Do(http.MethodPost, "/v1/people/"+personID+"/export", nil)
	if r.Status != http.StatusAccepted {
		t.Fatalf("export: %s", r)
	}
	var queued exportJSON
	r.JSON(t, &queued)
	if queued.Status != "QUEUED" || queued.PersonUID != personID || queued.URL != nil {
		t.Errorf("export answered %s", r)
	}
	done := waitForExport(t, env, queued.UID)
	if done.Status != "DONE" || done.URL == nil || !strings.HasPrefix(*done.URL, env.Server.URL+"/person-exports/") {
		t.Fatalf("export ended %+v", done)
	}

	got := download(t, *done.URL)
	if got.Status != http.StatusOK || got.Header.Get("Content-Type") != "application/zip" {
		t.Fatalf("download: %d %s", got.Status, got.Header)
	}
	zr, err := zip.NewReader(bytes.NewReader(got.Body), int64(len(got.Body)))
	if err != nil {
		t.Fatalf("the archive is no zip: %v", err)
	}
	entries := map[string][]byte{}
	for _, f := range zr.File {
		rc, err := f.Open()
		if err != nil {
			t.Fatal(err)
		}
		entries[f.Name], _ = io.ReadAll(rc)
		rc.Close()
	}
	var archive struct {
		Person struct {
			ID       string
			LastName string `json:"last_name"`
		} `json:"person"`
		Candidates []struct {
			ID    string
			Edges struct {
				Notes []struct{ Text string }
				Files []struct{ ID string }
			}
		}
		Activities []struct{ Verb string }
		Consents   []struct{ Text string }
		Files      []struct {
			FileUID string `json:"file_uid"`
			Path    string
		}
	}
	if err := json.Unmarshal(entries["person.json"], &archive); err != nil {
		t.Fatalf("person.json: %v\n%s", err, entries["person.json"])
	}
	if archive.Person.ID != personID || archive.Person.LastName != "Lovelace" || len(archive.Candidates) != len(cids) {
		t.Errorf("person.json holds %+v", archive.Person)
	}
	if !strings.Contains(string(entries["person.json"]), "Great") || len(archive.Activities) == 0 {
		t.Errorf("person.json lacks the note or the timeline: %s", entries["person.json"])
	}
	if len(archive.Files) != 1 || archive.Files[0].FileUID != up.UploadCandidateFile.ID || !bytes.Equal(entries[archive.Files[0].Path], hiregraphtest.SamplePDF) {
		t.Errorf("files in the archive: %+v, entries %d", archive.Files, len(entries))
	}

	// A tampered link and an expired one are refused.
	u, _ := url.Parse(*done.URL)
	q := u.Query()
	q.Set("expires", "99999999999")
	u.RawQuery = q.Encode()
	download(t, u.String()).AssertError(t, http.StatusForbidden, "bad_signature", "not valid")
	env.Clock.Set(time.Now().Add(25 * time.Hour))
	download(t, *done.URL).AssertError(t, http.StatusForbidden, "url_expired", "expired")

	// On PostgreSQL the feed lists an event once every older transaction
	// of the cluster has ended.
	exported := func() int {
		feed := env.Do(http.MethodGet, "/v1/events?limit=1000&types=person.exported", nil)
		return strings.Count(string(feed.Body), `"person.exported"`)
	}
	if n := hiregraphtest.Settled(t, exported, func(n int) bool { return n >= len(cids) }); n != len(cids) {
		t.Errorf("person.exported %d times, want once per candidate", n)
	}

	// Erasing the person takes their exports along: an archive holds
	// everything erased.
	env.Clock.Set(time.Time{})
	if r := env.Do(http.MethodPost, "/v1/people/"+personID+"/erase", nil); r.Status != http.StatusOK {
		t.Fatalf("erase: %s", r)
	}
	env.Do(http.MethodGet, "/v1/person-exports/"+queued.UID, nil).AssertError(t, http.StatusNotFound, "export_not_found", queued.UID)
	download(t, *done.URL).AssertError(t, http.StatusNotFound, "export_not_found", "no longer exists")
	if n := env.StoredFiles(); n != 0 {
		t.Errorf("%d files stored after the erasure", n)
	}
}

// Exporting needs people:export, which recruiters lack; another company's
// person is unknown, through REST and GraphQL.
func TestExportPersonNeedsPeopleExport(t *testing.T) {
	env := hiregraphtest.New(t)
	personID, _ := personOf(t, env)
	path := "/v1/people/" + personID + "/export"
	env.DoAs(env.Demo.UserToken, http.MethodPost, path, nil).AssertError(t, http.StatusForbidden, "forbidden", "people:export")
	rita := env.UserToken("rita.recruiter@acme.example")
	const mutation = `mutation($id: ID!) { exportPerson(id: $id) { id status } }`
	if r := env.GraphQLAs(rita, mutation, map[string]any{"id": personID}); r.Code() != "forbidden" {
		t.Errorf("a recruiter exporting: %+v", r.Errors)
	}
	other := env.OtherCompany()
	other.Do(http.MethodPost, path, nil).AssertError(t, http.StatusNotFound, "person_not_found", personID)
	if r := other.GraphQL(mutation, map[string]any{"id": personID}); r.Code() != "person_not_found" {
		t.Errorf("another company exporting: %+v", r.Errors)
	}
	var out struct{ ExportPerson struct{ ID, Status string } }
	env.GraphQL(mutation, map[string]any{"id": personID}).Decode(t, &out)
	if out.ExportPerson.Status != "QUEUED" {
		t.Errorf("the owner's export: %+v", out)
	}
	other.Do(http.MethodGet, "/v1/person-exports/"+out.ExportPerson.ID, nil).AssertError(t, http.StatusNotFound, "export_not_found", out.ExportPerson.ID)
}
