package server

import (
	"net/http"
	"time"

	"entgo.io/ent/dialect"

	"github.com/go-chi/chi/v5"

	"github.com/hiregraph/hiregraph/internal/apierror"
	"github.com/hiregraph/hiregraph/internal/database"
	"github.com/hiregraph/hiregraph/internal/ratelimit"
	"github.com/hiregraph/hiregraph/internal/viewer"
)

// Default rates; Config overrides them.
var (
	DefaultAPIRate     = ratelimit.Rate{PerMinute: 600, Burst: 100}
	DefaultCareersRate = ratelimit.Rate{PerMinute: 300, Burst: 60}
	// Failed authentications allowed per client address: a client that
	// mistyped a key retries a few times; a guesser is stopped at 20.
	DefaultFailedAuthRate = ratelimit.Rate{PerMinute: 30, Burst: 20}
	// Failed careers tokens allowed per company, from all addresses
	// together: what stops guessing spread over many addresses.
	DefaultFailedCareersRate = ratelimit.Rate{PerMinute: 120, Burst: 60}
	// Applications allowed per client address: a person applies to a few
	// positions in a sitting, an office behind one address to some more;
	// a script posting in a loop is stopped at 10.
	DefaultApplyAddressRate = ratelimit.Rate{PerMinute: 5, Burst: 10}
	// Applications allowed per company, from all addresses together: a
	// busy careers site's peak, and a bound on what a botnet can pour in.
	DefaultApplyCompanyRate = ratelimit.Rate{PerMinute: 120, Burst: 60}
)

// DefaultRateLimitStore is where limits keep their buckets unless
// Config.RateLimitStore says otherwise: on PostgreSQL the database, shared
// by every replica; on SQLite (one process) memory. On PostgreSQL a bucket
// is taken by one autocommit statement on the read pool: on the write pool
// a read's token lease queued behind the writers' transactions for a
// connection, and every read of the key waited for it.
func DefaultRateLimitStore(db *database.DB, now func() time.Time) ratelimit.Store {
	if db.Dialect == dialect.Postgres {
		return ratelimit.NewSQL(db.ReadSQL, true, now)
	}
	return ratelimit.NewMemory(now)
}

// perRequestStore is the store of the limits every request takes a token
// from (API keys, careers sites): buckets in the database are leased a few
// tokens at a time (ratelimit.Leased), so that most requests write nothing
// there. The limits of failures and applications take theirs one by one:
// they are taken rarely, and their exact count across replicas is what
// stops guessing.
func perRequestStore(store ratelimit.Store, now func() time.Time) ratelimit.Store {
	if s, ok := store.(*ratelimit.SQL); ok {
		return ratelimit.NewLeased(s, now)
	}
	return store
}

// limitRate refuses requests over the limit of the client keyOf names, with
// 429 and Retry-After; every answer carries the X-RateLimit-* headers.
func limitRate(l *ratelimit.Limiter, keyOf func(*http.Request) string, writeError errorWriter) func(http.Handler) http.Handler {
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			key := keyOf(r)
			if key == "" || r.Method == http.MethodOptions {
				next.ServeHTTP(w, r)
				return
			}
			d := l.Allow(r.Context(), key)
			for k, v := range d.Headers() {
				w.Header().Set(k, v)
			}
			if !d.Allowed {
				writeError(w, r, apierror.New(http.StatusTooManyRequests, apierror.CodeRateLimited,
					"more than %d requests a minute; retry after %s seconds", d.Limit, d.Headers()["Retry-After"]))
				return
			}
			next.ServeHTTP(w, r)
		})
	}
}

// apiKeyOf keys API requests by the authenticated key, or by the user of
// a user token.
func apiKeyOf(r *http.Request) string {
	v, _ := viewer.FromContext(r.Context())
	if v.KeyID == "" && v.UserID != "" {
		return "user:" + v.UserID
	}
	return v.KeyID
}

// careersCompanyOf keys careers requests by company: it runs after
// checkCareersToken, so the request holds the company's one careers token
// and a bucket per company is a bucket per token; guessed tokens never
// make buckets here.
func careersCompanyOf(r *http.Request) string {
	return chi.URLParam(r, "company_uid")
}
