package rest_test

import (
	"net/http"
	"testing"

	"github.com/hiregraph/hiregraph/internal/hiregraphtest"
)

func TestIdempotencyKeyReplaysTheFirstResponse(t *testing.T) {
	env := hiregraphtest.New(t)
	path := "/v1/candidates/" + env.Demo.CandidateUID + "/notes"
	headers := map[string]string{"Authorization": "Bearer " + env.Demo.APIKey, "Idempotency-Key": "note-42"}
	first := env.DoWith(http.MethodPost, path, validNote(env), headers)
	second := env.DoWith(http.MethodPost, path, validNote(env), headers)
	if first.Status != http.StatusCreated || second.Status != http.StatusCreated {
		t.Fatalf("first %s, second %s", first, second)
	}
	if string(first.Body) != string(second.Body) || second.Header.Get("Idempotent-Replayed") != "true" {
		t.Errorf("retry answered differently: %s vs %s (%v)", first.Body, second.Body, second.Header)
	}
	if n := env.DB.Client.Note.Query().CountX(system()); n != 2 {
		t.Errorf("%d notes, want the demo's 1 plus 1", n)
	}

	changed := validNote(env)
	changed["text"] = "another note"
	assertError(t, env.DoWith(http.MethodPost, path, changed, headers), http.StatusUnprocessableEntity, "idempotency_key_reused", "Idempotency-Key")

	// Failed requests are remembered too: the retry sees the same 4xx.
	bad := map[string]string{"Authorization": "Bearer " + env.Demo.APIKey, "Idempotency-Key": "bad-1"}
	r1 := env.DoWith(http.MethodPost, "/v1/candidates/can_01NOPE/notes", validNote(env), bad)
	r2 := env.DoWith(http.MethodPost, "/v1/candidates/can_01NOPE/notes", validNote(env), bad)
	if r1.Status != http.StatusNotFound || r2.Status != http.StatusNotFound || r2.Header.Get("Idempotent-Replayed") != "true" {
		t.Errorf("404 retry: %s / %s", r1, r2)
	}

	// Without the header, every POST is a new request.
	env.Do(http.MethodPost, path, validNote(env))
	if n := env.DB.Client.Note.Query().CountX(system()); n != 3 {
		t.Errorf("%d notes, want 3", n)
	}
}
