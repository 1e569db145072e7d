package server_test

import (
	"context"
	"net/http"
	"strings"
	"testing"

	"github.com/hiregraph/hiregraph/internal/demo"
	"github.com/hiregraph/hiregraph/internal/hiregraphtest"
)

// submitted submits the demo candidate to a partner that answers with
// evaluationID, and returns an env whose key has only the
// evaluations:write scope, as the partner's key should.
func submitted(t *testing.T, env *hiregraphtest.Env, evaluationID string) *hiregraphtest.Env {
	t.Helper()
	p := newFakePartner(t, answerJSON(http.StatusOK, `{"candidate_evaluation_id":"`+evaluationID+`"}`))
	partner := createPartner(t, env, p, nil)
	if r := submitTest(env, env.Demo.CandidateUID, partner.ID, "go-1"); r.Status != http.StatusCreated {
		t.Fatalf("submit: %s", r)
	}
	return withKey(t, env, "evaluations:write")
}

func TestPartnerReportsTheEvaluation(t *testing.T) {
	env := hiregraphtest.New(t)
	partnerKey := submitted(t, env, "ev-100")

	r := partnerKey.Do(http.MethodPost, "/v1/evaluations/ev-100", map[string]any{"status": "in progress"})
	if r.Status != http.StatusOK || r.Map(t)["status"] != "in progress" {
		t.Fatalf("status update: %s", r)
	}
	r = partnerKey.Do(http.MethodPost, "/v1/evaluations/ev-100", map[string]any{
		"status":      "completed",
		"outcome":     "passed",
		"score":       4,
		"summary":     "Solid <b>Go</b>; <script>alert(1)</script>weak on SQL.",
		"result_urls": []string{"https://skillcheck.example/results/100", "https://skillcheck.example/results/100.pdf"},
	})
	if r.Status != http.StatusOK {
		t.Fatalf("final report: %s", r)
	}
	body := r.Map(t)
	if body["outcome"] != "passed" || body["score"] != float64(4) || body["candidate_evaluation_id"] != "ev-100" || body["candidate_uid"] != env.Demo.CandidateUID {
		t.Errorf("response = %s", r.Body)
	}
	if s, _ := body["summary"].(string); strings.Contains(s, "<") || !strings.Contains(s, "Solid Go;") {
		t.Errorf("summary = %q, want plain text", s)
	}

	records := candidateSubmissions(t, env, env.Demo.CandidateUID)
	if len(records) != 1 {
		t.Fatalf("records = %+v", records)
	}
	rec := records[0]
	if rec.Status != "completed" || !rec.Completed || rec.Outcome == nil || *rec.Outcome != "PASSED" || rec.Score == nil || *rec.Score != 4 ||
		len(rec.ResultUrls) != 2 || rec.Summary == nil || !strings.HasPrefix(*rec.Summary, "Solid Go;") {
		t.Errorf("candidate's test submission in GraphQL = %+v", rec)
	}

	// Completed is final.
	r = partnerKey.Do(http.MethodPost, "/v1/evaluations/ev-100", map[string]any{"score": 1})
	assertErrorBody(t, r, http.StatusConflict, "evaluation_completed")
	r = partnerKey.Do(http.MethodPost, "/v1/evaluations/ev-100", map[string]any{"status": "reopened"})
	assertErrorBody(t, r, http.StatusConflict, "evaluation_completed")
	if after := candidateSubmissions(t, env, env.Demo.CandidateUID)[0]; *after.Score != 4 || after.Status != "completed" {
		t.Errorf("a completed evaluation changed: %+v", after)
	}
}

func TestEvaluationUpdatesAreValidated(t *testing.T) {
	env := hiregraphtest.New(t)
	partnerKey := submitted(t, env, "ev-200")
	for name, tc := range map[string]struct {
		body   any
		status int
		code   string
	}{
		"empty":           {map[string]any{}, http.StatusUnprocessableEntity, "validation_failed"},
		"long status":     {map[string]any{"status": strings.Repeat("é", 41)}, http.StatusUnprocessableEntity, "validation_failed"},
		"blank status":    {map[string]any{"status": "  "}, http.StatusUnprocessableEntity, "validation_failed"},
		"unknown outcome": {map[string]any{"outcome": "great"}, http.StatusUnprocessableEntity, "validation_failed"},
		"score 0":         {map[string]any{"score": 0}, http.StatusUnprocessableEntity, "validation_failed"},
		"score 6":         {map[string]any{"score": 6}, http.StatusUnprocessableEntity, "validation_failed"},
		"score as text":   {`{"score":"4"}`, http.StatusBadRequest, "bad_request"},
		"fractional":      {`{"score":4.5}`, http.StatusBadRequest, "bad_request"},
		"script URL":      {map[string]any{"result_urls": []string{"javascript:alert(1)"}}, http.StatusUnprocessableEntity, "validation_failed"},
		"long summary":    {map[string]any{"summary": strings.Repeat("x", 10001)}, http.StatusUnprocessableEntity, "validation_failed"},
		"not JSON":        {`status=done`, http.StatusBadRequest, "invalid_json"},
	} {
		t.Run(name, func(t *testing.T) {
			assertErrorBody(t, partnerKey.Do(http.MethodPost, "/v1/evaluations/ev-200", tc.body), tc.status, tc.code)
		})
	}
	status := strings.Repeat("é", 40) // 40 characters, 80 bytes
	if r := partnerKey.Do(http.MethodPost, "/v1/evaluations/ev-200", map[string]any{"status": status}); r.Status != http.StatusOK {
		t.Errorf("a 40-character status: %s", r)
	}
	if rec := candidateSubmissions(t, env, env.Demo.CandidateUID)[0]; rec.Status != status || rec.Outcome != nil || rec.Score != nil {
		t.Errorf("refused updates changed the record: %+v", rec)
	}
}

func TestEvaluationUpdatesAreAuthorized(t *testing.T) {
	env := hiregraphtest.New(t)
	partnerKey := submitted(t, env, "ev-300")
	assertErrorBody(t, partnerKey.Do(http.MethodPost, "/v1/evaluations/ev-unknown", map[string]any{"status": "started"}), http.StatusNotFound, "evaluation_not_found")

	recruiter := withKey(t, env, "read", "write")
	assertErrorBody(t, recruiter.Do(http.MethodPost, "/v1/evaluations/ev-300", map[string]any{"status": "started"}), http.StatusForbidden, "forbidden")
	assertErrorBody(t, env.DoWith(http.MethodPost, "/v1/evaluations/ev-300", map[string]any{"status": "started"}, nil), http.StatusUnauthorized, "unauthorized")

	other, err := demo.Seed(context.Background(), env.DB.Client, env.Sealer, "Other Corp")
	if err != nil {
		t.Fatal(err)
	}
	otherKey := withCompanyKey(t, env, other, "evaluations:write")
	assertErrorBody(t, otherKey.Do(http.MethodPost, "/v1/evaluations/ev-300", map[string]any{"status": "started"}), http.StatusNotFound, "evaluation_not_found")
	if rec := candidateSubmissions(t, env, env.Demo.CandidateUID)[0]; rec.Status != "submitted" {
		t.Errorf("refused updates changed the record: %+v", rec)
	}
}
