package server

import (
	"context"
	"crypto/sha256"
	"errors"
	"fmt"
	"net/http"
	"net/netip"
	"time"

	"github.com/go-chi/chi/v5"
	lru "github.com/hashicorp/golang-lru/v2"

	"github.com/hiregraph/hiregraph/internal/apierror"
	"github.com/hiregraph/hiregraph/internal/ratelimit"
	"github.com/hiregraph/hiregraph/recruiting"
	"github.com/hiregraph/hiregraph/rest"
)

// authFailures throttles guessing: failed authentications empty a bucket
// per client address (and, for careers tokens, per company); a client whose
// bucket is empty gets 429 before its credential is even looked at, so a
// right guess is refused like a wrong one. Only failures take tokens:
// clients with good credentials are never slowed by it, and the buckets
// kept are those of failing clients. Guesses sent all at once pass the look
// together; the take after each failure is atomic, so all but the bucket's
// worth are answered 429.
//
// A credential that authenticated from an address lately (provenFor) is
// proven there: it is not held back by that address's failures, as its
// client guesses nothing by sending it, and so skips the look at the
// buckets, which on PostgreSQL is a statement per request. A guesser never
// has a proven credential: it would have to be right first, while not
// throttled. Each replica keeps its own proofs, in memory.
type authFailures struct {
	perAddress *ratelimit.Limiter
	perCompany *ratelimit.Limiter
	now        func() time.Time

	// proven holds when each credential, with the address (and company)
	// it came from, last authenticated, by their hash.
	proven *lru.Cache[[sha256.Size]byte, time.Time]
}

// provenFor is how long a credential stays proven after it last
// authenticated from an address.
const provenFor = 10 * time.Minute

func newAuthFailures(perAddress, perCompany *ratelimit.Limiter, now func() time.Time) (*authFailures, error) {
	if now == nil {
		now = time.Now
	}
	proven, err := lru.New[[sha256.Size]byte, time.Time](ratelimit.MaxMemoryBuckets)
	if err != nil {
		return nil, fmt.Errorf("cache of proven credentials: %w", err)
	}
	return &authFailures{perAddress: perAddress, perCompany: perCompany, now: now, proven: proven}, nil
}

// provenKey is what credential, sent from address to company ("" for the
// API), is kept under: a hash, so credentials are not kept in memory.
func provenKey(address, company, credential string) [sha256.Size]byte {
	return sha256.Sum256([]byte(address + "\x00" + company + "\x00" + credential))
}

// isProven tells whether credential authenticated from address (to
// company) within provenFor.
func (f *authFailures) isProven(address, company, credential string) bool {
	if credential == "" {
		return false
	}
	at, ok := f.proven.Get(provenKey(address, company, credential))
	return ok && f.now().Sub(at) < provenFor
}

// succeeded records that credential authenticated from address (to
// company).
func (f *authFailures) succeeded(address, company, credential string) {
	f.proven.Add(provenKey(address, company, credential), f.now())
}

// refused answers 429 when address's (or company's) failures are used up,
// unless credential is proven there.
func (f *authFailures) refused(w http.ResponseWriter, r *http.Request, address, company, credential string, writeError errorWriter) bool {
	d, blocked := f.blocked(r.Context(), address, company, credential)
	if blocked {
		refuse(w, r, d, writeError)
	}
	return blocked
}

// blocked tells whether address's (or company's) failures are used up,
// unless credential is proven there, with the decision that says so.
func (f *authFailures) blocked(ctx context.Context, address, company, credential string) (ratelimit.Decision, bool) {
	if f.isProven(address, company, credential) {
		return ratelimit.Decision{Allowed: true}, false
	}
	d := f.perAddress.Peek(ctx, address)
	if d.Allowed && company != "" {
		d = f.perCompany.Peek(ctx, company)
	}
	return d, !d.Allowed
}

// failed records a failed authentication and answers it: with err, or 429
// when the failure was one more than the buckets allow.
func (f *authFailures) failed(w http.ResponseWriter, r *http.Request, address, company, credential string, err error, writeError errorWriter) {
	if d := f.fail(r.Context(), address, company, credential); !d.Allowed {
		refuse(w, r, d, writeError)
		return
	}
	writeError(w, r, err)
}

// fail records a failed authentication and returns the decision of the
// buckets it took from. A credential that fails (revoked, expired) is no
// longer proven.
func (f *authFailures) fail(ctx context.Context, address, company, credential string) ratelimit.Decision {
	f.proven.Remove(provenKey(address, company, credential))
	d := f.perAddress.Allow(ctx, address)
	if company != "" {
		if dc := f.perCompany.Allow(ctx, company); d.Allowed {
			d = dc
		}
	}
	return d
}

func refuse(w http.ResponseWriter, r *http.Request, d ratelimit.Decision, writeError errorWriter) {
	w.Header().Set("Retry-After", d.Headers()["Retry-After"])
	writeError(w, r, tooManyFailures(d))
}

func tooManyFailures(d ratelimit.Decision) *apierror.Error {
	return apierror.New(http.StatusTooManyRequests, apierror.CodeRateLimited,
		"too many failed authentications; retry after %s seconds", d.Headers()["Retry-After"])
}

// isUnauthorized tells whether err is a refused credential.
func isUnauthorized(err error) bool {
	var e *apierror.Error
	return errors.As(err, &e) && e.Status == http.StatusUnauthorized
}

// checkCareersToken refuses careers requests whose company token is wrong
// before they reach a limiter or handler, recording the failure. The
// request goes on with the checked context, so the handler's own check
// (CareersContext) compares the token without reading the company again.
func checkCareersToken(service *recruiting.Service, failures *authFailures, trusted []netip.Prefix) func(http.Handler) http.Handler {
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if r.Method == http.MethodOptions {
				next.ServeHTTP(w, r)
				return
			}
			address, company, token := clientAddress(r, trusted), chi.URLParam(r, "company_uid"), r.URL.Query().Get("token")
			if failures.refused(w, r, address, company, token, rest.WriteError) {
				return
			}
			ctx, _, err := service.CareersContext(r.Context(), company, token)
			if err != nil {
				if isUnauthorized(err) {
					failures.failed(w, r, address, company, token, err, rest.WriteError)
					return
				}
				rest.WriteError(w, r, err)
				return
			}
			failures.succeeded(address, company, token)
			next.ServeHTTP(w, r.WithContext(ctx))
		})
	}
}
