package rest_test

import (
	"context"
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/hiregraph/hiregraph/ent"
	"github.com/hiregraph/hiregraph/internal/hiregraphtest"
	"github.com/hiregraph/hiregraph/internal/viewer"
)

// asCompany is the context of a viewer of the demo company, for direct writes.
func asCompany(env *hiregraphtest.Env) context.Context {
	return viewer.NewContext(context.Background(), viewer.ForService(env.Demo.CompanyUID))
}

func at(d time.Duration) string { return time.Now().Add(d).UTC().Format("2006-01-02T15:04:05Z") }

const day = 24 * time.Hour

type listResponse struct {
	Openings       []map[string]any `json:"openings"`
	Candidates     []map[string]any `json:"candidates"`
	Questionnaires []map[string]any `json:"questionnaires"`
	NextPage       *string          `json:"next_page"`
}

func list(t *testing.T, env *hiregraphtest.Env, path string) listResponse {
	t.Helper()
	r := env.Do(http.MethodGet, path, nil)
	if r.Status != http.StatusOK {
		t.Fatalf("GET %s: %s", path, r)
	}
	var out listResponse
	r.JSON(t, &out)
	return out
}

func TestListOpenings(t *testing.T) {
	env := hiregraphtest.New(t)
	all := list(t, env, "/v1/openings").Openings
	if len(all) != 5 {
		t.Fatalf("%d openings, want the demo's 5", len(all))
	}
	want := "approval_process,headcount,hired_candidate_uid,name,position_uid,reason,status,time_created,time_expected_hire,time_last_status_change,time_opened,time_updated,uid"
	if got := strings.Join(keys(all[0]), ","); got != want {
		t.Errorf("opening keys = %s", got)
	}
	if ap := all[0]["approval_process"].(map[string]any); ap["status"] != "APPROVED" || strings.Join(keys(ap), ",") != "name,status,time_completed,time_started,uid" {
		t.Errorf("approval_process = %v", ap)
	}
	if all[0]["reason"] != "New" || all[0]["status"] != "Open" || all[1]["reason"] != "Replacement hire" || all[1]["status"] != "Pending" {
		t.Errorf("reason/status spelling: %v / %v", all[0], all[1])
	}

	count := func(query string) int { return len(list(t, env, "/v1/openings?"+query).Openings) }
	for query, n := range map[string]int{
		"status=APPROVED": 1, "status=STARTED": 1, "status=PAUSED": 1, "status=NA": 2, "status=REJECTED": 0,
		"status=approved,paused": 2, "status=OPEN": 3, "status=pending": 2, "status=Open&status=PAUSED": 4,
		"position_uid=" + env.Demo.PublishedPositionUID: 2, "position_uid=pos_nope": 0,
		"time_created:after=" + at(-52*day): 3, "time_created_after=" + at(-52*day): 3,
		"time_created:before=" + at(-52*day): 2, "time_created_before=" + at(-52*day): 2,
		"time_last_status_change:after=" + at(-47*day): 2, "time_last_status_change:before=" + at(-47*day): 3,
		"time_updated:after=" + at(-57*day) + "&time_updated:before=" + at(-42*day): 3,
		"requestedby=someone&1700000000":                                            5,
	} {
		if got := count(query); got != n {
			t.Errorf("openings?%s: %d, want %d", query, got, n)
		}
	}

	// hired_candidate_uid finds the opening that hired the candidate.
	ctx := asCompany(env)
	o := env.DB.Client.Opening.Query().FirstX(ctx)
	env.DB.Client.Candidate.UpdateOneID(env.Demo.CandidateUID).SetHiredOpeningID(o.ID).ExecX(ctx)
	hired := list(t, env, "/v1/openings?hired_candidate_uid="+env.Demo.CandidateUID).Openings
	if len(hired) != 1 || hired[0]["uid"] != o.ID || hired[0]["hired_candidate_uid"] != env.Demo.CandidateUID {
		t.Errorf("hired_candidate_uid filter: %v", hired)
	}
}

func TestListErrors(t *testing.T) {
	env := hiregraphtest.New(t)
	for path, mentions := range map[string]string{
		"/v1/openings?status=BOGUS":                        "APPROVED",
		"/v1/openings?time_created:after=yesterday":        "time_created:after",
		"/v1/openings?time_created_before=2026-01-01":      "time_created_before",
		"/v1/candidates?time_person_last_activity:after=x": "time_person_last_activity:after",
		"/v1/candidates?status=Sleeping":                   "In progress",
		"/v1/candidates?deleted=maybe":                     "deleted",
		"/v1/candidates?limit=0":                           "limit",
		"/v1/questionnaires?limit=ten":                     "limit",
	} {
		assertError(t, env.Do(http.MethodGet, path, nil), http.StatusBadRequest, "bad_request", mentions)
	}
	assertError(t, env.Do(http.MethodGet, "/v1/candidates?cursor=bm90LWEtY3Vyc29y", nil), http.StatusBadRequest, "invalid_cursor", "cursor")
}

func TestListCandidates(t *testing.T) {
	env := hiregraphtest.New(t)
	all := list(t, env, "/v1/candidates")
	if len(all.Candidates) != 9 || all.NextPage != nil {
		t.Fatalf("%d candidates (next %v), want the demo's 9 on one page", len(all.Candidates), all.NextPage)
	}
	want := "address,completed_steps,current_steps,deleted,position_uid,status,time_created,time_last_status_changed,uid"
	if got := strings.Join(keys(all.Candidates[0]), ","); got != want {
		t.Errorf("candidate keys = %s", got)
	}
	first := all.Candidates[0]
	if first["status"] != "In progress" || first["address"].(map[string]any)["city"] == "" {
		t.Errorf("candidate = %v", first)
	}
	if step := first["completed_steps"].([]any)[0].(map[string]any); strings.Join(keys(step), ",") != "name,time_completed,time_scheduled,type" {
		t.Errorf("completed step = %v", step)
	}

	ctx := asCompany(env)
	env.DB.Client.Candidate.UpdateOneID(env.Demo.CandidateUID).SetDeleted(true).ExecX(ctx)
	count := func(query string) int { return len(list(t, env, "/v1/candidates?"+query).Candidates) }
	for query, n := range map[string]int{
		"status=In%20progress": 8, "status=rejected": 1, "status=IN_PROGRESS,Rejected": 9, "status=Hired": 0,
		"deleted=true": 1, "deleted=false": 8,
		"time_created:after=" + at(-30*day): 5, "time_created:before=" + at(-30*day): 4,
		"time_last_status_change:before=" + at(-35*day): 2,
		// Grace was last active 35 days ago; Ada's person 3 days ago, with
		// her second application: both of Ada's candidates match "after".
		"time_person_last_activity:before=" + at(-34*day): 1,
		"time_person_last_activity:after=" + at(-34*day):  8,
	} {
		if got := count(query); got != n {
			t.Errorf("candidates?%s: %d, want %d", query, got, n)
		}
	}

	// A note is activity: the candidate now matches "updated after a minute ago".
	since := at(-time.Minute)
	if n := count("time_hiring_process_updated:after=" + since); n != 0 {
		t.Fatalf("%d candidates active in the last minute before any activity", n)
	}
	env.Do(http.MethodPost, "/v1/candidates/"+env.Demo.CandidateUID+"/notes", validNote(env))
	active := list(t, env, "/v1/candidates?time_hiring_process_updated:after="+since).Candidates
	if len(active) != 1 || active[0]["uid"] != env.Demo.CandidateUID {
		t.Errorf("after a note: %v", active)
	}
	// ...and so is its person: Ada's other candidate shows up as well.
	if n := count("time_person_last_activity:after=" + since); n != 2 {
		t.Errorf("person activity after a note: %d candidates, want Ada's 2", n)
	}
}

func TestListQuestionnaires(t *testing.T) {
	env := hiregraphtest.New(t)
	out := list(t, env, "/v1/questionnaires")
	if len(out.Questionnaires) != 2 || out.NextPage != nil {
		t.Fatalf("questionnaires = %+v", out)
	}
	q := out.Questionnaires[0]
	if strings.Join(keys(q), ",") != "enabled_for,name,questions,show_as,speicifc_type,uid" || q["speicifc_type"] != "screening" {
		t.Errorf("questionnaire = %v", q)
	}
	question := q["questions"].([]any)[0].(map[string]any)
	if question["options"].([]any)[0].(map[string]any)["title"] != "Yes" {
		t.Errorf("question = %v", question)
	}
}

// TestNextPageWalkSeesEveryRowOnce walks next_page over more rows than fit a
// page, inserting rows while it walks: every row is returned exactly once.
func TestNextPageWalkSeesEveryRowOnce(t *testing.T) {
	env := hiregraphtest.New(t)
	ctx := asCompany(env)
	addCandidates(t, env, ctx, 250, time.Now().Add(-20*day))

	seen := map[string]int{}
	path := "/v1/candidates?limit=100&status=in%20progress&status=rejected&time_created:after=" + at(-365*day) + "&requestedby=x"
	pages := 0
	for {
		r := env.Do(http.MethodGet, strings.TrimPrefix(path, env.Server.URL), nil)
		if r.Status != http.StatusOK {
			t.Fatalf("GET %s: %s", path, r)
		}
		var page listResponse
		r.JSON(t, &page)
		pages++
		for _, c := range page.Candidates {
			seen[c["uid"].(string)]++
		}
		if pages == 1 {
			// New rows arrive while the client walks.
			addCandidates(t, env, ctx, 30, time.Now())
		}
		if page.NextPage == nil {
			break
		}
		u, err := url.Parse(*page.NextPage)
		if err != nil || u.Scheme != "http" || u.Host == "" {
			t.Fatalf("next_page %q is not an absolute URL", *page.NextPage)
		}
		for k, v := range u.Query() {
			if len(v) != 1 {
				t.Errorf("next_page repeats %s: %v", k, v)
			}
		}
		if u.Query().Get("status") != "in progress,rejected" || u.Query().Get("limit") != "100" || u.Query().Has("requestedby") {
			t.Errorf("next_page %q does not carry the filters once", *page.NextPage)
		}
		path = *page.NextPage
	}
	total := env.DB.Client.Candidate.Query().CountX(ctx)
	if len(seen) != total || total != 9+250+30 {
		t.Errorf("walk saw %d distinct candidates of %d", len(seen), total)
	}
	for id, n := range seen {
		if n != 1 {
			t.Errorf("%s returned %d times", id, n)
		}
	}
	if pages != 3 {
		t.Errorf("%d pages, want 3", pages)
	}
}

func addCandidates(t *testing.T, env *hiregraphtest.Env, ctx context.Context, n int, created time.Time) {
	t.Helper()
	// A person has one live candidacy per position, so each is another's.
	people := make([]*ent.PersonCreate, n)
	for i := range people {
		people[i] = env.DB.Client.Person.Create().SetFirstName("Bulk").SetLastName(fmt.Sprint(i))
	}
	per := env.DB.Client.Person.CreateBulk(people...).SaveX(ctx)
	builders := make([]*ent.CandidateCreate, n)
	for i := range builders {
		// Equal creation times in pairs exercise the id tie-breaker.
		at := created.Add(time.Duration(i/2) * time.Second).UTC()
		builders[i] = env.DB.Client.Candidate.Create().SetPersonID(per[i].ID).SetPositionID(env.Demo.PublishedPositionUID).
			SetTimeCreated(at).SetTimeLastStatusChanged(at).SetTimeHiringProcessUpdated(at)
	}
	env.DB.Client.Candidate.CreateBulk(builders...).SaveX(ctx)
}
