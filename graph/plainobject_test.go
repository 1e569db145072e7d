package graph_test

import (
	"regexp"
	"strings"
	"testing"

	"github.com/hiregraph/hiregraph/internal/hiregraphtest"
)

// A connection whose selected fields are all read straight off their
// objects (or by an ent edge's method, as a candidate's person), down to
// the leaves, is written without resolving its fields one by one
// (graph/generated/plainobject.go). It must answer the bytes the
// field-by-field path answers when one more field that is not plain
// (currentSteps, a non-null list) makes the same nodes, their edges and
// the connection take that path: aliases, a name asked twice,
// __typename, enums, times, booleans, a null, object fields and a count.
func TestPlainFieldsAnswerAsResolvedFields(t *testing.T) {
	env := hiregraphtest.New(t)
	const plain = `__typename id again: id id status rejectionNote deleted timeCreated source address { city } person { firstName } home: address { country }`
	notPlain := regexp.MustCompile(`,"currentSteps":\[[^\]]*\]`)
	for _, query := range []string{
		`{ candidates(first: 5) { totalCount edges { node { %s } } } }`,
		`{ positions(first: 3) { edges { node { id candidates(first: 4) { edges { node { %s } } } } } } }`,
	} {
		answer := func(node string) string {
			r := env.GraphQL(strings.Replace(query, "%s", node, 1), nil)
			if len(r.Errors) > 0 {
				t.Fatalf("errors: %+v", r.Errors)
			}
			return string(r.Data)
		}
		got := answer(plain)
		resolved := answer(plain + " currentSteps { name }")
		if !notPlain.MatchString(resolved) {
			t.Fatalf("the field-by-field answer %s has no currentSteps", resolved)
		}
		if resolved = notPlain.ReplaceAllString(resolved, ""); got != resolved {
			t.Fatalf("plain fields wrote\n%s\nresolved fields\n%s", got, resolved)
		}
		for _, want := range []string{`{"node":{"__typename":"Candidate","id":"can_`,
			`"status":"IN_PROGRESS","rejectionNote":null,"deleted":false,"timeCreated":"20`, `"address":`, `"person":{"firstName":"`} {
			if !strings.Contains(got, want) {
				t.Fatalf("answer %s does not hold %s", got, want)
			}
		}
		if strings.Count(got, `"node":{"__typename"`) < 2 {
			t.Fatalf("answer %s holds fewer than two candidates", got)
		}
	}
}
