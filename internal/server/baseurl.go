package server

import (
	"net/http"
	"net/netip"
	"regexp"
	"strings"

	"github.com/hiregraph/hiregraph/rest"
)

// forwardedHost is what a host in X-Forwarded-Host may look like: a name
// or an address, with an optional port; nothing that could end the
// authority of a URL.
var forwardedHost = regexp.MustCompile(`^(\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9.-]+)(:[0-9]{1,5})?$`)

// requestBaseURL records in each request's context the scheme and host the
// client reached the service at, which response URLs (next_page,
// position_url, …) are built on when no public URL is configured. Only a
// trusted proxy may name them with X-Forwarded-Proto and X-Forwarded-Host:
// from anyone else those headers are the client's to forge.
func requestBaseURL(trusted []netip.Prefix) func(http.Handler) http.Handler {
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			base := baseURLOf(r, trusted)
			next.ServeHTTP(w, r.WithContext(rest.WithRequestBaseURL(r.Context(), base)))
		})
	}
}

func baseURLOf(r *http.Request, trusted []netip.Prefix) string {
	scheme, host := "http", r.Host
	if r.TLS != nil {
		scheme = "https"
	}
	if isTrusted(remoteIP(r.RemoteAddr), trusted) {
		// The client-facing proxy writes the first value; proxies behind it
		// append theirs.
		if p := firstValue(r.Header.Get("X-Forwarded-Proto")); p == "http" || p == "https" {
			scheme = p
		}
		if h := firstValue(r.Header.Get("X-Forwarded-Host")); forwardedHost.MatchString(h) {
			host = h
		}
	}
	if !forwardedHost.MatchString(host) {
		host = "localhost"
	}
	return scheme + "://" + host
}

func firstValue(header string) string {
	v, _, _ := strings.Cut(header, ",")
	return strings.ToLower(strings.TrimSpace(v))
}
