package server_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"net/http"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/golang-jwt/jwt/v5"

	"github.com/hiregraph/hiregraph/ent/candidate"
	"github.com/hiregraph/hiregraph/ent/person"
	"github.com/hiregraph/hiregraph/ent/position"
	"github.com/hiregraph/hiregraph/ent/privacy"
	"github.com/hiregraph/hiregraph/ent/schema/schematype"
	"github.com/hiregraph/hiregraph/internal/hiregraphtest"
	"github.com/hiregraph/hiregraph/internal/server"
)

// submitTest posts a REST test submission for the candidate.
func submitTest(env *hiregraphtest.Env, candidateUID, partnerUID, testID string) *hiregraphtest.Response {
	return env.Do(http.MethodPost, "/v1/candidates/"+candidateUID+"/tests", map[string]any{"partner_uid": partnerUID, "test_id": testID})
}

// adaPayload is what a partner receives for the demo candidate, Ada
// Lovelace, in the technical interview step of the published position.
func adaPayload(env *hiregraphtest.Env, testID string) map[string]any {
	return map[string]any{
		"test_ids": []any{testID},
		"candidate": map[string]any{
			"uid":        env.Demo.CandidateUID,
			"first_name": "Ada",
			"last_name":  "Lovelace",
			"phone":      "+49 30 1234567",
			"email":      "ada@example.com",
			"resume":     map[string]any{"name": "Ada-Lovelace-cv.pdf", "url": "https://files.acme.example/resumes/7000"},
			"id_number":  "ID-07000",
		},
		"position": map[string]any{"uid": env.Demo.PublishedPositionUID, "name": "Senior Backend Engineer"},
		// The workflow step "Technical interview" is assigned to these two.
		"assignees": []any{
			map[string]any{"first_name": "Hank", "last_name": "Manager", "email": "hank.manager@acme.example"},
			map[string]any{"first_name": "Ian", "last_name": "Interviewer", "email": "ian.interviewer@acme.example"},
		},
	}
}

func assertPayload(t *testing.T, got, want map[string]any) {
	t.Helper()
	if !reflect.DeepEqual(got, want) {
		g, _ := json.MarshalIndent(got, "", "  ")
		w, _ := json.MarshalIndent(want, "", "  ")
		t.Fatalf("partner received\n%s\nwant\n%s", g, w)
	}
}

func TestSubmitSendsTheSpecPayloadWithAStaticToken(t *testing.T) {
	env := hiregraphtest.New(t)
	p := newFakePartner(t, answerJSON(http.StatusCreated, `{"candidate_evaluation_id":"eval-42"}`))
	partner := createPartner(t, env, p, nil)

	r := submitTest(env, env.Demo.CandidateUID, partner.ID, "go-1")
	if r.Status != http.StatusCreated {
		t.Fatalf("submit: %s", r)
	}
	body := r.Map(t)
	for k, want := range map[string]any{
		"candidate_uid": env.Demo.CandidateUID, "partner_uid": partner.ID, "test_id": "go-1",
		"status": "submitted", "candidate_evaluation_id": "eval-42", "outcome": nil, "score": nil,
	} {
		if body[k] != want {
			t.Errorf("response %s = %v, want %v", k, body[k], want)
		}
	}
	if uid, _ := body["uid"].(string); !strings.HasPrefix(uid, "tsb_") {
		t.Errorf("response uid = %v", body["uid"])
	}

	got := p.received()
	if len(got) != 1 {
		t.Fatalf("partner received %d requests, want 1", len(got))
	}
	req := got[0]
	if req.Method != http.MethodPost || req.Path != "/submit" {
		t.Errorf("request line: %s %s", req.Method, req.Path)
	}
	if ct := req.Header.Get("Content-Type"); ct != "application/json" {
		t.Errorf("Content-Type = %q", ct)
	}
	if a := req.Header.Get("Authorization"); a != "Bearer "+partnerToken {
		t.Errorf("Authorization = %q", a)
	}
	// canSeeOffers is off: no offers, although Ada has an offer letter.
	assertPayload(t, decodeJSON(t, req.Body), adaPayload(env, "go-1"))
}

func TestSubmitSignsAShortLivedJWT(t *testing.T) {
	env := hiregraphtest.New(t)
	secret := strings.Repeat("k", 40)
	p := newFakePartner(t, answerJSON(http.StatusOK, `{"candidate_evaluation_id":"eval-jwt"}`))
	partner := createPartner(t, env, p, map[string]any{"authMode": "SIGNED_JWT", "signingSecret": secret, "accessToken": nil})
	if r := submitTest(env, env.Demo.CandidateUID, partner.ID, "go-1"); r.Status != http.StatusCreated {
		t.Fatalf("submit: %s", r)
	}
	header := p.received()[0].Header.Get("Authorization")
	token, ok := strings.CutPrefix(header, "Bearer ")
	if !ok {
		t.Fatalf("Authorization = %q", header)
	}
	var claims jwt.RegisteredClaims
	parsed, err := jwt.ParseWithClaims(token, &claims, func(*jwt.Token) (any, error) { return []byte(secret), nil },
		jwt.WithValidMethods([]string{"HS256"}), jwt.WithExpirationRequired(), jwt.WithIssuedAt())
	if err != nil || !parsed.Valid {
		t.Fatalf("JWT does not verify with the partner secret: %v", err)
	}
	if claims.Issuer != env.Demo.CompanyUID || len(claims.Audience) != 1 || claims.Audience[0] != partner.ID || claims.ID == "" {
		t.Errorf("claims = %+v, want iss = company uid, aud = partner uid, a jti", claims)
	}
	if life := claims.ExpiresAt.Sub(claims.IssuedAt.Time); life != 5*time.Minute {
		t.Errorf("JWT lives %s, want 5m", life)
	}
	if _, err := jwt.Parse(token, func(*jwt.Token) (any, error) { return []byte("another secret of forty bytes long......"), nil }); err == nil {
		t.Error("the JWT verifies with another secret")
	}
}

func TestSubmitFallsBackToLeadRecruiterAndHiringManager(t *testing.T) {
	env := hiregraphtest.New(t)
	p := newFakePartner(t, answerJSON(http.StatusOK, `{"candidate_evaluation_id":"eval-7"}`))
	partner := createPartner(t, env, p, nil)
	// Ada's second application, taken off its step: a candidate recorded
	// before pipelines, with no current step.
	ctx := privacy.DecisionContext(context.Background(), privacy.Allow)
	second := env.DB.Client.Candidate.Query().
		Where(candidate.HasPersonWith(person.FirstName("Ada")), candidate.HasPositionWith(position.Name("Robotics Technician"))).
		OnlyX(ctx)
	second = env.DB.Client.Candidate.UpdateOne(second).ClearCurrentStep().SetCurrentSteps([]schematype.Step{}).SaveX(ctx)
	if r := submitTest(env, second.ID, partner.ID, "go-1"); r.Status != http.StatusCreated {
		t.Fatalf("submit: %s", r)
	}
	got := decodeJSON(t, p.received()[0].Body)["assignees"]
	want := []any{
		map[string]any{"first_name": "Rita", "last_name": "Recruiter", "email": "rita.recruiter@acme.example"},
		map[string]any{"first_name": "Hank", "last_name": "Manager", "email": "hank.manager@acme.example"},
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("assignees = %v, want the lead recruiter and the hiring manager", got)
	}
}

func TestRequiredFieldsFailBeforeAnyCall(t *testing.T) {
	env := hiregraphtest.New(t)
	p := newFakePartner(t, answerJSON(http.StatusOK, `{"candidate_evaluation_id":"never"}`))
	partner := createPartner(t, env, p, map[string]any{"requiredFields": map[string]any{"phone": true, "lastName": true}})
	ctx := privacy.DecisionContext(context.Background(), privacy.Allow)
	alan := env.DB.Client.Candidate.Query().Where(candidate.HasPersonWith(person.FirstName("Alan"))).OnlyX(ctx)

	r := submitTest(env, alan.ID, partner.ID, "go-1")
	assertErrorBody(t, r, http.StatusUnprocessableEntity, "validation_failed")
	if msg := r.Map(t)["message"].(string); !strings.Contains(msg, "candidate.phone") || !strings.Contains(msg, "SkillCheck") {
		t.Errorf("message %q does not name candidate.phone and the partner", msg)
	}

	// E-mail is required by default.
	env.DB.Client.Person.Update().Where(person.FirstName("Ada")).ClearEmail().ExecX(ctx)
	emailPartner := createPartner(t, env, p, nil)
	r = submitTest(env, env.Demo.CandidateUID, emailPartner.ID, "go-1")
	assertErrorBody(t, r, http.StatusUnprocessableEntity, "validation_failed")
	if msg := r.Map(t)["message"].(string); !strings.Contains(msg, "candidate.email") {
		t.Errorf("message %q does not name candidate.email", msg)
	}
	g := env.GraphQL(`mutation($c: ID!, $p: ID!) { submitCandidateForTest(candidateID: $c, partnerID: $p, testID: "go-1") { id } }`,
		map[string]any{"c": env.Demo.CandidateUID, "p": emailPartner.ID})
	if g.Code() != "validation_failed" || g.Errors[0].Extensions["field"] != "candidate.email" {
		t.Errorf("GraphQL: %+v, want validation_failed on candidate.email", g.Errors)
	}

	if n := len(p.received()); n != 0 {
		t.Errorf("the partner received %d requests; a missing required field must fail before any call", n)
	}
	if n := env.DB.Client.TestSubmission.Query().CountX(ctx); n != 0 {
		t.Errorf("%d test submissions recorded for requests that never reached the partner", n)
	}
}

func TestSubmitRejectsBadReferences(t *testing.T) {
	env := hiregraphtest.New(t)
	p := newFakePartner(t, answerJSON(http.StatusOK, `{"candidate_evaluation_id":"x"}`))
	partner := createPartner(t, env, p, nil)
	assertErrorBody(t, submitTest(env, "can_01ZZZZZZZZZZZZZZZZZZZZZZZZ", partner.ID, "go-1"), http.StatusNotFound, "candidate_not_found")
	assertErrorBody(t, submitTest(env, env.Demo.CandidateUID, "prt_01ZZZZZZZZZZZZZZZZZZZZZZZZ", "go-1"), http.StatusNotFound, "partner_not_found")
	assertErrorBody(t, submitTest(env, env.Demo.CandidateUID, "", "go-1"), http.StatusUnprocessableEntity, "validation_failed")
	assertErrorBody(t, submitTest(env, env.Demo.CandidateUID, partner.ID, " "), http.StatusUnprocessableEntity, "validation_failed")
	assertErrorBody(t, env.Do(http.MethodPost, "/v1/candidates/"+env.Demo.CandidateUID+"/tests", `{"partner_uid": 7}`), http.StatusBadRequest, "bad_request")
	reader := withKey(t, env, "read")
	assertErrorBody(t, submitTest(reader, env.Demo.CandidateUID, partner.ID, "go-1"), http.StatusForbidden, "forbidden")
	if n := len(p.received()); n != 0 {
		t.Errorf("the partner received %d requests for refused submissions", n)
	}
}

func TestSubmitChecksTheTestCatalog(t *testing.T) {
	env := hiregraphtest.New(t)
	catalog := `[{"test_id":"go-1","test_name":"Go"}]`
	p := newFakePartner(t, func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/tests" {
			answerJSON(http.StatusOK, catalog)(w, r)
			return
		}
		answerJSON(http.StatusOK, `{"candidate_evaluation_id":"eval-cat"}`)(w, r)
	})
	partner := createPartner(t, env, p, map[string]any{"testsURL": p.URL + "/tests"})

	// The catalog was never fetched: the submission fetches it first.
	if r := submitTest(env, env.Demo.CandidateUID, partner.ID, "go-1"); r.Status != http.StatusCreated {
		t.Fatalf("submit: %s", r)
	}
	if paths := requestPaths(p); !reflect.DeepEqual(paths, []string{"/tests", "/submit"}) {
		t.Errorf("partner received %v, want the catalog fetched before the submission", paths)
	}
	r := submitTest(env, env.Demo.CandidateUID, partner.ID, "rust-9")
	assertErrorBody(t, r, http.StatusUnprocessableEntity, "validation_failed")
	if msg := r.Map(t)["message"].(string); !strings.Contains(msg, "go-1") {
		t.Errorf("message %q does not list the partner's tests", msg)
	}
	if paths := requestPaths(p); len(paths) != 3 || paths[2] != "/tests" {
		t.Errorf("partner received %v, want one more catalog fetch and no submission", paths)
	}
}

func requestPaths(p *fakePartner) []string {
	var paths []string
	for _, r := range p.received() {
		paths = append(paths, r.Path)
	}
	return paths
}

// submissionRecord is a test submission as GraphQL shows it on a candidate.
type submissionRecord struct {
	TestID, Status        string
	CandidateEvaluationID *string
	ErrorCode             *string
	DisplayMessage        *string
	Outcome               *string
	Score                 *int
	Summary               *string
	ResultUrls            []string
	Completed             bool
	Partner               struct{ ID string }
}

// candidateSubmissions lists the candidate's test submissions, oldest first.
func candidateSubmissions(t *testing.T, env *hiregraphtest.Env, candidateUID string) []submissionRecord {
	t.Helper()
	var data struct {
		Node struct {
			TestSubmissions struct {
				Edges []struct{ Node submissionRecord }
			}
		}
	}
	env.GraphQL(`query($id: ID!) { node(id: $id) { ... on Candidate {
	  testSubmissions(orderBy: {field: TIME_SUBMITTED}) { edges { node {
	    testID status candidateEvaluationID errorCode displayMessage outcome score summary resultUrls completed partner { id }
	  } } }
	} } }`, map[string]any{"id": candidateUID}).Decode(t, &data)
	var out []submissionRecord
	for _, e := range data.Node.TestSubmissions.Edges {
		out = append(out, e.Node)
	}
	return out
}

func TestPartnerAnswersThatAreNotASubmission(t *testing.T) {
	huge := `{"candidate_evaluation_id":"` + strings.Repeat("x", 70<<10) + `"}`
	for name, tc := range map[string]struct {
		answer  http.HandlerFunc
		status  int
		code    string
		message string
	}{
		"display_message": {
			answerJSON(http.StatusConflict, `{"display_message":"<b>ada@example.com</b> already took this test. <script>alert(1)</script>Pick another test."}`),
			http.StatusUnprocessableEntity, "partner_rejected",
			"ada@example.com already took this test. Pick another test.",
		},
		"display_message with 200": {
			answerJSON(http.StatusOK, `{"display_message":"The test is being updated; try again in an hour."}`),
			http.StatusUnprocessableEntity, "partner_rejected",
			"The test is being updated; try again in an hour.",
		},
		"not JSON": {
			answerJSON(http.StatusOK, `<html>secret-stack-trace</html>`),
			http.StatusBadGateway, "partner_bad_response", "not a JSON object",
		},
		"success without id": {
			answerJSON(http.StatusOK, `{"candidate_evaluation_id":""}`),
			http.StatusBadGateway, "partner_bad_response", "without a candidate_evaluation_id",
		},
		"error without display_message": {
			answerJSON(http.StatusInternalServerError, `{"error":"secret-stack-trace"}`),
			http.StatusBadGateway, "partner_bad_response", "HTTP 500",
		},
		"oversized": {
			answerJSON(http.StatusOK, huge),
			http.StatusBadGateway, "partner_bad_response", "larger than",
		},
		"redirect": {
			func(w http.ResponseWriter, r *http.Request) {
				if r.URL.Path == "/elsewhere" {
					t.Error("the redirect was followed")
				}
				http.Redirect(w, r, "/elsewhere", http.StatusTemporaryRedirect)
			},
			http.StatusBadGateway, "partner_bad_response", "redirect (HTTP 307)",
		},
	} {
		t.Run(name, func(t *testing.T) {
			env := hiregraphtest.New(t)
			p := newFakePartner(t, tc.answer)
			partner := createPartner(t, env, p, nil)
			r := submitTest(env, env.Demo.CandidateUID, partner.ID, "go-1")
			assertErrorBody(t, r, tc.status, tc.code)
			msg := r.Map(t)["message"].(string)
			if !strings.Contains(msg, tc.message) {
				t.Errorf("message %q, want it to contain %q", msg, tc.message)
			}
			if strings.Contains(string(r.Body), "secret-stack-trace") || strings.Contains(string(r.Body), "<script>") {
				t.Errorf("the partner's raw body is echoed: %s", r.Body)
			}
			records := candidateSubmissions(t, env, env.Demo.CandidateUID)
			if len(records) != 1 {
				t.Fatalf("%d test submissions recorded, want the failed attempt", len(records))
			}
			rec := records[0]
			if rec.Status != "failed" || rec.ErrorCode == nil || *rec.ErrorCode != tc.code ||
				rec.DisplayMessage == nil || *rec.DisplayMessage != msg || rec.CandidateEvaluationID != nil {
				t.Errorf("record = %+v", rec)
			}
		})
	}
}

func TestSlowPartnerTimesOut(t *testing.T) {
	env := hiregraphtest.NewWithConfig(t, func(cfg *server.Config) { cfg.PartnerTimeout = 200 * time.Millisecond })
	p := newFakePartner(t, func(w http.ResponseWriter, r *http.Request) {
		select {
		case <-r.Context().Done():
		case <-time.After(10 * time.Second):
		}
	})
	partner := createPartner(t, env, p, nil)
	r := submitTest(env, env.Demo.CandidateUID, partner.ID, "go-1")
	assertErrorBody(t, r, http.StatusGatewayTimeout, "partner_timeout")
	if records := candidateSubmissions(t, env, env.Demo.CandidateUID); len(records) != 1 || *records[0].ErrorCode != "partner_timeout" {
		t.Errorf("records = %+v, want one failed attempt", records)
	}
}

// A refused address and a partner that does not answer read alike to the
// caller, so the API cannot map the internal network; the log tells the
// operator which it was.
func TestPrivatePartnerAddressIsRefused(t *testing.T) {
	env := hiregraphtest.NewWithConfig(t, func(cfg *server.Config) { cfg.PartnerAllowNets = nil })
	var logs bytes.Buffer
	slog.SetDefault(slog.New(slog.NewTextHandler(&logs, &slog.HandlerOptions{Level: slog.LevelWarn})))
	p := newFakePartner(t, answerJSON(http.StatusOK, `{"candidate_evaluation_id":"never"}`))
	partner := createPartner(t, env, p, nil)
	blocked := submitTest(env, env.Demo.CandidateUID, partner.ID, "go-1")
	assertErrorBody(t, blocked, http.StatusBadGateway, "partner_unavailable")
	if n := len(p.received()); n != 0 {
		t.Errorf("the partner on 127.0.0.1 received %d requests although loopback is not allowed", n)
	}
	if !strings.Contains(logs.String(), "not public") {
		t.Errorf("the log does not say the address was refused: %s", logs.String())
	}

	// A name that resolves to nothing (RFC 2606) fails before the guard.
	_, err := env.DB.Client.EvaluationPartner.UpdateOneID(partner.ID).SetSubmitURL("http://partner.invalid/submit").Save(privacy.DecisionContext(context.Background(), privacy.Allow))
	if err != nil {
		t.Fatal(err)
	}
	unreachable := submitTest(env, env.Demo.CandidateUID, partner.ID, "go-1")
	if blocked.Status != unreachable.Status || blocked.Map(t)["message"] != unreachable.Map(t)["message"] {
		t.Errorf("a refused address answers %s, an unreachable partner %s", blocked, unreachable)
	}
}

func TestUnreachablePartner(t *testing.T) {
	env := hiregraphtest.New(t)
	p := newFakePartner(t, answerJSON(http.StatusOK, `{}`))
	partner := createPartner(t, env, p, nil)
	p.Close()
	assertErrorBody(t, submitTest(env, env.Demo.CandidateUID, partner.ID, "go-1"), http.StatusBadGateway, "partner_unavailable")
}

func TestSubmitThroughGraphQL(t *testing.T) {
	env := hiregraphtest.New(t)
	answers := make(chan string, 2)
	answers <- `{"candidate_evaluation_id":"eval-gql"}`
	answers <- `{"display_message":"This candidate already has an open invitation."}`
	p := newFakePartner(t, func(w http.ResponseWriter, r *http.Request) {
		body := <-answers
		status := http.StatusOK
		if strings.Contains(body, "display_message") {
			status = http.StatusUnprocessableEntity
		}
		answerJSON(status, body)(w, r)
	})
	partner := createPartner(t, env, p, nil)
	const submit = `mutation($c: ID!, $p: ID!, $t: String!) {
	  submitCandidateForTest(candidateID: $c, partnerID: $p, testID: $t) {
	    id status testID candidateEvaluationID candidate { id } partner { name }
	  }
	}`
	vars := map[string]any{"c": env.Demo.CandidateUID, "p": partner.ID, "t": "go-1"}
	var data struct {
		SubmitCandidateForTest struct {
			ID, Status, TestID, CandidateEvaluationID string
			Candidate                                 struct{ ID string }
			Partner                                   struct{ Name string }
		}
	}
	env.GraphQL(submit, vars).Decode(t, &data)
	got := data.SubmitCandidateForTest
	if got.Status != "submitted" || got.CandidateEvaluationID != "eval-gql" || got.Candidate.ID != env.Demo.CandidateUID || got.Partner.Name != "SkillCheck" {
		t.Errorf("submission = %+v", got)
	}
	assertPayload(t, decodeJSON(t, p.received()[0].Body), adaPayload(env, "go-1"))

	r := env.GraphQL(submit, vars)
	if r.Code() != "partner_rejected" || r.Errors[0].Message != "This candidate already has an open invitation." || r.Errors[0].Extensions["status"] != float64(422) {
		t.Errorf("rejection: %+v", r.Errors)
	}
	// The failed attempt is recorded although the mutation failed.
	records := candidateSubmissions(t, env, env.Demo.CandidateUID)
	if len(records) != 2 || records[0].Status != "submitted" || records[1].Status != "failed" || *records[1].ErrorCode != "partner_rejected" {
		t.Errorf("records = %+v", records)
	}
}

func TestRepeatedEvaluationID(t *testing.T) {
	env := hiregraphtest.New(t)
	p := newFakePartner(t, answerJSON(http.StatusOK, `{"candidate_evaluation_id":"same"}`))
	partner := createPartner(t, env, p, nil)
	first := submitTest(env, env.Demo.CandidateUID, partner.ID, "go-1")
	again := submitTest(env, env.Demo.CandidateUID, partner.ID, "go-1")
	if first.Status != http.StatusCreated || again.Status != http.StatusCreated || first.Map(t)["uid"] != again.Map(t)["uid"] {
		t.Errorf("a partner answering the same id for the same test must yield the same submission: %s / %s", first, again)
	}
	// The same id for another test cannot be told apart in status updates.
	assertErrorBody(t, submitTest(env, env.Demo.CandidateUID, partner.ID, "sql-1"), http.StatusBadGateway, "partner_bad_response")
	records := candidateSubmissions(t, env, env.Demo.CandidateUID)
	if len(records) != 2 || records[1].Status != "failed" {
		t.Errorf("records = %+v", records)
	}
}

func TestSubmissionMarksCandidateActivity(t *testing.T) {
	env := hiregraphtest.New(t)
	at := time.Date(2031, 5, 6, 7, 8, 9, 0, time.UTC)
	env.Clock.Set(at)
	p := newFakePartner(t, answerJSON(http.StatusOK, `{"candidate_evaluation_id":"eval-activity"}`))
	partner := createPartner(t, env, p, nil)
	if r := submitTest(env, env.Demo.CandidateUID, partner.ID, "go-1"); r.Status != http.StatusCreated || r.Map(t)["time_submitted"] != "2031-05-06T07:08:09Z" {
		t.Fatalf("submit: %s", r)
	}
	r := env.Do(http.MethodPost, "/graphql", map[string]any{"query": fmt.Sprintf(`{ node(id: %q) { ... on Candidate { timeHiringProcessUpdated person { timeLastActivity } } } }`, env.Demo.CandidateUID)})
	var data struct {
		Data struct {
			Node struct {
				TimeHiringProcessUpdated string
				Person                   struct{ TimeLastActivity string }
			}
		}
	}
	r.JSON(t, &data)
	if data.Data.Node.TimeHiringProcessUpdated != "2031-05-06T07:08:09Z" || data.Data.Node.Person.TimeLastActivity != "2031-05-06T07:08:09Z" {
		t.Errorf("activity times = %+v", data.Data.Node)
	}
}
