package parity_test

import (
	"context"
	"net/http"
	"testing"

	"github.com/hiregraph/hiregraph/internal/auth"
	"github.com/hiregraph/hiregraph/internal/demo"
	"github.com/hiregraph/hiregraph/internal/hiregraphtest"
	"github.com/hiregraph/hiregraph/internal/viewer"
)

const (
	createNote    = `mutation($id: ID!, $in: CreateNoteInput!) { createNote(candidateID: $id, input: $in) { id } }`
	createMessage = `mutation($id: ID!, $in: CreateMessageInput!) { createMessage(conversationID: $id, input: $in) { id } }`
)

func noteInput() map[string]any {
	return map[string]any{"timeCreated": "2026-03-01T10:00:00Z", "createdBy": map[string]any{"type": "app", "firstName": "Bot"}, "text": "<b>x</b>"}
}

// TestNoteAndMessageRulesAreTheSameOnBothFaces sends each refused note and
// message through REST and GraphQL: the same code and status, and nothing
// written. Another company's candidate or conversation reads exactly like
// a missing one.
func TestNoteAndMessageRulesAreTheSameOnBothFaces(t *testing.T) {
	env := hiregraphtest.New(t)
	other, err := demo.Seed(context.Background(), env.DB.Client, env.Sealer, "Other Corp")
	if err != nil {
		t.Fatal(err)
	}
	readOnly, err := auth.CreateKey(hiregraphtest.System(), env.DB.Client, env.Sealer, env.Demo.CompanyUID, "read only", []string{viewer.ScopeRead})
	if err != nil {
		t.Fatal(err)
	}
	with := func(in map[string]any, key string, value any) map[string]any { in[key] = value; return in }
	type request struct {
		path, mutation, id string
		in                 map[string]any
	}
	note := func(id string, in map[string]any) request {
		return request{"/v1/candidates/" + id + "/notes", createNote, id, in}
	}
	message := func(id string, in map[string]any) request {
		return request{"/v1/conversations/" + id + "/messages", createMessage, id, in}
	}
	for _, c := range []struct {
		name string
		req  request
		key  string
		code string
	}{
		{"note, unknown candidate", note("can_01ZZZZZZZZZZZZZZZZZZZZZZZZ", noteInput()), "", "candidate_not_found"},
		{"note, another company's candidate", note(other.CandidateUID, noteInput()), "", "candidate_not_found"},
		{"note, read-only key", note(env.Demo.CandidateUID, noteInput()), readOnly.Secret, "forbidden"},
		{"note, unknown author type", note(env.Demo.CandidateUID, with(noteInput(), "createdBy", map[string]any{"type": "robot", "firstName": "x"})), "", "validation_failed"},
		{"note, nothing left of the text", note(env.Demo.CandidateUID, with(noteInput(), "text", "<script>x</script>")), "", "validation_failed"},
		{"note, NUL in the text", note(env.Demo.CandidateUID, with(noteInput(), "text", "a\x00b")), "", "bad_request"},
		{"message, unknown conversation", message("cnv_01ZZZZZZZZZZZZZZZZZZZZZZZZ", hiregraphtest.MessageInput()), "", "message_not_found"},
		{"message, another company's conversation", message(other.ConversationUID, hiregraphtest.MessageInput()), "", "message_not_found"},
		{"message, read-only key", message(env.Demo.ConversationUID, hiregraphtest.MessageInput()), readOnly.Secret, "forbidden"},
		{"message, status in from", message(env.Demo.ConversationUID, with(hiregraphtest.MessageInput(), "from",
			map[string]any{"type": "user", "firstName": "Rita", "email": "rita.recruiter@acme.example", "status": "Sent"})), "", "validation_failed"},
	} {
		t.Run(c.name, func(t *testing.T) {
			key := c.key
			if key == "" {
				key = env.Demo.APIKey
			}
			headers := map[string]string{"Authorization": "Bearer " + key, "Content-Type": "application/json"}
			env.AssertNothingWritten(t, func() {
				rest := env.DoWith(http.MethodPost, c.req.path, restBody(c.req.in), headers)
				graph, _ := graphRequest(t, env, headers, c.req.mutation, map[string]any{"id": c.req.id, "in": c.req.in})
				sameFailure(t, restOutcome(t, rest), graph, c.code)
			})
		})
	}
	// Both faces take the valid requests.
	if r := env.Do(http.MethodPost, "/v1/candidates/"+env.Demo.CandidateUID+"/notes", restBody(noteInput())); r.Status != http.StatusCreated {
		t.Errorf("REST note: %s", r)
	}
	var ok map[string]any
	env.GraphQL(createMessage, map[string]any{"id": env.Demo.ConversationUID, "in": hiregraphtest.MessageInput()}).Decode(t, &ok)
}
