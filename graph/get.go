package graph

import (
	"encoding/json"
	"net/http"
	"net/url"
	"strings"

	"github.com/99designs/gqlgen/graphql"
	"github.com/99designs/gqlgen/graphql/handler/transport"
	"github.com/vektah/gqlparser/v2/ast"
	"github.com/vektah/gqlparser/v2/gqlerror"

	"github.com/hiregraph/hiregraph/internal/apierror"
)

// CodeMethodNotAllowed answers a mutation sent over GET.
const CodeMethodNotAllowed = "method_not_allowed"

// get is gqlgen's GET transport (transport.GET chooses the requests it
// takes), answering as post does: the same statuses and bodies for a
// refused operation. Every answer is the data of one credential, so none
// may be kept by a shared cache (a CDN): they say private, no-store. A
// mutation over GET is refused with 405 and Allow: POST, as GraphQL over
// HTTP says, in the shape of every other error, where transport.GET
// answers 406 with no code.
type get struct {
	transport.GET
}

func (g get) Do(w http.ResponseWriter, r *http.Request, exec graphql.GraphExecutor) {
	w.Header().Set("Cache-Control", "private, no-store")
	w.Header().Add("Vary", "Authorization")
	contentType := responseContentType(r)
	w.Header().Set("Content-Type", contentType)
	start := graphql.Now()
	params, err := paramsOfQuery(r.URL.RawQuery)
	if err != nil {
		w.WriteHeader(http.StatusBadRequest)
		writeRefusal(w, exec.DispatchError(r.Context(), gqlerror.List{err}))
		return
	}
	params.Headers = r.Header
	params.ReadTime = graphql.TraceTiming{Start: start, End: graphql.Now()}
	answer(w, r, exec, contentType, params, refuseMutations)
}

// paramsOfQuery reads an operation from a GET request's query string, its
// variables and extensions JSON-encoded, as transport.GET does.
func paramsOfQuery(rawQuery string) (*graphql.RawParams, *gqlerror.Error) {
	query, err := url.ParseQuery(rawQuery)
	if err != nil {
		return nil, gqlerror.Errorf("the query string could not be read: %v", err)
	}
	params := &graphql.RawParams{Query: query.Get("query"), OperationName: query.Get("operationName")}
	for name, into := range map[string]*map[string]any{"variables": &params.Variables, "extensions": &params.Extensions} {
		value := query.Get(name)
		if value == "" {
			continue
		}
		decoder := json.NewDecoder(strings.NewReader(value))
		decoder.UseNumber()
		if err := decoder.Decode(into); err != nil {
			return nil, gqlerror.Errorf("%s could not be decoded: %v", name, err)
		}
	}
	return params, nil
}

// refuseMutations answers an operation other than a query with 405: GET
// must not change anything.
func refuseMutations(w http.ResponseWriter, r *http.Request, op *ast.OperationDefinition) bool {
	if op.Operation == ast.Query {
		return false
	}
	w.Header().Set("Allow", http.MethodPost)
	WriteError(w, r, apierror.New(http.StatusMethodNotAllowed, CodeMethodNotAllowed,
		"a mutation must be sent with POST; GET runs queries only"))
	return true
}
