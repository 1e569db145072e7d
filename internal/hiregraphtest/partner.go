package hiregraphtest

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"sync"
	"sync/atomic"

	"github.com/hiregraph/hiregraph/ent/privacy"
	"github.com/hiregraph/hiregraph/internal/auth"
)

// PartnerToken is the static token the partners of StartPartner expect.
const PartnerToken = "partner-token-0123456789"

// Partner is an evaluation partner on loopback, configured for the demo
// company: it keeps the body of every request and answers with its handler.
type Partner struct {
	*httptest.Server
	// UID is the partner's uid in the service.
	UID string

	mu     sync.Mutex
	bodies [][]byte
}

// StartPartner starts a partner answering with answer and configures it
// with the static PartnerToken; settings add or override fields of the
// GraphQL CreateEvaluationPartnerInput (canSeeOffers, say).
func (e *Env) StartPartner(answer http.HandlerFunc, settings map[string]any) *Partner {
	e.T.Helper()
	p := &Partner{}
	p.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		p.mu.Lock()
		p.bodies = append(p.bodies, body)
		p.mu.Unlock()
		answer(w, r)
	}))
	e.T.Cleanup(p.Close)
	input := map[string]any{"name": "Test partner", "submitURL": p.URL + "/submit", "accessToken": PartnerToken}
	for k, v := range settings {
		input[k] = v
	}
	var data struct{ CreateEvaluationPartner struct{ ID string } }
	e.GraphQL(`mutation($input: CreateEvaluationPartnerInput!) { createEvaluationPartner(input: $input) { id } }`,
		map[string]any{"input": input}).Decode(e.T, &data)
	p.UID = data.CreateEvaluationPartner.ID
	return p
}

// Received returns the bodies of the requests the partner got so far.
func (p *Partner) Received() [][]byte {
	p.mu.Lock()
	defer p.mu.Unlock()
	return append([][]byte(nil), p.bodies...)
}

// AnswerJSON answers every request with status and body.
func AnswerJSON(status int, body string) http.HandlerFunc {
	return func(w http.ResponseWriter, _ *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(status)
		io.WriteString(w, body)
	}
}

// AcceptEvaluations answers every submission with a new
// candidate_evaluation_id: prefix-1, prefix-2, …
func AcceptEvaluations(prefix string) http.HandlerFunc {
	var n atomic.Int64
	return func(w http.ResponseWriter, r *http.Request) {
		AnswerJSON(http.StatusCreated, fmt.Sprintf(`{"candidate_evaluation_id":"%s-%d"}`, prefix, n.Add(1)))(w, r)
	}
}

// WithKey returns a copy of e whose requests carry a fresh API key of the
// demo company with only the given scopes.
func (e *Env) WithKey(scopes ...string) *Env {
	e.T.Helper()
	key, err := auth.CreateKey(privacy.DecisionContext(context.Background(), privacy.Allow), e.DB.Client, e.Sealer, e.Demo.CompanyUID, "test", scopes)
	if err != nil {
		e.T.Fatalf("creating API key: %v", err)
	}
	manifest := *e.Demo
	manifest.APIKey = key.Secret
	scoped := *e
	scoped.Demo = &manifest
	return &scoped
}
