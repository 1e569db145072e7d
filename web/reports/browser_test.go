package reports_test

import (
	"context"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"github.com/hiregraph/hiregraph/internal/demo"
	"github.com/hiregraph/hiregraph/internal/hiregraphtest"
)

var screenshot = flag.Bool("screenshots", false, "write the guide's picture of the reports page (docs/reports.png)")

// showMarch signs the demo recruiter in at /app/reports and shows
// ReportHistory's month for its position, as a person does with the
// filter form.
func showMarch(t *testing.T, env *hiregraphtest.Env) context.Context {
	t.Helper()
	ctx := hiregraphtest.Browser(t)
	must(t, "signing in", chromedp.Do(ctx,
		chromedp.EmulateViewport(1280, 1000),
		chromedp.Navigate(env.URL("/app/reports")),
		chromedp.WaitVisible(chromedp.ID("token")),
		chromedp.SetValue(chromedp.ID("token"), env.UserToken(demo.RecruiterEmail)),
		chromedp.Click(chromedp.CSS(`#sign-in button[type=submit]`)),
		chromedp.WaitVisible(chromedp.ID("filter")),
	))
	waitFor(t, ctx, "the positions", `[...document.querySelectorAll('#position option')].some(o => o.textContent === 'Data Analyst')`)
	must(t, "filling the filter", chromedp.Do(ctx,
		chromedp.SetValue(chromedp.ID("from"), "2031-03-01"),
		chromedp.SetValue(chromedp.ID("to"), "2031-04-01"),
	))
	waitFor(t, ctx, "choosing the position", `(() => { const s = document.getElementById('position');
		s.value = [...s.options].find(o => o.textContent === 'Data Analyst').value; return true; })()`)
	must(t, "showing", chromedp.Do(ctx, chromedp.Click(chromedp.CSS(`#filter button[type=submit]`))))
	waitFor(t, ctx, "the reports", `document.getElementById('status').textContent === 'Reports shown.' &&
		document.querySelector('#section-funnel tbody th')?.textContent === 'Applied'`)
	return ctx
}

func must(t *testing.T, what string, err error) {
	t.Helper()
	if err != nil {
		t.Fatalf("%s: %v", what, err)
	}
}

// waitFor polls condition in the page for a few seconds, failing t with
// the errors the page shows.
func waitFor(t *testing.T, ctx context.Context, what, condition string) {
	t.Helper()
	if _, err := chromedp.Run(ctx, chromedp.Poll[bool](condition, chromedp.WithPollingTimeout(10*time.Second))); err != nil {
		shown, _ := chromedp.Run(ctx, chromedp.Evaluate[string](`document.getElementById('errors').textContent`))
		t.Fatalf("%s: %v; errors shown: %q", what, err, shown)
	}
}

// TestReportsPage: every report is a drawn chart whose label reads its
// figures, with a table of the same figures, a CSV download that reaches
// the server with the person's token, and no serious accessibility
// violation (axe-core).
func TestReportsPage(t *testing.T) {
	hiregraphtest.Long(t, "loads Chromium")
	env := hiregraphtest.New(t)
	env.ReportHistory()
	ctx := showMarch(t, env)

	drawn, err := chromedp.Run(ctx, chromedp.Evaluate[int](`[...document.querySelectorAll('#reports canvas')].filter(c => Chart.getChart(c)).length`))
	if err != nil || drawn != 7 {
		t.Fatalf("charts drawn: %d (%v), want 7", drawn, err)
	}
	label, err := chromedp.Run(ctx, chromedp.Evaluate[string](`document.querySelector('#section-funnel canvas').getAttribute('aria-label')`))
	if err != nil || !strings.Contains(label, "Applied: 4 reached, Technical interview: 3 reached, Offer: 1 reached, Hired: 1 reached") {
		t.Errorf("the funnel chart's label %q (%v)", label, err)
	}
	rows, err := chromedp.Run(ctx, chromedp.Evaluate[[]string](`[...document.querySelectorAll('#section-funnel tbody tr')].map(r => [...r.cells].map(c => c.textContent).join(' '))`))
	if err != nil || strings.Join(rows, "|") != "Applied 4 75 % 0 1|Technical interview 3 33 % 1 0|Offer 1 100 % 0 0|Hired 1 — 0 0" {
		t.Errorf("the funnel's table %q (%v)", rows, err)
	}

	// The table opens from the keyboard.
	must(t, "pressing Enter on the sources' table", chromedp.Do(ctx,
		chromedp.Focus(chromedp.CSS(`#section-sources summary`)),
		chromedp.KeyEvent(kb.Enter),
	))
	waitFor(t, ctx, "the sources' table opens", `document.querySelector('#section-sources details').open`)

	must(t, "clicking Download CSV", chromedp.Do(ctx, chromedp.Click(chromedp.CSS(`#section-sources button.csv`))))
	waitFor(t, ctx, "the sources' CSV", `document.getElementById('status').textContent === 'Sources downloaded.'`)
	hiregraphtest.CheckAccessibility(t, ctx)
}

// TestReportsScreenshot draws the guide's picture of the page:
// HIREGRAPH_TEST_LONG=1 go test ./web/reports -run TestReportsScreenshot -screenshots.
func TestReportsScreenshot(t *testing.T) {
	if !*screenshot {
		t.Skip("writes docs/reports.png only when asked: -screenshots")
	}
	env := hiregraphtest.New(t)
	env.ReportHistory()
	ctx := showMarch(t, env)
	png, err := chromedp.Run(ctx, chromedp.FullScreenshot(100))
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(hiregraphtest.ModuleRoot(), "docs", "reports.png"), png, 0o644); err != nil {
		t.Fatal(err)
	}
	t.Logf("wrote docs/reports.png, %d KB", len(png)/1024)
}
