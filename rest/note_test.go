package rest_test

import (
	"context"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/hiregraph/hiregraph/ent/user"
	"github.com/hiregraph/hiregraph/internal/auth"
	"github.com/hiregraph/hiregraph/internal/demo"
	"github.com/hiregraph/hiregraph/internal/hiregraphtest"
	"github.com/hiregraph/hiregraph/internal/viewer"
)

func notePath(candidateUID string) string { return "/v1/candidates/" + candidateUID + "/notes" }

func validNote(env *hiregraphtest.Env) map[string]any {
	return map[string]any{
		"time_created": "2026-03-01T10:00:00Z",
		"created_by":   map[string]any{"type": "user", "first_name": "Rita", "email": env.Demo.Users["recruiter"]},
		"text":         "Great <b>call</b> <script>alert(1)</script><i>today</i>",
		"details":      []any{map[string]any{"title": "Score", "text": "4/5"}},
	}
}

// userUID is the uid of the demo company's user with that e-mail.
func userUID(env *hiregraphtest.Env, email string) string {
	return env.DB.Client.User.Query().Where(user.Email(email)).OnlyIDX(asCompany(env))
}

const noteNodeQuery = `query($id: ID!) { node(id: $id) { ... on Note {
	text timeCreated createdBy { type uid firstName email } details { title text } candidate { id } } } }`

type noteNode struct {
	Node struct {
		Text, TimeCreated string
		CreatedBy         struct{ Type, UID, FirstName, Email string }
		Details           []struct{ Title, Text string }
		Candidate         struct{ ID string }
	}
}

func TestCreateNote(t *testing.T) {
	env := hiregraphtest.New(t)
	r := env.Do(http.MethodPost, notePath(env.Demo.CandidateUID), validNote(env))
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
	rita := userUID(env, env.Demo.Users["recruiter"])
	by := note["created_by"].(map[string]any)
	if by["type"] != "user" || by["uid"] != rita || len(by) != 2 {
		t.Errorf("created_by = %v, want {type: user, uid: %s}", by, rita)
	}
	if d := note["details"].([]any)[0].(map[string]any); d["title"] != "Score" || d["text"] != "4/5" || len(d) != 2 {
		t.Errorf("details = %v", note["details"])
	}

	// What was stored is what was answered, and it hangs off the candidate.
	var stored noteNode
	env.GraphQL(noteNodeQuery, map[string]any{"id": note["uid"]}).Decode(t, &stored)
	n := stored.Node
	if n.Text != note["text"] || n.TimeCreated != "2026-03-01T10:00:00Z" || n.Candidate.ID != env.Demo.CandidateUID ||
		n.CreatedBy.UID != rita || n.CreatedBy.FirstName != "Rita" || len(n.Details) != 1 || n.Details[0].Title != "Score" {
		t.Errorf("stored note = %+v", n)
	}
}

func TestNoteWithoutDetailsAnswersAnEmptyArray(t *testing.T) {
	env := hiregraphtest.New(t)
	body := validNote(env)
	delete(body, "details")
	r := env.Do(http.MethodPost, notePath(env.Demo.CandidateUID), body)
	if r.Status != http.StatusCreated || !strings.Contains(string(r.Body), `"details":[]`) {
		t.Errorf("note without details: %s", r)
	}
}

// TestNoteAuthorsAreLinked checks the uid each kind of author gets: the
// company's user with that e-mail (in any case), else a contact of its own
// that later notes by the same party reuse.
func TestNoteAuthorsAreLinked(t *testing.T) {
	env := hiregraphtest.New(t)
	// Another company with users of the same e-mails: its records must never be linked.
	if _, err := demo.Seed(context.Background(), env.DB.Client, env.Sealer, "Other Corp"); err != nil {
		t.Fatal(err)
	}
	author := func(by map[string]any) map[string]any {
		t.Helper()
		body := validNote(env)
		body["created_by"] = by
		r := env.Do(http.MethodPost, notePath(env.Demo.CandidateUID), body)
		if r.Status != http.StatusCreated {
			t.Fatalf("note by %v: %s", by, r)
		}
		return r.Map(t)["created_by"].(map[string]any)
	}
	rita := userUID(env, env.Demo.Users["recruiter"])
	if got := author(map[string]any{"type": "user", "first_name": "R", "email": strings.ToUpper(env.Demo.Users["recruiter"])}); got["uid"] != rita {
		t.Errorf("user by e-mail in capitals = %v, want %s", got, rita)
	}

	app := author(map[string]any{"type": "app", "first_name": "ATS Sync"})
	agency := author(map[string]any{"type": "source_contact", "first_name": "Sue", "email": "sue@agency.example"})
	stranger := author(map[string]any{"type": "user", "first_name": "Ex", "email": "former.employee@acme.example"})
	for _, p := range []map[string]any{app, agency, stranger} {
		if uid, _ := p["uid"].(string); !strings.HasPrefix(uid, "ctc_") {
			t.Errorf("author %v: want a contact uid", p)
		}
	}
	if app["type"] != "app" || agency["type"] != "source_contact" || stranger["type"] != "user" {
		t.Errorf("types changed: %v %v %v", app, agency, stranger)
	}
	before := env.NoteCounts().Contacts
	if again := author(map[string]any{"type": "app", "first_name": "ATS Sync"}); again["uid"] != app["uid"] {
		t.Errorf("the same app got a new uid: %v, then %v", app, again)
	}
	if again := author(map[string]any{"type": "source_contact", "first_name": "Susan", "email": "Sue@Agency.example"}); again["uid"] != agency["uid"] {
		t.Errorf("the same source contact got a new uid: %v, then %v", agency, again)
	}
	if after := env.NoteCounts().Contacts; after != before {
		t.Errorf("known parties created contacts: %d, then %d", before, after)
	}
	if other := author(map[string]any{"type": "other", "first_name": "Sue", "email": "sue@agency.example"}); other["uid"] == agency["uid"] {
		t.Errorf("a party of another type shares the source contact's uid %v", other)
	}
}

func TestCreateNoteValidation(t *testing.T) {
	env := hiregraphtest.New(t)
	by := func(b map[string]any) map[string]any { return b["created_by"].(map[string]any) }
	assertBadBodies(t, env, notePath(env.Demo.CandidateUID), func() map[string]any { return validNote(env) }, []badBody{
		{"no time_created", func(b map[string]any) { delete(b, "time_created") }, 422, "validation_failed", "time_created"},
		{"null time_created", func(b map[string]any) { b["time_created"] = nil }, 422, "validation_failed", "time_created"},
		{"time_created not in the spec form", func(b map[string]any) { b["time_created"] = "01/03/2026" }, 400, "bad_request", "time_created"},
		{"time_created a date", func(b map[string]any) { b["time_created"] = "2026-03-01" }, 400, "bad_request", "time_created"},
		{"time_created a number", func(b map[string]any) { b["time_created"] = 1767225600 }, 400, "bad_request", "time_created"},
		{"time_created in the future", func(b map[string]any) { b["time_created"] = "2099-01-01T00:00:00Z" }, 422, "validation_failed", "time_created"},
		{"no created_by", func(b map[string]any) { delete(b, "created_by") }, 422, "validation_failed", "created_by"},
		{"created_by a string", func(b map[string]any) { b["created_by"] = "Rita" }, 400, "bad_request", "created_by"},
		{"no created_by.type", func(b map[string]any) { delete(by(b), "type") }, 422, "validation_failed", "created_by.type"},
		{"unknown created_by.type", func(b map[string]any) { by(b)["type"] = "robot" }, 422, "validation_failed", "created_by.type"},
		{"created_by.type in capitals", func(b map[string]any) { by(b)["type"] = "USER" }, 422, "validation_failed", "created_by.type"},
		{"candidate as author", func(b map[string]any) { by(b)["type"] = "candidate" }, 422, "validation_failed", "created_by.type"},
		{"no first_name", func(b map[string]any) { delete(by(b), "first_name") }, 422, "validation_failed", "created_by.first_name"},
		{"blank first_name", func(b map[string]any) { by(b)["first_name"] = "  " }, 422, "validation_failed", "created_by.first_name"},
		{"first_name over 100 bytes", func(b map[string]any) { by(b)["first_name"] = strings.Repeat("é", 51) }, 422, "validation_failed", "created_by.first_name"},
		{"last_name over 100 bytes", func(b map[string]any) { by(b)["last_name"] = strings.Repeat("x", 101) }, 422, "validation_failed", "created_by.last_name"},
		{"email not an address", func(b map[string]any) { by(b)["email"] = "not-an-email" }, 422, "validation_failed", "created_by.email"},
		{"email with a display name", func(b map[string]any) { by(b)["email"] = "Rita <rita.recruiter@acme.example>" }, 422, "validation_failed", "created_by.email"},
		{"status in created_by", func(b map[string]any) { by(b)["status"] = "Sent" }, 422, "validation_failed", "created_by.status"},
		{"no text", func(b map[string]any) { delete(b, "text") }, 422, "validation_failed", "text"},
		{"blank text", func(b map[string]any) { b["text"] = " \n " }, 422, "validation_failed", "text"},
		{"text of nothing but a script", func(b map[string]any) { b["text"] = "<script>alert(1)</script>" }, 422, "validation_failed", "text"},
		{"text of empty tags", func(b map[string]any) { b["text"] = "<b></b><img src=x>" }, 422, "validation_failed", "text"},
		{"text not a string", func(b map[string]any) { b["text"] = 42 }, 400, "bad_request", "text"},
		{"details not an array", func(b map[string]any) { b["details"] = map[string]any{"title": "x"} }, 400, "bad_request", "details"},
		{"detail without title", func(b map[string]any) { b["details"] = []any{map[string]any{"text": "x"}} }, 422, "validation_failed", "details[0].title"},
		{"second detail without title", func(b map[string]any) {
			b["details"] = []any{map[string]any{"title": "ok"}, map[string]any{"title": "", "text": "x"}}
		}, 422, "validation_failed", "details[1].title"},
		{"detail title of only tags", func(b map[string]any) { b["details"] = []any{map[string]any{"title": "<b></b>"}} }, 422, "validation_failed", "details[0].title"},
		{"too many details", func(b map[string]any) {
			d := make([]any, 101)
			for i := range d {
				d[i] = map[string]any{"title": "t"}
			}
			b["details"] = d
		}, 422, "validation_failed", "details"},
	})
	assertNothingWritten(t, env, func() {
		assertError(t, env.Do(http.MethodPost, notePath(env.Demo.CandidateUID), `{"text": "unterminated`), 400, "invalid_json", "JSON")
		assertError(t, env.Do(http.MethodPost, notePath(env.Demo.CandidateUID), `[]`), 400, "bad_request", "object")
		assertError(t, env.Do(http.MethodPost, notePath(env.Demo.CandidateUID), nil), 400, "invalid_json", "body")
	})
}

// TestNoteTimeMayNotLieInTheFuture pins the decision: a time_created up to
// five minutes ahead of the server's clock is clock drift and accepted;
// later is a client bug and refused.
func TestNoteTimeMayNotLieInTheFuture(t *testing.T) {
	env := hiregraphtest.New(t)
	now := time.Date(2026, 6, 1, 12, 0, 0, 0, time.UTC)
	env.Clock.Set(now)
	body := validNote(env)
	body["time_created"] = now.Add(5 * time.Minute).Format(time.RFC3339)
	if r := env.Do(http.MethodPost, notePath(env.Demo.CandidateUID), body); r.Status != http.StatusCreated {
		t.Errorf("time_created 5 minutes ahead: %s", r)
	}
	body["time_created"] = now.Add(5*time.Minute + time.Second).Format(time.RFC3339)
	assertNothingWritten(t, env, func() {
		assertError(t, env.Do(http.MethodPost, notePath(env.Demo.CandidateUID), body), 422, "validation_failed", "time_created")
	})
}

func TestNoteForUnknownOrForeignCandidateIs404(t *testing.T) {
	env := hiregraphtest.New(t)
	other, err := demo.Seed(context.Background(), env.DB.Client, env.Sealer, "Other Corp")
	if err != nil {
		t.Fatal(err)
	}
	missing := "can_01ZZZZZZZZZZZZZZZZZZZZZZZZ"
	assertNotFound(t, env, notePath, validNote(env), "candidate_not_found", missing, other.CandidateUID, "not-a-uid", env.Demo.ConversationUID)
}

// TestNotesAndMessagesNeedWriteScope: a key that may only read is refused
// and writes nothing (parity/ checks GraphQL agrees).
func TestNotesAndMessagesNeedWriteScope(t *testing.T) {
	env := hiregraphtest.New(t)
	key, err := auth.CreateKey(system(), env.DB.Client, env.Sealer, env.Demo.CompanyUID, "read only", []string{viewer.ScopeRead})
	if err != nil {
		t.Fatal(err)
	}
	headers := map[string]string{"Authorization": "Bearer " + key.Secret}
	assertNothingWritten(t, env, func() {
		assertError(t, env.DoWith(http.MethodPost, notePath(env.Demo.CandidateUID), validNote(env), headers), 403, "forbidden", "write")
		assertError(t, env.DoWith(http.MethodPost, messagePath(env.Demo.ConversationUID), validMessage(), headers), 403, "forbidden", "write")
	})
}
