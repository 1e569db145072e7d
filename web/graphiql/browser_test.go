package graphiql_test

import (
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/hiregraph/hiregraph/internal/hiregraphtest"
)

// editorValue reads the CodeMirror editor whose text contains marker.
func editorValue(marker string) string {
	return `[...document.querySelectorAll('.CodeMirror')].map(e => e.CodeMirror.getValue()).find(v => v.includes(` + "`" + marker + "`" + `)) || ''`
}

// TestSchemaLoadsOnceTheKeyIsPasted drives the IDE as a first-time user: it
// opens with an example query and headers without a key, so the schema
// cannot load; pasting the key into the headers loads it, with no reload.
func TestSchemaLoadsOnceTheKeyIsPasted(t *testing.T) {
	env := hiregraphtest.New(t)
	ctx := hiregraphtest.Browser(t)
	err := chromedp.Do(ctx,
		chromedp.Navigate(env.URL("/")),
		chromedp.WaitVisible(chromedp.CSS(`.graphiql-container .CodeMirror`)),
	)
	if err != nil {
		t.Fatalf("opening GraphiQL: %v", err)
	}
	query, err := chromedp.Run(ctx, chromedp.Evaluate[string](editorValue("query Example")))
	if err != nil || !strings.Contains(query, "positions(first: 5)") {
		t.Errorf("the IDE does not open with the example query: %q, %v", query, err)
	}

	// The docs explorer reports the failed introspection (401).
	err = chromedp.Do(ctx,
		chromedp.Click(chromedp.CSS(`button[aria-label="Show Documentation Explorer"]`)),
		chromedp.WaitVisible(chromedp.CSS(`.graphiql-doc-explorer`)),
	)
	if err != nil {
		t.Fatalf("opening the docs explorer: %v", err)
	}
	time.Sleep(300 * time.Millisecond)
	if docs, _ := chromedp.Run(ctx, chromedp.Text(chromedp.CSS(`.graphiql-doc-explorer`))); strings.Contains(docs, "Root Types") {
		t.Fatalf("the schema loaded without a key: %q", docs)
	}

	// Paste the key, as a user would, into the headers editor.
	paste := `[...document.querySelectorAll('.CodeMirror')].find(e => e.CodeMirror.getValue().includes('Authorization')).CodeMirror.setValue(` +
		"`" + `{"Authorization": "Bearer ` + env.Demo.APIKey + `"}` + "`" + `)`
	if _, err := chromedp.Run(ctx, chromedp.Evaluate[any](paste)); err != nil {
		t.Fatalf("pasting the key: %v", err)
	}
	if _, err := chromedp.Run(ctx, chromedp.Poll[bool](`document.querySelector('.graphiql-doc-explorer').innerText.includes('Root Types')`)); err != nil {
		docs, _ := chromedp.Run(ctx, chromedp.Text(chromedp.CSS(`.graphiql-doc-explorer`)))
		t.Fatalf("the schema did not load after the key was pasted: %v; docs explorer: %q", err, docs)
	}
}
