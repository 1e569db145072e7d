package apidocs_test

import (
	"net/http"
	"regexp"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"github.com/hiregraph/hiregraph/internal/hiregraphtest"
)

var scriptSrc = regexp.MustCompile(`<script src="([^"]+)"`)

func TestPageAndAssets(t *testing.T) {
	env := hiregraphtest.New(t)
	r := env.DoWith(http.MethodGet, "/docs", nil, nil)
	if r.Status != http.StatusOK || r.Header.Get("Content-Type") != "text/html; charset=utf-8" {
		t.Fatalf("page: %s", r)
	}
	if csp := r.Header.Get("Content-Security-Policy"); !strings.Contains(csp, "script-src 'self'") || !strings.Contains(csp, "connect-src 'self'") {
		t.Errorf("Content-Security-Policy = %q", csp)
	}
	page := string(r.Body)
	if strings.Contains(page, "//") || strings.Contains(page, "<script>") {
		t.Errorf("the page loads from another site or inlines a script:\n%s", page)
	}
	scripts := scriptSrc.FindAllStringSubmatch(page, -1)
	if len(scripts) != 2 {
		t.Fatalf("the page loads %d scripts, want Redoc and its start script", len(scripts))
	}
	for _, m := range scripts {
		a := env.DoWith(http.MethodGet, m[1], nil, nil)
		if a.Status != http.StatusOK || !strings.HasPrefix(a.Header.Get("Content-Type"), "text/javascript") || len(a.Body) == 0 {
			t.Errorf("%s: %d %q", m[1], a.Status, a.Header.Get("Content-Type"))
		}
	}
	for _, hidden := range []string{"/docs/assets/index.html", "/docs/assets/LICENSE-redoc.txt", "/docs/assets/"} {
		if a := env.DoWith(http.MethodGet, hidden, nil, nil); a.Status != http.StatusNotFound {
			t.Errorf("%s: %d, want 404", hidden, a.Status)
		}
	}
}

// TestReaderSeesTheReference renders the page in headless Chromium: Redoc,
// loaded from the server alone, shows the operations of /openapi.json.
func TestReaderSeesTheReference(t *testing.T) {
	env := hiregraphtest.New(t)
	ctx := hiregraphtest.Browser(t)
	err := chromedp.Do(ctx,
		chromedp.Navigate(env.URL("/docs")),
		chromedp.WaitVisible(chromedp.CSS(`.api-content`)),
	)
	if err != nil {
		t.Fatalf("rendering /docs: %v", err)
	}
	text, err := chromedp.Run(ctx, chromedp.Text(chromedp.CSS(`.api-content`)))
	if err != nil {
		t.Fatalf("reading the reference: %v", err)
	}
	for _, want := range []string{"Hiregraph REST and careers API", "Clone a position from a template (spec 4.1)", "List published positions (spec 4.7)", "/v1/candidates/{uid}/notes"} {
		if !strings.Contains(text, want) {
			t.Errorf("the reference does not show %q", want)
		}
	}
}
