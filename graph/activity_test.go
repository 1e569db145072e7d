package graph_test

import (
	"testing"

	"github.com/hiregraph/hiregraph/hiregraphtest"
)

// TestWritesShowOnTheTimeline: the newest note written through the graph
// is first on its candidate's timeline and on the position's, attributed to
// the API key that wrote it.
func TestWritesShowOnTheTimeline(t *testing.T) {
	env := hiregraphtest.New(t)
	var created struct{ CreateNote struct{ ID string } }
	for range 2 {
		env.GraphQL(`mutation($id: ID!) { createNote(candidateID: $id, input: {
			timeCreated: "2026-03-01T10:00:00Z", createdBy: {type: "app", firstName: "Sync"}, text: "hello" }) { id } }`,
			map[string]any{"id": env.Demo.CandidateUID}).Decode(t, &created)
	}

	type timeline struct {
		TotalCount int
		Edges      []struct {
			Node struct {
				Verb, ActorType, ActorID, ObjectType, ObjectID string
			}
		}
	}
	var out struct {
		Node struct {
			Activities timeline
			Position   struct{ Activities timeline }
		}
	}
	fields := `totalCount edges { node { verb actorType actorID objectType objectID } }`
	env.GraphQL(`query($id: ID!) { node(id: $id) { ... on Candidate {
		activities(first: 1) { `+fields+` } position { activities(first: 1) { `+fields+` } } } } }`,
		map[string]any{"id": env.Demo.CandidateUID}).Decode(t, &out)
	for name, tl := range map[string]timeline{"candidate": out.Node.Activities, "position": out.Node.Position.Activities} {
		if len(tl.Edges) != 1 {
			t.Fatalf("%s timeline: %+v", name, tl)
		}
		a := tl.Edges[0].Node
		if a.Verb != "note.created" || a.ObjectType != "Note" || a.ObjectID != created.CreateNote.ID ||
			a.ActorType != "API_KEY" || a.ActorID != env.Demo.APIKeyID {
			t.Errorf("%s timeline starts with %+v, want the note by key %s", name, a, env.Demo.APIKeyID)
		}
	}
}
