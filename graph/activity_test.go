package graph_test

import (
	"net/http"
	"testing"

	"github.com/hiregraph/hiregraph/internal/hiregraphtest"
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

// TestEveryCandidateWriteShowsOnItsTimeline: a message, a test submission,
// the partner's evaluation report and an uploaded file each add their
// activity to the candidate's timeline. (The lifecycle mutations are checked
// in transition_test.go, positionwrite_test.go and pipeline_test.go.)
func TestEveryCandidateWriteShowsOnItsTimeline(t *testing.T) {
	env := hiregraphtest.New(t)
	var conv struct {
		Node struct{ Candidate struct{ ID string } }
	}
	env.GraphQL(`query($id: ID!) { node(id: $id) { ... on Conversation { candidate { id } } } }`,
		map[string]any{"id": env.Demo.ConversationUID}).Decode(t, &conv)
	candidateID := conv.Node.Candidate.ID
	if candidateID == "" {
		t.Fatal("the demo conversation is about no candidate")
	}
	writes := []struct {
		name string
		do   func() int
	}{
		{"message", func() int {
			return env.Do(http.MethodPost, "/v1/conversations/"+env.Demo.ConversationUID+"/messages", map[string]any{
				"time_sent": "2026-03-02T09:00:00Z", "subject": "Next steps", "status": "Sent", "body": "Hi",
				"from": map[string]any{"type": "user", "first_name": "Rita", "email": "rita.recruiter@acme.example"},
				"to":   []any{map[string]any{"type": "candidate", "first_name": "Ada", "status": "Sent"}},
			}).Status
		}},
		{"test", func() int {
			partner := env.StartPartner(hiregraphtest.AcceptEvaluations("tl"), map[string]any{"canSeeOffers": true})
			return env.Do(http.MethodPost, "/v1/candidates/"+candidateID+"/tests",
				map[string]any{"partner_uid": partner.UID, "test_id": "go-basics"}).Status
		}},
		{"evaluation", func() int {
			return env.WithKey("evaluations:write").Do(http.MethodPost, "/v1/evaluations/tl-1",
				map[string]any{"status": "completed", "outcome": "passed", "score": 4}).Status
		}},
		{"file", func() int {
			r := env.Upload(`mutation($c: ID!, $f: Upload!) { uploadCandidateFile(candidateID: $c, file: $f) { id } }`,
				map[string]any{"c": candidateID, "f": nil}, "f",
				hiregraphtest.Part{FileName: "cv.pdf", ContentType: "application/pdf", Content: hiregraphtest.SamplePDF})
			if len(r.Errors) > 0 {
				return http.StatusBadRequest
			}
			return http.StatusOK
		}},
	}
	want := map[string]string{"message": "message.created", "test": "test.submitted", "evaluation": "evaluation.updated", "file": "file.uploaded"}
	for _, w := range writes {
		if status := w.do(); status >= 300 {
			t.Fatalf("%s: status %d", w.name, status)
		}
		var out struct {
			Node struct {
				Activities struct {
					Edges []struct{ Node struct{ Verb string } }
				}
			}
		}
		env.GraphQL(`query($id: ID!) { node(id: $id) { ... on Candidate { activities(first: 1) { edges { node { verb } } } } } }`,
			map[string]any{"id": candidateID}).Decode(t, &out)
		if e := out.Node.Activities.Edges; len(e) != 1 || e[0].Node.Verb != want[w.name] {
			t.Errorf("after the %s the timeline starts with %+v, want %s", w.name, e, want[w.name])
		}
	}
}
