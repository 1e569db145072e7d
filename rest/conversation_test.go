package rest_test

import (
	"context"
	"net/http"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/hiregraph/hiregraph/demo"
	"github.com/hiregraph/hiregraph/ent/privacy"
	"github.com/hiregraph/hiregraph/hiregraphtest"
)

func system() context.Context { return privacy.DecisionContext(context.Background(), privacy.Allow) }

func keys(m map[string]any) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

func assertError(t *testing.T, r *hiregraphtest.Response, status int, code, mentions string) {
	t.Helper()
	if r.Status != status {
		t.Fatalf("status %d, want %d: %s", r.Status, status, r.Body)
	}
	body := r.Map(t)
	if body["status"] != float64(status) || body["error"] != code {
		t.Fatalf("body %s, want status %d error %q", r.Body, status, code)
	}
	if msg, _ := body["message"].(string); !strings.Contains(msg, mentions) {
		t.Fatalf("message %q does not mention %q", msg, mentions)
	}
}

func validNote(env *hiregraphtest.Env) map[string]any {
	return map[string]any{
		"time_created": "2026-03-01T10:00:00Z",
		"created_by":   map[string]any{"type": "user", "first_name": "Rita", "email": env.Demo.Users["recruiter"]},
		"text":         "Great <b>call</b> <script>alert(1)</script><i>today</i>",
		"details":      []any{map[string]any{"title": "Score", "text": "4/5"}},
	}
}

func TestCreateNote(t *testing.T) {
	env := hiregraphtest.New(t)
	before := time.Now().Add(-time.Second)
	r := env.Do(http.MethodPost, "/v1/candidates/"+env.Demo.CandidateUID+"/notes", validNote(env))
	if r.Status != http.StatusCreated {
		t.Fatalf("create note: %s", r)
	}
	note := r.Map(t)
	if got := strings.Join(keys(note), ","); got != "created_by,details,text,time_created,uid" {
		t.Errorf("note keys = %s", got)
	}
	if note["text"] != "Great <b>call</b> <i>today</i>" || note["time_created"] != "2026-03-01T10:00:00Z" {
		t.Errorf("note = %s", r.Body)
	}
	rita := env.DB.Client.User.Query().AllX(system())
	var ritaID string
	for _, u := range rita {
		if u.Email == env.Demo.Users["recruiter"] && u.CompanyID == env.Demo.CompanyUID {
			ritaID = u.ID
		}
	}
	by := note["created_by"].(map[string]any)
	if by["type"] != "user" || by["uid"] != ritaID || len(by) != 2 {
		t.Errorf("created_by = %v, want {type: user, uid: %s}", by, ritaID)
	}
	if d := note["details"].([]any)[0].(map[string]any); d["title"] != "Score" || d["text"] != "4/5" {
		t.Errorf("details = %v", note["details"])
	}

	// The note is activity of the candidate and of the person.
	c := env.DB.Client.Candidate.GetX(system(), env.Demo.CandidateUID)
	p := c.QueryPerson().OnlyX(system())
	if c.TimeHiringProcessUpdated.Before(before) || p.TimeLastActivity.Before(before) {
		t.Errorf("activity not recorded: candidate %v, person %v", c.TimeHiringProcessUpdated, p.TimeLastActivity)
	}
}

func TestCreateNoteValidation(t *testing.T) {
	env := hiregraphtest.New(t)
	path := "/v1/candidates/" + env.Demo.CandidateUID + "/notes"
	cases := []struct {
		name     string
		change   func(map[string]any)
		status   int
		code     string
		mentions string
	}{
		{"no time_created", func(b map[string]any) { delete(b, "time_created") }, 422, "validation_failed", "time_created"},
		{"bad time_created", func(b map[string]any) { b["time_created"] = "01/03/2026" }, 400, "bad_request", "time_created"},
		{"future time_created", func(b map[string]any) { b["time_created"] = "2099-01-01T00:00:00Z" }, 422, "validation_failed", "time_created"},
		{"no created_by", func(b map[string]any) { delete(b, "created_by") }, 422, "validation_failed", "created_by"},
		{"bad created_by.type", func(b map[string]any) { b["created_by"].(map[string]any)["type"] = "robot" }, 422, "validation_failed", "created_by.type"},
		{"candidate author", func(b map[string]any) { b["created_by"].(map[string]any)["type"] = "candidate" }, 422, "validation_failed", "created_by.type"},
		{"no first_name", func(b map[string]any) { delete(b["created_by"].(map[string]any), "first_name") }, 422, "validation_failed", "created_by.first_name"},
		{"bad email", func(b map[string]any) { b["created_by"].(map[string]any)["email"] = "not-an-email" }, 422, "validation_failed", "created_by.email"},
		{"no text", func(b map[string]any) { delete(b, "text") }, 422, "validation_failed", "text"},
		{"text not a string", func(b map[string]any) { b["text"] = 42 }, 400, "bad_request", "text"},
		{"detail without title", func(b map[string]any) { b["details"] = []any{map[string]any{"text": "x"}} }, 422, "validation_failed", "details[0].title"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			body := validNote(env)
			c.change(body)
			assertError(t, env.Do(http.MethodPost, path, body), c.status, c.code, c.mentions)
		})
	}
	assertError(t, env.Do(http.MethodPost, path, `{"text": "unterminated`), 400, "invalid_json", "JSON")
	assertError(t, env.Do(http.MethodPost, path, `[]`), 400, "bad_request", "object")
	if n := env.DB.Client.Note.Query().CountX(system()); n != 1 {
		t.Errorf("failed requests wrote notes: %d notes, want the demo's 1", n)
	}
}

func TestNoteForUnknownOrForeignCandidateIs404(t *testing.T) {
	env := hiregraphtest.New(t)
	other, err := demo.Seed(context.Background(), env.DB.Client, env.Sealer, "Other Corp")
	if err != nil {
		t.Fatal(err)
	}
	for _, id := range []string{"can_01NOPE", other.CandidateUID} {
		r := env.Do(http.MethodPost, "/v1/candidates/"+id+"/notes", validNote(env))
		assertError(t, r, http.StatusNotFound, "candidate_not_found", id)
	}
	gql := env.GraphQL(`mutation($id: ID!, $in: CreateNoteInput!) { createNote(candidateID: $id, input: $in) { id } }`, map[string]any{
		"id": other.CandidateUID,
		"in": map[string]any{"timeCreated": "2026-03-01T10:00:00Z", "createdBy": map[string]any{"type": "app", "firstName": "Bot"}, "text": "x"},
	})
	if gql.Code() != "candidate_not_found" {
		t.Errorf("GraphQL createNote for another company's candidate: %+v", gql.Errors)
	}
}

func TestCreateNoteThroughGraphQL(t *testing.T) {
	env := hiregraphtest.New(t)
	var out struct {
		CreateNote struct {
			ID        string
			Text      string
			CreatedBy struct{ Type, UID string }
		}
	}
	env.GraphQL(`mutation($id: ID!, $in: CreateNoteInput!) { createNote(candidateID: $id, input: $in) { id text createdBy { type uid } } }`, map[string]any{
		"id": env.Demo.CandidateUID,
		"in": map[string]any{"timeCreated": "2026-03-01T10:00:00Z", "createdBy": map[string]any{"type": "app", "firstName": "ATS Sync"}, "text": "<u>ok</u><img src=x onerror=alert(1)>"},
	}).Decode(t, &out)
	if out.CreateNote.Text != "<u>ok</u>" || out.CreateNote.CreatedBy.Type != "app" || !strings.HasPrefix(out.CreateNote.CreatedBy.UID, "ctc_") {
		t.Errorf("createNote = %+v", out.CreateNote)
	}
	bad := env.GraphQL(`mutation($id: ID!, $in: CreateNoteInput!) { createNote(candidateID: $id, input: $in) { id } }`, map[string]any{
		"id": env.Demo.CandidateUID,
		"in": map[string]any{"timeCreated": "yesterday", "createdBy": map[string]any{"type": "app", "firstName": "x"}, "text": "x"},
	})
	if bad.Code() != "bad_request" || bad.Errors[0].Extensions["field"] != "time_created" {
		t.Errorf("bad timeCreated: %+v", bad.Errors)
	}
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

func TestCreateMessage(t *testing.T) {
	env := hiregraphtest.New(t)
	path := "/v1/conversations/" + env.Demo.ConversationUID + "/messages"
	r := env.Do(http.MethodPost, path, validMessage())
	if r.Status != http.StatusCreated {
		t.Fatalf("create message: %s", r)
	}
	m := r.Map(t)
	if got := strings.Join(keys(m), ","); got != "bcc,body,cc,from,status,subject,time_sent,to,uid" {
		t.Errorf("message keys = %s", got)
	}
	wantBody := `Hi <b>Ada</b>, see <a href="https://acme.example/next" rel="nofollow noopener">this</a> bad`
	if m["body"] != wantBody || m["status"] != "Sent" || m["time_sent"] != "2026-03-02T09:00:00Z" {
		t.Errorf("message = %s", r.Body)
	}
	to := m["to"].([]any)[0].(map[string]any)
	if to["type"] != "candidate" || to["uid"] != env.Demo.CandidateUID || len(to) != 2 {
		t.Errorf("to[0] = %v, want the conversation's candidate", to)
	}
	if from := m["from"].(map[string]any); !strings.HasPrefix(from["uid"].(string), "usr_") {
		t.Errorf("from = %v, want the matching user", from)
	}
	cc := m["cc"].([]any)[0].(map[string]any)
	if !strings.HasPrefix(cc["uid"].(string), "ctc_") {
		t.Errorf("cc[0] = %v, want a contact uid", cc)
	}
	if len(m["bcc"].([]any)) != 0 {
		t.Errorf("bcc = %v, want []", m["bcc"])
	}

	// The same source contact again keeps its uid; the top-level status is
	// the default of recipients that name none.
	again := validMessage()
	again["status"] = "Open"
	delete(again["to"].([]any)[0].(map[string]any), "status")
	r = env.Do(http.MethodPost, path, again)
	if r.Status != http.StatusCreated {
		t.Fatalf("second message: %s", r)
	}
	m2 := r.Map(t)
	if m2["cc"].([]any)[0].(map[string]any)["uid"] != cc["uid"] || m2["status"] != "Open" {
		t.Errorf("second message = %s", r.Body)
	}
	if n := env.DB.Client.Contact.Query().CountX(system()); n != 1 {
		t.Errorf("%d contacts, want 1 reused", n)
	}
}

func TestCreateMessageValidation(t *testing.T) {
	env := hiregraphtest.New(t)
	path := "/v1/conversations/" + env.Demo.ConversationUID + "/messages"
	to0 := func(b map[string]any) map[string]any { return b["to"].([]any)[0].(map[string]any) }
	cases := []struct {
		name     string
		change   func(map[string]any)
		status   int
		code     string
		mentions string
	}{
		{"no time_sent", func(b map[string]any) { delete(b, "time_sent") }, 422, "validation_failed", "time_sent"},
		{"bad time_sent", func(b map[string]any) { b["time_sent"] = "2026-13-01T00:00:00Z" }, 400, "bad_request", "time_sent"},
		{"no body", func(b map[string]any) { delete(b, "body") }, 422, "validation_failed", "body"},
		{"no from", func(b map[string]any) { delete(b, "from") }, 422, "validation_failed", "from"},
		{"status in from", func(b map[string]any) { b["from"].(map[string]any)["status"] = "Sent" }, 422, "validation_failed", "from.status"},
		{"from without email", func(b map[string]any) { delete(b["from"].(map[string]any), "email") }, 422, "validation_failed", "from.email"},
		{"no to", func(b map[string]any) { delete(b, "to") }, 422, "validation_failed", "to"},
		{"empty to", func(b map[string]any) { b["to"] = []any{} }, 422, "validation_failed", "to"},
		{"bad to type", func(b map[string]any) { to0(b)["type"] = "app" }, 422, "validation_failed", "to[0].type"},
		{"to without status", func(b map[string]any) { delete(to0(b), "status") }, 422, "validation_failed", "to[0].status"},
		{"bad to status", func(b map[string]any) { to0(b)["status"] = "Delivered" }, 422, "validation_failed", "to[0].status"},
		{"to without first_name", func(b map[string]any) { delete(to0(b), "first_name") }, 422, "validation_failed", "to[0].first_name"},
		{"cc other without email", func(b map[string]any) { delete(b["cc"].([]any)[0].(map[string]any), "email") }, 422, "validation_failed", "cc[0].email"},
		{"bad top-level status", func(b map[string]any) { b["status"] = "Bounced" }, 422, "validation_failed", "status"},
		{"to not an array", func(b map[string]any) { b["to"] = "ada@example.com" }, 400, "bad_request", "to"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			body := validMessage()
			c.change(body)
			assertError(t, env.Do(http.MethodPost, path, body), c.status, c.code, c.mentions)
		})
	}
	other, err := demo.Seed(context.Background(), env.DB.Client, env.Sealer, "Other Corp")
	if err != nil {
		t.Fatal(err)
	}
	for _, id := range []string{"cnv_01NOPE", other.ConversationUID} {
		assertError(t, env.Do(http.MethodPost, "/v1/conversations/"+id+"/messages", validMessage()), 404, "message_not_found", id)
	}
	if n := env.DB.Client.Message.Query().CountX(system()); n != 2 {
		t.Errorf("failed requests wrote messages: %d, want the two demo companies' 2", n)
	}
	if n := env.DB.Client.Contact.Query().CountX(system()); n != 0 {
		t.Errorf("failed requests wrote %d contacts", n)
	}
}
