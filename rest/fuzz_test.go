package rest_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"maps"
	"net/http"
	"slices"
	"strings"
	"testing"

	"github.com/hiregraph/hiregraph/internal/hiregraphtest"
	"github.com/hiregraph/hiregraph/internal/server"
)

// Bodies every decoder gets besides its valid ones: not JSON, the wrong
// JSON, hostile values.
var brokenBodies = []string{
	``, `{`, `null`, `[]`, `"text"`, `{} {}`, `{"a":1}garbage`,
	`{"name":7,"text":7,"body":7,"status":7,"score":"7","partner_uid":[]}`,
	`{"score":1e400,"min":99999999999999999999}`,
	`{"text":"\u0000","body":"\ud800","status":"\u0000","name":"\u0000"}`,
	"{\"text\":\"\xff\xfe\",\"body\":\"\xc3\x28\"}",
	`{"details":[null],"to":[null],"openings":[null],"categories":[null],"result_urls":[null]}`,
	`{"created_by":null,"from":null,"users":null,"location":null,"salary_range":null}`,
	strings.Repeat(`[`, 10000),
	`{"time_created":"9999-99-99T99:99:99Z","time_sent":"-0001-01-01T00:00:00Z"}`,
}

// fuzzEnv is one server for a whole fuzz target, with rate limits out of
// the way (they would soon answer every input with 429).
func fuzzEnv(f *testing.F) *hiregraphtest.Env {
	return hiregraphtest.NewWithConfig(f, func(cfg *server.Config) {
		cfg.APIRatePerMinute, cfg.APIBurst = 1<<30, 1<<30
	})
}

// fuzzBody posts each fuzzed body to path and asserts the answer is never a
// server error and always JSON, in the error shape of spec 7.1 when it is
// an error.
func fuzzBody(f *testing.F, env *hiregraphtest.Env, path string, valid ...any) {
	for _, v := range valid {
		for _, variant := range append([]any{v}, withNUL(normalize(f, v))...) {
			b, err := json.Marshal(variant)
			if err != nil {
				f.Fatal(err)
			}
			f.Add(b)
		}
	}
	for _, b := range brokenBodies {
		f.Add([]byte(b))
	}
	f.Fuzz(func(t *testing.T, body []byte) {
		e := *env
		e.T = t
		assertSaneAnswer(t, e.Do(http.MethodPost, path, body))
	})
}

// normalize turns v into the maps, slices and scalars JSON decodes to.
func normalize(f *testing.F, v any) any {
	b, err := json.Marshal(v)
	if err != nil {
		f.Fatal(err)
	}
	var out any
	if err := json.Unmarshal(b, &out); err != nil {
		f.Fatal(err)
	}
	return out
}

// withNUL returns copies of v, each with a NUL character in one of its
// strings: valid bodies otherwise, so the NUL reaches the database.
func withNUL(v any) []any {
	switch v := v.(type) {
	case string:
		return []any{v[:len(v)/2] + "\x00" + v[len(v)/2:]}
	case map[string]any:
		var out []any
		for k, child := range v {
			for _, c := range withNUL(child) {
				m := maps.Clone(v)
				m[k] = c
				out = append(out, m)
			}
		}
		return out
	case []any:
		var out []any
		for i, child := range v {
			for _, c := range withNUL(child) {
				s := slices.Clone(v)
				s[i] = c
				out = append(out, s)
			}
		}
		return out
	}
	return nil
}

func assertSaneAnswer(t *testing.T, r *hiregraphtest.Response) {
	t.Helper()
	if r.Status >= 500 {
		t.Fatalf("server error: %s", r)
	}
	if !json.Valid(r.Body) {
		t.Fatalf("the body is not JSON: %s", r)
	}
	if r.Status < 400 {
		return
	}
	var e struct {
		Status  int    `json:"status"`
		Error   string `json:"error"`
		Message string `json:"message"`
	}
	dec := json.NewDecoder(bytes.NewReader(r.Body))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&e); err != nil || e.Status != r.Status || e.Error == "" || e.Message == "" {
		t.Fatalf("not the error body {status, error, message} (%v): %s", err, r)
	}
}

func FuzzCloneBody(f *testing.F) {
	env := fuzzEnv(f)
	minimal := map[string]any{"name": "Fuzzed", "copy_assignees": false, "status": "open", "is_discreet": false,
		"users": validClone(env)["users"]}
	fuzzBody(f, env, clonePath(env.Demo.TemplatePositionUID), validClone(env), minimal)
}

func FuzzNoteBody(f *testing.F) {
	env := fuzzEnv(f)
	note := map[string]any{
		"time_created": "2026-03-01T10:00:00Z",
		"created_by":   map[string]any{"type": "user", "first_name": "Rita", "email": "rita.recruiter@acme.example"},
		"text":         "Strong <b>systems</b> background",
		"details":      []any{map[string]any{"title": "Score", "text": "4/5"}},
	}
	fuzzBody(f, env, "/v1/candidates/"+env.Demo.CandidateUID+"/notes", note)
}

func FuzzMessageBody(f *testing.F) {
	env := fuzzEnv(f)
	message := map[string]any{
		"time_sent": "2026-03-02T09:00:00Z", "subject": "Next steps", "status": "Sent",
		"body": `Hi <b>Ada</b>, details <a href="https://acme.example/next">here</a>`,
		"from": map[string]any{"type": "user", "first_name": "Rita", "email": "rita.recruiter@acme.example"},
		"to":   []any{map[string]any{"type": "candidate", "first_name": "Ada", "status": "Sent"}},
		"cc":   []any{map[string]any{"type": "other", "first_name": "Olga", "email": "olga@example.com", "status": "Open"}},
	}
	fuzzBody(f, env, "/v1/conversations/"+env.Demo.ConversationUID+"/messages", message)
}

func FuzzTestSubmissionBody(f *testing.F) {
	env := fuzzEnv(f)
	partner := env.StartPartner(hiregraphtest.AcceptEvaluations("fuzz"), map[string]any{"canSeeOffers": true})
	fuzzBody(f, env, "/v1/candidates/"+env.Demo.CandidateUID+"/tests",
		map[string]any{"partner_uid": partner.UID, "test_id": "go-basics"},
		map[string]any{"partner_uid": partner.UID, "test_id": strings.Repeat("t", 201)})
}

func FuzzEvaluationUpdateBody(f *testing.F) {
	env := fuzzEnv(f)
	partner := env.StartPartner(hiregraphtest.AcceptEvaluations("fuzz"), nil)
	r := env.Do(http.MethodPost, "/v1/candidates/"+env.Demo.CandidateUID+"/tests", map[string]any{"partner_uid": partner.UID, "test_id": "go-basics"})
	if r.Status != http.StatusCreated {
		f.Fatalf("submitting: %s", r)
	}
	// Validation runs before the completed check, so a fuzzed "completed"
	// leaves later inputs as well exercised.
	fuzzBody(f, env.WithKey("evaluations:write"), "/v1/evaluations/fuzz-1",
		map[string]any{"status": "in progress", "outcome": "review", "score": 3},
		map[string]any{"summary": "<b>fine</b>", "result_urls": []string{"https://skillcheck.example/r/1"}},
		map[string]any{"result_urls": []string{fmt.Sprintf("https://%s.example/", strings.Repeat("a", 3000))}},
		map[string]any{"status": "completed"})
}
