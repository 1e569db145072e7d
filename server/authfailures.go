package server

import (
	"crypto/sha256"
	"errors"
	"net/http"
	"net/netip"
	"time"

	"github.com/go-chi/chi/v5"
	lru "github.com/hashicorp/golang-lru/v2"

	"github.com/hiregraph/hiregraph/apierror"
	"github.com/hiregraph/hiregraph/ratelimit"
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

func newAuthFailures(perAddress, perCompany *ratelimit.Limiter, now func() time.Time) *authFailures {
	if now == nil {
		now = time.Now
	}
	proven, err := lru.New[[sha256.Size]byte, time.Time](ratelimit.MaxMemoryBuckets)
	if err != nil {
		panic(err) // only for a size below 1
	}
	return &authFailures{perAddress: perAddress, perCompany: perCompany, now: now, proven: proven}
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
	if f.isProven(address, company, credential) {
		return false
	}
	d := f.perAddress.Peek(r.Context(), address)
	if d.Allowed && company != "" {
		d = f.perCompany.Peek(r.Context(), company)
	}
	if d.Allowed {
		return false
	}
	refuse(w, r, d, writeError)
	return true
}

// failed records a failed authentication and answers it: with err, or 429
// when the failure was one more than the buckets allow. A credential that
// fails (revoked, expired) is no longer proven.
func (f *authFailures) failed(w http.ResponseWriter, r *http.Request, address, company, credential string, err error, writeError errorWriter) {
	f.proven.Remove(provenKey(address, company, credential))
	d := f.perAddress.Allow(r.Context(), address)
	if company != "" {
		if dc := f.perCompany.Allow(r.Context(), company); d.Allowed {
			d = dc
		}
	}
	if !d.Allowed {
		refuse(w, r, d, writeError)
		return
	}
	writeError(w, r, err)
}

func refuse(w http.ResponseWriter, r *http.Request, d ratelimit.Decision, writeError errorWriter) {
	retry := d.Headers()["Retry-After"]
	w.Header().Set("Retry-After", retry)
	writeError(w, r, apierror.New(http.StatusTooManyRequests, apierror.CodeRateLimited,
		"too many failed authentications; retry after %s seconds", retry))
}

// isUnauthorized tells whether err is a refused credential.
func isUnauthorized(err error) bool {
	var e *apierror.Error
	return errors.As(err, &e) && e.Status == http.StatusUnauthorized
}

// checkCareersToken refuses careers requests whose company token is wrong
// before they reach a limiter or handler, recording the failure; the
// handler then checks the (right) token again, a primary-key read.
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
			if _, _, err := service.CareersContext(r.Context(), company, token); err != nil {
				if isUnauthorized(err) {
					failures.failed(w, r, address, company, token, err, rest.WriteError)
					return
				}
				rest.WriteError(w, r, err)
				return
			}
			failures.succeeded(address, company, token)
			next.ServeHTTP(w, r)
		})
	}
}
