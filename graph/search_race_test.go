package graph_test

import (
	"fmt"
	"testing"

	"github.com/hiregraph/hiregraph/internal/hiregraphtest"
	"github.com/hiregraph/hiregraph/internal/server"
)

// Fifty notes on one candidate at once each rewrite the candidate's search
// document: none of them may lose another's words (on PostgreSQL each
// write locks the candidate before it reads what to index).
func TestRacingNotesKeepEveryWordSearchable(t *testing.T) {
	env := hiregraphtest.NewWithConfig(t, func(c *server.Config) { c.APIRatePerMinute, c.APIBurst = 1<<20, 1<<20 })
	const n = 50
	word := func(i int) string { return fmt.Sprintf("racingword%02dx", i) }
	results := hiregraphtest.Race(n, func(i int) *hiregraphtest.GraphQLResponse {
		return env.GraphQL(`mutation($id: ID!, $in: CreateNoteInput!) { createNote(candidateID: $id, input: $in) { id } }`, map[string]any{
			"id": env.Demo.CandidateUID,
			"in": map[string]any{"timeCreated": "2026-03-01T10:00:00Z", "createdBy": map[string]any{"type": "app", "firstName": "Bot"}, "text": word(i)},
		})
	})
	for i, r := range results {
		if r.Code() != "" || r.Status != 200 {
			t.Fatalf("note %d: %d %+v", i, r.Status, r.Errors)
		}
	}
	for i := range n {
		if got := search(t, env.GraphQL, word(i)); len(got.Search.Edges) != 1 || got.Search.Edges[0].Node.ID != env.Demo.CandidateUID {
			t.Errorf("the word of note %d found %v", i, got.names())
		}
	}
}
