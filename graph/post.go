package graph

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"mime"
	"net/http"
	"strconv"
	"strings"

	"github.com/99designs/gqlgen/graphql"
	"github.com/99designs/gqlgen/graphql/errcode"
	"github.com/99designs/gqlgen/graphql/handler/transport"
	"github.com/vektah/gqlparser/v2/ast"
	"github.com/vektah/gqlparser/v2/gqlerror"
)

// post is gqlgen's POST transport (transport.POST) but for how it writes
// an answer. transport.POST hands the whole response to json.Marshal,
// which scans the data gqlgen has just written compact to validate and
// compact it again: about 5% of a list read's CPU in process. post
// copies the data as written, escaping HTML characters as json.Marshal
// would, so the bytes stay the same. Requests and content types are
// transport.POST's; the statuses of refusals follow GraphQL over HTTP
// (statusOfRefused).
type post struct {
	transport.POST
}

func (p post) Do(w http.ResponseWriter, r *http.Request, exec graphql.GraphExecutor) {
	ctx := r.Context()
	contentType := responseContentType(r)
	w.Header().Set("Content-Type", contentType)
	start := graphql.Now()
	body, err := io.ReadAll(r.Body)
	if err != nil {
		writeRefusal(w, exec.DispatchError(ctx, gqlerror.List{gqlerror.Errorf("could not read request body: %+v", err)}))
		return
	}
	var params graphql.RawParams
	decoder := json.NewDecoder(bytes.NewReader(body))
	decoder.UseNumber()
	if err := decoder.Decode(&params); err != nil {
		w.WriteHeader(http.StatusBadRequest)
		writeRefusal(w, exec.DispatchError(ctx, gqlerror.List{gqlerror.Errorf("json request body could not be decoded: %+v body:%s", err, body)}))
		return
	}
	params.Headers = r.Header
	params.ReadTime = graphql.TraceTiming{Start: start, End: graphql.Now()}
	answer(w, r, exec, contentType, &params, nil)
}

// answer runs the operation of params and writes its answer, or the
// refusal of an operation that cannot run; refuse, when not nil, may
// answer an operation before it runs instead (and reports so).
func answer(w http.ResponseWriter, r *http.Request, exec graphql.GraphExecutor, contentType string, params *graphql.RawParams,
	refuse func(http.ResponseWriter, *http.Request, *ast.OperationDefinition) bool) {
	ctx := r.Context()
	rc, errs := exec.CreateOperationContext(ctx, params)
	if errs != nil {
		w.WriteHeader(statusOfRefused(contentType, params, errs))
		writeRefusal(w, exec.DispatchError(graphql.WithOperationContext(ctx, rc), errs))
		return
	}
	if refuse != nil && refuse(w, r, rc.Operation) {
		return
	}
	responses, ctx := exec.DispatchOperation(ctx, rc)
	writeResponse(w, responses(ctx))
}

const (
	mediaJSON            = "application/json"
	mediaGraphQLResponse = "application/graphql-response+json"
)

// responseContentType is the media type of the answer, as transport.POST
// chooses it from Accept: application/json unless the client asks for
// application/graphql-response+json before it (or names neither).
func responseContentType(r *http.Request) string {
	accept := r.Header.Get("Accept")
	if accept == "" {
		return mediaJSON
	}
	for part := range strings.SplitSeq(accept, ",") {
		mediaType, _, err := mime.ParseMediaType(strings.TrimSpace(part))
		if err != nil {
			continue
		}
		switch mediaType {
		case "*/*", "application/*", mediaJSON:
			return mediaJSON
		case mediaGraphQLResponse:
			return mediaGraphQLResponse
		}
	}
	return mediaGraphQLResponse
}

// statusOfRefused is the status of an operation refused before it ran
// (a document that does not parse or validate, variables that do not
// coerce, a limit), as GraphQL over HTTP asks. In
// application/graphql-response+json it is 400. In application/json, the
// media type of legacy clients, which read the body whatever the status
// and cannot tell a proxy's 4xx from the server's, a well-formed request
// answers 200 (spec section 6.4.1); only a request without any operation
// is not a GraphQL-over-HTTP request, and gets 400.
func statusOfRefused(contentType string, params *graphql.RawParams, errs gqlerror.List) int {
	if errcode.GetErrorKind(errs) != errcode.KindProtocol {
		return http.StatusOK
	}
	if contentType == mediaGraphQLResponse || params.Query == "" {
		return http.StatusBadRequest
	}
	return http.StatusOK
}

// writeResponse writes resp in one piece with its Content-Length: a client
// then reads a known length instead of parsing chunks, and the answer goes
// out in as few writes as the socket allows.
func writeResponse(w http.ResponseWriter, resp *graphql.Response) {
	body := responseBody(resp)
	w.Header().Set("Content-Length", strconv.Itoa(len(body)))
	w.Write(body)
}

// writeRefusal writes the answer of an operation refused before it ran:
// its errors without a data entry, as the GraphQL spec asks of a request
// error ("data": null is an operation that ran and failed).
func writeRefusal(w http.ResponseWriter, resp *graphql.Response) {
	body := append(append([]byte{'{'}, innerJSON(struct {
		Errors     gqlerror.List  `json:"errors"`
		Extensions map[string]any `json:"extensions,omitempty"`
	}{resp.Errors, resp.Extensions})...), '}')
	w.Header().Set("Content-Length", strconv.Itoa(len(body)))
	w.Write(body)
}

// responseBody is resp's JSON, as json.Marshal writes it.
func responseBody(resp *graphql.Response) []byte {
	if resp == nil {
		return []byte("null")
	}
	// Most answers have data alone: the other fields are marshalled only
	// when there are some.
	var before, after []byte
	if len(resp.Errors) > 0 {
		before = innerJSON(struct {
			Errors gqlerror.List `json:"errors"`
		}{resp.Errors})
	}
	if resp.Label != "" || len(resp.Path) > 0 || resp.HasNext != nil || len(resp.Extensions) > 0 {
		after = innerJSON(struct {
			Label      string         `json:"label,omitempty"`
			Path       ast.Path       `json:"path,omitempty"`
			HasNext    *bool          `json:"hasNext,omitempty"`
			Extensions map[string]any `json:"extensions,omitempty"`
		}{resp.Label, resp.Path, resp.HasNext, resp.Extensions})
	}
	data := dataJSON(resp.Data)
	body := make([]byte, 0, len(before)+len(data)+len(after)+len(`{,"data":,}`))
	body = append(body, '{')
	if len(before) > 0 {
		body = append(append(body, before...), ',')
	}
	body = append(append(body, `"data":`...), data...)
	if len(after) > 0 {
		body = append(append(body, ','), after...)
	}
	return append(body, '}')
}

// dataJSON is an answer's data with the HTML characters escaped, as
// json.Marshal escapes them. Most answers hold none: those are returned as
// they are, without a copy.
func dataJSON(data []byte) []byte {
	switch {
	case data == nil:
		return []byte("null")
	case holdsHTMLCharacters(data):
		var b bytes.Buffer
		json.HTMLEscape(&b, data)
		return b.Bytes()
	default:
		return data
	}
}

// holdsHTMLCharacters reports whether data holds a character
// json.HTMLEscape escapes. Each search is one vectorized scan, where
// HTMLEscape looks at every byte.
func holdsHTMLCharacters(data []byte) bool {
	return bytes.IndexByte(data, '<') >= 0 || bytes.IndexByte(data, '>') >= 0 || bytes.IndexByte(data, '&') >= 0 ||
		bytes.Contains(data, []byte("\u2028")) || bytes.Contains(data, []byte("\u2029"))
}

// innerJSON is the JSON of the struct v without its braces: its fields,
// empty when every one was omitted.
func innerJSON(v any) []byte {
	b, err := json.Marshal(v)
	if err != nil {
		// As transport.POST does: an answer that cannot be written is a bug.
		panic(fmt.Errorf("unable to marshal the response: %w", err))
	}
	return b[1 : len(b)-1]
}
