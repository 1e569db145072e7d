// Command evaluation-partner is a tiny evaluation partner, "SkillCheck", for
// trying Hiregraph's test submissions (spec 4.9) end to end. It serves:
//
//	GET  /tests   the test catalog: [{test_id, test_name, ...}]
//	POST /submit  a submission: answers {candidate_evaluation_id} or {display_message}
//
// Both require `Authorization: Bearer <token>`. For each submission it
// fetches the candidate's offer letters (when sent) with the same header,
// and, given an API key with the evaluations:write scope, reports the test
// as completed a few seconds later (POST {base_url}/evaluations/{id}).
//
//	go run ./docs/examples/evaluation-partner [-addr 127.0.0.1:9090] [-token skillcheck-demo-token]
//	    [-hiregraph http://localhost:8080 -api-key hgk_…]
package main

import (
	"bytes"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"flag"
	"io"
	"log"
	"net/http"
	"os"
	"slices"
	"time"
)

// test is one entry of the catalog.
type test struct {
	ID      string `json:"test_id"`
	Name    string `json:"test_name"`
	Minutes int    `json:"duration_minutes"`
}

var catalog = []test{
	{ID: "go-basics", Name: "Go basics", Minutes: 45},
	{ID: "sql-1", Name: "SQL fundamentals", Minutes: 30},
}

// submission is the part of the payload this partner reads.
type submission struct {
	TestIDs   []string `json:"test_ids"`
	Candidate struct {
		UID       string `json:"uid"`
		FirstName string `json:"first_name"`
		LastName  string `json:"last_name"`
		Email     string `json:"email"`
		Offers    []struct {
			URL string `json:"url"`
		} `json:"offers"`
	} `json:"candidate"`
	Position struct {
		Name string `json:"name"`
	} `json:"position"`
	Assignees []struct {
		Email string `json:"email"`
	} `json:"assignees"`
}

// partner answers Hiregraph's calls.
type partner struct {
	token string
	// hiregraph and apiKey, when set, are where and how to report results.
	hiregraph, apiKey string
	client            *http.Client
	// reportAfter is how long a "candidate" takes for a test.
	reportAfter time.Duration
}

func main() {
	addr := flag.String("addr", "127.0.0.1:9090", "address to listen on")
	token := flag.String("token", envOr("SKILLCHECK_TOKEN", "skillcheck-demo-token"), "bearer token Hiregraph must send (env SKILLCHECK_TOKEN)")
	hiregraph := flag.String("hiregraph", envOr("HIREGRAPH_URL", "http://localhost:8080"), "Hiregraph's URL, for status updates (env HIREGRAPH_URL)")
	apiKey := flag.String("api-key", os.Getenv("HIREGRAPH_API_KEY"), "Hiregraph API key with the evaluations:write scope; without it no status updates are sent (env HIREGRAPH_API_KEY)")
	flag.Parse()
	p := &partner{token: *token, hiregraph: *hiregraph, apiKey: *apiKey, client: &http.Client{Timeout: 10 * time.Second}, reportAfter: 5 * time.Second}
	log.Printf("SkillCheck listening on http://%s (tests: /tests, submissions: /submit)", *addr)
	srv := &http.Server{Addr: *addr, Handler: p.routes(), ReadHeaderTimeout: 10 * time.Second}
	log.Fatal(srv.ListenAndServe())
}

func (p *partner) routes() http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("GET /tests", p.authorized(func(w http.ResponseWriter, _ *http.Request) {
		answer(w, http.StatusOK, catalog)
	}))
	mux.HandleFunc("POST /submit", p.authorized(p.submit))
	return mux
}

// authorized admits requests carrying the partner's token. A real partner
// compares in constant time (crypto/subtle).
func (p *partner) authorized(next http.HandlerFunc) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		if r.Header.Get("Authorization") != "Bearer "+p.token {
			reject(w, http.StatusUnauthorized, "SkillCheck does not recognise the access token. Ask your admin to check the partner's access token in Hiregraph.")
			return
		}
		next(w, r)
	}
}

func (p *partner) submit(w http.ResponseWriter, r *http.Request) {
	var s submission
	if err := json.NewDecoder(io.LimitReader(r.Body, 1<<20)).Decode(&s); err != nil {
		reject(w, http.StatusBadRequest, "SkillCheck could not read the submission. Try again; if it keeps failing, contact SkillCheck support.")
		return
	}
	if len(s.TestIDs) != 1 || !slices.ContainsFunc(catalog, func(t test) bool { return t.ID == s.TestIDs[0] }) {
		reject(w, http.StatusUnprocessableEntity, "SkillCheck has no such test. Refresh the partner's tests and pick one of them.")
		return
	}
	if s.Candidate.Email == "" {
		reject(w, http.StatusUnprocessableEntity, "SkillCheck invites candidates by e-mail. Add an e-mail address to the candidate and submit again.")
		return
	}
	for _, offer := range s.Candidate.Offers {
		p.fetchOffer(offer.URL, r.Header.Get("Authorization"))
	}
	id := "sc_" + randomHex()
	log.Printf("invited %s %s <%s> to %q for %q (evaluation %s)", s.Candidate.FirstName, s.Candidate.LastName, s.Candidate.Email, s.TestIDs[0], s.Position.Name, id)
	answer(w, http.StatusCreated, map[string]string{"candidate_evaluation_id": id})
	if p.apiKey != "" {
		go func() {
			time.Sleep(p.reportAfter)
			p.report(id)
		}()
	}
}

// fetchOffer downloads an offer letter the way a partner must: within 300
// seconds, with the Authorization header it was sent.
func (p *partner) fetchOffer(url, authorization string) {
	req, err := http.NewRequest(http.MethodGet, url, nil)
	if err != nil {
		log.Printf("offer letter URL %q: %v", url, err)
		return
	}
	req.Header.Set("Authorization", authorization)
	resp, err := p.client.Do(req)
	if err != nil {
		log.Printf("fetching offer letter: %v", err)
		return
	}
	defer resp.Body.Close()
	n, _ := io.Copy(io.Discard, resp.Body)
	log.Printf("offer letter: HTTP %d, %s, %d bytes", resp.StatusCode, resp.Header.Get("Content-Type"), n)
}

// report tells Hiregraph the candidate completed the test.
func (p *partner) report(id string) {
	body, _ := json.Marshal(map[string]any{
		"status":      "completed",
		"outcome":     "passed",
		"score":       4,
		"summary":     "Finished in 38 minutes. Strong on concurrency, some gaps in error handling.",
		"result_urls": []string{"https://skillcheck.example/results/" + id},
	})
	req, err := http.NewRequest(http.MethodPost, p.hiregraph+"/v1/evaluations/"+id, bytes.NewReader(body))
	if err != nil {
		log.Printf("status update: %v", err)
		return
	}
	req.Header.Set("Authorization", "Bearer "+p.apiKey)
	req.Header.Set("Content-Type", "application/json")
	resp, err := p.client.Do(req)
	if err != nil {
		log.Printf("status update: %v", err)
		return
	}
	defer resp.Body.Close()
	log.Printf("reported evaluation %s as completed: HTTP %d", id, resp.StatusCode)
}

// reject answers with the display_message Hiregraph shows the recruiter:
// what went wrong, and what to do next (spec 7.2).
func reject(w http.ResponseWriter, status int, message string) {
	answer(w, status, map[string]string{"display_message": message})
}

func answer(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(v)
}

func randomHex() string {
	b := make([]byte, 8)
	_, _ = rand.Read(b)
	return hex.EncodeToString(b)
}

func envOr(name, fallback string) string {
	if v := os.Getenv(name); v != "" {
		return v
	}
	return fallback
}
