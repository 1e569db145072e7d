package webhook_test

import (
	"net/http"
	"testing"
	"time"

	"github.com/hiregraph/hiregraph/internal/hiregraphtest"
)

// addEndpoint adds a webhook endpoint posting to url and returns its id.
func addEndpoint(t *testing.T, env *hiregraphtest.Env, url string) string {
	t.Helper()
	r := env.Do(http.MethodPost, "/v1/webhooks", map[string]any{"url": url})
	if r.Status != http.StatusCreated {
		t.Fatalf("POST /v1/webhooks: %s", r)
	}
	var ep struct{ ID string }
	r.JSON(t, &ep)
	return ep.ID
}

// addNote writes a note on the demo candidate, made at the time given: an
// event of the note's to send.
func addNote(t *testing.T, env *hiregraphtest.Env, at time.Time) {
	t.Helper()
	note := map[string]any{
		"created_by":   map[string]any{"type": "user", "first_name": "Rita", "email": env.Demo.Users["recruiter"]},
		"text":         "Called back",
		"time_created": at.UTC().Format(time.RFC3339),
	}
	if r := env.Do(http.MethodPost, "/v1/candidates/"+env.Demo.CandidateUID+"/notes", note); r.Status != http.StatusCreated {
		t.Fatalf("note: %s", r)
	}
}
