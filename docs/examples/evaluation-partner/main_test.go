package main

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/hiregraph/hiregraph/internal/hiregraphtest"
)

// TestAgainstHiregraph runs the example partner against a real Hiregraph:
// configure, fetch tests, submit, report.
func TestAgainstHiregraph(t *testing.T) {
	env := hiregraphtest.New(t)
	p := &partner{token: "example-token", client: http.DefaultClient}
	srv := httptest.NewServer(p.routes())
	defer srv.Close()

	var created struct {
		CreateEvaluationPartner struct{ ID string }
	}
	env.GraphQL(`mutation($input: CreateEvaluationPartnerInput!) { createEvaluationPartner(input: $input) { id } }`, map[string]any{"input": map[string]any{
		"name": "SkillCheck", "submitURL": srv.URL + "/submit", "testsURL": srv.URL + "/tests",
		"accessToken": "example-token", "canSeeOffers": true,
	}}).Decode(t, &created)
	partnerID := created.CreateEvaluationPartner.ID

	var refreshed struct {
		RefreshPartnerTests struct{ TestCatalog []struct{ TestID string } }
	}
	env.GraphQL(`mutation($id: ID!) { refreshPartnerTests(partnerID: $id) { testCatalog { testID } } }`, map[string]any{"id": partnerID}).Decode(t, &refreshed)
	if len(refreshed.RefreshPartnerTests.TestCatalog) != len(catalog) {
		t.Fatalf("catalog = %+v", refreshed.RefreshPartnerTests.TestCatalog)
	}

	r := env.Do(http.MethodPost, "/v1/candidates/"+env.Demo.CandidateUID+"/tests", map[string]any{"partner_uid": partnerID, "test_id": "go-basics"})
	if r.Status != http.StatusCreated {
		t.Fatalf("submit: %s", r)
	}
	id, _ := r.Map(t)["candidate_evaluation_id"].(string)
	if !strings.HasPrefix(id, "sc_") {
		t.Fatalf("candidate_evaluation_id = %q", id)
	}

	p.hiregraph, p.apiKey = env.Server.URL, env.Demo.APIKey
	p.report(id)
	var data struct {
		Node struct {
			TestSubmissions struct {
				Edges []struct {
					Node struct {
						CandidateEvaluationID string
						Status, Outcome       string
						Score                 int
					}
				}
			}
		}
	}
	env.GraphQL(`query($id: ID!) { node(id: $id) { ... on Candidate { testSubmissions { edges { node { candidateEvaluationID status outcome score } } } } } }`,
		map[string]any{"id": env.Demo.CandidateUID}).Decode(t, &data)
	found := false
	for _, e := range data.Node.TestSubmissions.Edges {
		if e.Node.CandidateEvaluationID == id {
			found = e.Node.Status == "completed" && e.Node.Outcome == "PASSED" && e.Node.Score == 4
		}
	}
	if !found {
		t.Errorf("the partner's report is not on the candidate: %+v", data)
	}
}
