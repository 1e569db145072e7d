package graphiql_test

import (
	"io"
	"net/http"
	"net/http/httptest"
	"regexp"
	"strings"
	"testing"

	"github.com/hiregraph/hiregraph/web/graphiql"
)

func get(t *testing.T, h http.Handler, method, target string) *http.Response {
	t.Helper()
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest(method, target, nil))
	return rec.Result()
}

func body(t *testing.T, res *http.Response) string {
	t.Helper()
	b, err := io.ReadAll(res.Body)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

var srcOrHref = regexp.MustCompile(`(?:src|href)="([^"]*)"`)

// assetURLs returns the URLs the page loads, resolved against the page at "/".
func assetURLs(t *testing.T, page string) []string {
	t.Helper()
	var urls []string
	for _, m := range srcOrHref.FindAllStringSubmatch(page, -1) {
		u := m[1]
		if strings.Contains(u, "//") || strings.Contains(u, ":") {
			t.Errorf("page loads %q, which is not a same-origin path", u)
			continue
		}
		if !strings.HasPrefix(u, "/") {
			u = "/" + u
		}
		urls = append(urls, u)
	}
	return urls
}

func TestPage(t *testing.T) {
	h := graphiql.Handler("Hiregraph <API>", "/graphql")
	res := get(t, h, http.MethodGet, "/")
	if res.StatusCode != http.StatusOK {
		t.Fatalf("status %d, want 200", res.StatusCode)
	}
	if ct := res.Header.Get("Content-Type"); ct != "text/html; charset=utf-8" {
		t.Errorf("Content-Type %q", ct)
	}
	page := body(t, res)
	for _, want := range []string{
		`data-endpoint="/graphql"`,
		`<title>Hiregraph &lt;API&gt;</title>`,
	} {
		if !strings.Contains(page, want) {
			t.Errorf("page lacks %s:\n%s", want, page)
		}
	}
	if strings.Contains(page, "http://") || strings.Contains(page, "https://") {
		t.Errorf("page names an absolute URL:\n%s", page)
	}
	if strings.Contains(page, "<script>") || strings.Contains(page, "<style") {
		t.Errorf("page has inline script or style, which the CSP forbids:\n%s", page)
	}

	csp := res.Header.Get("Content-Security-Policy")
	for _, want := range []string{"default-src 'none'", "script-src 'self'", "connect-src 'self'", "frame-ancestors 'none'"} {
		if !strings.Contains(csp, want) {
			t.Errorf("CSP %q lacks %q", csp, want)
		}
	}
	if strings.Contains(csp, "unsafe-eval") || strings.Contains(csp, "script-src 'self' 'unsafe-inline'") {
		t.Errorf("CSP %q allows inline or eval'd scripts", csp)
	}
}

func TestAssets(t *testing.T) {
	h := graphiql.Handler("Hiregraph", "/graphql")
	urls := assetURLs(t, body(t, get(t, h, http.MethodGet, "/")))

	wantTypes := map[string]string{
		".js":  "text/javascript; charset=utf-8",
		".css": "text/css; charset=utf-8",
	}
	seen := map[string]bool{}
	for _, u := range urls {
		path, query, _ := strings.Cut(u, "?")
		ext := path[strings.LastIndex(path, "."):]
		seen[ext] = true
		if !strings.HasPrefix(path, graphiql.AssetsPath) || !strings.HasPrefix(query, "v=") {
			t.Errorf("asset URL %q is not a versioned URL under %s", u, graphiql.AssetsPath)
		}

		res := get(t, h, http.MethodGet, u)
		if res.StatusCode != http.StatusOK {
			t.Errorf("GET %s: status %d", u, res.StatusCode)
			continue
		}
		if ct := res.Header.Get("Content-Type"); ct != wantTypes[ext] {
			t.Errorf("GET %s: Content-Type %q, want %q", u, ct, wantTypes[ext])
		}
		if cc := res.Header.Get("Cache-Control"); !strings.Contains(cc, "immutable") {
			t.Errorf("GET %s: Cache-Control %q, want a long-lived one", u, cc)
		}
		if b := body(t, res); len(b) == 0 {
			t.Errorf("GET %s: empty body", u)
		}

		// Without the version the URL may change content, so it must not be
		// cached forever.
		if cc := get(t, h, http.MethodGet, path).Header.Get("Cache-Control"); cc != "no-cache" {
			t.Errorf("GET %s: Cache-Control %q, want no-cache", path, cc)
		}
	}
	if !seen[".js"] || !seen[".css"] {
		t.Errorf("page loads %v; want scripts and stylesheets", urls)
	}
}

func TestAssetRevalidation(t *testing.T) {
	h := graphiql.Handler("Hiregraph", "/graphql")
	res := get(t, h, http.MethodGet, graphiql.AssetsPath+"init.js")
	etag := res.Header.Get("ETag")
	if etag == "" {
		t.Fatal("no ETag")
	}
	req := httptest.NewRequest(http.MethodGet, graphiql.AssetsPath+"init.js", nil)
	req.Header.Set("If-None-Match", etag)
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	if rec.Code != http.StatusNotModified {
		t.Errorf("conditional GET: status %d, want 304", rec.Code)
	}
}

func TestNotFound(t *testing.T) {
	h := graphiql.Handler("Hiregraph", "/graphql")
	for _, target := range []string{
		graphiql.AssetsPath + "nope.js",
		graphiql.AssetsPath + "README.md",
		graphiql.AssetsPath + "LICENSE-react.txt",
		graphiql.AssetsPath,
		"/graphiql/",
		"/graphiql/assets/../assets/init.js",
		"/index.html",
		"/graphql",
	} {
		if res := get(t, h, http.MethodGet, target); res.StatusCode != http.StatusNotFound {
			t.Errorf("GET %s: status %d, want 404", target, res.StatusCode)
		}
	}
}

func TestMethods(t *testing.T) {
	h := graphiql.Handler("Hiregraph", "/graphql")
	res := get(t, h, http.MethodPost, "/")
	if res.StatusCode != http.StatusMethodNotAllowed || res.Header.Get("Allow") != "GET, HEAD" {
		t.Errorf("POST /: status %d, Allow %q", res.StatusCode, res.Header.Get("Allow"))
	}
	if res := get(t, h, http.MethodHead, "/"); res.StatusCode != http.StatusOK {
		t.Errorf("HEAD /: status %d", res.StatusCode)
	}
}

func TestAbsoluteEndpoint(t *testing.T) {
	h := graphiql.Handler("Hiregraph", "https://api.example.com/graphql")
	csp := get(t, h, http.MethodGet, "/").Header.Get("Content-Security-Policy")
	if !strings.Contains(csp, "connect-src 'self' https://api.example.com;") {
		t.Errorf("CSP %q does not let the page reach the endpoint", csp)
	}
}
