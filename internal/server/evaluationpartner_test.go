package server_test

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"

	"github.com/hiregraph/hiregraph/ent/privacy"
	"github.com/hiregraph/hiregraph/internal/auth"
	"github.com/hiregraph/hiregraph/internal/demo"
	"github.com/hiregraph/hiregraph/internal/hiregraphtest"
)

// partnerToken is the static token the test partners expect.
const partnerToken = "partner-token-0123456789"

// fakePartner is an evaluation partner on 127.0.0.1: it records every
// request it receives and answers with its handler.
type fakePartner struct {
	*httptest.Server
	mu       sync.Mutex
	requests []receivedRequest
}

type receivedRequest struct {
	Method, Path string
	Header       http.Header
	Body         []byte
}

func newFakePartner(t *testing.T, answer http.HandlerFunc) *fakePartner {
	t.Helper()
	p := &fakePartner{}
	p.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		p.mu.Lock()
		p.requests = append(p.requests, receivedRequest{Method: r.Method, Path: r.URL.Path, Header: r.Header.Clone(), Body: body})
		p.mu.Unlock()
		answer(w, r)
	}))
	t.Cleanup(p.Close)
	return p
}

// received returns the requests the partner got so far.
func (p *fakePartner) received() []receivedRequest {
	p.mu.Lock()
	defer p.mu.Unlock()
	return append([]receivedRequest(nil), p.requests...)
}

// answerJSON answers every request with status and body.
func answerJSON(status int, body string) http.HandlerFunc {
	return func(w http.ResponseWriter, _ *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(status)
		io.WriteString(w, body)
	}
}

const createPartnerMutation = `mutation($input: CreateEvaluationPartnerInput!) {
  createEvaluationPartner(input: $input) {
    id name submitURL testsURL authMode canSeeOffers hasAccessToken hasSigningSecret
    requiredFields { email lastName phone }
    testCatalog { testID testName }
    timeCatalogFetched
  }
}`

type partnerData struct {
	ID, Name, SubmitURL, AuthMode string
	TestsURL                      *string
	CanSeeOffers                  bool
	HasAccessToken                bool
	HasSigningSecret              bool
	RequiredFields                struct{ Email, LastName, Phone bool }
	TestCatalog                   []struct{ TestID, TestName string }
	TimeCatalogFetched            *string
}

// createPartner configures a partner at p with the static partnerToken;
// extra overrides or adds input fields.
func createPartner(t *testing.T, env *hiregraphtest.Env, p *fakePartner, extra map[string]any) partnerData {
	t.Helper()
	input := map[string]any{
		"name":        "SkillCheck",
		"submitURL":   p.URL + "/submit",
		"accessToken": partnerToken,
	}
	for k, v := range extra {
		input[k] = v
	}
	var data struct{ CreateEvaluationPartner partnerData }
	env.GraphQL(createPartnerMutation, map[string]any{"input": input}).Decode(t, &data)
	return data.CreateEvaluationPartner
}

// withKey returns a copy of env whose requests carry a fresh API key of the
// demo company with only the given scopes.
func withKey(t *testing.T, env *hiregraphtest.Env, scopes ...string) *hiregraphtest.Env {
	t.Helper()
	return withCompanyKey(t, env, env.Demo, scopes...)
}

func withCompanyKey(t *testing.T, env *hiregraphtest.Env, m *demo.Manifest, scopes ...string) *hiregraphtest.Env {
	t.Helper()
	key, err := auth.CreateKey(privacy.DecisionContext(context.Background(), privacy.Allow), env.DB.Client, env.Sealer, m.CompanyUID, "test", scopes)
	if err != nil {
		t.Fatal(err)
	}
	manifest := *m
	manifest.APIKey = key.Secret
	scoped := *env
	scoped.Demo = &manifest
	return &scoped
}

func TestCreatePartnerKeepsSecretsWriteOnly(t *testing.T) {
	env := hiregraphtest.New(t)
	p := newFakePartner(t, answerJSON(200, `[]`))
	created := createPartner(t, env, p, map[string]any{"testsURL": p.URL + "/tests", "canSeeOffers": true})
	if created.AuthMode != "STATIC_TOKEN" || !created.HasAccessToken || created.HasSigningSecret || !created.CanSeeOffers {
		t.Errorf("created partner: %+v", created)
	}
	if rf := created.RequiredFields; !rf.Email || rf.LastName || rf.Phone {
		t.Errorf("default required fields = %+v, want e-mail only (spec 4.9)", rf)
	}
	if created.TestsURL == nil || *created.TestsURL != p.URL+"/tests" || created.SubmitURL != p.URL+"/submit" {
		t.Errorf("URLs: %+v", created)
	}

	for _, field := range []string{"accessToken", "signingSecret", "sealedAccessToken"} {
		r := env.GraphQL(`{ evaluationPartners { edges { node { `+field+` } } } }`, nil)
		if r.Code() != "graphql_validation_failed" {
			t.Errorf("reading %s: %+v, want a validation error (the field must not exist)", field, r.Errors)
		}
	}
	resp := env.Do(http.MethodPost, "/graphql", map[string]any{"query": `{ evaluationPartners { edges { node { id name hasAccessToken } } } }`})
	if strings.Contains(string(resp.Body), partnerToken) {
		t.Errorf("the access token is readable: %s", resp.Body)
	}
	var list struct {
		EvaluationPartners struct {
			Edges []struct{ Node struct{ ID, Name string } }
		}
	}
	env.GraphQL(`{ evaluationPartners(orderBy: {field: NAME}) { edges { node { id name } } } }`, nil).Decode(t, &list)
	if len(list.EvaluationPartners.Edges) != 2 {
		t.Errorf("evaluationPartners lists %d partners, want the demo's and the new one", len(list.EvaluationPartners.Edges))
	}
}

func TestUpdatePartner(t *testing.T) {
	env := hiregraphtest.New(t)
	p := newFakePartner(t, answerJSON(200, `[]`))
	created := createPartner(t, env, p, map[string]any{"testsURL": p.URL + "/tests"})
	const update = `mutation($id: ID!, $input: UpdateEvaluationPartnerInput!) {
	  updateEvaluationPartner(id: $id, input: $input) {
	    name authMode testsURL hasAccessToken hasSigningSecret requiredFields { email lastName phone }
	  }
	}`
	var data struct{ UpdateEvaluationPartner partnerData }
	env.GraphQL(update, map[string]any{"id": created.ID, "input": map[string]any{
		"authMode": "SIGNED_JWT", "signingSecret": strings.Repeat("s", 32),
		"requiredFields": map[string]any{"phone": true},
		"testsURL":       "",
	}}).Decode(t, &data)
	got := data.UpdateEvaluationPartner
	if got.Name != "SkillCheck" || got.AuthMode != "SIGNED_JWT" || !got.HasAccessToken || !got.HasSigningSecret || (got.TestsURL != nil && *got.TestsURL != "") {
		t.Errorf("updated partner: %+v", got)
	}
	if rf := got.RequiredFields; !rf.Email || rf.LastName || !rf.Phone {
		t.Errorf("required fields = %+v, want e-mail kept and phone added", rf)
	}

	r := env.GraphQL(update, map[string]any{"id": "prt_01ZZZZZZZZZZZZZZZZZZZZZZZZ", "input": map[string]any{"name": "x"}})
	if r.Code() != "partner_not_found" {
		t.Errorf("unknown partner: %+v", r.Errors)
	}
	other, err := demo.Seed(context.Background(), env.DB.Client, env.Sealer, "Other Corp")
	if err != nil {
		t.Fatal(err)
	}
	r = env.GraphQL(update, map[string]any{"id": other.EvaluationPartnerUID, "input": map[string]any{"name": "hijacked"}})
	if r.Code() != "partner_not_found" {
		t.Errorf("another company's partner: %+v, want partner_not_found", r.Errors)
	}
}

func TestPartnerConfigurationIsValidated(t *testing.T) {
	env := hiregraphtest.New(t)
	p := newFakePartner(t, answerJSON(200, `[]`))
	for name, tc := range map[string]struct {
		input map[string]any
		field string
	}{
		"ftp submit URL":          {map[string]any{"submitURL": "ftp://partner.example/submit"}, "submitURL"},
		"relative submit URL":     {map[string]any{"submitURL": "/submit"}, "submitURL"},
		"credentials in URL":      {map[string]any{"submitURL": "https://user:pw@partner.example/submit"}, "submitURL"},
		"javascript tests URL":    {map[string]any{"testsURL": "javascript:alert(1)"}, "testsURL"},
		"empty name":              {map[string]any{"name": "  "}, "name"},
		"long name":               {map[string]any{"name": strings.Repeat("é", 101)}, "name"},
		"token with a newline":    {map[string]any{"accessToken": "abc\nX-Evil: 1"}, "accessToken"},
		"short signing secret":    {map[string]any{"authMode": "SIGNED_JWT", "signingSecret": "too-short"}, "signingSecret"},
		"JWT mode without secret": {map[string]any{"authMode": "SIGNED_JWT"}, "signingSecret"},
		"no credential at all":    {map[string]any{"accessToken": nil}, "accessToken"},
	} {
		t.Run(name, func(t *testing.T) {
			input := map[string]any{"name": "SkillCheck", "submitURL": p.URL + "/submit", "accessToken": partnerToken}
			for k, v := range tc.input {
				input[k] = v
			}
			r := env.GraphQL(createPartnerMutation, map[string]any{"input": input})
			if r.Code() != "validation_failed" || r.Errors[0].Extensions["field"] != tc.field {
				t.Fatalf("got %+v, want validation_failed on %s", r.Errors, tc.field)
			}
		})
	}

	writer := withKey(t, env, "read", "write")
	r := writer.GraphQL(createPartnerMutation, map[string]any{"input": map[string]any{"name": "x", "submitURL": p.URL, "accessToken": partnerToken}})
	if r.Code() != "forbidden" {
		t.Errorf("creating a partner without the admin scope: %+v", r.Errors)
	}
	var count struct{ EvaluationPartners struct{ TotalCount int } }
	env.GraphQL(`{ evaluationPartners { totalCount } }`, nil).Decode(t, &count)
	if count.EvaluationPartners.TotalCount != 1 {
		t.Errorf("%d partners after refused creations, want the demo's only", count.EvaluationPartners.TotalCount)
	}
}

const refreshMutation = `mutation($id: ID!) { refreshPartnerTests(partnerID: $id) { testCatalog { testID testName } timeCatalogFetched } }`

func TestRefreshPartnerTestsKeepsLastGoodList(t *testing.T) {
	env := hiregraphtest.New(t)
	var (
		mu      sync.Mutex
		catalog = `[{"test_id":"go-1","test_name":"Go <b>basics</b>","duration_minutes":30},{"test_id":"sql-1","test_name":"SQL"}]`
	)
	p := newFakePartner(t, func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		defer mu.Unlock()
		if r.Header.Get("Authorization") != "Bearer "+partnerToken {
			w.WriteHeader(http.StatusUnauthorized)
			return
		}
		answerJSON(200, catalog)(w, r)
	})
	created := createPartner(t, env, p, map[string]any{"testsURL": p.URL + "/tests"})

	var data struct{ RefreshPartnerTests partnerData }
	env.GraphQL(refreshMutation, map[string]any{"id": created.ID}).Decode(t, &data)
	tests := data.RefreshPartnerTests.TestCatalog
	if len(tests) != 2 || tests[0].TestID != "go-1" || tests[0].TestName != "Go basics" || tests[1].TestName != "SQL" {
		t.Errorf("catalog = %+v", tests)
	}
	if data.RefreshPartnerTests.TimeCatalogFetched == nil {
		t.Error("timeCatalogFetched not set")
	}
	if got := p.received()[0]; got.Method != http.MethodGet || got.Path != "/tests" {
		t.Errorf("catalog request: %s %s", got.Method, got.Path)
	}

	for name, broken := range map[string]string{
		"not JSON":      `<html>oops secret-stack-trace</html>`,
		"not an array":  `{"tests":[]}`,
		"empty test_id": `[{"test_id":"","test_name":"x"}]`,
		"numeric ids":   `[{"test_id":7}]`,
	} {
		mu.Lock()
		catalog = broken
		mu.Unlock()
		r := env.GraphQL(refreshMutation, map[string]any{"id": created.ID})
		if r.Code() != "partner_bad_response" || strings.Contains(r.Errors[0].Message, "secret-stack-trace") {
			t.Errorf("%s: %+v, want partner_bad_response without the partner's body", name, r.Errors)
		}
	}
	var kept struct {
		Node struct{ TestCatalog []struct{ TestID string } }
	}
	env.GraphQL(`query($id: ID!) { node(id: $id) { ... on EvaluationPartner { testCatalog { testID } } } }`, map[string]any{"id": created.ID}).Decode(t, &kept)
	if len(kept.Node.TestCatalog) != 2 {
		t.Errorf("after failed refreshes the catalog is %+v, want the last good one", kept.Node.TestCatalog)
	}

	var noURL struct{ CreateEvaluationPartner partnerData }
	env.GraphQL(createPartnerMutation, map[string]any{"input": map[string]any{"name": "No catalog", "submitURL": p.URL, "accessToken": partnerToken}}).Decode(t, &noURL)
	if r := env.GraphQL(refreshMutation, map[string]any{"id": noURL.CreateEvaluationPartner.ID}); r.Code() != "validation_failed" {
		t.Errorf("refreshing a partner without testsURL: %+v", r.Errors)
	}
}

// decodeJSON decodes a request body the partner received.
func decodeJSON(t *testing.T, body []byte) map[string]any {
	t.Helper()
	var m map[string]any
	if err := json.Unmarshal(body, &m); err != nil {
		t.Fatalf("partner received a body that is not JSON: %v: %s", err, body)
	}
	return m
}
