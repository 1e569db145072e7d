package graph_test

import (
	"encoding/json"
	"net/http"
	"strconv"
	"strings"
	"testing"

	"github.com/hiregraph/hiregraph/graph"
	"github.com/hiregraph/hiregraph/internal/hiregraphtest"
	"github.com/hiregraph/hiregraph/internal/server"
)

func TestBatchesAreRefused(t *testing.T) {
	env := hiregraphtest.New(t)
	for _, body := range []string{
		`[{"query":"{ viewer { id } }"}]`,
		`[{"query":"{ viewer { id } }"},{"query":"{ viewer { name } }"}]`,
		" \n\t[]",
	} {
		r := env.Do(http.MethodPost, "/graphql", body)
		r.AssertGraphQLError(t, http.StatusBadRequest, graph.CodeBatchingNotSupported)
	}
}

// Bodies gqlgen cannot decode once ended in a panic (logged as a 500).
func TestUndecodableBodiesAreBadRequests(t *testing.T) {
	env := hiregraphtest.New(t)
	for _, body := range []string{`{`, `"query"`, `{"query": 5}`, `{"query":"{ viewer { id } }","variables":[]}`, `{"query": 5, "pad": "` + strings.Repeat("x", 1000) + `"}`} {
		r := env.Do(http.MethodPost, "/graphql", body)
		r.AssertGraphQLError(t, http.StatusBadRequest, "bad_request")
		if len(r.Body) > 500 {
			t.Errorf("the answer copies the body: %s", r)
		}
	}
	metrics := string(env.DoWith(http.MethodGet, "/metrics", nil, nil).Body)
	if strings.Contains(metrics, `route="/graphql",status="500"`) {
		t.Errorf("a body was counted as a server error:\n%s", metrics)
	}
}

// An answer says its length, so a client reads it without parsing chunks:
// a long one (net/http counts only those under 2 KB itself), an error,
// and one refused before it ran.
func TestAnswersCarryTheirLength(t *testing.T) {
	env := hiregraphtest.New(t)
	for _, body := range []string{
		`{"query":"{ __schema { types { name description fields { name } } } }"}`,
		`{"query":"{ node(id: \"nope\") { id } }"}`,
		`{"query":"{ nothing }"}`,
	} {
		r := env.Do(http.MethodPost, "/graphql", body)
		assertGraphQLAnswer(t, r)
		if got := r.Header.Get("Content-Length"); got != strconv.Itoa(len(r.Body)) {
			t.Errorf("%s: Content-Length %q for a %d-byte answer", body, got, len(r.Body))
		}
	}
}

// assertGraphQLAnswer fails unless r is below 500 and a GraphQL answer:
// JSON with data or errors, every error with a message.
func assertGraphQLAnswer(t *testing.T, r *hiregraphtest.Response) {
	t.Helper()
	if r.Status >= 500 {
		t.Fatalf("server error: %s", r)
	}
	var g struct {
		Data   json.RawMessage   `json:"data"`
		Errors []json.RawMessage `json:"errors"`
	}
	if err := json.Unmarshal(r.Body, &g); err != nil {
		t.Fatalf("not JSON (%v): %s", err, r)
	}
	if len(g.Data) == 0 && len(g.Errors) == 0 {
		t.Fatalf("neither data nor errors: %s", r)
	}
	for _, e := range g.Errors {
		var msg struct{ Message string }
		if json.Unmarshal(e, &msg) != nil || msg.Message == "" {
			t.Fatalf("an error without a message: %s", r)
		}
	}
}

// FuzzGraphQLBody posts raw bodies to /graphql: whatever arrives, the
// answer is a GraphQL answer below 500.
func FuzzGraphQLBody(f *testing.F) {
	env := hiregraphtest.NewWithConfig(f, func(cfg *server.Config) {
		cfg.APIRatePerMinute, cfg.APIBurst = 1<<30, 1<<30
	})
	for _, seed := range []string{
		`{"query":"{ viewer { id name } }"}`,
		`{"query":"query Q($n: Int) { positions(first: $n) { totalCount edges { node { id } } } }","variables":{"n":2},"operationName":"Q"}`,
		`{"query":"mutation { createLocation(input: {name: \"x\"}) { id } }"}`,
		`{"query":"{ __schema { types { name } } }"}`,
		`{"query":"{ node(id: \"\u0000\") { id } }"}`,
		`[{"query":"{ viewer { id } }"}]`, `[]`, `{`, `null`, `{"query":5}`, `{"query":"{"}`,
		`{"query":"{ viewer { id } }","variables":"x","extensions":{"persistedQuery":{"version":1,"sha256Hash":"0"}}}`,
		strings.Repeat(`[`, 10000), `{"query":"` + strings.Repeat(`{a`, 5000) + `"}`,
	} {
		f.Add([]byte(seed))
	}
	f.Fuzz(func(t *testing.T, body []byte) {
		e := *env
		e.T = t
		assertGraphQLAnswer(t, e.Do(http.MethodPost, "/graphql", body))
	})
}

// The answer's media type follows Accept, and an operation refused before
// it runs is answered as GraphQL over HTTP has it: 200 in application/json
// (legacy clients read the body whatever the status), 400 in
// application/graphql-response+json, and 400 in both for a body without a
// query, which is no GraphQL request at all. A refused operation's answer
// has no data entry: it never ran.
func TestAcceptChoosesMediaTypeAndStatus(t *testing.T) {
	env := hiregraphtest.New(t)
	auth := "Bearer " + env.Demo.APIKey
	for _, c := range []struct {
		accept, query, mediaType string
		status                   int
	}{
		{"", `{ viewer { id } }`, "application/json", http.StatusOK},
		{"*/*", `{ nope }`, "application/json", http.StatusOK},
		{"application/json", `{ nope }`, "application/json", http.StatusOK},
		{"application/json", `{`, "application/json", http.StatusOK},
		{"application/json", ``, "application/json", http.StatusBadRequest},
		{"application/graphql-response+json", `{ viewer { id } }`, "application/graphql-response+json", http.StatusOK},
		{"application/graphql-response+json, application/json", `{ nope }`, "application/graphql-response+json", http.StatusBadRequest},
		{"application/graphql-response+json", `{`, "application/graphql-response+json", http.StatusBadRequest},
		{"text/html", `{ nope }`, "application/graphql-response+json", http.StatusBadRequest},
	} {
		body, _ := json.Marshal(map[string]string{"query": c.query})
		r := env.DoWith(http.MethodPost, "/graphql", body, map[string]string{"Authorization": auth, "Accept": c.accept})
		if r.Status != c.status || r.Header.Get("Content-Type") != c.mediaType {
			t.Errorf("Accept %q, %s: %d %s, want %d %s: %s", c.accept, c.query, r.Status, r.Header.Get("Content-Type"), c.status, c.mediaType, r.Body)
		}
		var answer map[string]json.RawMessage
		if err := json.Unmarshal(r.Body, &answer); err != nil {
			t.Errorf("Accept %q: not a JSON object: %s", c.accept, r.Body)
			continue
		}
		if _, hasData := answer["data"]; hasData != (answer["errors"] == nil) {
			t.Errorf("Accept %q, %q: data entry %v beside errors %s", c.accept, c.query, hasData, answer["errors"])
		}
	}
}
