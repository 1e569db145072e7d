package careerspage_test

import (
	"bytes"
	"context"
	"net/http"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"github.com/hiregraph/hiregraph/internal/hiregraphtest"
)

func TestPageHeaders(t *testing.T) {
	env := hiregraphtest.New(t)
	r := env.DoWith(http.MethodGet, "/careers/"+env.Demo.CompanyUID+"?token="+env.Demo.CareersToken, nil, nil)
	if r.Status != http.StatusOK || !strings.Contains(r.Header.Get("Content-Security-Policy"), "script-src 'self'") {
		t.Fatalf("page: %d %v", r.Status, r.Header)
	}
	body := string(r.Body)
	if strings.Contains(body, "http://") || strings.Contains(body, "https://") || strings.Contains(body, "<script>") {
		t.Errorf("page loads from other sites or inlines script: %s", body)
	}
	for _, asset := range []string{"careers.js", "careers.css"} {
		if a := env.DoWith(http.MethodGet, "/careers/assets/"+asset, nil, nil); a.Status != http.StatusOK || len(a.Body) == 0 {
			t.Errorf("%s: %d", asset, a.Status)
		}
	}
}

// TestVisitorBrowsesPositions drives the page in headless Chromium as a
// visitor would: the published positions appear under their departments,
// and clicking one shows its details, without internal-use fields.
func TestVisitorBrowsesPositions(t *testing.T) {
	env := hiregraphtest.New(t)
	ctx := hiregraphtest.Browser(t)

	err := chromedp.Do(ctx,
		chromedp.Navigate(env.URL("/careers/"+env.Demo.CompanyUID+"?token="+env.Demo.CareersToken)),
		chromedp.WaitVisible(chromedp.CSS(`button.position`)),
	)
	if err != nil {
		t.Fatalf("loading the page: %v", err)
	}
	list := text(t, ctx, chromedp.ID("positions"))
	heading := text(t, ctx, chromedp.ID("company"))
	if heading != "Careers at Acme Robotics" {
		t.Errorf("heading = %q", heading)
	}
	for _, want := range []string{"Engineering", "Operations", "Sales", "Senior Backend Engineer", "Berlin, DE", "Robotics Technician", "Austin, US", "Account Executive"} {
		if !strings.Contains(list, want) {
			t.Errorf("the list does not show %q:\n%s", want, list)
		}
	}
	for _, hidden := range []string{"Office Manager", "template"} {
		if strings.Contains(list, hidden) {
			t.Errorf("the list shows %q:\n%s", hidden, list)
		}
	}
	if strings.Index(list, "Engineering") > strings.Index(list, "Senior Backend Engineer") {
		t.Errorf("positions are not grouped under their department:\n%s", list)
	}

	err = chromedp.Do(ctx,
		chromedp.Click(chromedp.Search(`//button[normalize-space()="Senior Backend Engineer"]`)),
		chromedp.WaitVisible(chromedp.ID("details")),
	)
	if err != nil {
		t.Fatalf("opening a position: %v", err)
	}
	title := text(t, ctx, chromedp.ID("details-title"))
	details := text(t, ctx, chromedp.ID("details-body"))
	// The window's title and the keyboard focus follow the open position.
	windowTitle, err := chromedp.Run(ctx, chromedp.Title())
	if err != nil || windowTitle != "Senior Backend Engineer – Careers at Acme Robotics" {
		t.Errorf("window title %q (%v)", windowTitle, err)
	}
	if focused, err := chromedp.Run(ctx, chromedp.Evaluate[string](`document.activeElement.id`)); err != nil || focused != "details-title" {
		t.Errorf("focus is on %q (%v), want the position's title", focused, err)
	}
	if title != "Senior Backend Engineer" || !strings.Contains(details, "fleet API") || !strings.Contains(details, "Requirements") {
		t.Errorf("details = %q / %q", title, details)
	}
	if strings.Contains(details, "Hiring notes") || strings.Contains(details, "budget") {
		t.Errorf("details show internal-use fields: %q", details)
	}
	bold, err := chromedp.Run(ctx, chromedp.Evaluate[int](`document.querySelectorAll('#details-body b').length`))
	if err != nil || bold == 0 {
		t.Errorf("the description's <b> was not rendered as markup (%d, %v)", bold, err)
	}
}

func text(t *testing.T, ctx context.Context, sel chromedp.ID) string {
	t.Helper()
	s, err := chromedp.Run(ctx, chromedp.Text(sel))
	if err != nil {
		t.Fatalf("reading %s: %v", sel, err)
	}
	return s
}

// TestPageFollowsPublication: a position published or unpublished through
// the graph shows on, or leaves, the page at its next load, though the page
// loaded the list a moment before (the API allows caching for a minute).
func TestPageFollowsPublication(t *testing.T) {
	env := hiregraphtest.New(t)
	ctx := hiregraphtest.Browser(t)
	page := env.URL("/careers/" + env.Demo.CompanyUID + "?token=" + env.Demo.CareersToken)
	load := func() string {
		t.Helper()
		if err := chromedp.Do(ctx, chromedp.Navigate(page), chromedp.WaitVisible(chromedp.CSS(`button.position`))); err != nil {
			t.Fatalf("loading the page: %v", err)
		}
		return text(t, ctx, chromedp.ID("positions"))
	}
	if list := load(); !strings.Contains(list, "Senior Backend Engineer") {
		t.Fatalf("the published position is missing:\n%s", list)
	}
	mutate := func(name string) {
		t.Helper()
		var out map[string]any
		env.GraphQL(`mutation($id: ID!) { `+name+`(id: $id) { id } }`, map[string]any{"id": env.Demo.PublishedPositionUID}).Decode(t, &out)
	}
	mutate("unpublishPosition")
	if list := load(); strings.Contains(list, "Senior Backend Engineer") {
		t.Errorf("an unpublished position still shows:\n%s", list)
	}
	mutate("publishPosition")
	if list := load(); !strings.Contains(list, "Senior Backend Engineer") {
		t.Errorf("a published position does not show:\n%s", list)
	}
}

// A visitor who follows a link with a wrong token is told, in words for a
// job seeker, that the link is not valid, not what the API tells
// developers.
func TestWrongTokenIsExplainedToTheVisitor(t *testing.T) {
	env := hiregraphtest.New(t)
	ctx := hiregraphtest.Browser(t)
	err := chromedp.Do(ctx,
		chromedp.Navigate(env.URL("/careers/"+env.Demo.CompanyUID+"?token=wrong")),
		chromedp.WaitVisible(chromedp.Search(`//p[@id="status"][contains(., "link")]`)),
	)
	if err != nil {
		t.Fatalf("loading the page: %v", err)
	}
	if status := text(t, ctx, chromedp.ID("status")); !strings.Contains(status, "careers page link is not complete or no longer valid") {
		t.Errorf("status = %q", status)
	}
	hiregraphtest.CheckAccessibility(t, ctx)
}

// Every page's browser asks for /favicon.ico.
func TestFavicon(t *testing.T) {
	env := hiregraphtest.New(t)
	r := env.DoWith(http.MethodGet, "/favicon.ico", nil, nil)
	if r.Status != http.StatusOK || r.Header.Get("Content-Type") != "image/x-icon" || !bytes.HasPrefix(r.Body, []byte{0, 0, 1, 0}) {
		t.Errorf("favicon: %d %q, %d bytes", r.Status, r.Header.Get("Content-Type"), len(r.Body))
	}
}
