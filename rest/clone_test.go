package rest_test

import (
	"context"
	"encoding/json"
	"net/http"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/hiregraph/hiregraph/ent/fielddefinition"
	"github.com/hiregraph/hiregraph/ent/location"
	"github.com/hiregraph/hiregraph/ent/privacy"
	"github.com/hiregraph/hiregraph/ent/questionnaire"
	"github.com/hiregraph/hiregraph/ent/user"
	"github.com/hiregraph/hiregraph/internal/auth"
	"github.com/hiregraph/hiregraph/internal/demo"
	"github.com/hiregraph/hiregraph/internal/hiregraphtest"
	"github.com/hiregraph/hiregraph/internal/viewer"
)

// coordinatorEmail is a demo user with the coordinator role only.
const coordinatorEmail = "cody.coordinator@acme.example"

// validClone is a clone request that uses every field of spec 4.1. It adds
// options (department Research, category value Payments, custom field
// value CC-300), so a request that fails later must also undo those.
func validClone(env *hiregraphtest.Env) map[string]any {
	return map[string]any{
		"name":             "Backend Engineer, Payments",
		"copy_assignees":   true,
		"status":           "on hold",
		"is_discreet":      false,
		"department":       "Research",
		"experience_level": "senior",
		"location":         map[string]any{"uid": env.Demo.LocationUID},
		"salary_range":     map[string]any{"min": 70000, "max": 95000, "currency_code": "EUR", "period": "annually"},
		"categories":       []any{map[string]any{"name": "Team", "value": "Payments"}},
		"details": []any{
			map[string]any{"name": "Job description", "value": "<p>Move <b>money</b></p><script>alert(1)</script>"},
		},
		"users": map[string]any{
			"lead_recruiter": map[string]any{"email": env.Demo.Users["recruiter"]},
			"hiring_manager": map[string]any{"email": env.Demo.Users["hiring_manager"]},
		},
		"openings": []any{
			map[string]any{"name": "Payments #1", "time_expected_hire": "2026-09-01", "reason": "New", "status": "OPEN",
				"approval_status": "APPROVED", "time_approved": "2026-04-01T08:00:00Z",
				"custom_fields": map[string]any{"Cost center": "CC-300", "Internal budget": "90k"}},
			map[string]any{"name": "Payments #2", "time_expected_hire": "2026-10-01T00:00:00Z", "reason": "Replacement hire", "status": "OPEN",
				"time_opened": "2026-03-01", "custom_fields": map[string]any{"Cost center": " cc-100 "}},
		},
		"questionnaire_uids": []any{env.Demo.QuestionnaireUID},
	}
}

func clonePath(uid string) string { return "/v1/positions/" + uid + "/clone" }

// assertJSON compares a response body with want, a JSON document.
func assertJSON(t *testing.T, body []byte, want string) {
	t.Helper()
	var got, exp any
	if err := json.Unmarshal(body, &got); err != nil {
		t.Fatalf("response is not JSON: %s", body)
	}
	if err := json.Unmarshal([]byte(want), &exp); err != nil {
		t.Fatalf("want is not JSON: %v", err)
	}
	if !reflect.DeepEqual(got, exp) {
		g, _ := json.MarshalIndent(got, "", "  ")
		w, _ := json.MarshalIndent(exp, "", "  ")
		t.Errorf("response:\n%s\nwant:\n%s", g, w)
	}
}

func options(t *testing.T, env *hiregraphtest.Env, scope fielddefinition.Scope, name string) []string {
	t.Helper()
	return env.DB.Client.FieldDefinition.Query().
		Where(fielddefinition.CompanyID(env.Demo.CompanyUID), fielddefinition.ScopeEQ(scope), fielddefinition.Name(name)).
		OnlyX(system()).Options
}

func userID(t *testing.T, env *hiregraphtest.Env, email string) string {
	t.Helper()
	return env.DB.Client.User.Query().Where(user.CompanyID(env.Demo.CompanyUID), user.Email(email)).OnlyIDX(system())
}

func TestClonePositionResponse(t *testing.T) {
	env := hiregraphtest.New(t)
	env.Clock.Set(time.Date(2026, 3, 2, 10, 0, 0, 123456789, time.UTC))
	r := env.Do(http.MethodPost, clonePath(env.Demo.TemplatePositionUID), validClone(env))
	if r.Status != http.StatusCreated {
		t.Fatalf("clone: %s", r)
	}
	var ids struct {
		UID      string
		Openings []struct {
			UID             string
			ApprovalProcess *struct{ UID string } `json:"approval_process"`
		}
	}
	r.JSON(t, &ids)
	if len(ids.Openings) != 2 || ids.Openings[0].ApprovalProcess == nil {
		t.Fatalf("openings: %s", r.Body)
	}
	// The spec's position object (2.1) with its openings (2.5) and their
	// custom_fields; internal-use fields (the category Budget code, the
	// detail Hiring notes, the custom field Internal budget) left out.
	assertJSON(t, r.Body, strings.NewReplacer(
		"$POS", ids.UID, "$OPN1", ids.Openings[0].UID, "$OPN2", ids.Openings[1].UID, "$APR", ids.Openings[0].ApprovalProcess.UID,
		"$LOC", env.Demo.LocationUID, "$BASE", env.Server.URL, "$COMPANY", env.Demo.CompanyUID, "$TOKEN", env.Demo.CareersToken,
	).Replace(`{
		"uid": "$POS",
		"name": "Backend Engineer, Payments",
		"status": "on hold",
		"is_discreet": false,
		"is_published": false,
		"department": "Research",
		"email": "jobs+template@acme.example",
		"url_service_hosted_page": "https://jobs.acme.example/template",
		"url_active_page": "https://acme.example/careers/template",
		"employment_type": "Full-time",
		"experience_level": "Senior",
		"internal_use_custom_id": null,
		"picture_url": "https://acme.example/img/robots.png",
		"time_updated": "2026-03-02T10:00:00Z",
		"company_name": "Acme Robotics",
		"position_url": "$BASE/careers-api/2.0/company/$COMPANY/positions/$POS?token=$TOKEN",
		"is_talent_pool": false,
		"location": {"uid": "$LOC", "name": "Berlin HQ", "country": "DE", "city": "Berlin", "state": "Berlin",
			"postal_code": "10115", "street_name": "Invalidenstraße", "street_number": "117",
			"arrival_instructions": "Reception on the 3rd floor; ask for the hiring team.", "timezone": "Europe/Berlin"},
		"salary_range": {"min": 70000, "max": 95000, "currency_code": "EUR", "period": "annually"},
		"categories": [{"name": "Team", "value": "Payments", "order": 1}, {"name": "Remote policy", "value": "hybrid", "order": 2}],
		"details": [
			{"name": "Job description", "value": "<p>Move <b>money</b></p>", "order": 1},
			{"name": "Requirements", "value": "<ul><li>Curiosity</li><li>Care for <u>quality</u></li></ul>", "order": 2}
		],
		"openings": [
			{"uid": "$OPN1", "name": "Payments #1",
			 "approval_process": {"uid": "$APR", "name": "Opening approval", "time_started": "2026-04-01T08:00:00Z",
				"time_completed": "2026-04-01T08:00:00Z", "status": "APPROVED"},
			 "hired_candidate_uid": null, "time_expected_hire": "2026-09-01T00:00:00Z", "headcount": 1,
			 "reason": "New", "status": "Open",
			 "time_created": "2026-03-02T10:00:00Z", "time_last_status_change": "2026-03-02T10:00:00Z",
			 "time_opened": "2026-03-02T10:00:00Z", "time_updated": "2026-03-02T10:00:00Z",
			 "custom_fields": {"Cost center": "CC-300"}},
			{"uid": "$OPN2", "name": "Payments #2", "approval_process": null,
			 "hired_candidate_uid": null, "time_expected_hire": "2026-10-01T00:00:00Z", "headcount": 1,
			 "reason": "Replacement hire", "status": "Open",
			 "time_created": "2026-03-02T10:00:00Z", "time_last_status_change": "2026-03-02T10:00:00Z",
			 "time_opened": "2026-03-01T00:00:00Z", "time_updated": "2026-03-02T10:00:00Z",
			 "custom_fields": {"Cost center": "CC-100"}}
		]
	}`))
	if ct := r.Header.Get("Content-Type"); ct != "application/json; charset=utf-8" {
		t.Errorf("Content-Type = %q", ct)
	}

	// What the response does not show: the new position's links.
	ctx := system()
	pos := env.DB.Client.Position.GetX(ctx, ids.UID)
	tmpl := env.DB.Client.Position.GetX(ctx, env.Demo.TemplatePositionUID)
	if pos.TemplateID == nil || *pos.TemplateID != tmpl.ID || pos.IsTemplate || pos.IsPublished {
		t.Errorf("template_id %v, is_template %v, is_published %v", pos.TemplateID, pos.IsTemplate, pos.IsPublished)
	}
	if *pos.LeadRecruiterID != userID(t, env, env.Demo.Users["recruiter"]) || *pos.HiringManagerID != userID(t, env, env.Demo.Users["hiring_manager"]) || pos.CoordinatorID != nil {
		t.Errorf("lead recruiter %v, hiring manager %v, coordinator %v", *pos.LeadRecruiterID, *pos.HiringManagerID, pos.CoordinatorID)
	}
	// copy_assignees: the template's hiring team and workflow with its assignees.
	team := pos.QueryHiringTeam().IDsX(ctx)
	tmplTeam := tmpl.QueryHiringTeam().IDsX(ctx)
	slices.Sort(team)
	slices.Sort(tmplTeam)
	if !slices.Equal(team, tmplTeam) || !reflect.DeepEqual(pos.Workflow, tmpl.Workflow) {
		t.Errorf("hiring team %v and workflow %+v, want the template's %v and %+v", team, pos.Workflow, tmplTeam, tmpl.Workflow)
	}
	if q := pos.QueryQuestionnaires().IDsX(ctx); !slices.Equal(q, []string{env.Demo.QuestionnaireUID}) {
		t.Errorf("questionnaires = %v", q)
	}
	// New dropdown values became options; a value that matches an option
	// but for case and spaces took the option's spelling and added nothing.
	for _, c := range []struct {
		scope fielddefinition.Scope
		name  string
		want  []string
	}{
		{fielddefinition.ScopeDepartment, "Department", []string{"Engineering", "Operations", "Sales", "Research"}},
		{fielddefinition.ScopeExperienceLevel, "Experience level", []string{"Junior", "Mid-level", "Senior"}},
		{fielddefinition.ScopeCategory, "Team", []string{"Platform", "Robotics", "Support", "Payments"}},
		{fielddefinition.ScopeOpeningCustomField, "Cost center", []string{"CC-100", "CC-200", "CC-300"}},
	} {
		if got := options(t, env, c.scope, c.name); !slices.Equal(got, c.want) {
			t.Errorf("%s options = %q, want %q", c.name, got, c.want)
		}
	}
}

// TestCloneDefaults: what the clone takes from the template when the
// request leaves a field out.
func TestCloneDefaults(t *testing.T) {
	env := hiregraphtest.New(t)
	env.Clock.Set(time.Date(2026, 3, 2, 10, 0, 0, 0, time.UTC))
	body := map[string]any{
		"name": "Platform Engineer", "copy_assignees": false, "status": "open", "is_discreet": true,
		"users": map[string]any{
			"lead_recruiter":              map[string]any{"email": env.Demo.Users["recruiter"]},
			"hiring_manager":              map[string]any{"email": env.Demo.Users["hiring_manager"]},
			"lead_recruiting_coordinator": map[string]any{"email": coordinatorEmail},
		},
	}
	r := env.Do(http.MethodPost, clonePath(env.Demo.TemplatePositionUID), body)
	if r.Status != http.StatusCreated {
		t.Fatalf("clone: %s", r)
	}
	p := r.Map(t)
	for field, want := range map[string]string{
		"status":           `"open"`,
		"is_discreet":      `true`,
		"department":       `"Engineering"`,
		"experience_level": `"Mid-level"`,
		"employment_type":  `"Full-time"`,
		"salary_range":     `{"min": 60000, "max": 80000, "currency_code": "EUR", "period": "annually"}`,
		"categories":       `[{"name": "Team", "value": "Platform", "order": 1}, {"name": "Remote policy", "value": "hybrid", "order": 2}]`,
		// Omitted openings: exactly one, named after the position.
		"openings": strings.ReplaceAll(`[{"uid": "$OPN", "name": "Platform Engineer", "approval_process": null,
			"hired_candidate_uid": null, "time_expected_hire": null, "headcount": 1, "reason": "New", "status": "Open",
			"time_created": "2026-03-02T10:00:00Z", "time_last_status_change": "2026-03-02T10:00:00Z",
			"time_opened": "2026-03-02T10:00:00Z", "time_updated": "2026-03-02T10:00:00Z", "custom_fields": {}}]`,
			"$OPN", p["openings"].([]any)[0].(map[string]any)["uid"].(string)),
	} {
		got, _ := json.Marshal(p[field])
		assertJSON(t, got, want)
	}
	if loc := p["location"].(map[string]any); loc["uid"] != env.Demo.LocationUID {
		t.Errorf("location = %v, want the template's", loc)
	}

	// copy_assignees false: the hiring team is the users named; the workflow
	// keeps its steps, without assignees.
	ctx := system()
	pos := env.DB.Client.Position.GetX(ctx, p["uid"].(string))
	tmpl := env.DB.Client.Position.GetX(ctx, env.Demo.TemplatePositionUID)
	team := pos.QueryHiringTeam().IDsX(ctx)
	want := []string{userID(t, env, env.Demo.Users["recruiter"]), userID(t, env, env.Demo.Users["hiring_manager"]), userID(t, env, coordinatorEmail)}
	slices.Sort(team)
	slices.Sort(want)
	if !slices.Equal(team, want) {
		t.Errorf("hiring team = %v, want the users named %v", team, want)
	}
	if pos.CoordinatorID == nil || *pos.CoordinatorID != userID(t, env, coordinatorEmail) {
		t.Errorf("coordinator = %v", pos.CoordinatorID)
	}
	if len(pos.Workflow) != len(tmpl.Workflow) {
		t.Fatalf("workflow = %+v", pos.Workflow)
	}
	for i, step := range pos.Workflow {
		if step.Name != tmpl.Workflow[i].Name || len(step.AssigneeIDs) != 0 {
			t.Errorf("step %d = %+v, want %q without assignees", i, step, tmpl.Workflow[i].Name)
		}
	}
	// Omitted questionnaire_uids: the template's.
	got, wantQ := pos.QueryQuestionnaires().IDsX(ctx), tmpl.QueryQuestionnaires().IDsX(ctx)
	if len(wantQ) == 0 || !slices.Equal(got, wantQ) {
		t.Errorf("questionnaires = %v, want the template's %v", got, wantQ)
	}

	// An empty questionnaire_uids list means none.
	body["questionnaire_uids"] = []any{}
	r = env.Do(http.MethodPost, clonePath(env.Demo.TemplatePositionUID), body)
	if r.Status != http.StatusCreated {
		t.Fatalf("clone: %s", r)
	}
	if n := env.DB.Client.Position.GetX(ctx, r.Map(t)["uid"].(string)).QueryQuestionnaires().CountX(ctx); n != 0 {
		t.Errorf("questionnaire_uids [] gave %d questionnaires", n)
	}
}

func TestCloneLocation(t *testing.T) {
	env := hiregraphtest.New(t)
	ctx := system()
	env.DB.Client.Position.UpdateOneID(env.Demo.TemplatePositionUID).ClearLocation().ExecX(ctx)
	austin := env.DB.Client.Location.Query().Where(location.CompanyID(env.Demo.CompanyUID), location.Name("Austin Lab")).OnlyIDX(ctx)

	body := validClone(env)
	delete(body, "location")
	r := env.Do(http.MethodPost, clonePath(env.Demo.TemplatePositionUID), body)
	if r.Status != http.StatusCreated {
		t.Fatalf("clone: %s", r)
	}
	if p := r.Map(t); p["location"] != nil {
		t.Errorf("no location anywhere gave %v, want null", p["location"])
	}

	// The sample's top-level location_uid, alone or agreeing with location.uid.
	for _, loc := range []map[string]any{
		{"location_uid": austin},
		{"location_uid": austin, "location": map[string]any{"uid": austin}},
	} {
		body := validClone(env)
		delete(body, "location")
		for k, v := range loc {
			body[k] = v
		}
		r := env.Do(http.MethodPost, clonePath(env.Demo.TemplatePositionUID), body)
		if r.Status != http.StatusCreated {
			t.Fatalf("clone with %v: %s", loc, r)
		}
		if got := r.Map(t)["location"].(map[string]any); got["uid"] != austin || got["city"] != "Austin" || got["arrival_instructions"] != nil {
			t.Errorf("location = %v, want Austin Lab", got)
		}
	}
}

// TestCloneOptionLists: department, experience level and employment type
// take new values as options, creating the company's list when it has none;
// an internal-use list is left out of the response.
func TestCloneOptionLists(t *testing.T) {
	env := hiregraphtest.New(t)
	ctx := system()
	env.DB.Client.FieldDefinition.Delete().Where(fielddefinition.ScopeEQ(fielddefinition.ScopeEmploymentType)).ExecX(ctx)
	env.DB.Client.FieldDefinition.Update().Where(fielddefinition.ScopeEQ(fielddefinition.ScopeDepartment)).SetInternalUse(true).ExecX(ctx)

	body := validClone(env)
	body["employment_type"] = "Internship"
	body["experience_level"] = ""
	r := env.Do(http.MethodPost, clonePath(env.Demo.TemplatePositionUID), body)
	if r.Status != http.StatusCreated {
		t.Fatalf("clone: %s", r)
	}
	p := r.Map(t)
	if _, shown := p["department"]; shown || p["employment_type"] != "Internship" || p["experience_level"] != "" {
		t.Errorf("department %v (internal-use: must be left out), employment_type %v, experience_level %v (cleared)",
			p["department"], p["employment_type"], p["experience_level"])
	}
	if got := options(t, env, fielddefinition.ScopeExperienceLevel, "Experience level"); !slices.Equal(got, []string{"Junior", "Mid-level", "Senior"}) {
		t.Errorf("clearing experience_level changed its options: %q", got)
	}
	def := env.DB.Client.FieldDefinition.Query().
		Where(fielddefinition.CompanyID(env.Demo.CompanyUID), fielddefinition.ScopeEQ(fielddefinition.ScopeEmploymentType)).OnlyX(ctx)
	if def.Name != "Employment type" || def.Kind != fielddefinition.KindDropdown || !slices.Equal(def.Options, []string{"Internship"}) {
		t.Errorf("created list = %+v", def)
	}
	if got := env.DB.Client.Position.GetX(ctx, p["uid"].(string)).Department; got != "Research" {
		t.Errorf("department stored as %q", got)
	}
}

func TestCloneUsers(t *testing.T) {
	env := hiregraphtest.New(t)
	owner := userID(t, env, env.Demo.Users["owner"]) // the earliest of the two owners
	users := func(b map[string]any) map[string]any { return b["users"].(map[string]any) }

	refused := []struct {
		name           string
		change         func(map[string]any)
		code, mentions string
	}{
		{"unknown lead recruiter", func(b map[string]any) { users(b)["lead_recruiter"] = map[string]any{"email": "nobody@acme.example"} },
			"user_not_found", "users.lead_recruiter.email"},
		{"unknown hiring manager", func(b map[string]any) { users(b)["hiring_manager"] = map[string]any{"email": "nobody@acme.example"} },
			"user_not_found", "users.hiring_manager.email"},
		{"unknown coordinator", func(b map[string]any) {
			users(b)["lead_recruiting_coordinator"] = map[string]any{"email": "nobody@acme.example"}
		}, "user_not_found", "users.lead_recruiting_coordinator.email"},
		{"lead recruiter without the recruiter role", func(b map[string]any) { users(b)["lead_recruiter"] = map[string]any{"email": coordinatorEmail} },
			"user_not_recruiter", "users.lead_recruiter.email"},
		{"another company's user", func(b map[string]any) {
			users(b)["hiring_manager"] = map[string]any{"email": "only.other@other.example"}
		},
			"user_not_found", "users.hiring_manager.email"},
	}
	other, err := demo.Seed(context.Background(), env.DB.Client, env.Sealer, "Other Corp")
	if err != nil {
		t.Fatal(err)
	}
	otherCtx := viewer.NewContext(context.Background(), viewer.ForService(other.CompanyUID))
	env.DB.Client.User.Create().SetEmail("only.other@other.example").SetFirstName("Oscar").SetRoles([]string{"recruiter"}).ExecX(otherCtx)

	for _, c := range refused {
		t.Run(c.name, func(t *testing.T) {
			body := validClone(env)
			c.change(body)
			before := env.CloneCounts()
			assertError(t, env.Do(http.MethodPost, clonePath(env.Demo.TemplatePositionUID), body), 422, c.code, c.mentions)
			env.AssertCloneUnchanged(t, before)
			if c.code != "user_not_found" {
				return
			}
			// allow_fallback: the earliest owner takes the role instead.
			body["allow_fallback"] = true
			r := env.Do(http.MethodPost, clonePath(env.Demo.TemplatePositionUID), body)
			if r.Status != http.StatusCreated {
				t.Fatalf("with allow_fallback: %s", r)
			}
			pos := env.DB.Client.Position.GetX(system(), r.Map(t)["uid"].(string))
			got := map[string]*string{
				"users.lead_recruiter.email":              pos.LeadRecruiterID,
				"users.hiring_manager.email":              pos.HiringManagerID,
				"users.lead_recruiting_coordinator.email": pos.CoordinatorID,
			}[c.mentions]
			if got == nil || *got != owner {
				t.Errorf("%s fell back to %v, want the earliest owner %s", c.mentions, got, owner)
			}
		})
	}

	t.Run("fallback does not cover a user in the wrong role", func(t *testing.T) {
		body := validClone(env)
		users(body)["lead_recruiter"] = map[string]any{"email": coordinatorEmail}
		body["allow_fallback"] = true
		before := env.CloneCounts()
		assertError(t, env.Do(http.MethodPost, clonePath(env.Demo.TemplatePositionUID), body), 422, "user_not_recruiter", "users.lead_recruiter.email")
		env.AssertCloneUnchanged(t, before)
	})

	t.Run("e-mails match whatever their case", func(t *testing.T) {
		body := validClone(env)
		users(body)["lead_recruiter"] = map[string]any{"email": strings.ToUpper(env.Demo.Users["recruiter"])}
		r := env.Do(http.MethodPost, clonePath(env.Demo.TemplatePositionUID), body)
		if r.Status != http.StatusCreated {
			t.Fatalf("clone: %s", r)
		}
		if pos := env.DB.Client.Position.GetX(system(), r.Map(t)["uid"].(string)); *pos.LeadRecruiterID != userID(t, env, env.Demo.Users["recruiter"]) {
			t.Errorf("lead recruiter = %s", *pos.LeadRecruiterID)
		}
	})
}

func TestCloneValidation(t *testing.T) {
	env := hiregraphtest.New(t)
	opening := func(b map[string]any, i int) map[string]any { return b["openings"].([]any)[i].(map[string]any) }
	salary := func(b map[string]any) map[string]any { return b["salary_range"].(map[string]any) }
	cases := []struct {
		name           string
		change         func(map[string]any)
		status         int
		code, mentions string
	}{
		{"no name", func(b map[string]any) { delete(b, "name") }, 422, "validation_failed", "name"},
		{"blank name", func(b map[string]any) { b["name"] = "  " }, 422, "validation_failed", "name"},
		{"name too long", func(b map[string]any) { b["name"] = strings.Repeat("é", 101) }, 422, "validation_failed", "name"},
		{"name not a string", func(b map[string]any) { b["name"] = 7 }, 400, "bad_request", "name"},
		{"NUL in name", func(b map[string]any) { b["name"] = "Backend\x00" }, 400, "bad_request", "NUL"},
		{"no copy_assignees", func(b map[string]any) { delete(b, "copy_assignees") }, 422, "validation_failed", "copy_assignees"},
		{"copy_assignees null", func(b map[string]any) { b["copy_assignees"] = nil }, 422, "validation_failed", "copy_assignees"},
		{"copy_assignees not boolean", func(b map[string]any) { b["copy_assignees"] = "yes" }, 400, "bad_request", "copy_assignees"},
		{"no status", func(b map[string]any) { delete(b, "status") }, 422, "validation_failed", "status"},
		{"status in capitals", func(b map[string]any) { b["status"] = "OPEN" }, 422, "validation_failed", "status"},
		{"status on_hold", func(b map[string]any) { b["status"] = "on_hold" }, 422, "validation_failed", "status"},
		{"no is_discreet", func(b map[string]any) { delete(b, "is_discreet") }, 422, "validation_failed", "is_discreet"},
		{"is_discreet not boolean", func(b map[string]any) { b["is_discreet"] = 0 }, 400, "bad_request", "is_discreet"},
		{"department too long", func(b map[string]any) { b["department"] = strings.Repeat("d", 201) }, 422, "validation_failed", "department"},
		{"experience_level too long", func(b map[string]any) { b["experience_level"] = strings.Repeat("e", 201) }, 422, "validation_failed", "experience_level"},
		{"employment_type too long", func(b map[string]any) { b["employment_type"] = strings.Repeat("e", 201) }, 422, "validation_failed", "employment_type"},
		{"no users", func(b map[string]any) { delete(b, "users") }, 422, "validation_failed", "users"},
		{"no lead recruiter", func(b map[string]any) { delete(b["users"].(map[string]any), "lead_recruiter") }, 422, "validation_failed", "users.lead_recruiter.email"},
		{"no hiring manager e-mail", func(b map[string]any) { b["users"].(map[string]any)["hiring_manager"] = map[string]any{} }, 422, "validation_failed", "users.hiring_manager.email"},
		{"unknown location", func(b map[string]any) { b["location"] = map[string]any{"uid": "loc_nope"} }, 422, "location_not_found", "location.uid"},
		{"sample's location_uid unknown", func(b map[string]any) { delete(b, "location"); b["location_uid"] = "loc_nope" }, 422, "location_not_found", "location_uid"},
		{"conflicting locations", func(b map[string]any) { b["location_uid"] = "loc_other" }, 422, "validation_failed", "location_uid"},
		{"unknown category", func(b map[string]any) { b["categories"] = []any{map[string]any{"name": "Mood", "value": "x"}} }, 422, "field_not_found", "categories[0].name"},
		{"a detail's name as a category", func(b map[string]any) { b["categories"] = []any{map[string]any{"name": "Requirements", "value": "x"}} }, 422, "field_not_found", "categories[0].name"},
		{"category without name", func(b map[string]any) { b["categories"] = []any{map[string]any{"value": "x"}} }, 422, "validation_failed", "categories[0].name"},
		{"category without value", func(b map[string]any) { b["categories"] = []any{map[string]any{"name": "Team"}} }, 422, "validation_failed", "categories[0].value"},
		{"category given twice", func(b map[string]any) {
			b["categories"] = []any{map[string]any{"name": "Team", "value": "A"}, map[string]any{"name": "Team", "value": "B"}}
		}, 422, "validation_failed", "categories[1].name"},
		{"unknown detail", func(b map[string]any) { b["details"] = []any{map[string]any{"name": "Perks", "value": "x"}} }, 422, "field_not_found", "details[0].name"},
		{"detail without value", func(b map[string]any) { b["details"] = []any{map[string]any{"name": "Requirements"}} }, 422, "validation_failed", "details[0].value"},
		{"NUL in a detail", func(b map[string]any) {
			b["details"] = []any{map[string]any{"name": "Requirements", "value": "a\x00b"}}
		}, 400, "bad_request", "NUL"},
		{"unknown questionnaire", func(b map[string]any) { b["questionnaire_uids"] = []any{env.Demo.QuestionnaireUID, "qnr_nope"} }, 422, "questionnaire_not_found", "questionnaire_uids[1]"},
		{"NUL in a questionnaire uid", func(b map[string]any) { b["questionnaire_uids"] = []any{"qnr_\x00"} }, 400, "bad_request", "NUL"},
		{"empty openings", func(b map[string]any) { b["openings"] = []any{} }, 422, "validation_failed", "openings"},
		{"openings not an array", func(b map[string]any) { b["openings"] = map[string]any{} }, 400, "bad_request", "openings"},
		{"opening without name", func(b map[string]any) { delete(opening(b, 0), "name") }, 422, "validation_failed", "openings[0].name"},
		{"opening name too long", func(b map[string]any) { opening(b, 0)["name"] = strings.Repeat("n", 201) }, 422, "validation_failed", "openings[0].name"},
		{"opening without status", func(b map[string]any) { delete(opening(b, 0), "status") }, 422, "validation_failed", "openings[0].status"},
		{"opening not OPEN", func(b map[string]any) { opening(b, 0)["status"] = "PENDING" }, 422, "validation_failed", "openings[0].status"},
		{"opening status in lower case", func(b map[string]any) { opening(b, 0)["status"] = "open" }, 422, "validation_failed", "openings[0].status"},
		{"second opening not OPEN", func(b map[string]any) { opening(b, 1)["status"] = "CLOSED" }, 422, "validation_failed", "openings[1].status"},
		{"opening without reason", func(b map[string]any) { delete(opening(b, 0), "reason") }, 422, "validation_failed", "openings[0].reason"},
		{"opening bad reason", func(b map[string]any) { opening(b, 0)["reason"] = "Growth" }, 422, "validation_failed", "openings[0].reason"},
		{"opening without expected hire", func(b map[string]any) { delete(opening(b, 0), "time_expected_hire") }, 422, "validation_failed", "openings[0].time_expected_hire"},
		{"opening bad expected hire", func(b map[string]any) { opening(b, 0)["time_expected_hire"] = "next spring" }, 400, "bad_request", "openings[0].time_expected_hire"},
		{"opening bad time_opened", func(b map[string]any) { opening(b, 1)["time_opened"] = "2026-13-01" }, 400, "bad_request", "openings[1].time_opened"},
		{"approved without time", func(b map[string]any) { delete(opening(b, 0), "time_approved") }, 422, "validation_failed", "openings[0].time_approved"},
		{"approved with bad time", func(b map[string]any) { opening(b, 0)["time_approved"] = "April" }, 400, "bad_request", "openings[0].time_approved"},
		{"time_approved without approval", func(b map[string]any) { opening(b, 1)["time_approved"] = "2026-04-01" }, 422, "validation_failed", "openings[1].time_approved"},
		{"approval not APPROVED", func(b map[string]any) { opening(b, 0)["approval_status"] = "PENDING" }, 422, "validation_failed", "openings[0].approval_status"},
		{"unknown custom field", func(b map[string]any) { opening(b, 0)["custom_fields"] = map[string]any{"Shoe size": "42"} }, 422, "field_not_found", "openings[0].custom_fields.Shoe size"},
		{"a category's name as a custom field", func(b map[string]any) { opening(b, 1)["custom_fields"] = map[string]any{"Team": "x"} }, 422, "field_not_found", "openings[1].custom_fields.Team"},
		{"NUL in a custom field", func(b map[string]any) { opening(b, 0)["custom_fields"] = map[string]any{"Cost center": "\x00"} }, 400, "bad_request", "NUL"},
		{"salary without min", func(b map[string]any) { delete(salary(b), "min") }, 422, "validation_failed", "salary_range.min"},
		{"salary without max", func(b map[string]any) { delete(salary(b), "max") }, 422, "validation_failed", "salary_range.max"},
		{"negative salary", func(b map[string]any) { salary(b)["min"] = -1 }, 422, "validation_failed", "salary_range.min"},
		{"min above max", func(b map[string]any) { salary(b)["min"] = 100000 }, 422, "validation_failed", "salary_range.max"},
		{"salary not integer", func(b map[string]any) { salary(b)["min"] = "lots" }, 400, "bad_request", "salary_range.min"},
		{"salary fraction", func(b map[string]any) { salary(b)["max"] = 95000.5 }, 400, "bad_request", "salary_range.max"},
		{"no currency", func(b map[string]any) { delete(salary(b), "currency_code") }, 422, "validation_failed", "salary_range.currency_code"},
		{"currency not a code", func(b map[string]any) { salary(b)["currency_code"] = "EURO" }, 422, "validation_failed", "salary_range.currency_code"},
		{"currency in lower case", func(b map[string]any) { salary(b)["currency_code"] = "eur" }, 422, "validation_failed", "salary_range.currency_code"},
		{"unknown currency", func(b map[string]any) { salary(b)["currency_code"] = "QQQ" }, 422, "validation_failed", "salary_range.currency_code"},
		{"withdrawn currency", func(b map[string]any) { salary(b)["currency_code"] = "DEM" }, 422, "validation_failed", "salary_range.currency_code"},
		{"test currency", func(b map[string]any) { salary(b)["currency_code"] = "XTS" }, 422, "validation_failed", "salary_range.currency_code"},
		{"no period", func(b map[string]any) { delete(salary(b), "period") }, 422, "validation_failed", "salary_range.period"},
		{"bad period", func(b map[string]any) { salary(b)["period"] = "yearly" }, 422, "validation_failed", "salary_range.period"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			body := validClone(env)
			c.change(body)
			before := env.CloneCounts()
			r := env.Do(http.MethodPost, clonePath(env.Demo.TemplatePositionUID), body)
			assertError(t, r, c.status, c.code, c.mentions)
			if msg := r.Map(t)["message"].(string); strings.Contains(msg, "ent:") || strings.Contains(msg, "validator") {
				t.Errorf("message %q carries the data layer's wording", msg)
			}
			env.AssertCloneUnchanged(t, before)
		})
	}
	for name, body := range map[string]string{"malformed JSON": `{"name": `, "not an object": `[]`, "empty": ``} {
		t.Run(name, func(t *testing.T) {
			r := env.Do(http.MethodPost, clonePath(env.Demo.TemplatePositionUID), body)
			if r.Status != http.StatusBadRequest {
				t.Errorf("status %d, want 400: %s", r.Status, r.Body)
			}
		})
	}
}

func TestCloneOnlyTemplatesOfTheCompany(t *testing.T) {
	env := hiregraphtest.New(t)
	other, err := demo.Seed(context.Background(), env.DB.Client, env.Sealer, "Other Corp")
	if err != nil {
		t.Fatal(err)
	}
	otherQuestionnaire := env.DB.Client.Questionnaire.Query().Where(questionnaire.CompanyID(other.CompanyUID)).FirstIDX(system())
	before := env.CloneCounts()
	assertError(t, env.Do(http.MethodPost, clonePath(env.Demo.NonTemplatePositionUID), validClone(env)), 422, "position_not_template", "not a template")
	assertError(t, env.Do(http.MethodPost, clonePath("pos_nope"), validClone(env)), 404, "position_not_found", "pos_nope")
	assertError(t, env.Do(http.MethodPost, clonePath(other.TemplatePositionUID), validClone(env)), 404, "position_not_found", other.TemplatePositionUID)
	assertError(t, env.Do(http.MethodPost, clonePath("pos_%00"), validClone(env)), 400, "bad_request", "NUL")
	// The path is answered first, whatever the body.
	assertError(t, env.Do(http.MethodPost, clonePath("pos_nope"), map[string]any{"status": "bogus"}), 404, "position_not_found", "pos_nope")
	assertError(t, env.Do(http.MethodPost, clonePath(env.Demo.NonTemplatePositionUID), map[string]any{}), 422, "position_not_template", "not a template")

	body := validClone(env)
	body["location"] = map[string]any{"uid": other.LocationUID}
	assertError(t, env.Do(http.MethodPost, clonePath(env.Demo.TemplatePositionUID), body), 422, "location_not_found", "location.uid")
	body = validClone(env)
	body["questionnaire_uids"] = []any{otherQuestionnaire}
	assertError(t, env.Do(http.MethodPost, clonePath(env.Demo.TemplatePositionUID), body), 422, "questionnaire_not_found", "questionnaire_uids[0]")
	env.AssertCloneUnchanged(t, before)
}

func TestCloneSalaryNeedsScope(t *testing.T) {
	env := hiregraphtest.New(t)
	ctx := privacy.DecisionContext(context.Background(), privacy.Allow)
	key, err := auth.CreateKey(ctx, env.DB.Client, env.Sealer, env.Demo.CompanyUID, "no salary", []string{viewer.ScopeRead, viewer.ScopeWrite})
	if err != nil {
		t.Fatal(err)
	}
	headers := map[string]string{"Authorization": "Bearer " + key.Secret}
	before := env.CloneCounts()
	assertError(t, env.DoWith(http.MethodPost, clonePath(env.Demo.TemplatePositionUID), validClone(env), headers), 403, "forbidden", "salary_ranges:write")
	// The missing permission is reported before the salary range's mistakes.
	body := validClone(env)
	body["salary_range"].(map[string]any)["period"] = "yearly"
	assertError(t, env.DoWith(http.MethodPost, clonePath(env.Demo.TemplatePositionUID), body, headers), 403, "forbidden", "salary_ranges:write")
	env.AssertCloneUnchanged(t, before)

	// Without salary_range the clone keeps the template's, which the key
	// did not write.
	delete(body, "salary_range")
	r := env.DoWith(http.MethodPost, clonePath(env.Demo.TemplatePositionUID), body, headers)
	if r.Status != http.StatusCreated {
		t.Fatalf("clone without salary_range: %s", r)
	}
	got, _ := json.Marshal(r.Map(t)["salary_range"])
	assertJSON(t, got, `{"min": 60000, "max": 80000, "currency_code": "EUR", "period": "annually"}`)

	readOnly, err := auth.CreateKey(ctx, env.DB.Client, env.Sealer, env.Demo.CompanyUID, "read only", []string{viewer.ScopeRead})
	if err != nil {
		t.Fatal(err)
	}
	before = env.CloneCounts()
	assertError(t, env.DoWith(http.MethodPost, clonePath(env.Demo.TemplatePositionUID), validClone(env),
		map[string]string{"Authorization": "Bearer " + readOnly.Secret}), 403, "forbidden", "write")
	env.AssertCloneUnchanged(t, before)
}
