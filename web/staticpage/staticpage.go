// Package staticpage serves an HTML page and its scripts and style sheets
// from files embedded in the binary, with the headers such a page needs: a
// Content-Security-Policy of its own, no sniffing, no referrer.
package staticpage

import (
	_ "embed"
	"io/fs"
	"net/http"
	"path"
	"slices"
)

// Page serves the file index of files as HTML under the policy csp. It
// panics when index is missing: the files are embedded, so that is a bug.
func Page(files fs.FS, index, csp string) http.Handler {
	return PageWithPolicy(files, index, func(*http.Request) string { return csp })
}

// PageWithPolicy is Page for a policy that depends on the request, such as
// one naming the host the page opens WebSockets to.
func PageWithPolicy(files fs.FS, index string, csp func(*http.Request) string) http.Handler {
	body, err := fs.ReadFile(files, index)
	if err != nil {
		panic("staticpage: " + index + " is not embedded: " + err.Error())
	}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		h := w.Header()
		h.Set("Content-Type", "text/html; charset=utf-8")
		h.Set("Content-Security-Policy", csp(r))
		h.Set("Referrer-Policy", "no-referrer")
		h.Set("X-Content-Type-Options", "nosniff")
		// Revalidate, so a new release's page is picked up at once.
		h.Set("Cache-Control", "no-cache")
		_, _ = w.Write(body)
	})
}

// Assets serves the files of dir whose names end in one of exts (".js",
// ".css") below the URL path prefix; anything else (the page itself,
// license texts, directory listings) is not found.
func Assets(files fs.FS, dir, prefix string, exts ...string) http.Handler {
	sub, err := fs.Sub(files, dir)
	if err != nil {
		panic(err)
	}
	serve := http.StripPrefix(prefix, http.FileServerFS(sub))
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if !slices.Contains(exts, path.Ext(r.URL.Path)) {
			http.NotFound(w, r)
			return
		}
		w.Header().Set("X-Content-Type-Options", "nosniff")
		w.Header().Set("Cache-Control", "public, max-age=300")
		serve.ServeHTTP(w, r)
	})
}

//go:embed favicon.ico
var favicon []byte

// Favicon serves the icon browsers ask every page of the server for at
// /favicon.ico; a day's caching keeps them from asking again on each page.
func Favicon() http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		h := w.Header()
		h.Set("Content-Type", "image/x-icon")
		h.Set("Cache-Control", "public, max-age=86400")
		h.Set("X-Content-Type-Options", "nosniff")
		_, _ = w.Write(favicon)
	})
}
