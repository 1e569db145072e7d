package graph

import (
	"bufio"
	"context"
	"encoding/json"
	"net/http"
	"strings"
	"sync/atomic"

	"github.com/vektah/gqlparser/v2/gqlerror"

	"github.com/hiregraph/hiregraph/internal/apierror"
)

// CodeBatchingNotSupported answers a JSON array of operations: each
// operation of a batch would need its own limits, transaction and scope
// check, and clients gain little from batches over HTTP/2.
const CodeBatchingNotSupported = "batching_not_supported"

// CodeUnauthenticated is the GraphQL spelling of missing or bad credentials,
// the name GraphQL clients (Apollo's, among others) look for.
const CodeUnauthenticated = "unauthenticated"

// Handler serves /graphql: the checks gqlgen does not make on the raw
// request, then gqlgen.
type Handler struct {
	gql http.Handler
}

// ServeHTTP refuses batches, then runs the operation. The HTTP status of an
// executed operation is 200 unless an operation-wide limit replaced its
// answer (responseLimit sets the status then) or the database failed it
// (503 with Retry-After).
func (h Handler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if r.Method == http.MethodPost && r.Body != nil {
		body := bufio.NewReader(r.Body)
		if startsWithArray(body) {
			WriteError(w, r, apierror.New(http.StatusBadRequest, CodeBatchingNotSupported,
				"the body is a JSON array (a batch of operations); send one operation per request"))
			return
		}
		r.Body = readCloser{body, r.Body}
	}
	if r.Method == http.MethodGet && strings.EqualFold(r.Header.Get("Upgrade"), "websocket") {
		r = withSocket(r)
	}
	status := &statusOverride{}
	h.gql.ServeHTTP(&statusWriter{ResponseWriter: w, override: status}, r.WithContext(context.WithValue(r.Context(), statusKey{}, status)))
}

// startsWithArray reports whether the first byte after leading white space
// opens a JSON array. White space beyond the reader's buffer is not
// looked through: gqlgen then refuses the body as not an object.
func startsWithArray(r *bufio.Reader) bool {
	for n := 1; ; n++ {
		b, err := r.Peek(n)
		if err != nil {
			return false
		}
		switch b[n-1] {
		case ' ', '\t', '\r', '\n':
			continue
		case '[':
			return true
		default:
			return false
		}
	}
}

type readCloser struct {
	*bufio.Reader
	closer interface{ Close() error }
}

func (r readCloser) Close() error { return r.closer.Close() }

// WriteError answers a request to /graphql that fails before an operation
// runs (no credentials, a body too large, a batch) with the status of err
// and a GraphQL body: {"errors":[{"message":…,"extensions":{"code":…}}]}.
func WriteError(w http.ResponseWriter, r *http.Request, err error) {
	answer := &statusOverride{}
	e := presentError(context.WithValue(r.Context(), statusKey{}, answer), err)
	status, _ := e.Extensions["status"].(int)
	if status == 0 {
		status = http.StatusInternalServerError
	}
	if err := answer.err.Load(); err != nil {
		err.SetHeaders(w.Header())
	}
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(struct {
		Errors gqlerror.List `json:"errors"`
	}{gqlerror.List{e}})
}

// statusOverride carries an error that answers the whole operation from
// inside gqlgen, which writes 200 for every executed operation, to the
// response writer: its status and headers (Retry-After). gqlgen presents
// errors on the goroutines of the root fields, so it is atomic.
type statusOverride struct {
	err atomic.Pointer[apierror.Error]
}

type statusKey struct{}

// setStatus makes the request of ctx answer with the status and headers
// of err.
func setStatus(ctx context.Context, err *apierror.Error) {
	if o, ok := ctx.Value(statusKey{}).(*statusOverride); ok {
		o.err.Store(err)
	}
}

type statusWriter struct {
	http.ResponseWriter
	override    *statusOverride
	wroteHeader bool
}

func (s *statusWriter) WriteHeader(code int) {
	s.wroteHeader = true
	s.ResponseWriter.WriteHeader(code)
}

func (s *statusWriter) Write(b []byte) (int, error) {
	if err := s.override.err.Load(); !s.wroteHeader && err != nil {
		err.SetHeaders(s.Header())
		s.WriteHeader(err.Status)
	}
	return s.ResponseWriter.Write(b)
}

func (s *statusWriter) Unwrap() http.ResponseWriter { return s.ResponseWriter }
