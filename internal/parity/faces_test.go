package parity_test

import (
	"net/http"
	"regexp"
	"strings"
	"testing"

	"github.com/hiregraph/hiregraph/internal/hiregraphtest"
)

// outcome is what a caller learns from a request: the error code and
// status, or "" and 200/201 on success.
type outcome struct {
	Code   string
	Status int
}

func restOutcome(t *testing.T, r *hiregraphtest.Response) outcome {
	t.Helper()
	if r.Status < 400 {
		return outcome{Status: r.Status}
	}
	body := r.Map(t)
	code, _ := body["error"].(string)
	return outcome{Code: code, Status: r.Status}
}

func graphOutcome(r *hiregraphtest.GraphQLResponse) outcome {
	if len(r.Errors) == 0 {
		return outcome{Status: http.StatusOK}
	}
	status, _ := r.Errors[0].Extensions["status"].(float64)
	return outcome{Code: r.Code(), Status: int(status)}
}

// graphRequest posts a GraphQL operation with headers and returns its
// outcome: the first error's code and extensions.status. Requests the server
// refuses before GraphQL runs (a NUL, an oversized body) get the same shape
// with their HTTP status.
func graphRequest(t *testing.T, env *hiregraphtest.Env, headers map[string]string, query string, vars map[string]any) (outcome, *hiregraphtest.GraphQLResponse) {
	t.Helper()
	r := env.DoWith(http.MethodPost, "/graphql", map[string]any{"query": query, "variables": vars}, headers)
	var gql hiregraphtest.GraphQLResponse
	r.JSON(t, &gql)
	return graphOutcome(&gql), &gql
}

// sameFailure checks that both faces refused a request with code and the
// same status.
func sameFailure(t *testing.T, rest, graph outcome, code string) {
	t.Helper()
	if rest.Code != code || graph.Code != code || rest.Status != graph.Status {
		t.Errorf("REST %+v, GraphQL %+v; want both %s with one status", rest, graph, code)
	}
}

// acronym finds the UID runs GraphQL names spell in capitals.
var acronym = regexp.MustCompile(`UIDs?`)

// snake turns a GraphQL input name into its REST spelling:
// copyAssignees -> copy_assignees, locationUID -> location_uid.
func snake(name string) string {
	name = acronym.ReplaceAllStringFunc(name, func(s string) string { return "_" + strings.ToLower(s) })
	var b strings.Builder
	for _, r := range name {
		if r >= 'A' && r <= 'Z' {
			b.WriteByte('_')
			r += 'a' - 'A'
		}
		b.WriteRune(r)
	}
	return b.String()
}

// restBody is a GraphQL input as the REST body of the same request. The
// keys of customFields are field names, not input names, and stay.
func restBody(v any) any {
	switch v := v.(type) {
	case map[string]any:
		out := make(map[string]any, len(v))
		for k, val := range v {
			if k == "customFields" {
				out[snake(k)] = val
				continue
			}
			out[snake(k)] = restBody(val)
		}
		return out
	case []any:
		out := make([]any, len(v))
		for i, val := range v {
			out[i] = restBody(val)
		}
		return out
	}
	return v
}
