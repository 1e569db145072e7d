package graph

import (
	"net/http"

	"github.com/99designs/gqlgen/graphql"
	"github.com/99designs/gqlgen/graphql/handler/transport"

	"github.com/hiregraph/hiregraph/internal/apierror"
)

// CodeMethodNotAllowed answers a mutation sent over GET.
const CodeMethodNotAllowed = "method_not_allowed"

// get is gqlgen's GET transport, but for two answers. Every answer is the
// data of one credential, so none may be kept by a shared cache (a CDN):
// they say private, no-store. A mutation over GET is refused with 405 and
// Allow: POST, as GraphQL over HTTP says, in the shape of every other
// error, where transport.GET answers 406 with no code.
type get struct {
	transport.GET
}

func (g get) Do(w http.ResponseWriter, r *http.Request, exec graphql.GraphExecutor) {
	w.Header().Set("Cache-Control", "private, no-store")
	w.Header().Add("Vary", "Authorization")
	g.GET.Do(&mutationRefusal{ResponseWriter: w, r: r}, r, exec)
}

// mutationRefusal replaces transport.GET's answer to a mutation, the only
// one it gives 406, with a 405 in the shape of every error.
type mutationRefusal struct {
	http.ResponseWriter
	r        *http.Request
	replaced bool
}

func (m *mutationRefusal) WriteHeader(status int) {
	if status != http.StatusNotAcceptable {
		m.ResponseWriter.WriteHeader(status)
		return
	}
	m.replaced = true
	m.Header().Set("Allow", http.MethodPost)
	WriteError(m.ResponseWriter, m.r, apierror.New(http.StatusMethodNotAllowed, CodeMethodNotAllowed,
		"a mutation must be sent with POST; GET runs queries only"))
}

func (m *mutationRefusal) Write(b []byte) (int, error) {
	if m.replaced {
		return len(b), nil
	}
	return m.ResponseWriter.Write(b)
}
