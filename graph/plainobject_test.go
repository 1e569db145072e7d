package graph_test

import (
	"regexp"
	"strings"
	"testing"

	"github.com/hiregraph/hiregraph/hiregraphtest"
)

// A connection whose selected fields are all read straight off their
// objects, down to the nodes' scalars, is written without resolving its
// fields one by one (graph/generated/plainobject.go). It must answer the
// bytes the field-by-field path answers when one field with a resolver
// (person) makes the same nodes, their edges and the connection take that
// path: aliases, a name asked twice, __typename, enums, times, booleans,
// a null, an object field and a count.
func TestPlainFieldsAnswerAsResolvedFields(t *testing.T) {
	env := hiregraphtest.New(t)
	const plain = `__typename id again: id id status rejectionNote deleted timeCreated source address { city }`
	list := func(node string) string {
		r := env.GraphQL(`{ candidates(first: 5) { totalCount edges { node { `+node+` } } } }`, nil)
		if len(r.Errors) > 0 {
			t.Fatalf("errors: %+v", r.Errors)
		}
		return string(r.Data)
	}
	got := list(plain)
	resolved := regexp.MustCompile(`,"person":\{"id":"[^"]*"\}`).ReplaceAllString(list(plain+" person { id }"), "")
	if got != resolved {
		t.Fatalf("plain fields wrote\n%s\nresolved fields\n%s", got, resolved)
	}
	for _, want := range []string{`{"candidates":{"totalCount":`, `{"node":{"__typename":"Candidate","id":"can_`,
		`"status":"IN_PROGRESS","rejectionNote":null,"deleted":false,"timeCreated":"20`, `"address":`} {
		if !strings.Contains(got, want) {
			t.Fatalf("answer %s does not hold %s", got, want)
		}
	}
	if strings.Count(got, `"node":`) < 2 {
		t.Fatalf("answer %s holds fewer than two candidates", got)
	}
}
