// Package careerspage serves a careers page for a company: plain HTML, CSS
// and a small script, embedded in the binary, that reads the public careers
// API. It needs no build step and loads nothing from other sites.
package careerspage

import (
	"embed"
	"io/fs"
	"net/http"
)

//go:embed assets
var assets embed.FS

// AssetsPath is where the page's script and style sheet are served.
const AssetsPath = "/careers/assets/"

// contentSecurityPolicy allows the page its own script, style and API
// calls, and nothing else: no inline script, no other origins.
const contentSecurityPolicy = "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; img-src 'self' https: data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"

// Page serves the page at /careers/{company_uid}?token=…; the script reads
// both from the URL.
func Page() http.Handler {
	index, err := assets.ReadFile("assets/index.html")
	if err != nil {
		panic("careerspage: index.html is not embedded: " + err.Error())
	}
	return http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		h := w.Header()
		h.Set("Content-Type", "text/html; charset=utf-8")
		h.Set("Content-Security-Policy", contentSecurityPolicy)
		h.Set("Referrer-Policy", "no-referrer")
		h.Set("X-Content-Type-Options", "nosniff")
		h.Set("Cache-Control", "no-cache")
		_, _ = w.Write(index)
	})
}

// Assets serves the page's script and style sheet under AssetsPath.
func Assets() http.Handler {
	sub, err := fs.Sub(assets, "assets")
	if err != nil {
		panic(err)
	}
	files := http.StripPrefix(AssetsPath, http.FileServerFS(sub))
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == AssetsPath+"index.html" || r.URL.Path == AssetsPath {
			http.NotFound(w, r)
			return
		}
		w.Header().Set("X-Content-Type-Options", "nosniff")
		w.Header().Set("Cache-Control", "public, max-age=300")
		files.ServeHTTP(w, r)
	})
}
