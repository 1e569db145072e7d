package graph_test

import (
	"net/http"
	"strings"
	"testing"

	"github.com/hiregraph/hiregraph/internal/hiregraphtest"
)

func TestCreateNote(t *testing.T) {
	env := hiregraphtest.New(t)
	var out struct {
		CreateNote struct {
			ID, Text, TimeCreated string
			CreatedBy             struct{ Type, UID, FirstName string }
			Details               []struct{ Title, Text string }
			Candidate             struct{ ID string }
		}
	}
	env.GraphQL(`mutation($id: ID!, $in: CreateNoteInput!) { createNote(candidateID: $id, input: $in) {
		id text timeCreated createdBy { type uid firstName } details { title text } candidate { id } } }`, map[string]any{
		"id": env.Demo.CandidateUID,
		"in": map[string]any{
			"timeCreated": "2026-03-01T10:00:00Z",
			"createdBy":   map[string]any{"type": "app", "firstName": "ATS Sync"},
			"text":        "<u>ok</u><img src=x onerror=alert(1)>",
			"details":     []any{map[string]any{"title": "Source", "text": "LinkedIn"}},
		},
	}).Decode(t, &out)
	n := out.CreateNote
	if n.Text != "<u>ok</u>" || n.CreatedBy.Type != "app" || n.CreatedBy.FirstName != "ATS Sync" || !strings.HasPrefix(n.CreatedBy.UID, "ctc_") ||
		n.Candidate.ID != env.Demo.CandidateUID || len(n.Details) != 1 || n.Details[0].Text != "LinkedIn" || !strings.HasPrefix(n.TimeCreated, "2026-03-01T10:00:00") {
		t.Errorf("createNote = %+v", n)
	}

	// The same rules, reported with the spec's field path.
	for field, in := range map[string]map[string]any{
		"timeCreated":         {"timeCreated": "yesterday", "createdBy": map[string]any{"type": "app", "firstName": "x"}, "text": "x"},
		"createdBy.type":      {"timeCreated": "2026-03-01T10:00:00Z", "createdBy": map[string]any{"type": "robot", "firstName": "x"}, "text": "x"},
		"text":                {"timeCreated": "2026-03-01T10:00:00Z", "createdBy": map[string]any{"type": "app", "firstName": "x"}, "text": "<script>x</script>"},
		"details[0].title":    {"timeCreated": "2026-03-01T10:00:00Z", "createdBy": map[string]any{"type": "app", "firstName": "x"}, "text": "x", "details": []any{map[string]any{"title": " "}}},
		"createdBy.status":    {"timeCreated": "2026-03-01T10:00:00Z", "createdBy": map[string]any{"type": "app", "firstName": "x", "status": "Sent"}, "text": "x"},
		"createdBy.email":     {"timeCreated": "2026-03-01T10:00:00Z", "createdBy": map[string]any{"type": "app", "firstName": "x", "email": "@"}, "text": "x"},
		"createdBy.firstName": {"timeCreated": "2026-03-01T10:00:00Z", "createdBy": map[string]any{"type": "app", "firstName": ""}, "text": "x"},
	} {
		env.AssertNothingWritten(t, func() {
			bad := env.GraphQL(`mutation($id: ID!, $in: CreateNoteInput!) { createNote(candidateID: $id, input: $in) { id } }`, map[string]any{"id": env.Demo.CandidateUID, "in": in})
			if len(bad.Errors) == 0 || bad.Errors[0].Extensions["field"] != field {
				t.Errorf("GraphQL createNote with a bad %s: %+v", field, bad.Errors)
			}
		})
	}
}

// TestNULInTextIsBadInput: a NUL in a
// variable is refused as bad input on both databases (PostgreSQL cannot
// store it), never a 500 and never stored on one database only.
func TestNULInTextIsBadInput(t *testing.T) {
	env := hiregraphtest.New(t)
	r := env.Do(http.MethodPost, "/graphql", map[string]any{
		"query": `mutation($id: ID!, $in: CreateNoteInput!) { createNote(candidateID: $id, input: $in) { id } }`,
		"variables": map[string]any{
			"id": env.Demo.CandidateUID,
			"in": map[string]any{"timeCreated": "2026-03-01T10:00:00Z", "createdBy": map[string]any{"type": "app", "firstName": "Bot"}, "text": "a\x00b"},
		},
	})
	r.AssertGraphQLError(t, http.StatusBadRequest, "bad_request")
	if !strings.Contains(string(r.Body), "NUL") {
		t.Errorf("the error does not name the NUL: %s", r.Body)
	}
}
