// Package board serves the pipeline board at /app: plain HTML, CSS and two
// small scripts, embedded in the binary, with which a person signed in with
// a user token sees a position's candidates per pipeline step, moves and
// rejects them, and reads their timelines. The scripts talk only to the
// public /graphql (queries and mutations over HTTP, live updates over its
// graphql-transport-ws subscriptions), so the board can do nothing the API
// would not let the person do. It needs no build step and loads nothing
// from other sites.
package board

import (
	"embed"
	"net/http"

	"github.com/hiregraph/hiregraph/web/staticpage"
)

//go:embed assets
var assets embed.FS

// Path is where the board is served, with and without a trailing slash.
const Path = "/app"

// AssetsPath is where the board's scripts and style sheet are served.
const AssetsPath = "/app/assets/"

// contentSecurityPolicy allows the page its own scripts, style and API
// calls, and nothing else. connect-src names the page's host for ws: and
// wss: because 'self' covers WebSockets only in browsers that follow CSP
// level 3 there.
func contentSecurityPolicy(host string) string {
	return "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self' ws://" + host + " wss://" + host +
		"; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
}

// Page serves the board's HTML. host answers the host (and port) a request
// reached the service at, as the browser sees it; the page's WebSocket goes
// there.
func Page(host func(*http.Request) string) http.Handler {
	return staticpage.PageWithPolicy(assets, "assets/index.html", func(r *http.Request) string {
		return contentSecurityPolicy(host(r))
	})
}

// Assets serves the board's scripts and style sheet under AssetsPath.
func Assets() http.Handler {
	return staticpage.Assets(assets, "assets", AssetsPath, ".js", ".css")
}
