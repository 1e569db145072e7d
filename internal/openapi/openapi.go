// Package openapi holds the OpenAPI 3 document of the REST endpoints, the
// careers API, offer letter downloads and the health checks, and serves it.
// The document is hand-written; tests validate real requests and responses
// of every endpoint against it, so it cannot drift from the code unnoticed.
package openapi

import (
	_ "embed"
	"net/http"
	"strconv"
)

// Path is where the document is served.
const Path = "/openapi.json"

// Document is the OpenAPI document, as JSON.
//
//go:embed openapi.json
var Document []byte

// Handler serves the document. It changes only with a new build, so clients
// may cache it for an hour; it is public, so tools on any origin may read it.
func Handler() http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		h := w.Header()
		h.Set("Content-Type", "application/json; charset=utf-8")
		h.Set("Content-Length", strconv.Itoa(len(Document)))
		h.Set("Cache-Control", "public, max-age=3600")
		h.Set("Access-Control-Allow-Origin", "*")
		_, _ = w.Write(Document)
	})
}
