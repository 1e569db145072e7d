package openapi_test

import (
	"bytes"
	"context"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"testing"

	"github.com/getkin/kin-openapi/openapi3"
	"github.com/getkin/kin-openapi/openapi3filter"
	"github.com/getkin/kin-openapi/routers"
	"github.com/getkin/kin-openapi/routers/gorillamux"
	"github.com/go-chi/chi/v5"

	"github.com/hiregraph/hiregraph/internal/hiregraphtest"
	"github.com/hiregraph/hiregraph/internal/openapi"
	"github.com/hiregraph/hiregraph/internal/server"
)

func init() {
	// Offer letters are PDFs and interview invitations iCalendar files;
	// kin-openapi reads them as opaque strings.
	openapi3filter.RegisterBodyDecoder("application/pdf", openapi3filter.FileBodyDecoder)
	openapi3filter.RegisterBodyDecoder("text/calendar", openapi3filter.FileBodyDecoder)
}

// loadDocument parses and validates the embedded document.
func loadDocument(t testing.TB) *openapi3.T {
	t.Helper()
	doc, err := openapi3.NewLoader().LoadFromData(openapi.Document)
	if err != nil {
		t.Fatalf("loading openapi.json: %v", err)
	}
	if err := doc.Validate(context.Background()); err != nil {
		t.Fatalf("openapi.json is not a valid OpenAPI 3 document: %v", err)
	}
	return doc
}

// contract sends requests to a real server and checks each request and
// response against the document.
type contract struct {
	t      *testing.T
	env    *hiregraphtest.Env
	router routers.Router
	// outcomes records, per operation, whether a success and an error
	// response were seen.
	outcomes map[string]map[bool]bool
}

func newContract(t *testing.T, env *hiregraphtest.Env, doc *openapi3.T) *contract {
	router, err := gorillamux.NewRouter(doc)
	if err != nil {
		t.Fatalf("routing the document: %v", err)
	}
	return &contract{t: t, env: env, router: router, outcomes: map[string]map[bool]bool{}}
}

// exchange is one request and the status it must get.
type exchange struct {
	method, path string
	// headers are sent as they are; nil sends the demo API key.
	headers map[string]string
	// body is sent as JSON; a string or []byte is sent as it is.
	body   any
	status int
	// offSpec marks a request that breaks the document on purpose (a
	// malformed body, a missing credential): the document must reject it.
	offSpec bool
}

func apiKey(key string) map[string]string { return map[string]string{"Authorization": "Bearer " + key} }

// check sends x and validates both sides; it returns the response.
func (c *contract) check(x exchange) *hiregraphtest.Response {
	c.t.Helper()
	body := encodeBody(c.t, x.body)
	headers := x.headers
	if headers == nil {
		headers = apiKey(c.env.Demo.APIKey)
	}
	var sent any
	if body != nil {
		sent = body
	}
	resp := c.env.DoWith(x.method, x.path, sent, headers)
	name := x.method + " " + x.path
	if resp.Status != x.status {
		c.t.Errorf("%s: status %d, want %d: %s", name, resp.Status, x.status, resp.Body)
	}

	req, err := http.NewRequest(x.method, c.env.URL(x.path), bytes.NewReader(body))
	if err != nil {
		c.t.Fatal(err)
	}
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	for k, v := range headers {
		req.Header.Set(k, v)
	}
	route, params, err := c.router.FindRoute(req)
	if err != nil {
		c.t.Errorf("%s: the document has no operation for it: %v", name, err)
		return resp
	}
	opts := &openapi3filter.Options{IncludeResponseStatus: true, MultiError: true, AuthenticationFunc: authenticate}
	in := &openapi3filter.RequestValidationInput{Request: req, PathParams: params, Route: route, Options: opts}
	err = openapi3filter.ValidateRequest(context.Background(), in)
	switch {
	case x.offSpec && err == nil:
		c.t.Errorf("%s: the document accepts a request it should reject", name)
	case !x.offSpec && err != nil:
		c.t.Errorf("%s: the request does not match the document: %v", name, err)
	}
	err = openapi3filter.ValidateResponse(context.Background(), &openapi3filter.ResponseValidationInput{
		RequestValidationInput: in,
		Status:                 resp.Status,
		Header:                 resp.Header,
		Body:                   io.NopCloser(bytes.NewReader(resp.Body)),
		Options:                opts,
	})
	if err != nil {
		c.t.Errorf("%s: the %d response does not match the document: %v\n%s", name, resp.Status, err, resp.Body)
	}
	op := route.Operation.OperationID
	if c.outcomes[op] == nil {
		c.outcomes[op] = map[bool]bool{}
	}
	c.outcomes[op][resp.Status < 400] = true
	return resp
}

func encodeBody(t *testing.T, body any) []byte {
	switch b := body.(type) {
	case nil:
		return nil
	case string:
		return []byte(b)
	case []byte:
		return b
	}
	j, err := json.Marshal(body)
	if err != nil {
		t.Fatalf("encoding body: %v", err)
	}
	return j
}

// authenticate checks that a request carries the credential a security
// scheme asks for; whether it is valid is the server's business.
func authenticate(_ context.Context, in *openapi3filter.AuthenticationInput) error {
	r := in.RequestValidationInput.Request
	switch s := in.SecurityScheme; {
	case s.Type == "http" && s.Scheme == "bearer":
		if !strings.HasPrefix(r.Header.Get("Authorization"), "Bearer ") {
			return errors.New("no bearer credential")
		}
	case s.Type == "apiKey" && s.In == "query":
		if r.URL.Query().Get(s.Name) == "" {
			return fmt.Errorf("no %s query parameter", s.Name)
		}
	default:
		return fmt.Errorf("unexpected security scheme %s", in.SecuritySchemeName)
	}
	return nil
}

// assertEveryOperationChecked fails for each operation of the document
// that was not seen succeeding, and failing when it documents errors.
func (c *contract) assertEveryOperationChecked(doc *openapi3.T) {
	c.t.Helper()
	for path, item := range doc.Paths.Map() {
		for method, op := range item.Operations() {
			for _, success := range []bool{true, false} {
				if !success && !documentsErrors(op) {
					continue
				}
				if !c.outcomes[op.OperationID][success] {
					c.t.Errorf("%s %s (%s): no %s response was checked", method, path, op.OperationID, map[bool]string{true: "success", false: "error"}[success])
				}
			}
		}
	}
}

func documentsErrors(op *openapi3.Operation) bool {
	for status := range op.Responses.Map() {
		if status >= "400" {
			return true
		}
	}
	return false
}

func TestDocumentIsValidAndServed(t *testing.T) {
	doc := loadDocument(t)
	env := hiregraphtest.New(t)
	r := env.DoWith(http.MethodGet, openapi.Path, nil, nil)
	if r.Status != http.StatusOK || !bytes.Equal(r.Body, openapi.Document) {
		t.Fatalf("GET %s: %d, %d bytes; want the embedded document (%d bytes)", openapi.Path, r.Status, len(r.Body), len(openapi.Document))
	}
	if ct := r.Header.Get("Content-Type"); !strings.HasPrefix(ct, "application/json") {
		t.Errorf("Content-Type = %q", ct)
	}
	if cc := r.Header.Get("Cache-Control"); !strings.Contains(cc, "max-age") {
		t.Errorf("Cache-Control = %q", cc)
	}
	served, err := openapi3.NewLoader().LoadFromData(r.Body)
	if err != nil {
		t.Fatal(err)
	}
	if served.Paths.Len() != doc.Paths.Len() {
		t.Errorf("served document has %d paths, want %d", served.Paths.Len(), doc.Paths.Len())
	}
}

func TestEveryEndpointMatchesTheDocument(t *testing.T) {
	doc := loadDocument(t)
	runJobs := hiregraphtest.RunPersonalData(t, 0)
	env := hiregraphtest.NewWithConfig(t, func(cfg *server.Config) {
		runJobs(cfg)
		// The walk sends more requests than a minute's API rate allows, as
		// fast as the service answers; the limit's answers have a test of
		// their own (TestRateLimitedAnswersMatchTheDocument).
		cfg.APIRatePerMinute, cfg.APIBurst = 1_000_000, 1_000_000
	})
	c := newContract(t, env, doc)

	checkOperations(c)
	checkLists(c)
	checkClone(c)
	checkNotesAndMessages(c)
	checkTestsAndEvaluations(c)
	checkEventsAndWebhooks(c)
	checkCareers(c)
	checkUsersAndKeys(c)
	checkFiles(c)
	checkApply(c)
	checkInterviewCalendar(c)
	checkReports(c)
	checkExportAndRetention(c)
	checkErase(c)
	c.check(exchange{method: http.MethodGet, path: "/healthz", headers: map[string]string{}, status: http.StatusOK})

	// Last: with the database gone the service is not ready.
	env.DB.Close()
	c.check(exchange{method: http.MethodGet, path: "/readyz", headers: map[string]string{}, status: http.StatusServiceUnavailable})

	c.assertEveryOperationChecked(doc)
}

func checkOperations(c *contract) {
	none := map[string]string{}
	c.check(exchange{method: http.MethodGet, path: "/readyz", headers: none, status: http.StatusOK})
	c.check(exchange{method: http.MethodGet, path: openapi.Path, headers: none, status: http.StatusOK})
}

func checkLists(c *contract) {
	get := func(path string, status int) *hiregraphtest.Response {
		return c.check(exchange{method: http.MethodGet, path: path, status: status})
	}
	get("/v1/openings", http.StatusOK)
	get("/v1/openings?status=APPROVED,open&time_created:after=2020-01-01T00:00:00Z&time_created_before=2100-01-01T00:00:00Z"+
		"&time_last_status_change:after=2020-01-01T00:00:00Z&time_updated:before=2100-01-01T00:00:00Z&limit=500", http.StatusOK)
	get("/v1/openings?time_created_after=2020-01-01T00:00:00Z&time_created:before=2100-01-01T00:00:00Z&position_uid="+c.env.Demo.PublishedPositionUID, http.StatusOK)
	first := get("/v1/openings?limit=1", http.StatusOK)
	var page struct {
		NextPage *string `json:"next_page"`
	}
	first.JSON(c.t, &page)
	if page.NextPage == nil {
		c.t.Fatal("the demo has more than one opening; next_page is null")
	}
	u, err := url.Parse(*page.NextPage)
	if err != nil {
		c.t.Fatal(err)
	}
	get(u.RequestURI(), http.StatusOK)
	get("/v1/openings?status=SOMEDAY", http.StatusBadRequest)
	get("/v1/openings?position_uid=pos%00", http.StatusBadRequest)
	get("/v1/openings?cursor=not-ours", http.StatusBadRequest)
	c.check(exchange{method: http.MethodGet, path: "/v1/openings?time_created:before=yesterday", status: http.StatusBadRequest, offSpec: true})
	c.check(exchange{method: http.MethodGet, path: "/v1/openings?limit=0", status: http.StatusBadRequest, offSpec: true})
	c.check(exchange{method: http.MethodGet, path: "/v1/openings", headers: apiKey("hgk_wrong"), status: http.StatusUnauthorized})
	c.check(exchange{method: http.MethodGet, path: "/v1/openings", headers: map[string]string{}, status: http.StatusUnauthorized, offSpec: true})

	get("/v1/candidates", http.StatusOK)
	get("/v1/candidates?status=In%20progress,rejected&deleted=false&time_created:after=2020-01-01T00:00:00Z&time_created_before=2100-01-01T00:00:00Z"+
		"&time_last_status_change:before=2100-01-01T00:00:00Z&time_hiring_process_updated:after=2020-01-01T00:00:00Z"+
		"&time_person_last_activity:after=2020-01-01T00:00:00Z&time_person_last_activity:before=2100-01-01T00:00:00Z&limit=2", http.StatusOK)
	get("/v1/candidates?time_created_after=2020-01-01T00:00:00Z&time_hiring_process_updated:before=2100-01-01T00:00:00Z&time_last_status_change:after=2020-01-01T00:00:00Z", http.StatusOK)
	get("/v1/candidates?status=maybe", http.StatusBadRequest)
	c.check(exchange{method: http.MethodGet, path: "/v1/candidates?deleted=perhaps", status: http.StatusBadRequest, offSpec: true})
	readless := c.env.WithKey("write")
	c.check(exchange{method: http.MethodGet, path: "/v1/candidates", headers: apiKey(readless.Demo.APIKey), status: http.StatusForbidden})
	get("/v1/candidates/"+c.env.Demo.CandidateUID, http.StatusOK)
	get("/v1/candidates/can_01ZZZZZZZZZZZZZZZZZZZZZZZZ", http.StatusNotFound)
	get("/v1/sourcing/candidates/find_duplicates?email=ADA@example.com", http.StatusOK)
	get("/v1/sourcing/candidates/find_duplicates?email=nobody@example.com", http.StatusOK)
	c.check(exchange{method: http.MethodGet, path: "/v1/sourcing/candidates/find_duplicates", status: http.StatusBadRequest, offSpec: true})

	get("/v1/questionnaires", http.StatusOK)
	get("/v1/questionnaires?limit=1", http.StatusOK)
	get("/v1/questionnaires?cursor=eyJ9", http.StatusBadRequest)
	checkPositionReads(c, get)
}

func checkPositionReads(c *contract, get func(string, int) *hiregraphtest.Response) {
	pos := c.env.Demo.PublishedPositionUID
	get("/v1/positions", http.StatusOK)
	get("/v1/positions?status=open,on%20hold&is_published=true&time_created:after=2020-01-01T00:00:00Z&time_created_before=2100-01-01T00:00:00Z"+
		"&time_updated:after=2020-01-01T00:00:00Z&time_updated:before=2100-01-01T00:00:00Z&limit=1000", http.StatusOK)
	get("/v1/positions?limit=1", http.StatusOK)
	get("/v1/positions?status=paused", http.StatusBadRequest)
	get("/v1/positions/"+c.env.Demo.TemplatePositionUID, http.StatusOK)
	get("/v1/positions/"+pos, http.StatusOK)
	get("/v1/positions/pos_nope", http.StatusNotFound)
	get("/v1/positions/"+pos+"/candidates", http.StatusOK)
	get("/v1/positions/"+pos+"/candidates?status=In%20progress&deleted=false&time_created:after=2020-01-01T00:00:00Z&limit=1", http.StatusOK)
	get("/v1/positions/pos_nope/candidates", http.StatusNotFound)
	get("/v1/positions/"+pos+"/candidates?status=maybe", http.StatusBadRequest)
}

func checkEventsAndWebhooks(c *contract) {
	// On PostgreSQL the feed lists an event once every older transaction of
	// the cluster has ended, which other packages' tests (in CI, the whole
	// suite beside this one) may hold back: the notes' events are waited for.
	event := hiregraphtest.Settled(c.t, func() string {
		feed := c.check(exchange{method: http.MethodGet, path: "/v1/events?limit=2&types=note.created,message.created", status: http.StatusOK})
		var page struct {
			Events []struct{ ID string }
		}
		feed.JSON(c.t, &page)
		if len(page.Events) == 0 {
			return ""
		}
		return page.Events[0].ID
	}, func(id string) bool { return id != "" })
	c.check(exchange{method: http.MethodGet, path: "/v1/events?after=x", status: http.StatusBadRequest})

	created := c.check(exchange{method: http.MethodPost, path: "/v1/webhooks", body: map[string]any{"url": "http://127.0.0.1:1/hook"}, status: http.StatusCreated})
	var ep struct{ ID string }
	created.JSON(c.t, &ep)
	c.check(exchange{method: http.MethodPost, path: "/v1/webhooks", body: map[string]any{"url": "ftp://x"}, status: http.StatusUnprocessableEntity})
	c.check(exchange{method: http.MethodGet, path: "/v1/webhooks", status: http.StatusOK})
	c.check(exchange{method: http.MethodGet, path: "/v1/webhooks", headers: apiKey(c.env.WithKey("read").Demo.APIKey), status: http.StatusForbidden})
	one := "/v1/webhooks/" + ep.ID
	c.check(exchange{method: http.MethodPatch, path: one, body: map[string]any{"event_types": []string{"note.created"}}, status: http.StatusOK})
	c.check(exchange{method: http.MethodPatch, path: "/v1/webhooks/whe_missing", body: map[string]any{"active": false}, status: http.StatusNotFound})
	c.check(exchange{method: http.MethodPost, path: one + "/rotate", body: map[string]any{"overlap_hours": 2}, status: http.StatusOK})
	c.check(exchange{method: http.MethodPost, path: one + "/rotate", body: map[string]any{"overlap_hours": 1000}, status: http.StatusUnprocessableEntity, offSpec: true})
	c.check(exchange{method: http.MethodPost, path: one + "/ping", status: http.StatusOK})
	c.check(exchange{method: http.MethodPost, path: "/v1/webhooks/whe_missing/ping", status: http.StatusNotFound})
	c.check(exchange{method: http.MethodPost, path: one + "/rotate", headers: apiKey(c.env.WithKey("read").Demo.APIKey), status: http.StatusForbidden})
	c.check(exchange{method: http.MethodGet, path: one + "/attempts", headers: apiKey(c.env.WithKey("read").Demo.APIKey), status: http.StatusForbidden})
	c.check(exchange{method: http.MethodPost, path: one + "/redeliver", body: map[string]any{"event_id": event}, status: http.StatusAccepted})
	c.check(exchange{method: http.MethodPost, path: one + "/redeliver", body: map[string]any{"event_id": "evt_missing"}, status: http.StatusNotFound})
	c.check(exchange{method: http.MethodGet, path: one + "/attempts?limit=5", status: http.StatusOK})
	c.check(exchange{method: http.MethodGet, path: one + "/attempts?limit=0", status: http.StatusBadRequest, offSpec: true})
	c.check(exchange{method: http.MethodDelete, path: one, status: http.StatusNoContent})
	c.check(exchange{method: http.MethodDelete, path: one, status: http.StatusNotFound})
}

func cloneBody(env *hiregraphtest.Env) map[string]any {
	return map[string]any{
		"name": "Backend Engineer, Payments", "copy_assignees": true, "status": "open", "is_discreet": false,
		"department": "Engineering", "location": map[string]any{"uid": env.Demo.LocationUID},
		"salary_range": map[string]any{"min": 70000, "max": 95000, "currency_code": "EUR", "period": "annually"},
		"categories":   []any{map[string]any{"name": "Team", "value": "Payments"}},
		"details":      []any{map[string]any{"name": "Job description", "value": "<p>Move <b>money</b></p>"}},
		"users": map[string]any{
			"lead_recruiter": map[string]any{"email": env.Demo.Users["recruiter"]},
			"hiring_manager": map[string]any{"email": env.Demo.Users["hiring_manager"]},
		},
		"openings": []any{
			map[string]any{"name": "Payments #1", "time_expected_hire": "2026-09-01", "reason": "New", "status": "OPEN",
				"approval_status": "APPROVED", "time_approved": "2026-04-01", "custom_fields": map[string]any{"Cost center": "CC-300"}},
			map[string]any{"name": "Payments #2", "time_expected_hire": "2026-10-01T00:00:00Z", "reason": "Replacement hire", "status": "OPEN"},
		},
		"questionnaire_uids": []any{env.Demo.QuestionnaireUID},
	}
}

func checkClone(c *contract) {
	env := c.env
	template := "/v1/positions/" + env.Demo.TemplatePositionUID + "/clone"
	post := func(path string, body any, status int) {
		c.check(exchange{method: http.MethodPost, path: path, body: body, status: status})
	}
	post(template, cloneBody(env), http.StatusCreated)
	minimal := map[string]any{"name": "Minimal", "copy_assignees": false, "status": "closed", "is_discreet": true,
		"users": cloneBody(env)["users"]}
	post(template, minimal, http.StatusCreated)
	c.check(exchange{method: http.MethodPost, path: template, body: minimal, status: http.StatusCreated,
		headers: map[string]string{"Authorization": "Bearer " + env.Demo.APIKey, "Idempotency-Key": "clone-1"}})

	post("/v1/positions/pos_01ZZZZZZZZZZZZZZZZZZZZZZZZ/clone", minimal, http.StatusNotFound)
	post("/v1/positions/"+env.Demo.NonTemplatePositionUID+"/clone", minimal, http.StatusUnprocessableEntity)
	unknownUser := cloneBody(env)
	unknownUser["users"] = map[string]any{"lead_recruiter": map[string]any{"email": "nobody@example.com"}, "hiring_manager": map[string]any{"email": "nobody@example.com"}}
	post(template, unknownUser, http.StatusUnprocessableEntity)
	c.check(exchange{method: http.MethodPost, path: template, body: `{"name": "Half`, status: http.StatusBadRequest, offSpec: true})
	c.check(exchange{method: http.MethodPost, path: template, body: map[string]any{"name": 7}, status: http.StatusBadRequest, offSpec: true})
	c.check(exchange{method: http.MethodPost, path: template, body: map[string]any{"name": "No users"}, status: http.StatusUnprocessableEntity, offSpec: true})
	writer := env.WithKey("read", "write")
	c.check(exchange{method: http.MethodPost, path: template, body: cloneBody(env), headers: apiKey(writer.Demo.APIKey), status: http.StatusForbidden})
}

func noteBody() map[string]any {
	return map[string]any{
		"time_created": "2026-03-01T10:00:00Z",
		"created_by":   map[string]any{"type": "user", "first_name": "Rita", "email": "rita.recruiter@acme.example"},
		"text":         "Strong <b>systems</b> background<script>x()</script>",
		"details":      []any{map[string]any{"title": "Score", "text": "4/5"}},
	}
}

func messageBody() map[string]any {
	return map[string]any{
		"time_sent": "2026-03-02T09:00:00Z", "subject": "Next steps",
		"body": `Hi <b>Ada</b>, details <a href="https://acme.example/next">here</a>`,
		"from": map[string]any{"type": "user", "first_name": "Rita", "email": "rita.recruiter@acme.example"},
		"to":   []any{map[string]any{"type": "candidate", "first_name": "Ada", "status": "Sent"}},
		"cc":   []any{map[string]any{"type": "other", "first_name": "Olga", "email": "olga@example.com", "status": "Open"}},
	}
}

func checkNotesAndMessages(c *contract) {
	env := c.env
	notes := "/v1/candidates/" + env.Demo.CandidateUID + "/notes"
	post := func(path string, body any, status int) {
		c.check(exchange{method: http.MethodPost, path: path, body: body, status: status})
	}
	post(notes, noteBody(), http.StatusCreated)
	post(notes, map[string]any{"time_created": "2026-03-01T10:00:00Z", "created_by": map[string]any{"type": "app", "first_name": "Sync"}, "text": "plain"}, http.StatusCreated)
	post("/v1/candidates/can_01ZZZZZZZZZZZZZZZZZZZZZZZZ/notes", noteBody(), http.StatusNotFound)
	future := noteBody()
	future["time_created"] = "2999-01-01T00:00:00Z"
	post(notes, future, http.StatusUnprocessableEntity)
	c.check(exchange{method: http.MethodPost, path: notes, body: "[]", status: http.StatusBadRequest, offSpec: true})
	nul := noteBody()
	nul["text"] = "a\x00b"
	post(notes, nul, http.StatusBadRequest)
	c.check(exchange{method: http.MethodPost, path: notes, body: map[string]any{"text": "no author"}, status: http.StatusUnprocessableEntity, offSpec: true})
	huge := noteBody()
	huge["text"] = strings.Repeat("x", 1<<20)
	c.check(exchange{method: http.MethodPost, path: notes, body: huge, status: http.StatusRequestEntityTooLarge})
	reader := env.WithKey("read")
	c.check(exchange{method: http.MethodPost, path: notes, body: noteBody(), headers: apiKey(reader.Demo.APIKey), status: http.StatusForbidden})
	// A retry with the same key and another body is refused.
	withKey := map[string]string{"Authorization": "Bearer " + env.Demo.APIKey, "Idempotency-Key": "note-1"}
	c.check(exchange{method: http.MethodPost, path: notes, body: noteBody(), headers: withKey, status: http.StatusCreated})
	c.check(exchange{method: http.MethodPost, path: notes, body: noteBody(), headers: withKey, status: http.StatusCreated})
	c.check(exchange{method: http.MethodPost, path: notes, body: future, headers: withKey, status: http.StatusUnprocessableEntity})

	messages := "/v1/conversations/" + env.Demo.ConversationUID + "/messages"
	post(messages, messageBody(), http.StatusCreated)
	withStatus := messageBody()
	withStatus["status"] = "Failed"
	withStatus["to"] = []any{map[string]any{"type": "candidate", "first_name": "Ada"}}
	post(messages, withStatus, http.StatusCreated)
	post("/v1/conversations/cnv_01ZZZZZZZZZZZZZZZZZZZZZZZZ/messages", messageBody(), http.StatusNotFound)
	noEmail := messageBody()
	noEmail["from"] = map[string]any{"type": "user", "first_name": "Rita"}
	post(messages, noEmail, http.StatusUnprocessableEntity)
	c.check(exchange{method: http.MethodPost, path: messages, body: map[string]any{"to": "everyone"}, status: http.StatusBadRequest, offSpec: true})
}

func checkTestsAndEvaluations(c *contract) {
	env := c.env
	accepting := env.StartPartner(hiregraphtest.AcceptEvaluations("contract"), map[string]any{"canSeeOffers": true})
	rejecting := env.StartPartner(hiregraphtest.AnswerJSON(http.StatusBadRequest, `{"display_message":"The candidate took this test last week."}`), nil)
	broken := env.StartPartner(hiregraphtest.AnswerJSON(http.StatusOK, `{"id":"no evaluation id"}`), nil)
	tests := "/v1/candidates/" + env.Demo.CandidateUID + "/tests"
	post := func(path string, body any, status int) *hiregraphtest.Response {
		return c.check(exchange{method: http.MethodPost, path: path, body: body, status: status})
	}
	submitted := post(tests, map[string]any{"partner_uid": accepting.UID, "test_id": "go-basics"}, http.StatusCreated)
	post(tests, map[string]any{"partner_uid": rejecting.UID, "test_id": "go-basics"}, http.StatusUnprocessableEntity)
	post(tests, map[string]any{"partner_uid": broken.UID, "test_id": "go-basics"}, http.StatusBadGateway)
	post(tests, map[string]any{"partner_uid": "prt_01ZZZZZZZZZZZZZZZZZZZZZZZZ", "test_id": "go-basics"}, http.StatusNotFound)
	post("/v1/candidates/can_01ZZZZZZZZZZZZZZZZZZZZZZZZ/tests", map[string]any{"partner_uid": accepting.UID, "test_id": "go-basics"}, http.StatusNotFound)
	c.check(exchange{method: http.MethodPost, path: tests, body: map[string]any{"partner_uid": accepting.UID, "test_id": false}, status: http.StatusBadRequest, offSpec: true})

	var submission struct {
		ID string `json:"candidate_evaluation_id"`
	}
	submitted.JSON(c.t, &submission)
	partnerKey := apiKey(env.WithKey("evaluations:write").Demo.APIKey)
	evaluation := "/v1/evaluations/" + url.PathEscape(submission.ID)
	report := func(body any, status int) {
		c.check(exchange{method: http.MethodPost, path: evaluation, body: body, headers: partnerKey, status: status})
	}
	report(map[string]any{"status": "in progress"}, http.StatusOK)
	report(map[string]any{"status": "completed", "outcome": "passed", "score": 4, "summary": "Strong on concurrency.",
		"result_urls": []string{"https://skillcheck.example/r/1"}}, http.StatusOK)
	report(map[string]any{"score": 1}, http.StatusConflict)
	c.check(exchange{method: http.MethodPost, path: "/v1/evaluations/no-such-evaluation", body: map[string]any{"score": 3}, headers: partnerKey, status: http.StatusNotFound})
	c.check(exchange{method: http.MethodPost, path: "/v1/evaluations/a%00", body: map[string]any{"score": 3}, headers: partnerKey, status: http.StatusBadRequest})
	c.check(exchange{method: http.MethodPost, path: "/v1/evaluations/a%2Fb%20c", body: map[string]any{"score": 3}, headers: partnerKey, status: http.StatusNotFound})
	writer := apiKey(env.WithKey("read", "write").Demo.APIKey)
	c.check(exchange{method: http.MethodPost, path: evaluation, body: map[string]any{"status": "x"}, headers: writer, status: http.StatusForbidden})
	c.check(exchange{method: http.MethodPost, path: evaluation, body: map[string]any{}, headers: partnerKey, status: http.StatusUnprocessableEntity, offSpec: true})
	c.check(exchange{method: http.MethodPost, path: evaluation, body: map[string]any{"score": 9}, headers: partnerKey, status: http.StatusUnprocessableEntity, offSpec: true})
	c.check(exchange{method: http.MethodPost, path: evaluation, body: map[string]any{"score": "high"}, headers: partnerKey, status: http.StatusBadRequest, offSpec: true})

	checkOfferLetter(c, accepting)
}

// checkOfferLetter fetches the offer letter the accepting partner was sent.
func checkOfferLetter(c *contract, partner *hiregraphtest.Partner) {
	var payload struct {
		Candidate struct {
			Offers []struct{ URL string } `json:"offers"`
		} `json:"candidate"`
	}
	received := partner.Received()
	if len(received) == 0 {
		c.t.Fatal("the partner received no submission")
	}
	if err := json.Unmarshal(received[0], &payload); err != nil || len(payload.Candidate.Offers) == 0 {
		c.t.Fatalf("the submission carries no offer letter (%v): %s", err, received[0])
	}
	u, err := url.Parse(payload.Candidate.Offers[0].URL)
	if err != nil {
		c.t.Fatal(err)
	}
	letter := u.RequestURI()
	partnerAuth := apiKey(hiregraphtest.PartnerToken)
	c.check(exchange{method: http.MethodGet, path: letter, headers: partnerAuth, status: http.StatusOK})
	c.check(exchange{method: http.MethodGet, path: letter, headers: apiKey("wrong"), status: http.StatusUnauthorized})
	c.check(exchange{method: http.MethodGet, path: letter, headers: map[string]string{}, status: http.StatusUnauthorized, offSpec: true})
	q := u.Query()
	q.Set("signature", "AAAA"+q.Get("signature"))
	c.check(exchange{method: http.MethodGet, path: u.Path + "?" + q.Encode(), headers: partnerAuth, status: http.StatusForbidden})
}

func checkCareers(c *contract) {
	env := c.env
	none := map[string]string{}
	base := "/careers-api/2.0/company/" + env.Demo.CompanyUID + "/positions"
	token := "?token=" + url.QueryEscape(env.Demo.CareersToken)
	get := func(path string, status int) *hiregraphtest.Response {
		return c.check(exchange{method: http.MethodGet, path: path, headers: none, status: status})
	}
	list := get(base+token, http.StatusOK)
	get(base+token+"&details=true", http.StatusOK)
	get(base+token+"&details=FALSE", http.StatusOK)
	c.check(exchange{method: http.MethodGet, path: base + token, headers: map[string]string{"If-None-Match": list.Header.Get("ETag")}, status: http.StatusNotModified})
	c.check(exchange{method: http.MethodGet, path: base + token + "&details=maybe", headers: none, status: http.StatusBadRequest, offSpec: true})
	get(base+"?token=wrong", http.StatusUnauthorized)
	get("/careers-api/2.0/company/com%00/positions"+token, http.StatusBadRequest)
	get("/careers-api/2.0/company/com_01ZZZZZZZZZZZZZZZZZZZZZZZZ/positions"+token, http.StatusUnauthorized)
	c.check(exchange{method: http.MethodGet, path: base, headers: none, status: http.StatusUnauthorized, offSpec: true})

	one := base + "/" + env.Demo.PublishedPositionUID + token
	get(one, http.StatusOK)
	get(one+"&details=1", http.StatusOK)
	get(base+"/"+env.Demo.UnpublishedPositionUID+token, http.StatusNotFound)
	get(base+"/"+env.Demo.PublishedPositionUID+"?token=wrong", http.StatusUnauthorized)
}

func checkFiles(c *contract) {
	env := c.env
	files := "/v1/candidates/" + env.Demo.CandidateUID + "/files"
	c.check(exchange{method: http.MethodGet, path: files, status: http.StatusOK})
	c.check(exchange{method: http.MethodGet, path: "/v1/candidates/can_01ZZZZZZZZZZZZZZZZZZZZZZZZ/files", status: http.StatusNotFound})
	up := env.Upload(`mutation($c: ID!, $f: Upload!) { uploadCandidateFile(candidateID: $c, file: $f, kind: RESUME) { id } }`,
		map[string]any{"c": env.Demo.CandidateUID, "f": nil}, "f", hiregraphtest.Part{FileName: "cv.pdf", Content: hiregraphtest.SamplePDF})
	if len(up.Errors) > 0 {
		c.t.Fatalf("upload: %+v", up.Errors)
	}
	var list struct{ Files []struct{ URL string } }
	c.check(exchange{method: http.MethodGet, path: files, status: http.StatusOK}).JSON(c.t, &list)
	if len(list.Files) != 1 {
		c.t.Fatalf("files %+v", list)
	}
	u, err := url.Parse(list.Files[0].URL)
	if err != nil {
		c.t.Fatal(err)
	}
	none := map[string]string{}
	c.check(exchange{method: http.MethodGet, path: u.RequestURI(), headers: none, status: http.StatusOK})
	q := u.Query()
	q.Set("signature", "AAAA"+q.Get("signature"))
	c.check(exchange{method: http.MethodGet, path: u.Path + "?" + q.Encode(), headers: none, status: http.StatusForbidden})
}

func checkApply(c *contract) {
	env := c.env
	none := map[string]string{}
	apply := "/careers-api/2.0/company/" + env.Demo.CompanyUID + "/positions/" + env.Demo.PublishedPositionUID + "/apply?token=" + url.QueryEscape(env.Demo.CareersToken)
	var form struct {
		Questions []struct{ ID string }
		Consent   string `json:"consent_text"`
	}
	c.check(exchange{method: http.MethodGet, path: apply, headers: none, status: http.StatusOK}).JSON(c.t, &form)
	c.check(exchange{method: http.MethodGet, path: strings.Replace(apply, env.Demo.PublishedPositionUID, env.Demo.UnpublishedPositionUID, 1), headers: none, status: http.StatusNotFound})
	c.check(exchange{method: http.MethodPost, path: apply, headers: none, status: http.StatusUnprocessableEntity, offSpec: true,
		body: map[string]any{"first_name": "Ada", "consent": true}})
	c.check(exchange{method: http.MethodPost, path: apply, headers: none, status: http.StatusCreated, body: map[string]any{
		"first_name": "Ada", "last_name": "Byron", "email": "ada.byron@example.com", "consent": true, "consent_text": form.Consent,
		"answers": map[string]string{form.Questions[0].ID: "Yes"},
		"resume":  map[string]string{"file_name": "cv.pdf", "content_base64": base64.StdEncoding.EncodeToString(hiregraphtest.SamplePDF)},
	}})
}

func TestRateLimitedAnswersMatchTheDocument(t *testing.T) {
	doc := loadDocument(t)
	// One token a minute: at the default rate a second request more than
	// 100 ms after the first (a loaded CI machine) found a new token.
	env := hiregraphtest.NewWithConfig(t, func(cfg *server.Config) {
		cfg.APIBurst, cfg.CareersBurst = 1, 1
		cfg.APIRatePerMinute, cfg.CareersRatePerMinute = 1, 1
	})
	c := newContract(t, env, doc)
	for _, status := range []int{http.StatusOK, http.StatusTooManyRequests} {
		c.check(exchange{method: http.MethodGet, path: "/v1/questionnaires", status: status})
	}
	careers := "/careers-api/2.0/company/" + env.Demo.CompanyUID + "/positions?token=" + url.QueryEscape(env.Demo.CareersToken)
	for _, status := range []int{http.StatusOK, http.StatusTooManyRequests} {
		c.check(exchange{method: http.MethodGet, path: careers, headers: map[string]string{}, status: status})
	}
}

// TestEveryRouteIsDocumented walks the server's routes: each one outside
// GraphQL, metrics and the HTML pages (GraphiQL, careers, /docs, the
// board) and their icon must be in the document.
func TestEveryRouteIsDocumented(t *testing.T) {
	doc := loadDocument(t)
	env := hiregraphtest.New(t)
	routes, ok := env.Server.Config.Handler.(chi.Routes)
	if !ok {
		t.Fatalf("the server handler is a %T, not a chi router", env.Server.Config.Handler)
	}
	undocumented := []string{"/", "/graphql", "/metrics", "/careers/{company_uid}", "/graphiql/*", "/careers-assets/*", "/docs", "/app", "/app/reports", "/favicon.ico"}
	err := chi.Walk(routes, func(method, route string, _ http.Handler, _ ...func(http.Handler) http.Handler) error {
		route = strings.TrimSuffix(route, "/")
		if route == "" || slices.Contains(undocumented, route) || strings.HasSuffix(route, "/*") {
			return nil
		}
		item := doc.Paths.Find(route)
		if item == nil || item.GetOperation(method) == nil {
			t.Errorf("%s %s is served but not documented", method, route)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

// checkErase erases a person: late, as the person's candidates read as
// deleted afterwards.
func checkErase(c *contract) {
	var people struct {
		People struct {
			Edges []struct{ Node struct{ ID string } }
		}
	}
	c.env.GraphQL(`{ people(first: 1) { edges { node { id } } } }`, nil).Decode(c.t, &people)
	erase := "/v1/people/" + people.People.Edges[0].Node.ID + "/erase"
	c.check(exchange{method: http.MethodPost, path: erase, headers: apiKey(c.env.Demo.UserToken), status: http.StatusForbidden})
	c.check(exchange{method: http.MethodPost, path: erase, status: http.StatusOK})
	c.check(exchange{method: http.MethodPost, path: "/v1/people/per_01ZZZZZZZZZZZZZZZZZZZZZZZZ/erase", status: http.StatusNotFound})
}

func checkUsersAndKeys(c *contract) {
	owner := apiKey(c.env.UserToken("olivia.owner@acme.example"))
	recruiter := apiKey(c.env.Demo.UserToken)
	created := c.check(exchange{method: http.MethodPost, path: "/v1/users", headers: owner, status: http.StatusCreated,
		body: map[string]any{"email": "nina.new@acme.example", "first_name": "Nina", "last_name": "New", "roles": []string{"interviewer"}}})
	c.check(exchange{method: http.MethodPost, path: "/v1/users", headers: recruiter, status: http.StatusForbidden,
		body: map[string]any{"email": "other@acme.example", "first_name": "O", "roles": []string{"interviewer"}}})
	var user struct {
		UID string `json:"uid"`
	}
	created.JSON(c.t, &user)
	roles := "/v1/users/" + user.UID + "/roles"
	c.check(exchange{method: http.MethodPost, path: roles, headers: owner, status: http.StatusOK, body: map[string]any{"roles": []string{"recruiter"}}})
	c.check(exchange{method: http.MethodPost, path: "/v1/users/usr_01ZZZZZZZZZZZZZZZZZZZZZZZZ/roles", headers: owner, status: http.StatusNotFound, body: map[string]any{"roles": []string{"recruiter"}}})
	c.check(exchange{method: http.MethodPost, path: "/v1/users/" + user.UID + "/deactivate", headers: owner, status: http.StatusOK})
	c.check(exchange{method: http.MethodPost, path: "/v1/users/" + user.UID + "/deactivate", headers: recruiter, status: http.StatusForbidden})

	key := c.check(exchange{method: http.MethodPost, path: "/v1/api_keys", headers: owner, status: http.StatusCreated, body: map[string]any{"name": "sync", "scopes": []string{"read"}}})
	c.check(exchange{method: http.MethodPost, path: "/v1/api_keys", headers: recruiter, status: http.StatusForbidden, body: map[string]any{"name": "mine", "scopes": []string{"read"}}})
	c.check(exchange{method: http.MethodPost, path: "/v1/api_keys", headers: owner, status: http.StatusUnprocessableEntity, body: map[string]any{"scopes": []string{"everything"}}, offSpec: true})
	c.check(exchange{method: http.MethodGet, path: "/v1/api_keys", headers: owner, status: http.StatusOK})
	c.check(exchange{method: http.MethodGet, path: "/v1/api_keys", headers: recruiter, status: http.StatusForbidden})
	var k struct {
		APIKey struct {
			ID string `json:"id"`
		} `json:"api_key"`
	}
	key.JSON(c.t, &k)
	c.check(exchange{method: http.MethodPost, path: "/v1/api_keys/" + k.APIKey.ID + "/revoke", headers: owner, status: http.StatusOK})
	c.check(exchange{method: http.MethodPost, path: "/v1/api_keys/key_01ZZZZZZZZZZZZZZZZZZZZZZZZ/revoke", headers: owner, status: http.StatusNotFound})
}
