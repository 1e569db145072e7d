package server_test

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/hiregraph/hiregraph/ent"
	"github.com/hiregraph/hiregraph/ent/activity"
	"github.com/hiregraph/hiregraph/ent/application"
	"github.com/hiregraph/hiregraph/ent/privacy"
	"github.com/hiregraph/hiregraph/ent/questionnaire"
	"github.com/hiregraph/hiregraph/ent/schema/schematype"
	"github.com/hiregraph/hiregraph/internal/hiregraphtest"
	"github.com/hiregraph/hiregraph/internal/permission"
	"github.com/hiregraph/hiregraph/recruiting"
)

// The marks the demo company sets internal-use (demo/seeder.go): no door
// shows them to anyone.
const (
	internalCategory = "Budget code"
	internalDetail   = "Hiring notes"
	genderQuestion   = "How do you describe your gender?"
)

// doorsEnv is the demo company with one of everything the matrix looks
// for: a salary change of the published position as an event written
// before versions existed (ent's JSON) and a name change as a versioned
// one, a discreet position outside every team with an event of its own,
// and two applicants' demographic answers: one stored apart, one stored
// among the other answers as applications were before questions could be
// marked demographic.
type doorsEnv struct {
	*hiregraphtest.Env
	discreet        string
	applicants      []string
	legacy, current string // event ids on the published position
	discreetEvent   string
}

func newDoorsEnv(t *testing.T, receivers map[string]*doorReceiver) *doorsEnv {
	env := hiregraphtest.NewWithConfig(t, hiregraphtest.DeliverWebhooks(t, nil))
	sys := privacy.DecisionContext(context.Background(), privacy.Allow)
	d := &doorsEnv{Env: env}
	owner := env.UserToken("olivia.owner@acme.example")
	for _, rc := range receivers {
		r := env.DoAs(owner, http.MethodPost, "/v1/webhooks", map[string]any{"url": rc.URL, "permissions": rc.perms})
		if r.Status != http.StatusCreated {
			t.Fatalf("registering %v: %s", rc.perms, r)
		}
	}
	company := env.DB.Client.Position.GetX(sys, env.Demo.PublishedPositionUID).CompanyID
	d.discreet = env.DB.Client.Position.Create().SetCompanyID(company).SetName("Head of Secret Projects").SetIsDiscreet(true).
		SetSalaryRange(env.DB.Client.Position.GetX(sys, env.Demo.PublishedPositionUID).SalaryRange).SaveX(sys).ID
	update := `mutation($id: ID!, $in: UpdatePositionInput!) { updatePosition(id: $id, input: $in) { id } }`
	salary := map[string]any{"salaryRange": map[string]any{"min": 90000, "max": 120000, "currencyCode": "EUR", "period": "annually"}}
	for _, id := range []string{d.discreet, env.Demo.PublishedPositionUID} {
		if r := env.GraphQLAs(owner, update, map[string]any{"id": id, "in": salary}); r.Code() != "" {
			t.Fatalf("owner's salary change: %+v", r.Errors)
		}
	}
	if r := env.GraphQLAs(owner, update, map[string]any{"id": env.Demo.PublishedPositionUID, "in": map[string]any{"name": "Fleet API Lead"}}); r.Code() != "" {
		t.Fatalf("owner's name change: %+v", r.Errors)
	}
	evs := env.DB.Client.Activity.Query().Where(activity.Verb(recruiting.VerbPositionUpdated)).
		Order(ent.Asc(activity.FieldTxid), ent.Asc(activity.FieldSequence)).AllX(sys)
	if len(evs) != 3 {
		t.Fatalf("%d position.updated events, want 3", len(evs))
	}
	d.discreetEvent, d.legacy, d.current = recruiting.EventIDOf(evs[0].ID), recruiting.EventIDOf(evs[1].ID), recruiting.EventIDOf(evs[2].ID)

	// The survey is asked on the published position; an applicant answers it.
	survey := env.DB.Client.Questionnaire.Query().Where(questionnaire.SpecificType("eeo")).OnlyIDX(sys)
	env.DB.Client.Position.UpdateOneID(env.Demo.PublishedPositionUID).AddQuestionnaireIDs(survey).ExecX(sys)
	path := "/careers-api/2.0/company/" + env.Demo.CompanyUID + "/positions/" + env.Demo.PublishedPositionUID + "/apply?token=" + env.Demo.CareersToken
	var form struct {
		Questions   []struct{ ID, Title string }
		ConsentText string `json:"consent_text"`
	}
	env.DoWith(http.MethodGet, path, nil, nil).JSON(t, &form)
	answers := map[string]string{}
	for _, q := range form.Questions {
		answers[q.ID] = map[bool]string{true: "Woman", false: "Yes"}[q.Title == genderQuestion]
	}
	if len(answers) != 3 {
		t.Fatalf("form questions %+v, want the screening two and the survey's", form.Questions)
	}
	for _, email := range []string{"grace@example.com", "hedy@example.com"} {
		applied := env.DoWith(http.MethodPost, path, map[string]any{
			"first_name": "Grace", "last_name": "Hopper", "email": email,
			"consent": true, "consent_text": form.ConsentText, "answers": answers,
		}, nil)
		if applied.Status != http.StatusCreated {
			t.Fatalf("applying: %s", applied)
		}
		app := env.DB.Client.Application.Query().Where(application.Email(email)).OnlyX(sys)
		d.applicants = append(d.applicants, app.CandidateID)
		if len(app.DemographicAnswers) != 1 || slices.ContainsFunc(app.Answers, func(a schematype.NamedValue) bool { return a.Name == genderQuestion }) {
			t.Fatalf("the application stored the survey's answer with the others: %+v", app)
		}
	}
	// The second as it was stored before: one list of answers.
	if _, err := env.DB.Client.ExecContext(sys, `UPDATE applications SET answers = $1, demographic_answers = '[]' WHERE email = 'hedy@example.com'`,
		`[{"name":"`+genderQuestion+`","value":"Woman","order":0}]`); err != nil {
		t.Fatal(err)
	}
	return d
}

// legacyEvent rewrites the legacy event's data as events were stored
// before versions: ent's record, salary and internal-use fields included.
func (d *doorsEnv) legacyEvent(t *testing.T) {
	sys := privacy.DecisionContext(context.Background(), privacy.Allow)
	p := d.DB.Client.Position.GetX(sys, d.Demo.PublishedPositionUID)
	raw, err := json.Marshal(p)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(raw), internalCategory) || !strings.Contains(string(raw), "salary_range") {
		t.Fatalf("the legacy shape lacks what it should test: %s", raw)
	}
	// Event data is immutable to ent: the test writes the old shape in SQL.
	if _, err := d.DB.Client.ExecContext(sys, `UPDATE activities SET data = $1 WHERE id = $2`, string(raw), recruiting.ActivityOfEvent(d.legacy)); err != nil {
		t.Fatal(err)
	}
}

// doorReceiver is a webhook endpoint registered with perms.
type doorReceiver struct {
	*httptest.Server
	perms []string
	mu    sync.Mutex
	got   map[string]json.RawMessage // event id to body
}

func newDoorReceiver(t *testing.T, perms ...string) *doorReceiver {
	rc := &doorReceiver{perms: append([]string{}, perms...), got: map[string]json.RawMessage{}}
	rc.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		var ev struct{ ID string }
		json.Unmarshal(body, &ev)
		rc.mu.Lock()
		rc.got[ev.ID] = body
		rc.mu.Unlock()
	}))
	t.Cleanup(rc.Close)
	return rc
}

func (rc *doorReceiver) wait(t *testing.T, ids ...string) map[string]json.RawMessage {
	t.Helper()
	deadline := time.Now().Add(20 * time.Second)
	for {
		rc.mu.Lock()
		got := len(ids)
		for _, id := range ids {
			if rc.got[id] == nil {
				got--
			}
		}
		out := make(map[string]json.RawMessage, len(rc.got))
		for k, v := range rc.got {
			out[k] = v
		}
		rc.mu.Unlock()
		if got == len(ids) {
			return out
		}
		if time.Now().After(deadline) {
			t.Fatalf("endpoint %v got %d of the events %v", rc.perms, got, ids)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// shows reports what a piece of a JSON answer lets out: a salary range,
// an internal-use category or detail.
type shows struct{ salary, internal bool }

func showsIn(t *testing.T, raw []byte) shows {
	t.Helper()
	s := string(raw)
	return shows{
		salary:   strings.Contains(s, `"salary_range":{`) || strings.Contains(s, `"salaryRange":{`),
		internal: strings.Contains(s, internalCategory) || strings.Contains(s, internalDetail),
	}
}

// TestEveryDoorShowsWhatThePermissionTableAllows is the matrix of issue
// 33: for each built-in role and for API keys of each coarse scope, each
// way data leaves (queries, mutation answers, REST, activities.changes,
// both change feeds, webhooks) shows salary ranges, demographic answers,
// internal-use fields and discreet positions exactly where the
// permissions the table gives allow.
func TestEveryDoorShowsWhatThePermissionTableAllows(t *testing.T) {
	plain, salaried, discreet := newDoorReceiver(t), newDoorReceiver(t, permission.ViewSalary), newDoorReceiver(t, permission.ViewDiscreetPositions)
	env := newDoorsEnv(t, map[string]*doorReceiver{"plain": plain, "salaried": salaried, "discreet": discreet})

	// Webhooks: what each endpoint was registered with, not who registered it.
	all := []string{env.discreetEvent, env.legacy, env.current}
	discreet.wait(t, all...)
	for _, rc := range []*doorReceiver{plain, salaried} {
		got := rc.wait(t, env.legacy, env.current)
		for _, id := range []string{env.legacy, env.current} {
			if s := showsIn(t, got[id]); s.salary != slices.Contains(rc.perms, permission.ViewSalary) || s.internal {
				t.Errorf("endpoint %v: event %s shows %+v: %s", rc.perms, id, s, got[id])
			}
		}
	}
	time.Sleep(300 * time.Millisecond) // the discreet event's job ran for every endpoint by now
	for _, rc := range []*doorReceiver{plain, salaried} {
		rc.mu.Lock()
		if rc.got[env.discreetEvent] != nil {
			t.Errorf("endpoint %v without positions:view_discreet got the discreet position's event", rc.perms)
		}
		rc.mu.Unlock()
	}

	env.legacyEvent(t)
	for _, r := range env.Readers() {
		t.Run(r.Name, func(t *testing.T) { env.checkDoors(t, r) })
	}
}

func (d *doorsEnv) checkDoors(t *testing.T, r hiregraphtest.Reader) {
	salary, demographics := r.Has(permission.ViewSalary), r.Has(permission.ViewDemographics)
	// Keys acting for no one are company-wide; users see discreet positions
	// outside their team only with the permission.
	discreet := r.Reads() && (!r.User || r.Has(permission.ViewDiscreetPositions))
	published := d.Demo.PublishedPositionUID

	// Queries: the published position, and whether the discreet one exists.
	q := d.GraphQLAs(r.Credential, `query($p: ID!) {
		p: node(id: $p) { ... on Position { salaryRange { min } categories { name } details { name } activities(first: 50) { edges { node { changes { field before after } } } } } } }`,
		map[string]any{"p": published})
	var got struct{ P json.RawMessage }
	if r.Reads() {
		q.Decode(t, &got)
		if s := showsIn(t, got.P); s.salary != salary || s.internal {
			t.Errorf("query shows %+v, want salary %v and nothing internal: %s", s, salary, got.P)
		}
		if strings.Contains(string(got.P), `"field":"salaryRange"`) != salary {
			t.Errorf("activities.changes of salaryRange shown: %v, want %v: %s", !salary, salary, got.P)
		}
		found := d.GraphQLAs(r.Credential, `query($id: ID!) { node(id: $id) { id } }`, map[string]any{"id": d.discreet})
		if want := map[bool]string{true: "", false: "not_found"}[discreet]; found.Code() != want {
			t.Errorf("query of the discreet position: code %q, want %q", found.Code(), want)
		}
	}

	// Mutation answers: the same view as the query.
	m := d.GraphQLAs(r.Credential, `mutation($id: ID!) { setPositionStatus(id: $id, status: OPEN) { salaryRange { min } categories { name } } }`,
		map[string]any{"id": published})
	if r.Has(permission.ChangePositionStatus) {
		if m.Code() != "" {
			t.Fatalf("setPositionStatus: %+v", m.Errors)
		}
		if s := showsIn(t, m.Data); s.salary != salary || s.internal {
			t.Errorf("mutation answer shows %+v, want salary %v: %s", s, salary, m.Data)
		}
	} else if m.Code() != "forbidden" {
		t.Errorf("setPositionStatus without the permission: code %q", m.Code())
	}

	// REST: the position's shape, and the discreet one.
	if r.Reads() {
		rest := d.DoAs(r.Credential, http.MethodGet, "/v1/positions/"+published, nil)
		if s := showsIn(t, []byte(rest.Body)); rest.Status != http.StatusOK || s.salary != salary || s.internal {
			t.Errorf("REST position shows %+v, want salary %v: %s", s, salary, rest)
		}
		if st := d.DoAs(r.Credential, http.MethodGet, "/v1/positions/"+d.discreet, nil).Status; (st == http.StatusOK) != discreet {
			t.Errorf("REST discreet position: %d, want shown %v", st, discreet)
		}
	}

	// Both change feeds: the legacy event and the versioned one alike.
	feed := d.DoAs(r.Credential, http.MethodGet, "/v1/events?limit=500", nil)
	gqlFeed := d.GraphQLAs(r.Credential, `{ events(first: 500) { events { id object { data } } } }`, nil)
	if !r.Reads() || !r.SeesEverything() {
		if feed.Status != http.StatusForbidden || gqlFeed.Code() != "forbidden" {
			t.Errorf("feeds without seeing everything: REST %d, GraphQL %q", feed.Status, gqlFeed.Code())
		}
	} else {
		var restPage struct{ Events []json.RawMessage }
		feed.JSON(t, &restPage)
		var gqlPage struct {
			Events struct{ Events []json.RawMessage }
		}
		gqlFeed.Decode(t, &gqlPage)
		for door, events := range map[string][]json.RawMessage{"REST": restPage.Events, "GraphQL": gqlPage.Events.Events} {
			seen := map[string]bool{}
			for _, ev := range events {
				var head struct{ ID string }
				json.Unmarshal(ev, &head)
				seen[head.ID] = true
				if head.ID != d.legacy && head.ID != d.current {
					continue
				}
				if s := showsIn(t, ev); s.salary != salary || s.internal {
					t.Errorf("%s feed event %s shows %+v, want salary %v: %s", door, head.ID, s, salary, ev)
				}
			}
			if !seen[d.legacy] || !seen[d.current] || seen[d.discreetEvent] != discreet {
				t.Errorf("%s feed: legacy %v, current %v, discreet %v (want %v)", door, seen[d.legacy], seen[d.current], seen[d.discreetEvent], discreet)
			}
		}
	}

	// Demographic answers: kept apart, shown only with demographics:view.
	for _, applicant := range d.applicants {
		if !r.Reads() {
			break
		}
		var app struct {
			Node *struct {
				Applications []struct {
					Answers            []struct{ Name string }
					DemographicAnswers *[]struct{ Name, Value string }
				}
			}
		}
		a := d.GraphQLAs(r.Credential, `query($id: ID!) { node(id: $id) { ... on Candidate { applications { answers { name } demographicAnswers { name value } } } } }`,
			map[string]any{"id": applicant})
		if a.Code() == "not_found" && !r.Has(permission.ViewCandidates) {
			continue // a candidate the reader may not see shows nothing at all
		}
		a.Decode(t, &app)
		for _, a := range app.Node.Applications {
			for _, ans := range a.Answers {
				if ans.Name == genderQuestion {
					t.Errorf("%s: the demographic answer is among the answers", applicant)
				}
			}
			shown := a.DemographicAnswers != nil && len(*a.DemographicAnswers) == 1 && (*a.DemographicAnswers)[0].Value == "Woman"
			if shown != demographics || !demographics && a.DemographicAnswers != nil {
				t.Errorf("%s: demographicAnswers = %v, want shown %v", applicant, a.DemographicAnswers, demographics)
			}
		}
	}
}

// TestWebhookPermissionsAreTheRegistrantsAtMost: an endpoint may be given
// only known permissions its registrant holds, on both faces, and they
// show on the endpoint.
func TestWebhookPermissionsAreTheRegistrantsAtMost(t *testing.T) {
	env := hiregraphtest.New(t)
	adminOnly := env.WithKey("admin").Demo.APIKey
	env.DoAs(adminOnly, http.MethodPost, "/v1/webhooks", map[string]any{"url": "https://hooks.example.com/a", "permissions": []string{permission.ViewSalary}}).
		AssertError(t, http.StatusUnprocessableEntity, "validation_failed", "salary:view")
	env.DoAs(adminOnly, http.MethodPost, "/v1/webhooks", map[string]any{"url": "https://hooks.example.com/a", "permissions": []string{"everything"}}).
		AssertError(t, http.StatusUnprocessableEntity, "validation_failed", "permissions[0]")
	r := env.GraphQLAs(adminOnly, `mutation { createWebhookEndpoint(input: {url: "https://hooks.example.com/a", permissions: ["salary:view"]}) { secret } }`, nil)
	if r.Code() != "validation_failed" {
		t.Errorf("GraphQL with a permission not held: code %q", r.Code())
	}

	var created struct {
		ID          string
		Permissions []string
	}
	env.Do(http.MethodPost, "/v1/webhooks", map[string]any{"url": "https://hooks.example.com/a"}).JSON(t, &created)
	if created.Permissions == nil || len(created.Permissions) != 0 {
		t.Errorf("default permissions %v, want none", created.Permissions)
	}
	var data struct {
		UpdateWebhookEndpoint struct{ Permissions []string }
	}
	env.GraphQL(`mutation($id: ID!) { updateWebhookEndpoint(id: $id, input: {permissions: ["demographics:view", "salary:view", "salary:view"]}) { permissions } }`,
		map[string]any{"id": created.ID}).Decode(t, &data)
	if got := strings.Join(data.UpdateWebhookEndpoint.Permissions, ","); got != "salary:view,demographics:view" {
		t.Errorf("permissions %s, want salary:view,demographics:view in documented order", got)
	}
}
