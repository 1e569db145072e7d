package board_test

import (
	"io"
	"net/http"
	"regexp"
	"strings"
	"testing"

	"github.com/hiregraph/hiregraph/internal/hiregraphtest"
)

func get(t *testing.T, url, host string) (*http.Response, string) {
	t.Helper()
	req, err := http.NewRequest(http.MethodGet, url, nil)
	if err != nil {
		t.Fatal(err)
	}
	if host != "" {
		req.Host = host
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	return resp, string(b)
}

var (
	srcOrHref = regexp.MustCompile(`(?:src|href)="([^"]*)"`)
	imports   = regexp.MustCompile(`(?m)^import .* from '\./([^']+)';$`)
)

// TestPageAndAssetsAreServedFromTheBinary: /app and /app/ answer the page
// under a policy that allows only its own scripts and its host's API and
// WebSockets; everything it loads, and what its script imports, is served
// from the binary, and nothing else under the assets path is.
func TestPageAndAssetsAreServedFromTheBinary(t *testing.T) {
	env := hiregraphtest.New(t)
	host := strings.TrimPrefix(env.Server.URL, "http://")
	for _, path := range []string{"/app", "/app/"} {
		resp, page := get(t, env.URL(path), "")
		if resp.StatusCode != http.StatusOK || resp.Header.Get("Content-Type") != "text/html; charset=utf-8" {
			t.Fatalf("GET %s: %d %s", path, resp.StatusCode, resp.Header.Get("Content-Type"))
		}
		csp := resp.Header.Get("Content-Security-Policy")
		for _, want := range []string{"default-src 'none'", "script-src 'self';", "style-src 'self';",
			"connect-src 'self' ws://" + host + " wss://" + host + ";", "frame-ancestors 'none'"} {
			if !strings.Contains(csp, want) {
				t.Errorf("GET %s: policy %q lacks %q", path, csp, want)
			}
		}
		if strings.Contains(csp, "unsafe") {
			t.Errorf("GET %s: policy %q allows unsafe sources", path, csp)
		}
		if !strings.Contains(page, "<h1>Pipeline board</h1>") || strings.Contains(page, "<script>") || strings.Contains(page, "style=") {
			t.Errorf("GET %s: not the board, or inline script or style:\n%s", path, page)
		}
	}

	_, page := get(t, env.URL("/app"), "")
	var loaded []string
	for _, m := range srcOrHref.FindAllStringSubmatch(page, -1) {
		loaded = append(loaded, m[1])
	}
	if len(loaded) != 2 {
		t.Fatalf("the page loads %q, want its script and style sheet", loaded)
	}
	wantType := map[string]string{".js": "text/javascript; charset=utf-8", ".css": "text/css; charset=utf-8"}
	for i := 0; i < len(loaded); i++ {
		u := loaded[i]
		if !strings.HasPrefix(u, "/app/assets/") {
			t.Errorf("the page loads %q, not one of its own assets", u)
			continue
		}
		resp, body := get(t, env.URL(u), "")
		ext := u[strings.LastIndex(u, "."):]
		if resp.StatusCode != http.StatusOK || resp.Header.Get("Content-Type") != wantType[ext] || body == "" {
			t.Errorf("GET %s: %d %q, %d bytes", u, resp.StatusCode, resp.Header.Get("Content-Type"), len(body))
		}
		for _, m := range imports.FindAllStringSubmatch(body, -1) {
			loaded = append(loaded, "/app/assets/"+m[1])
		}
	}
	if len(loaded) != 3 {
		t.Errorf("assets %q, want the page's two and the WebSocket client board.js imports", loaded)
	}

	for _, path := range []string{"/app/assets/index.html", "/app/assets/", "/app/other"} {
		if resp, _ := get(t, env.URL(path), ""); resp.StatusCode != http.StatusNotFound {
			t.Errorf("GET %s: %d, want 404", path, resp.StatusCode)
		}
	}

	// The browser opens its WebSocket to the host it reached the page at.
	resp, _ := get(t, env.URL("/app"), "board.example:8443")
	if csp := resp.Header.Get("Content-Security-Policy"); !strings.Contains(csp, "ws://board.example:8443 wss://board.example:8443;") {
		t.Errorf("policy for host board.example:8443: %q", csp)
	}
}
