package rest_test

import (
	"bytes"
	"encoding/base64"
	"io"
	"net/http"
	"strings"
	"testing"

	"github.com/hiregraph/hiregraph/ent/application"
	"github.com/hiregraph/hiregraph/internal/hiregraphtest"
)

func jsonFile(name string, content []byte) map[string]string {
	return map[string]string{"file_name": name, "content_base64": base64.StdEncoding.EncodeToString(content)}
}

// appliedFiles lists, over REST, the files of the candidate the
// application made.
func appliedFiles(t *testing.T, env *hiregraphtest.Env, applicationUID string) []struct {
	FileName    string `json:"file_name"`
	ContentType string `json:"content_type"`
	URL         string
} {
	t.Helper()
	a := env.DB.Client.Application.Query().Where(application.ID(applicationUID)).OnlyX(hiregraphtest.System())
	var out struct {
		Files []struct {
			FileName    string `json:"file_name"`
			ContentType string `json:"content_type"`
			URL         string
		}
	}
	env.Do(http.MethodGet, "/v1/candidates/"+a.CandidateID+"/files", nil).JSON(t, &out)
	return out.Files
}

// A JSON application carries files up to the limit the form advertises
// (base64 makes them a third larger than the body limit alone allows), and
// a file is stored and downloaded under the extension of what its bytes
// are, whatever name it was sent with.
func TestApplyJSONFilesUpToTheLimitUnderTheirType(t *testing.T) {
	env := hiregraphtest.New(t)
	form := applicationForm(t, env)
	resume := append(bytes.Clone(hiregraphtest.SamplePDF), make([]byte, form.MaxFileBytes-int64(len(hiregraphtest.SamplePDF)))...)
	app := validApplication(t, env)
	app["resume"] = jsonFile("resume.bat", resume)
	app["cover_letter_file"] = jsonFile("letter.hta", hiregraphtest.SamplePDF)
	r := env.DoWith(http.MethodPost, applyPath(env, env.Demo.PublishedPositionUID), app, nil)
	if r.Status != http.StatusCreated {
		t.Fatalf("application with a %d-byte resume: %s", len(resume), r)
	}
	files := appliedFiles(t, env, r.Map(t)["application_uid"].(string))
	names := map[string]bool{}
	for _, f := range files {
		names[f.FileName] = true
		resp, err := http.Get(f.URL)
		if err != nil {
			t.Fatal(err)
		}
		_, _ = io.Copy(io.Discard, resp.Body)
		resp.Body.Close()
		if cd := resp.Header.Get("Content-Disposition"); !strings.Contains(cd, `filename="`+f.FileName+`"`) || resp.Header.Get("Content-Type") != "application/pdf" {
			t.Errorf("%s downloads as %q, %q", f.FileName, cd, resp.Header.Get("Content-Type"))
		}
	}
	if len(files) != 2 || !names["resume.pdf"] || !names["letter.pdf"] {
		t.Errorf("stored %+v, want resume.pdf and letter.pdf", files)
	}

	app = validApplication(t, env)
	app["email"] = "grace@example.com"
	app["resume"] = jsonFile("cv.pdf", append(resume, 0))
	env.DoWith(http.MethodPost, applyPath(env, env.Demo.PublishedPositionUID), app, nil).
		AssertError(t, http.StatusRequestEntityTooLarge, "file_too_large", "resume")
}

// Web pages and images are never stored, whatever they are called: a
// browser would run what they hold.
func TestApplyRefusesHTMLAndSVG(t *testing.T) {
	env := hiregraphtest.New(t)
	for name, content := range map[string]string{
		"cv.html": "<!DOCTYPE html><html><body><script>alert(1)</script></body></html>",
		"cv.txt":  "<html><body onload=alert(1)>Ada</body></html>",
		"cv.svg":  `<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>`,
	} {
		app := validApplication(t, env)
		app["resume"] = jsonFile(name, []byte(content))
		r := env.DoWith(http.MethodPost, applyPath(env, env.Demo.PublishedPositionUID), app, nil)
		r.AssertError(t, http.StatusUnsupportedMediaType, "unsupported_file_type", "resume")
		var body struct{ Fields map[string]string }
		r.JSON(t, &body)
		if body.Fields["resume"] == "" {
			t.Errorf("%s: fields %v", name, body.Fields)
		}
	}
	if n := env.DB.Client.CandidateFile.Query().CountX(hiregraphtest.System()); n != 0 {
		t.Errorf("%d files recorded", n)
	}

	// Text that is not a page, though it quotes markup, is plain text,
	// stored and served as such.
	app := validApplication(t, env)
	app["resume"] = jsonFile("cv.html", []byte("Ada Byron\nSkills: <script> tags, engines\n"))
	r := env.DoWith(http.MethodPost, applyPath(env, env.Demo.PublishedPositionUID), app, nil)
	if r.Status != http.StatusCreated {
		t.Fatalf("a plain-text resume: %s", r)
	}
	files := appliedFiles(t, env, r.Map(t)["application_uid"].(string))
	if len(files) != 1 || files[0].FileName != "cv.txt" || files[0].ContentType != "text/plain" {
		t.Errorf("stored %+v, want cv.txt as text/plain", files)
	}
}

// The cover letter's limit counts the characters the applicant typed, not
// the stored text, in which & and quotes take several bytes each.
func TestApplyCoverLetterLimitCountsWhatWasTyped(t *testing.T) {
	env := hiregraphtest.New(t)
	app := validApplication(t, env)
	app["cover_letter"] = strings.Repeat(`&"é`, 20000/3) + "&&"
	r := env.DoWith(http.MethodPost, applyPath(env, env.Demo.PublishedPositionUID), app, nil)
	if r.Status != http.StatusCreated {
		t.Fatalf("a 20,000-character cover letter: %s", r)
	}
	app = validApplication(t, env)
	app["email"] = "grace@example.com"
	app["cover_letter"] = strings.Repeat("&", 20001)
	r = env.DoWith(http.MethodPost, applyPath(env, env.Demo.PublishedPositionUID), app, nil)
	r.AssertError(t, http.StatusUnprocessableEntity, "validation_failed", "cover_letter")
	var body struct{ Fields map[string]string }
	r.JSON(t, &body)
	if body.Fields["cover_letter"] != "must be at most 20000 characters" {
		t.Errorf("fields %v", body.Fields)
	}
}
