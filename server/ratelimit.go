package server

import (
	"crypto/sha256"
	"encoding/hex"
	"net/http"

	"github.com/go-chi/chi/v5"

	"github.com/hiregraph/hiregraph/apierror"
	"github.com/hiregraph/hiregraph/ratelimit"
	"github.com/hiregraph/hiregraph/rest"
	"github.com/hiregraph/hiregraph/viewer"
)

// Default rates; Config overrides them.
const (
	DefaultAPIRatePerMinute     = 600
	DefaultAPIBurst             = 100
	DefaultCareersRatePerMinute = 300
	DefaultCareersBurst         = 60
)

// limitRate refuses requests over the limit of the client keyOf names, with
// 429 and Retry-After; every answer carries the X-RateLimit-* headers.
func limitRate(l *ratelimit.Limiter, keyOf func(*http.Request) string) func(http.Handler) http.Handler {
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			key := keyOf(r)
			if key == "" || r.Method == http.MethodOptions {
				next.ServeHTTP(w, r)
				return
			}
			d := l.Allow(key)
			for k, v := range d.Headers() {
				w.Header().Set(k, v)
			}
			if !d.Allowed {
				rest.WriteError(w, r, apierror.New(http.StatusTooManyRequests, apierror.CodeRateLimited,
					"more than %d requests a minute; retry after %s seconds", d.Limit, d.Headers()["Retry-After"]))
				return
			}
			next.ServeHTTP(w, r)
		})
	}
}

// apiKeyOf keys API requests by the authenticated key.
func apiKeyOf(r *http.Request) string {
	v, _ := viewer.FromContext(r.Context())
	return v.KeyID
}

// careersTokenOf keys careers requests by company and token, hashed so the
// limiter's memory holds no tokens.
func careersTokenOf(r *http.Request) string {
	sum := sha256.Sum256([]byte(chi.URLParam(r, "company_uid") + "\x00" + r.URL.Query().Get("token")))
	return hex.EncodeToString(sum[:])
}
