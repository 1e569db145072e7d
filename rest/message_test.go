package rest_test

import (
	"context"
	"net/http"
	"strings"
	"testing"

	"github.com/hiregraph/hiregraph/ent/candidate"
	"github.com/hiregraph/hiregraph/ent/person"
	"github.com/hiregraph/hiregraph/internal/demo"
	"github.com/hiregraph/hiregraph/internal/hiregraphtest"
)

func messagePath(conversationUID string) string {
	return "/v1/conversations/" + conversationUID + "/messages"
}

func validMessage() map[string]any {
	return map[string]any{
		"time_sent": "2026-03-02T09:00:00Z",
		"subject":   "Next steps",
		"body":      `Hi <b>Ada</b>, see <a href="https://acme.example/next">this</a> <a href="javascript:alert(1)">bad</a>`,
		"from":      map[string]any{"type": "user", "first_name": "Rita", "email": "rita.recruiter@acme.example"},
		"to":        []any{map[string]any{"type": "candidate", "first_name": "Ada", "status": "Sent"}},
		"cc":        []any{map[string]any{"type": "source_contact", "first_name": "Sue", "email": "sue@agency.example", "status": "Open"}},
	}
}

// candidateOf is the uid of the (only) candidate of the demo person with
// that e-mail.
func candidateOf(env *hiregraphtest.Env, email string) string {
	return env.DB.Client.Person.Query().Where(person.Email(email)).QueryCandidates().OnlyIDX(asCompany(env))
}

const messageNodeQuery = `query($id: ID!) { node(id: $id) { ... on Message {
	timeSent status subject body from { type uid email } to { type uid status } cc { type uid status } bcc { uid } conversation { id } } } }`

type messageNode struct {
	Node struct {
		TimeSent, Status, Subject, Body string
		From                            struct{ Type, UID, Email string }
		To, Cc                          []struct{ Type, UID, Status string }
		Bcc                             []struct{ UID string }
		Conversation                    struct{ ID string }
	}
}

func TestCreateMessage(t *testing.T) {
	env := hiregraphtest.New(t)
	r := env.Do(http.MethodPost, messagePath(env.Demo.ConversationUID), validMessage())
	if r.Status != http.StatusCreated {
		t.Fatalf("create message: %s", r)
	}
	m := r.Map(t)
	if got := strings.Join(keys(m), ","); got != "bcc,body,cc,from,status,subject,time_sent,to,uid" {
		t.Errorf("message keys = %s", got)
	}
	wantBody := `Hi <b>Ada</b>, see <a href="https://acme.example/next" rel="nofollow noopener">this</a> bad`
	if m["body"] != wantBody || m["subject"] != "Next steps" || m["time_sent"] != "2026-03-02T09:00:00Z" {
		t.Errorf("message = %s", r.Body)
	}
	from := m["from"].(map[string]any)
	if from["type"] != "user" || from["uid"] != userUID(env, "rita.recruiter@acme.example") || len(from) != 2 {
		t.Errorf("from = %v, want the matching user", from)
	}
	to := m["to"].([]any)[0].(map[string]any)
	if to["type"] != "candidate" || to["uid"] != env.Demo.CandidateUID || len(to) != 2 {
		t.Errorf("to[0] = %v, want the conversation's candidate", to)
	}
	cc := m["cc"].([]any)[0].(map[string]any)
	if cc["type"] != "source_contact" || !strings.HasPrefix(cc["uid"].(string), "ctc_") {
		t.Errorf("cc[0] = %v, want a contact uid", cc)
	}
	if bcc, ok := m["bcc"].([]any); !ok || len(bcc) != 0 {
		t.Errorf("bcc = %v, want []", m["bcc"])
	}

	// What was stored is what was answered, with each recipient's status.
	var stored messageNode
	env.GraphQL(messageNodeQuery, map[string]any{"id": m["uid"]}).Decode(t, &stored)
	n := stored.Node
	if n.Body != wantBody || n.Subject != "Next steps" || n.Status != m["status"] || n.Conversation.ID != env.Demo.ConversationUID ||
		n.From.UID != from["uid"] || n.From.Email != "rita.recruiter@acme.example" ||
		len(n.To) != 1 || n.To[0].Status != "Sent" || n.To[0].UID != env.Demo.CandidateUID ||
		len(n.Cc) != 1 || n.Cc[0].Status != "Open" || n.Cc[0].UID != cc["uid"] || len(n.Bcc) != 0 {
		t.Errorf("stored message = %+v", n)
	}

	// The same source contact again (e-mail in another case) keeps its uid.
	again := validMessage()
	again["cc"].([]any)[0].(map[string]any)["email"] = "SUE@agency.example"
	before := env.NoteCounts().Contacts
	r = env.Do(http.MethodPost, messagePath(env.Demo.ConversationUID), again)
	if r.Status != http.StatusCreated {
		t.Fatalf("second message: %s", r)
	}
	if got := r.Map(t)["cc"].([]any)[0].(map[string]any)["uid"]; got != cc["uid"] {
		t.Errorf("the same source contact got uid %v, then %v", cc["uid"], got)
	}
	if after := env.NoteCounts().Contacts; after != before {
		t.Errorf("contacts: %d, then %d; want the known one reused", before, after)
	}
}

// TestMessageStatus pins the decision: the top-level status of the sample
// is the message's status and the default of recipients that name none;
// without it the message reads as the furthest any recipient got.
func TestMessageStatus(t *testing.T) {
	env := hiregraphtest.New(t)
	recipient := func(email, status string) map[string]any {
		r := map[string]any{"type": "other", "first_name": "R", "email": email}
		if status != "" {
			r["status"] = status
		}
		return r
	}
	cases := []struct {
		name       string
		status     any
		to, cc     []any
		bcc        []any
		want       string
		recipients []string // statuses of to, then cc, then bcc
	}{
		{"top-level status wins", "Failed", []any{recipient("a@x.example", "Open")}, nil, nil, "Failed", []string{"Open"}},
		{"top-level status is the default", "Clicked", []any{recipient("a@x.example", ""), recipient("b@x.example", "Sent")}, nil, nil, "Clicked", []string{"Clicked", "Sent"}},
		{"furthest recipient", nil, []any{recipient("a@x.example", "Sent")}, []any{recipient("b@x.example", "Open")}, nil, "Open", []string{"Sent", "Open"}},
		{"a click in bcc counts", nil, []any{recipient("a@x.example", "Failed")}, nil, []any{recipient("b@x.example", "Clicked")}, "Clicked", []string{"Failed", "Clicked"}},
		{"one failure of two", nil, []any{recipient("a@x.example", "Failed"), recipient("b@x.example", "Sent")}, nil, nil, "Sent", []string{"Failed", "Sent"}},
		{"every recipient failed", nil, []any{recipient("a@x.example", "Failed"), recipient("b@x.example", "Failed")}, nil, nil, "Failed", []string{"Failed", "Failed"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			body := validMessage()
			body["to"], body["cc"], body["bcc"] = c.to, c.cc, c.bcc
			if c.status != nil {
				body["status"] = c.status
			}
			r := env.Do(http.MethodPost, messagePath(env.Demo.ConversationUID), body)
			if r.Status != http.StatusCreated {
				t.Fatalf("%s", r)
			}
			m := r.Map(t)
			if m["status"] != c.want {
				t.Errorf("status = %v, want %s", m["status"], c.want)
			}
			var stored messageNode
			env.GraphQL(messageNodeQuery, map[string]any{"id": m["uid"]}).Decode(t, &stored)
			var got []string
			for _, p := range stored.Node.To {
				got = append(got, p.Status)
			}
			for _, p := range stored.Node.Cc {
				got = append(got, p.Status)
			}
			if len(c.bcc) > 0 {
				got = append(got, c.bcc[0].(map[string]any)["status"].(string))
			}
			if strings.Join(got, ",") != strings.Join(c.recipients, ",") {
				t.Errorf("recipient statuses = %v, want %v", got, c.recipients)
			}
		})
	}
}

// TestMessageCandidatesAreLinked checks what uid a party of type candidate
// gets: the candidate (hiring process) the conversation is about when the
// e-mail is theirs or missing, another candidate of the company by e-mail,
// else a contact.
func TestMessageCandidatesAreLinked(t *testing.T) {
	env := hiregraphtest.New(t)
	grace := candidateOf(env, "grace@example.com")
	body := validMessage()
	body["from"] = map[string]any{"type": "candidate", "first_name": "Ada", "email": "ADA@example.com"}
	body["to"] = []any{
		map[string]any{"type": "user", "first_name": "Rita", "email": "rita.recruiter@acme.example", "status": "Open"},
		map[string]any{"type": "candidate", "first_name": "Grace", "email": "grace@example.com", "status": "Sent"},
		map[string]any{"type": "candidate", "first_name": "Nobody", "email": "nobody@example.com", "status": "Sent"},
		map[string]any{"type": "candidate", "first_name": "Ada", "status": "Sent"},
	}
	r := env.Do(http.MethodPost, messagePath(env.Demo.ConversationUID), body)
	if r.Status != http.StatusCreated {
		t.Fatalf("%s", r)
	}
	m := r.Map(t)
	if from := m["from"].(map[string]any); from["uid"] != env.Demo.CandidateUID {
		t.Errorf("from = %v, want the conversation's candidate %s", from, env.Demo.CandidateUID)
	}
	to := m["to"].([]any)
	want := []string{userUID(env, "rita.recruiter@acme.example"), grace, "ctc_", env.Demo.CandidateUID}
	for i, w := range want {
		p := to[i].(map[string]any)
		if uid, _ := p["uid"].(string); !strings.HasPrefix(uid, w) {
			t.Errorf("to[%d] = %v, want uid %s", i, p, w)
		}
	}
	if to[2].(map[string]any)["type"] != "candidate" {
		t.Errorf("to[2] = %v keeps its type", to[2])
	}

	// In a conversation about someone else, a person with two hiring
	// processes is linked to the latest: Ada's application as technician.
	ctx := asCompany(env)
	graceConv := env.DB.Client.Conversation.Create().SetSubject("Onboarding").SetCandidateID(grace).SaveX(ctx)
	adaLatest := env.DB.Client.Candidate.Query().
		Where(candidate.HasPersonWith(person.Email("ada@example.com")), candidate.IDNEQ(env.Demo.CandidateUID)).OnlyIDX(ctx)
	body = validMessage()
	body["to"] = []any{map[string]any{"type": "candidate", "first_name": "Ada", "email": "ada@example.com", "status": "Sent"}}
	r = env.Do(http.MethodPost, messagePath(graceConv.ID), body)
	if r.Status != http.StatusCreated {
		t.Fatalf("%s", r)
	}
	if got := r.Map(t)["to"].([]any)[0].(map[string]any)["uid"]; got != adaLatest {
		t.Errorf("Ada by e-mail in Grace's conversation = %v, want her latest candidate %s", got, adaLatest)
	}
}

func TestCreateMessageValidation(t *testing.T) {
	env := hiregraphtest.New(t)
	to0 := func(b map[string]any) map[string]any { return b["to"].([]any)[0].(map[string]any) }
	from := func(b map[string]any) map[string]any { return b["from"].(map[string]any) }
	many := func(n int) []any {
		out := make([]any, n)
		for i := range out {
			out[i] = map[string]any{"type": "other", "first_name": "R", "email": "r@x.example", "status": "Sent"}
		}
		return out
	}
	assertBadBodies(t, env, messagePath(env.Demo.ConversationUID), validMessage, []badBody{
		{"no time_sent", func(b map[string]any) { delete(b, "time_sent") }, 422, "validation_failed", "time_sent"},
		{"time_sent not a time", func(b map[string]any) { b["time_sent"] = "2026-13-01T00:00:00Z" }, 400, "bad_request", "time_sent"},
		{"time_sent without zone", func(b map[string]any) { b["time_sent"] = "2026-03-02T09:00:00" }, 400, "bad_request", "time_sent"},
		{"time_sent in the future", func(b map[string]any) { b["time_sent"] = "2099-03-02T09:00:00Z" }, 422, "validation_failed", "time_sent"},
		{"no body", func(b map[string]any) { delete(b, "body") }, 422, "validation_failed", "body"},
		{"empty body", func(b map[string]any) { b["body"] = "" }, 422, "validation_failed", "body"},
		{"body of nothing but an iframe", func(b map[string]any) { b["body"] = `<iframe src="https://evil.example"></iframe>` }, 422, "validation_failed", "body"},
		{"body not a string", func(b map[string]any) { b["body"] = []any{"x"} }, 400, "bad_request", "body"},
		{"subject not a string", func(b map[string]any) { b["subject"] = true }, 400, "bad_request", "subject"},
		{"subject over 500 bytes", func(b map[string]any) { b["subject"] = strings.Repeat("ü", 251) }, 422, "validation_failed", "subject"},
		{"no from", func(b map[string]any) { delete(b, "from") }, 422, "validation_failed", "from"},
		{"from an array", func(b map[string]any) { b["from"] = []any{} }, 400, "bad_request", "from"},
		{"status in from", func(b map[string]any) { from(b)["status"] = "Sent" }, 422, "validation_failed", "from.status"},
		{"bad from.type", func(b map[string]any) { from(b)["type"] = "app" }, 422, "validation_failed", "from.type"},
		{"from without first_name", func(b map[string]any) { delete(from(b), "first_name") }, 422, "validation_failed", "from.first_name"},
		{"from without email", func(b map[string]any) { delete(from(b), "email") }, 422, "validation_failed", "from.email"},
		{"from with a bad email", func(b map[string]any) { from(b)["email"] = "rita@" }, 422, "validation_failed", "from.email"},
		{"no to", func(b map[string]any) { delete(b, "to") }, 422, "validation_failed", "to"},
		{"empty to", func(b map[string]any) { b["to"] = []any{} }, 422, "validation_failed", "to"},
		{"to not an array", func(b map[string]any) { b["to"] = "ada@example.com" }, 400, "bad_request", "to"},
		{"no to type", func(b map[string]any) { delete(to0(b), "type") }, 422, "validation_failed", "to[0].type"},
		{"bad to type", func(b map[string]any) { to0(b)["type"] = "app" }, 422, "validation_failed", "to[0].type"},
		{"to without status", func(b map[string]any) { delete(to0(b), "status") }, 422, "validation_failed", "to[0].status"},
		{"bad to status", func(b map[string]any) { to0(b)["status"] = "Delivered" }, 422, "validation_failed", "to[0].status"},
		{"to status in lower case", func(b map[string]any) { to0(b)["status"] = "sent" }, 422, "validation_failed", "to[0].status"},
		{"to without first_name", func(b map[string]any) { delete(to0(b), "first_name") }, 422, "validation_failed", "to[0].first_name"},
		{"to middle_name over 100 bytes", func(b map[string]any) { to0(b)["middle_name"] = strings.Repeat("m", 101) }, 422, "validation_failed", "to[0].middle_name"},
		{"candidate with a bad email", func(b map[string]any) { to0(b)["email"] = "ada at example.com" }, 422, "validation_failed", "to[0].email"},
		{"cc without email", func(b map[string]any) { delete(b["cc"].([]any)[0].(map[string]any), "email") }, 422, "validation_failed", "cc[0].email"},
		{"cc without status", func(b map[string]any) { delete(b["cc"].([]any)[0].(map[string]any), "status") }, 422, "validation_failed", "cc[0].status"},
		{"bcc user without email", func(b map[string]any) {
			b["bcc"] = []any{map[string]any{"type": "user", "first_name": "Hank", "status": "Sent"}}
		}, 422, "validation_failed", "bcc[0].email"},
		{"bcc without status", func(b map[string]any) {
			b["bcc"] = []any{map[string]any{"type": "user", "first_name": "Hank", "email": "hank.manager@acme.example"}}
		}, 422, "validation_failed", "bcc[0].status"},
		{"second to bad", func(b map[string]any) {
			b["to"] = append(b["to"].([]any), map[string]any{"type": "other", "first_name": "X", "email": "x@x.example", "status": "Bounced"})
		}, 422, "validation_failed", "to[1].status"},
		{"bad top-level status", func(b map[string]any) { b["status"] = "Bounced" }, 422, "validation_failed", "status"},
		{"top-level status not a string", func(b map[string]any) { b["status"] = 1 }, 400, "bad_request", "status"},
		{"over 100 recipients", func(b map[string]any) { b["to"], b["cc"], b["bcc"] = many(50), many(50), many(1) }, 422, "validation_failed", "100"},
	})
	assertNothingWritten(t, env, func() {
		assertError(t, env.Do(http.MethodPost, messagePath(env.Demo.ConversationUID), `{"body": `), 400, "invalid_json", "JSON")
		assertError(t, env.Do(http.MethodPost, messagePath(env.Demo.ConversationUID), `"hello"`), 400, "bad_request", "object")
	})
	body := validMessage()
	body["to"], body["cc"] = many(50), many(50)
	if r := env.Do(http.MethodPost, messagePath(env.Demo.ConversationUID), body); r.Status != http.StatusCreated {
		t.Errorf("100 recipients: %s", r)
	}
}

func TestMessageForUnknownOrForeignConversationIs404(t *testing.T) {
	env := hiregraphtest.New(t)
	other, err := demo.Seed(context.Background(), env.DB.Client, env.Sealer, "Other Corp")
	if err != nil {
		t.Fatal(err)
	}
	missing := "cnv_01ZZZZZZZZZZZZZZZZZZZZZZZZ"
	assertNotFound(t, env, messagePath, validMessage(), "message_not_found", missing, other.ConversationUID, env.Demo.CandidateUID)

}
