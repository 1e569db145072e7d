package graph_test

import (
	"fmt"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/emersion/go-smtp"

	"github.com/hiregraph/hiregraph/ent/conversation"
	"github.com/hiregraph/hiregraph/internal/hiregraphtest"
	"github.com/hiregraph/hiregraph/internal/mail"
	"github.com/hiregraph/hiregraph/internal/mail/mailtest"
)

const rita = "rita.recruiter@acme.example"

// mailEnv is a server e-mailing through an in-process SMTP server that
// refuses as refuse says, trying each e-mail at most attempts times.
func mailEnv(t *testing.T, attempts int, refuse func(int) *smtp.SMTPError) (*hiregraphtest.Env, *mailtest.Server) {
	t.Helper()
	server := mailtest.Start(t, refuse)
	sender, err := mail.NewSMTP(server.URL)
	if err != nil {
		t.Fatal(err)
	}
	return hiregraphtest.NewWithConfig(t, hiregraphtest.DeliverMail(t, sender, attempts)), server
}

// templateID is the id of the company's template of that name.
func templateID(t *testing.T, env *hiregraphtest.Env, name string) string {
	t.Helper()
	var out struct {
		MessageTemplates struct {
			Edges []struct{ Node struct{ ID, Name string } }
		}
	}
	env.GraphQL(`{ messageTemplates(first: 50) { edges { node { id name } } } }`, nil).Decode(t, &out)
	for _, e := range out.MessageTemplates.Edges {
		if e.Node.Name == name {
			return e.Node.ID
		}
	}
	t.Fatalf("no template %q in %+v", name, out)
	return ""
}

type delivery struct {
	ID, DeliveryStatus string
	DeliveryError      *string
	DeliveryAttempts   int
	TimeDelivered      *string
}

// deliveryOf reads a message's delivery until it is no longer QUEUED.
func deliveryOf(t *testing.T, env *hiregraphtest.Env, messageID string) delivery {
	t.Helper()
	return hiregraphtest.Settled(t, func() delivery {
		var out struct{ Node delivery }
		env.GraphQL(`query($id: ID!) { node(id: $id) { ... on Message { id deliveryStatus deliveryError deliveryAttempts timeDelivered } } }`,
			map[string]any{"id": messageID}).Decode(t, &out)
		return out.Node
	}, func(d delivery) bool { return d.DeliveryStatus != "QUEUED" })
}

// sendTemplate starts a conversation with the demo candidate and sends it
// the template as Rita.
func sendTemplate(t *testing.T, env *hiregraphtest.Env, template string) (messageID string) {
	t.Helper()
	tok := env.UserToken(rita)
	var conv struct{ CreateConversation struct{ ID string } }
	env.GraphQLAs(tok, `mutation($c: ID!) { createConversation(input: {candidateID: $c, subject: "Hello"}) { id } }`,
		map[string]any{"c": env.Demo.CandidateUID}).Decode(t, &conv)
	var sent struct {
		SendMessage struct{ ID, DeliveryStatus, Subject string }
	}
	env.GraphQLAs(tok, `mutation($id: ID!, $t: ID!) { sendMessage(conversationID: $id, input: {templateID: $t}) { id deliveryStatus subject } }`,
		map[string]any{"id": conv.CreateConversation.ID, "t": templateID(t, env, template)}).Decode(t, &sent)
	if sent.SendMessage.DeliveryStatus != "QUEUED" {
		t.Fatalf("sendMessage = %+v, want QUEUED", sent.SendMessage)
	}
	return sent.SendMessage.ID
}

type demoCandidate struct{ FirstName, Email, Position string }

func candidateOf(t *testing.T, env *hiregraphtest.Env) demoCandidate {
	t.Helper()
	var out struct {
		Node struct {
			Person   struct{ FirstName, Email string }
			Position struct{ Name string }
		}
	}
	env.GraphQL(`query($id: ID!) { node(id: $id) { ... on Candidate { person { firstName email } position { name } } } }`,
		map[string]any{"id": env.Demo.CandidateUID}).Decode(t, &out)
	return demoCandidate{out.Node.Person.FirstName, out.Node.Person.Email, out.Node.Position.Name}
}

func TestSentMessageArrivesByEmail(t *testing.T) {
	env, server := mailEnv(t, 0, nil)
	id := sendTemplate(t, env, "Application received")
	d := deliveryOf(t, env, id)
	if d.DeliveryStatus != "SENT" || d.DeliveryError != nil || d.DeliveryAttempts != 1 || d.TimeDelivered == nil {
		t.Errorf("delivery = %+v, want SENT at the first attempt", d)
	}
	got := server.Received()
	if len(got) != 1 {
		t.Fatalf("the mail server received %d messages, want 1", len(got))
	}
	c := candidateOf(t, env)
	if got[0].From != hiregraphtest.MailFrom || len(got[0].To) != 1 || got[0].To[0] != c.Email {
		t.Errorf("envelope %s -> %v, want %s -> %s", got[0].From, got[0].To, hiregraphtest.MailFrom, c.Email)
	}
	m := got[0].Parsed(t)
	for header, want := range map[string]string{
		"From":       `"Rita Recruiter" <` + hiregraphtest.MailFrom + ">",
		"Reply-To":   "<" + rita + ">",
		"Subject":    "Your application for " + c.Position,
		"Message-Id": "<" + id + "@acme.example>",
	} {
		if g := m.Header.Get(header); g != want {
			t.Errorf("%s = %q, want %q", header, g, want)
		}
	}
	if !strings.Contains(m.Header.Get("To"), "<"+c.Email+">") {
		t.Errorf("To = %q, want %s", m.Header.Get("To"), c.Email)
	}
	if _, err := m.Header.Date(); err != nil {
		t.Errorf("Date: %v", err)
	}
	body, _ := io.ReadAll(m.Body)
	if want := "Dear " + c.FirstName + ","; !strings.Contains(string(body), want) || !strings.Contains(string(body), "Rita Recruiter") {
		t.Errorf("body %q, want %q and the recruiter's name", body, want)
	}
	assertFeedHas(t, env, "conversation.created", "message.created", "message.sent")
}

// assertFeedHas waits for the company's feed to hold events of each type.
func assertFeedHas(t *testing.T, env *hiregraphtest.Env, types ...string) {
	t.Helper()
	hiregraphtest.Settled(t, func() map[string]bool {
		seen := map[string]bool{}
		for f := feed(t, env, ""); ; f = feed(t, env, f.Events.Cursor) {
			for _, e := range f.Events.Events {
				seen[e.Type] = true
			}
			if !f.Events.HasMore {
				return seen
			}
		}
	}, func(seen map[string]bool) bool {
		for _, typ := range types {
			if !seen[typ] {
				return false
			}
		}
		return true
	})
}

func TestEmailIsRetriedAfterATemporaryRefusal(t *testing.T) {
	env, server := mailEnv(t, 0, func(attempt int) *smtp.SMTPError {
		if attempt == 1 {
			return &smtp.SMTPError{Code: 451, EnhancedCode: smtp.EnhancedCode{4, 3, 0}, Message: "try again later"}
		}
		return nil
	})
	d := deliveryOf(t, env, sendTemplate(t, env, "Application received"))
	if d.DeliveryStatus != "SENT" || d.DeliveryAttempts != 2 || d.DeliveryError != nil {
		t.Errorf("delivery = %+v, want SENT at the second attempt", d)
	}
	if n := len(server.Received()); n != 1 || server.Attempts() != 2 {
		t.Errorf("the server received %d messages in %d attempts, want 1 in 2", n, server.Attempts())
	}
}

func TestEmailFailsOnPermanentRefusalOrWhenAttemptsRunOut(t *testing.T) {
	for _, tc := range []struct {
		name     string
		code     int
		attempts int
	}{{"permanent", 550, 5}, {"temporary every time", 451, 2}} {
		t.Run(tc.name, func(t *testing.T) {
			env, server := mailEnv(t, tc.attempts, func(int) *smtp.SMTPError {
				return &smtp.SMTPError{Code: tc.code, EnhancedCode: smtp.EnhancedCode{tc.code / 100, 1, 1}, Message: "mailbox unavailable"}
			})
			d := deliveryOf(t, env, sendTemplate(t, env, "Application received"))
			wantAttempts := 1
			if tc.code < 500 {
				wantAttempts = tc.attempts
			}
			if d.DeliveryStatus != "FAILED" || d.DeliveryAttempts != wantAttempts || d.DeliveryError == nil ||
				!strings.Contains(*d.DeliveryError, fmt.Sprint(tc.code)) || d.TimeDelivered != nil {
				t.Errorf("delivery = %+v, want FAILED after %d attempts naming %d", d, wantAttempts, tc.code)
			}
			if server.Attempts() != wantAttempts || len(server.Received()) != 0 {
				t.Errorf("the server saw %d attempts and kept %d messages", server.Attempts(), len(server.Received()))
			}
			assertFeedHas(t, env, "message.delivery_failed")
		})
	}
}

func TestEmailGoesToTheOutbox(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "outbox")
	env := hiregraphtest.NewWithConfig(t, hiregraphtest.DeliverMail(t, mail.NewOutbox(dir), 0))
	id := sendTemplate(t, env, "Application received")
	if d := deliveryOf(t, env, id); d.DeliveryStatus != "SENT" {
		t.Fatalf("delivery = %+v", d)
	}
	data, err := os.ReadFile(filepath.Join(dir, id+"@acme.example.eml"))
	if err != nil {
		t.Fatal(err)
	}
	if c := candidateOf(t, env); !strings.Contains(string(data), "Subject: Your application for "+c.Position) || !strings.Contains(string(data), c.Email) {
		t.Errorf("outbox file:\n%s", data)
	}
}

func TestRejectingWithATemplateEmailsTheCandidate(t *testing.T) {
	env, server := mailEnv(t, 0, nil)
	tok := env.UserToken(rita)
	var reasons struct {
		RejectionReasons struct {
			Edges []struct{ Node struct{ ID string } }
		}
	}
	env.GraphQL(`{ rejectionReasons(first: 1) { edges { node { id } } } }`, nil).Decode(t, &reasons)
	reason := reasons.RejectionReasons.Edges[0].Node.ID
	reject := `mutation($id: ID!, $r: ID!, $t: ID) { rejectCandidate(id: $id, input: {reasonID: $r, messageTemplateID: $t}) { status } }`

	// A refused rejection writes neither the conversation nor the message.
	conversations := func() int {
		return env.DB.Client.Conversation.Query().Where(conversation.HasCandidate()).CountX(hiregraphtest.System())
	}
	before := conversations()
	env.AssertNothingWritten(t, func() {
		bad := env.GraphQLAs(tok, reject, map[string]any{"id": env.Demo.CandidateUID, "r": "rjr_nope", "t": templateID(t, env, "Rejection")})
		assertCode(t, bad, "rejection_reason_not_found", http.StatusNotFound)
	})
	if conversations() != before {
		t.Errorf("a refused rejection started a conversation")
	}

	env.GraphQLAs(tok, reject, map[string]any{"id": env.Demo.CandidateUID, "r": reason, "t": templateID(t, env, "Rejection")}).Decode(t, &struct{}{})
	got := hiregraphtest.Settled(t, server.Received, func(r []mailtest.Received) bool { return len(r) > 0 })
	c := candidateOf(t, env)
	m := got[0].Parsed(t)
	body, _ := io.ReadAll(m.Body)
	if m.Header.Get("Subject") != "Your application for "+c.Position || !strings.Contains(string(body), "not to move forward") || got[0].To[0] != c.Email {
		t.Errorf("rejection e-mail to %v: %q\n%s", got[0].To, m.Header.Get("Subject"), body)
	}
}

func TestSendMessageRefusals(t *testing.T) {
	env, _ := mailEnv(t, 0, nil)
	tok := env.UserToken(rita)
	var conv struct{ CreateConversation struct{ ID string } }
	env.GraphQLAs(tok, `mutation($c: ID!) { createConversation(input: {candidateID: $c}) { id } }`,
		map[string]any{"c": env.Demo.CandidateUID}).Decode(t, &conv)
	send := `mutation($id: ID!, $in: SendMessageInput!) { sendMessage(conversationID: $id, input: $in) { id } }`
	invitation := templateID(t, env, "Interview invitation")
	for _, tc := range []struct {
		name, credential string
		in               map[string]any
		code             string
		status           int
	}{
		{"an API key acting for no one", "", map[string]any{"body": "Hi"}, "forbidden", http.StatusForbidden},
		{"no body", tok, map[string]any{"subject": "Hi"}, "validation_failed", http.StatusUnprocessableEntity},
		{"template and body", tok, map[string]any{"templateID": invitation, "body": "Hi"}, "validation_failed", http.StatusUnprocessableEntity},
		{"interview time missing", tok, map[string]any{"templateID": invitation}, "validation_failed", http.StatusUnprocessableEntity},
		{"unknown template", tok, map[string]any{"templateID": "mtp_nope"}, "message_template_not_found", http.StatusNotFound},
	} {
		t.Run(tc.name, func(t *testing.T) {
			env.AssertNothingWritten(t, func() {
				vars := map[string]any{"id": conv.CreateConversation.ID, "in": tc.in}
				r := env.GraphQL(send, vars)
				if tc.credential != "" {
					r = env.GraphQLAs(tc.credential, send, vars)
				}
				assertCode(t, r, tc.code, tc.status)
			})
		})
	}
	var ok struct{ SendMessage struct{ Body string } }
	env.GraphQLAs(tok, `mutation($id: ID!, $in: SendMessageInput!) { sendMessage(conversationID: $id, input: $in) { body } }`, map[string]any{
		"id": conv.CreateConversation.ID, "in": map[string]any{"templateID": invitation, "interviewTime": "2026-03-02T09:00:00Z"},
	}).Decode(t, &ok)
	if !strings.Contains(ok.SendMessage.Body, "on Monday, 2 March 2026, 09:00 UTC") {
		t.Errorf("invitation body %q, want the interview's time", ok.SendMessage.Body)
	}
}

func TestMessageTemplates(t *testing.T) {
	env := hiregraphtest.New(t)
	create := `mutation($in: MessageTemplateInput!) { createMessageTemplate(input: $in) { id name kind subject } }`
	in := map[string]any{"name": "Offer call", "kind": "OTHER", "subject": "A call about {{.position.name}}", "body": "Hi {{.candidate.age}}"}
	bad := env.GraphQL(create, map[string]any{"in": in})
	assertCode(t, bad, "validation_failed", http.StatusUnprocessableEntity)
	if !strings.Contains(bad.Errors[0].Message, "{{.candidate.age}}") || bad.Errors[0].Extensions["field"] != "body" {
		t.Errorf("unknown variable: %+v", bad.Errors)
	}
	in["body"] = "Hi {{.candidate.firstName}}, {{.recruiter.name}} here."
	var out struct {
		CreateMessageTemplate struct{ ID, Name, Kind, Subject string }
	}
	env.GraphQL(create, map[string]any{"in": in}).Decode(t, &out)
	id := out.CreateMessageTemplate.ID
	assertCode(t, env.GraphQL(create, map[string]any{"in": in}), "message_template_exists", http.StatusConflict)

	interviewer := env.UserToken("ian.interviewer@acme.example")
	assertCode(t, env.GraphQLAs(interviewer, create, map[string]any{"in": map[string]any{"name": "Mine", "subject": "s", "body": "b"}}), "forbidden", http.StatusForbidden)

	in["name"], in["kind"] = "Offer call (renamed)", "INTERVIEW_INVITATION"
	var upd struct{ UpdateMessageTemplate struct{ Name, Kind string } }
	env.GraphQL(`mutation($id: ID!, $in: MessageTemplateInput!) { updateMessageTemplate(id: $id, input: $in) { name kind } }`,
		map[string]any{"id": id, "in": in}).Decode(t, &upd)
	if upd.UpdateMessageTemplate.Name != "Offer call (renamed)" || upd.UpdateMessageTemplate.Kind != "INTERVIEW_INVITATION" {
		t.Errorf("updateMessageTemplate = %+v", upd)
	}
	env.GraphQL(`mutation($id: ID!) { deleteMessageTemplate(id: $id) { id } }`, map[string]any{"id": id}).Decode(t, &struct{}{})
	assertCode(t, env.GraphQL(`mutation($id: ID!) { deleteMessageTemplate(id: $id) { id } }`, map[string]any{"id": id}), "message_template_not_found", http.StatusNotFound)
}

// TestTemplateNamesStayUniqueUnderConcurrency creates one name 50 times at
// once: the unique index lets exactly one through (run on PostgreSQL).
func TestTemplateNamesStayUniqueUnderConcurrency(t *testing.T) {
	env := hiregraphtest.New(t)
	codes := hiregraphtest.Race(50, func(int) string {
		r := env.GraphQL(`mutation { createMessageTemplate(input: {name: "Same", subject: "s", body: "b"}) { id } }`, nil)
		if len(r.Errors) == 0 {
			return "ok"
		}
		return r.Code()
	})
	counts := map[string]int{}
	for _, c := range codes {
		counts[c]++
	}
	if counts["ok"] != 1 || counts["message_template_exists"] != 49 {
		t.Errorf("answers %v, want one ok and 49 message_template_exists", counts)
	}
}
