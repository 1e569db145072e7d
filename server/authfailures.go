package server

import (
	"errors"
	"net/http"
	"net/netip"

	"github.com/go-chi/chi/v5"

	"github.com/hiregraph/hiregraph/apierror"
	"github.com/hiregraph/hiregraph/ratelimit"
	"github.com/hiregraph/hiregraph/recruiting"
	"github.com/hiregraph/hiregraph/rest"
)

// authFailures throttles guessing: failed authentications empty a bucket
// per client address (and, for careers tokens, per company); a client whose
// bucket is empty gets 429 before its credential is even looked at, so a
// right guess is refused like a wrong one. Only failures take tokens:
// clients with good credentials are never slowed by it (a look at the
// bucket is all they cost), and the buckets kept are those of failing
// clients. Guesses sent all at once pass the look together; the take after
// each failure is atomic, so all but the bucket's worth are answered 429.
type authFailures struct {
	perAddress *ratelimit.Limiter
	perCompany *ratelimit.Limiter
}

// refused answers 429 when address's (or company's) failures are used up.
func (f *authFailures) refused(w http.ResponseWriter, r *http.Request, address, company string, writeError errorWriter) bool {
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
// when the failure was one more than the buckets allow.
func (f *authFailures) failed(w http.ResponseWriter, r *http.Request, address, company string, err error, writeError errorWriter) {
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
			address, company := clientAddress(r, trusted), chi.URLParam(r, "company_uid")
			if failures.refused(w, r, address, company, rest.WriteError) {
				return
			}
			if _, _, err := service.CareersContext(r.Context(), company, r.URL.Query().Get("token")); err != nil {
				if isUnauthorized(err) {
					failures.failed(w, r, address, company, err, rest.WriteError)
					return
				}
				rest.WriteError(w, r, err)
				return
			}
			next.ServeHTTP(w, r)
		})
	}
}
