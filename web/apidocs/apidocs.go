// Package apidocs serves the API reference page at /docs: Redoc rendering
// the OpenAPI document at /openapi.json, with every file embedded in the
// binary, so the page works on networks with no internet access.
package apidocs

import (
	"embed"
	"net/http"

	"github.com/hiregraph/hiregraph/web/staticpage"
)

// Path is where the page is served; its files are under AssetsPath.
const (
	Path       = "/docs"
	AssetsPath = "/docs/assets/"
)

//go:embed assets
var assets embed.FS

// Redoc styles its elements with inline <style> (styled-components) and
// runs its search index in a worker it creates from a blob: URL.
const contentSecurityPolicy = "default-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline'; " +
	"img-src 'self' data:; font-src 'self' data:; connect-src 'self'; worker-src blob:; " +
	"base-uri 'none'; form-action 'none'; frame-ancestors 'none'"

// Page serves the HTML page.
func Page() http.Handler {
	return staticpage.Page(assets, "assets/index.html", contentSecurityPolicy)
}

// Assets serves the page's scripts; the license texts beside them are
// embedded but not published.
func Assets() http.Handler {
	return staticpage.Assets(assets, "assets", AssetsPath, ".js")
}
