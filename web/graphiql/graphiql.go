// Package graphiql serves the GraphiQL IDE with every file it needs embedded
// in the binary, so the IDE works on networks with no internet access (the
// usual playground handlers load their scripts from a CDN).
package graphiql

import (
	"bytes"
	"crypto/sha256"
	"embed"
	"encoding/hex"
	"html/template"
	"net/http"
	"net/url"
	"path"
	"strings"
	"sync"
	"time"
)

// AssetsPath is the path prefix under which Handler serves its scripts and
// stylesheets.
const AssetsPath = "/graphiql/assets/"

//go:embed assets
var assetFS embed.FS

// The files the page loads, in load order: each script needs the ones
// before it.
var (
	stylesheets = []string{"graphiql.min.css", "page.css"}
	scripts     = []string{"react.production.min.js", "react-dom.production.min.js", "graphiql.min.js", "init.js"}
)

// Only scripts and stylesheets are served; the README and license texts
// beside them are embedded but not published.
var contentTypes = map[string]string{
	".css": "text/css; charset=utf-8",
	".js":  "text/javascript; charset=utf-8",
}

type asset struct {
	body        []byte
	contentType string
	// version is a digest of body. Page links carry it as ?v= so browsers
	// may cache those URLs forever: a new build of a file gets a new URL.
	version string
}

// assets are digested on first use, not at start: hashing the 4 MB of
// scripts took half the start-up time of every process that links the
// server (each CLI command, each test binary).
var assets = sync.OnceValue(loadAssets)

func loadAssets() map[string]asset {
	entries, err := assetFS.ReadDir("assets")
	if err != nil {
		panic(err) // the directory is embedded, so this cannot happen
	}
	m := map[string]asset{}
	for _, e := range entries {
		ct, ok := contentTypes[path.Ext(e.Name())]
		if !ok {
			continue
		}
		body, err := assetFS.ReadFile("assets/" + e.Name())
		if err != nil {
			panic(err)
		}
		sum := sha256.Sum256(body)
		m[e.Name()] = asset{body: body, contentType: ct, version: hex.EncodeToString(sum[:6])}
	}
	return m
}

// Asset links are relative, so the page also works when a proxy or
// http.StripPrefix serves it below a path prefix.
var pageTemplate = template.Must(template.New("page").Parse(`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{{.Title}}</title>
{{range .Stylesheets}}<link rel="stylesheet" href="{{.}}">
{{end -}}
</head>
<body>
<div id="graphiql" data-endpoint="{{.Endpoint}}">Loading…</div>
{{range .Scripts}}<script src="{{.}}"></script>
{{end -}}
</body>
</html>
`))

type handler struct {
	page []byte
	csp  string
}

// Handler returns the GraphiQL IDE titled title, sending its queries as JSON
// POSTs to endpoint, a path on the same origin ("/graphql") or an absolute
// URL. Users paste their API key into the IDE's headers editor, which is
// pre-filled with an Authorization header and kept in the browser's local
// storage; the schema is fetched again whenever the headers change, so it
// loads as soon as the key is in. A new browser opens on an example query.
//
// The handler answers GET and HEAD for exactly these paths:
//
//   - "/": the HTML page;
//   - AssetsPath + name ("/graphiql/assets/graphiql.min.js"): the embedded
//     scripts and stylesheets the page loads.
//
// Any other path gets 404 and any other method 405. Mount it at the root,
// e.g. mux.Handle("/", graphiql.Handler("Hiregraph", "/graphql")); with chi,
// route both "/" and AssetsPath+"*" to it.
func Handler(title, endpoint string) http.Handler {
	link := func(name string) string {
		return strings.TrimPrefix(AssetsPath, "/") + name + "?v=" + assets()[name].version
	}
	data := struct {
		Title, Endpoint      string
		Stylesheets, Scripts []string
	}{Title: title, Endpoint: endpoint}
	for _, name := range stylesheets {
		data.Stylesheets = append(data.Stylesheets, link(name))
	}
	for _, name := range scripts {
		data.Scripts = append(data.Scripts, link(name))
	}
	var page bytes.Buffer
	if err := pageTemplate.Execute(&page, data); err != nil {
		panic(err) // the template and its data are fixed, so this cannot happen
	}
	return &handler{page: page.Bytes(), csp: contentSecurityPolicy(endpoint)}
}

// contentSecurityPolicy allows the page nothing but its own files and the
// API. Styles need 'unsafe-inline' because GraphiQL's dialogs insert <style>
// elements whose content varies (scroll locking); its stylesheet embeds its
// fonts as data: URLs.
func contentSecurityPolicy(endpoint string) string {
	connect := "'self'"
	if u, err := url.Parse(endpoint); err == nil && u.Scheme != "" && u.Host != "" {
		connect += " " + u.Scheme + "://" + u.Host
	}
	return strings.Join([]string{
		"default-src 'none'",
		"script-src 'self'",
		"style-src 'self' 'unsafe-inline'",
		"font-src 'self' data:",
		"img-src 'self' data:",
		"connect-src " + connect,
		"base-uri 'none'",
		"form-action 'none'",
		// The page holds API keys: no other site may frame it.
		"frame-ancestors 'none'",
	}, "; ")
}

func (h *handler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	name, isAsset := strings.CutPrefix(r.URL.Path, AssetsPath)
	a, known := assets()[name]
	if r.URL.Path != "/" && !(isAsset && known) {
		http.NotFound(w, r)
		return
	}
	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		w.Header().Set("Allow", "GET, HEAD")
		http.Error(w, http.StatusText(http.StatusMethodNotAllowed), http.StatusMethodNotAllowed)
		return
	}
	w.Header().Set("X-Content-Type-Options", "nosniff")
	if isAsset {
		serveAsset(w, r, name, a)
	} else {
		h.servePage(w)
	}
}

func (h *handler) servePage(w http.ResponseWriter) {
	hdr := w.Header()
	hdr.Set("Content-Type", "text/html; charset=utf-8")
	hdr.Set("Content-Security-Policy", h.csp)
	hdr.Set("Referrer-Policy", "no-referrer")
	// Revalidate, so a new release's asset versions are picked up at once.
	hdr.Set("Cache-Control", "no-cache")
	w.Write(h.page)
}

func serveAsset(w http.ResponseWriter, r *http.Request, name string, a asset) {
	hdr := w.Header()
	hdr.Set("Content-Type", a.contentType)
	hdr.Set("ETag", `"`+a.version+`"`)
	if r.URL.Query().Get("v") == a.version {
		hdr.Set("Cache-Control", "public, max-age=31536000, immutable")
	} else {
		// An unversioned URL may name different content after an upgrade.
		hdr.Set("Cache-Control", "no-cache")
	}
	http.ServeContent(w, r, name, time.Time{}, bytes.NewReader(a.body))
}
