package server

import (
	"bytes"
	"encoding/base64"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/netip"
	"strings"
	"time"

	"github.com/hiregraph/hiregraph/internal/apierror"
	"github.com/hiregraph/hiregraph/internal/auth"
	"github.com/hiregraph/hiregraph/internal/viewer"
	"github.com/hiregraph/hiregraph/rest"
)

// OnBehalfOfHeader names the user an API key's request acts for, by
// e-mail or uid (as Greenhouse's header of the same name does).
const OnBehalfOfHeader = "On-Behalf-Of"

// errorWriter answers a failed request in the error shape of its face.
type errorWriter func(http.ResponseWriter, *http.Request, error)

// authenticate admits requests with a valid API key or JWT and puts the
// viewer in their context; others get 401 in the error shape writeError
// gives, and a client address with too many failed credentials 429.
func authenticate(authn *auth.Authenticator, failures *authFailures, trusted []netip.Prefix, writeError errorWriter) func(http.Handler) http.Handler {
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if r.Method == http.MethodOptions {
				next.ServeHTTP(w, r)
				return
			}
			address, credential := clientAddress(r, trusted), r.Header.Get("Authorization")
			if failures.refused(w, r, address, "", credential, writeError) {
				return
			}
			v, err := authn.Authenticate(r.Context(), credential)
			if err != nil {
				w.Header().Set("WWW-Authenticate", `Bearer realm="hiregraph"`)
				// A request without credentials guesses nothing.
				if isUnauthorized(err) && credential != "" {
					failures.failed(w, r, address, "", credential, err, writeError)
					return
				}
				writeError(w, r, err)
				return
			}
			failures.succeeded(address, "", credential)
			if who := r.Header.Get(OnBehalfOfHeader); who != "" {
				if v, err = authn.ActFor(r.Context(), v, who); err != nil {
					writeError(w, r, err)
					return
				}
			}
			next.ServeHTTP(w, r.WithContext(viewer.NewContext(r.Context(), v)))
		})
	}
}

// limitBody caps request bodies at n bytes, plus the files of an upload
// (uploadAllowance); a handler reading past it gets *http.MaxBytesError (413).
func limitBody(n, maxFile int64) func(http.Handler) http.Handler {
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if r.Body != nil {
				r.Body = http.MaxBytesReader(w, r.Body, n+uploadAllowance(r, maxFile))
			}
			next.ServeHTTP(w, r)
		})
	}
}

// uploadAllowance is what a request may carry beyond the body limit:
// requests to the endpoints that take files may hold files of up to
// maxFile each (an application: a resume and a cover letter; a GraphQL
// multipart upload: one file). An application in JSON carries its files
// base64-encoded, 4 bytes for every 3, so it may be that much larger than a
// multipart one. Every other request keeps the body limit.
func uploadAllowance(r *http.Request, maxFile int64) int64 {
	if r.Method != http.MethodPost {
		return 0
	}
	multipart := strings.HasPrefix(r.Header.Get("Content-Type"), "multipart/form-data")
	switch {
	case r.URL.Path == "/graphql" && multipart:
		return maxFile
	case strings.HasPrefix(r.URL.Path, "/careers-api/") && strings.HasSuffix(r.URL.Path, "/apply"):
		if multipart {
			return 2 * maxFile
		}
		return 2 * int64(base64.StdEncoding.EncodedLen(int(maxFile)))
	}
	return 0
}

// refuseNUL answers 400 to a request whose path or query holds a NUL
// character (%00): no uid, token or filter can contain one, and PostgreSQL
// refuses it as a query argument.
func refuseNUL(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if strings.ContainsRune(r.URL.Path, 0) || strings.Contains(r.URL.RawQuery, "%00") {
			rest.WriteError(w, r, apierror.BadRequest("", "the URL holds a NUL character (%%00)"))
			return
		}
		next.ServeHTTP(w, r)
	})
}

// bufferBody reads the whole (already capped) body before next runs, so an
// oversized body is answered with 413 and the error body instead of failing
// midway inside a handler that cannot report it cleanly.
func bufferBody(writeError errorWriter, next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Body == nil || r.Body == http.NoBody {
			next.ServeHTTP(w, r)
			return
		}
		b, err := io.ReadAll(r.Body)
		if err != nil {
			writeError(w, r, err)
			return
		}
		if rest.HoldsNUL(b) {
			writeError(w, r, apierror.BadRequest("", "the body holds a NUL character (\\u0000); no field accepts one"))
			return
		}
		r.Body = io.NopCloser(bytes.NewReader(b))
		next.ServeHTTP(w, r)
	})
}

func recoverPanics(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		defer func() {
			if p := recover(); p != nil {
				if p == http.ErrAbortHandler {
					panic(p)
				}
				slog.ErrorContext(r.Context(), "panic serving request", "method", r.Method, "path", r.URL.Path, "panic", fmt.Sprint(p))
				rest.WriteError(w, r, apierror.Internal)
			}
		}()
		next.ServeHTTP(w, r)
	})
}

// statusRecorder remembers the status code a handler wrote, for the log.
type statusRecorder struct {
	http.ResponseWriter
	status int
}

func (s *statusRecorder) WriteHeader(code int) {
	s.status = code
	s.ResponseWriter.WriteHeader(code)
}

func (s *statusRecorder) Unwrap() http.ResponseWriter { return s.ResponseWriter }

// logRequests logs one line per request. It logs the path only: query
// strings carry careers tokens and must stay out of logs.
func logRequests(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		start := time.Now()
		rec := &statusRecorder{ResponseWriter: w, status: http.StatusOK}
		next.ServeHTTP(rec, r)
		slog.InfoContext(r.Context(), "request",
			"method", r.Method,
			"path", r.URL.Path,
			"status", rec.status,
			"duration_ms", float64(time.Since(start).Microseconds())/1000)
	})
}
