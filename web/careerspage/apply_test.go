package careerspage_test

import (
	"bytes"
	"context"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"github.com/hiregraph/hiregraph/internal/hiregraphtest"
)

// openApplyForm opens the published position's page at a phone's width.
func openApplyForm(t *testing.T, env *hiregraphtest.Env) context.Context {
	t.Helper()
	ctx := hiregraphtest.Browser(t)
	err := chromedp.Do(ctx,
		chromedp.EmulateViewport(375, 740),
		chromedp.Navigate(env.URL("/careers/"+env.Demo.CompanyUID+"?token="+env.Demo.CareersToken+"#position="+env.Demo.PublishedPositionUID)),
		chromedp.WaitVisible(chromedp.ID("apply-form")),
	)
	if err != nil {
		t.Fatalf("opening the apply form: %v", err)
	}
	return ctx
}

// TestApplyFormShowsTheAPIsFieldMessages submits the form empty: each
// required input shows the API's message beside it, and the page passes
// axe-core with the errors showing and fits a phone's width.
func TestApplyFormShowsTheAPIsFieldMessages(t *testing.T) {
	env := hiregraphtest.New(t)
	ctx := openApplyForm(t, env)
	err := chromedp.Do(ctx,
		chromedp.Click(chromedp.ID("apply-submit")),
		chromedp.WaitVisible(chromedp.ID("err-first_name")),
	)
	if err != nil {
		t.Fatalf("submitting the empty form: %v", err)
	}
	for _, id := range []string{"err-first_name", "err-last_name", "err-email", "err-consent", "question-0-error"} {
		if msg := text(t, ctx, chromedp.ID(id)); msg == "" {
			t.Errorf("%s shows no message", id)
		}
	}
	if msg := text(t, ctx, chromedp.ID("question-0-error")); !strings.Contains(msg, "please answer") {
		t.Errorf("question message %q", msg)
	}
	invalid, _ := chromedp.Run(ctx, chromedp.Evaluate[string](`document.getElementById('email').getAttribute('aria-invalid')`))
	if invalid != "true" {
		t.Errorf("email aria-invalid = %q", invalid)
	}
	hint := text(t, ctx, chromedp.ID("resume-hint"))
	if hint != "PDF, DOC, DOCX, RTF, ODT or TXT, up to 5 MB." {
		t.Errorf("resume hint %q", hint)
	}
	if consent := text(t, ctx, chromedp.ID("consent-text")); !strings.Contains(consent, "Acme Robotics") {
		t.Errorf("consent text %q", consent)
	}
	fits, _ := chromedp.Run(ctx, chromedp.Evaluate[bool](`document.documentElement.scrollWidth <= window.innerWidth`))
	if !fits {
		t.Error("the page is wider than a phone's screen")
	}
	hiregraphtest.CheckAccessibility(t, ctx)
}

// TestVisitorAppliesWithAResume fills the form on a phone's width with a
// PDF resume and sends it: the success view shows, and a recruiter finds
// the candidate through GraphQL at the position's first step with the
// resume downloadable.
func TestVisitorAppliesWithAResume(t *testing.T) {
	env := hiregraphtest.New(t)
	ctx := openApplyForm(t, env)
	resume := filepath.Join(t.TempDir(), "Ada Byron CV.pdf")
	if err := os.WriteFile(resume, hiregraphtest.SamplePDF, 0o600); err != nil {
		t.Fatal(err)
	}
	err := chromedp.Do(ctx,
		chromedp.SendKeys(chromedp.ID("first_name"), "Ada"),
		chromedp.SendKeys(chromedp.ID("last_name"), "Byron"),
		chromedp.SendKeys(chromedp.ID("email"), "ada.byron@example.com"),
		chromedp.SendKeys(chromedp.ID("phone"), "+44 20 7946 0000"),
		chromedp.SetValue(chromedp.ID("question-0"), "Yes"),
		chromedp.SetUploadFiles(chromedp.ID("resume"), []string{resume}),
		chromedp.SendKeys(chromedp.ID("cover_letter"), "I like engines."),
		chromedp.Click(chromedp.ID("consent")),
		chromedp.Click(chromedp.ID("apply-submit")),
		chromedp.WaitVisible(chromedp.ID("applied")),
	)
	if err != nil {
		t.Fatalf("applying: %v", err)
	}
	if msg := text(t, ctx, chromedp.ID("applied-message")); !strings.Contains(msg, "Thank you, Ada") {
		t.Errorf("success message %q", msg)
	}
	hiregraphtest.CheckAccessibility(t, ctx)

	var found struct {
		Candidates struct {
			Edges []struct {
				Node struct {
					Person      struct{ Email string }
					Position    struct{ ID string }
					CurrentStep struct {
						Name string
						Rank int
					}
					Files struct {
						Edges []struct {
							Node struct{ FileName, Kind, DownloadURL string }
						}
					}
				}
			}
		}
	}
	env.GraphQL(`{ candidates(first: 5, orderBy: [{field: TIME_CREATED, direction: DESC}]) { edges { node {
		person { email } position { id } currentStep { name rank } files(first: 5) { edges { node { fileName kind downloadURL } } } } } } }`, nil).Decode(t, &found)
	for _, e := range found.Candidates.Edges {
		n := e.Node
		if n.Person.Email != "ada.byron@example.com" {
			continue
		}
		if n.Position.ID != env.Demo.PublishedPositionUID || n.CurrentStep.Rank != 0 {
			t.Errorf("candidate at %s, step %+v", n.Position.ID, n.CurrentStep)
		}
		if len(n.Files.Edges) != 1 || n.Files.Edges[0].Node.Kind != "RESUME" || n.Files.Edges[0].Node.FileName != "Ada Byron CV.pdf" {
			t.Fatalf("files %+v", n.Files)
		}
		resp, err := http.Get(n.Files.Edges[0].Node.DownloadURL)
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if resp.StatusCode != http.StatusOK || !bytes.Equal(body, hiregraphtest.SamplePDF) {
			t.Errorf("resume download: %d %q", resp.StatusCode, body)
		}
		return
	}
	t.Fatalf("no candidate for ada.byron@example.com: %+v", found)
}
