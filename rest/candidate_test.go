package rest_test

import (
	"net/http"
	"testing"

	"github.com/hiregraph/hiregraph/internal/hiregraphtest"
)

// TestGetCandidate: the candidate object of the list, by uid; another
// company's uid and a read-less key are refused with the spec's body.
func TestGetCandidate(t *testing.T) {
	env := hiregraphtest.New(t)
	r := env.Do(http.MethodGet, "/v1/candidates/"+env.Demo.CandidateUID, nil)
	if r.Status != http.StatusOK {
		t.Fatalf("get: %s", r)
	}
	got := r.Map(t)
	if got["uid"] != env.Demo.CandidateUID || got["status"] != "In progress" {
		t.Errorf("candidate %v", got)
	}
	current := got["current_steps"].([]any)
	completed := got["completed_steps"].([]any)
	if len(current) != 1 || len(completed) == 0 || completed[0].(map[string]any)["time_completed"] == nil {
		t.Errorf("steps %v / %v", current, completed)
	}
	other := env.OtherCompany()
	env.Do(http.MethodGet, "/v1/candidates/"+other.Demo.CandidateUID, nil).AssertError(t, http.StatusNotFound, "candidate_not_found", other.Demo.CandidateUID)
	env.WithKey("write").Do(http.MethodGet, "/v1/candidates/"+env.Demo.CandidateUID, nil).AssertError(t, http.StatusForbidden, "forbidden", "")
}

// TestFindDuplicates: the candidates of the company's people with the
// address in any case; none of another company's; a missing address is a
// bad request.
func TestFindDuplicates(t *testing.T) {
	env := hiregraphtest.New(t)
	env.OtherCompany()
	var out struct {
		Candidates []struct {
			UID string `json:"uid"`
		} `json:"candidates"`
	}
	r := env.Do(http.MethodGet, "/v1/sourcing/candidates/find_duplicates?email=%20ADA@example.com", nil)
	r.JSON(t, &out)
	if r.Status != http.StatusOK || len(out.Candidates) != 2 {
		t.Fatalf("ada's candidates: %s", r)
	}
	r = env.Do(http.MethodGet, "/v1/sourcing/candidates/find_duplicates?email=nobody@example.com", nil)
	r.JSON(t, &out)
	if r.Status != http.StatusOK || len(out.Candidates) != 0 {
		t.Fatalf("nobody: %s", r)
	}
	env.Do(http.MethodGet, "/v1/sourcing/candidates/find_duplicates", nil).AssertError(t, http.StatusBadRequest, "bad_request", "email")
}
