// Package reports serves the hiring reports page at /app/reports: each
// report of the GraphQL reports query as a chart, with its table and a CSV
// download, for a person signed in with a user token. Like the pipeline
// board it is plain HTML, CSS and a script embedded in the binary, talking
// only to the public /graphql and /v1/reports, so it shows nothing the API
// would not. The charts are Chart.js 4.6.1 (MIT, assets/chart.js-LICENSE.md),
// vendored as its minified UMD file: no build step and no CDN.
package reports

import (
	"embed"
	"net/http"

	"github.com/hiregraph/hiregraph/web/staticpage"
)

//go:embed assets
var assets embed.FS

// Path is where the page is served.
const Path = "/app/reports"

// AssetsPath is where its script, style sheet and chart library are served.
const AssetsPath = "/app/reports/assets/"

// contentSecurityPolicy allows the page its own scripts, style and API
// calls, and nothing else; Chart.js draws on canvas and needs no more.
const contentSecurityPolicy = "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; img-src 'self'; " +
	"base-uri 'none'; form-action 'none'; frame-ancestors 'none'"

// Page serves the page's HTML.
func Page() http.Handler {
	return staticpage.Page(assets, "assets/index.html", contentSecurityPolicy)
}

// Assets serves the page's scripts and style sheet under AssetsPath.
func Assets() http.Handler {
	return staticpage.Assets(assets, "assets", AssetsPath, ".js", ".css")
}
