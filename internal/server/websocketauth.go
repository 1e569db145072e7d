package server

import (
	"context"
	"net/http"
	"net/netip"
	"strings"

	"github.com/hiregraph/hiregraph/graph"
	"github.com/hiregraph/hiregraph/internal/auth"
	"github.com/hiregraph/hiregraph/internal/viewer"
)

// isWebsocket tells whether r asks to upgrade to a WebSocket connection.
func isWebsocket(r *http.Request) bool {
	return r.Method == http.MethodGet && strings.EqualFold(r.Header.Get("Upgrade"), "websocket")
}

type socketAddressKey struct{}

// rememberSocketAddress keeps a WebSocket request's client address in its
// context: the connection authenticates later, in connection_init, where
// only the context is at hand.
func rememberSocketAddress(trusted []netip.Prefix) func(http.Handler) http.Handler {
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if isWebsocket(r) {
				r = r.WithContext(context.WithValue(r.Context(), socketAddressKey{}, clientAddress(r, trusted)))
			}
			next.ServeHTTP(w, r)
		})
	}
}

// websocketSessions admits WebSocket connections as authenticate admits
// HTTP requests: a failed connection_init takes from the same bucket of
// the client address, and a throttled address is refused before its
// credential is looked at. The later checks of an open connection count
// no failures: the client guessed nothing, its credential ended.
func websocketSessions(authn *auth.Authenticator, failures *authFailures, cfg Config) graph.Sessions {
	admit := func(ctx context.Context, header string) (viewer.Viewer, error) {
		address, _ := ctx.Value(socketAddressKey{}).(string)
		if d, blocked := failures.blocked(ctx, address, "", header); blocked {
			return viewer.Viewer{}, tooManyFailures(d)
		}
		v, err := authn.Authenticate(ctx, header)
		if err != nil {
			if isUnauthorized(err) && header != "" {
				if d := failures.fail(ctx, address, "", header); !d.Allowed {
					return viewer.Viewer{}, tooManyFailures(d)
				}
			}
			return viewer.Viewer{}, err
		}
		failures.succeeded(address, "", header)
		return v, nil
	}
	return graph.Sessions{Admit: admit, Check: authn.Authenticate, Every: cfg.SessionCheck}
}
