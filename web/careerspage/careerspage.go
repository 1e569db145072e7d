// Package careerspage serves a careers page for a company: plain HTML, CSS
// and a small script, embedded in the binary, that reads the public careers
// API. It needs no build step and loads nothing from other sites.
package careerspage

import (
	"embed"
	"net/http"

	"github.com/hiregraph/hiregraph/web/staticpage"
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
	return staticpage.Page(assets, "assets/index.html", contentSecurityPolicy)
}

// Assets serves the page's script and style sheet under AssetsPath.
func Assets() http.Handler {
	return staticpage.Assets(assets, "assets", AssetsPath, ".js", ".css")
}
