package graph_test

import (
	"testing"

	"github.com/hiregraph/hiregraph/ent/user"
	"github.com/hiregraph/hiregraph/internal/hiregraphtest"
)

// userUID is the uid of the user with that e-mail.
func userUID(env *hiregraphtest.Env, email string) string {
	return env.DB.Client.User.Query().Where(user.Email(email)).OnlyIDX(hiregraphtest.System())
}

func TestCreateMessage(t *testing.T) {
	env := hiregraphtest.New(t)
	var out struct {
		CreateMessage struct {
			ID, Status, Subject, Body string
			From                      struct{ Type, UID string }
			To, Bcc                   []struct{ Type, UID, Status string }
			Cc                        []struct{ UID string }
			Conversation              struct{ ID string }
		}
	}
	env.GraphQL(`mutation($id: ID!, $in: CreateMessageInput!) { createMessage(conversationID: $id, input: $in) {
		id status subject body from { type uid } to { type uid status } cc { uid } bcc { type uid status } conversation { id } } }`, map[string]any{
		"id": env.Demo.ConversationUID, "in": hiregraphtest.MessageInput(),
	}).Decode(t, &out)
	m := out.CreateMessage
	if m.Body != `<i>Congratulations</i>! <a href="mailto:rita.recruiter@acme.example" rel="nofollow noopener">Reply</a>` ||
		m.Status != "Sent" || m.Subject != "Offer" || m.Conversation.ID != env.Demo.ConversationUID ||
		m.From.UID != userUID(env, "rita.recruiter@acme.example") ||
		len(m.To) != 1 || m.To[0].UID != env.Demo.CandidateUID || m.To[0].Status != "Sent" ||
		len(m.Bcc) != 1 || m.Bcc[0].UID != userUID(env, "hank.manager@acme.example") || m.Bcc[0].Status != "Open" || len(m.Cc) != 0 {
		t.Errorf("createMessage = %+v", m)
	}

	in := hiregraphtest.MessageInput()
	in["from"] = map[string]any{"type": "user", "firstName": "Rita", "email": "rita.recruiter@acme.example", "status": "Sent"}
	env.AssertNothingWritten(t, func() {
		bad := env.GraphQL(`mutation($id: ID!, $in: CreateMessageInput!) { createMessage(conversationID: $id, input: $in) { id } }`, map[string]any{
			"id": env.Demo.ConversationUID, "in": in,
		})
		if bad.Code() != "validation_failed" || bad.Errors[0].Extensions["field"] != "from.status" {
			t.Errorf("GraphQL createMessage with from.status: %+v", bad.Errors)
		}
	})
}
