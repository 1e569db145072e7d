package rest_test

import (
	"context"
	"net/http"
	"slices"
	"strings"
	"testing"

	"github.com/hiregraph/hiregraph/auth"
	"github.com/hiregraph/hiregraph/demo"
	"github.com/hiregraph/hiregraph/ent/fielddefinition"
	"github.com/hiregraph/hiregraph/ent/privacy"
	"github.com/hiregraph/hiregraph/hiregraphtest"
	"github.com/hiregraph/hiregraph/viewer"
)

func validClone(env *hiregraphtest.Env) map[string]any {
	return map[string]any{
		"name":             "Backend Engineer, Payments",
		"copy_assignees":   true,
		"status":           "on hold",
		"is_discreet":      false,
		"department":       "Research",
		"experience_level": "Senior",
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
			map[string]any{"name": "Payments #2", "time_expected_hire": "2026-10-01T00:00:00Z", "reason": "Replacement hire", "status": "OPEN"},
		},
		"questionnaire_uids": []any{env.Demo.QuestionnaireUID},
	}
}

func clonePath(uid string) string { return "/v1/positions/" + uid + "/clone" }

// counts is what a failed clone must leave as it was.
type counts struct{ positions, openings, approvals, fieldOptions int }

func countAll(t *testing.T, env *hiregraphtest.Env) counts {
	t.Helper()
	ctx := system()
	c := counts{
		positions: env.DB.Client.Position.Query().CountX(ctx),
		openings:  env.DB.Client.Opening.Query().CountX(ctx),
		approvals: env.DB.Client.ApprovalProcess.Query().CountX(ctx),
	}
	for _, d := range env.DB.Client.FieldDefinition.Query().AllX(ctx) {
		c.fieldOptions += len(d.Options) + 1
	}
	return c
}

func TestClonePosition(t *testing.T) {
	env := hiregraphtest.New(t)
	r := env.Do(http.MethodPost, clonePath(env.Demo.TemplatePositionUID), validClone(env))
	if r.Status != http.StatusCreated {
		t.Fatalf("clone: %s", r)
	}
	var p map[string]any
	r.JSON(t, &p)
	wantKeys := "categories,company_name,department,details,email,employment_type,experience_level,internal_use_custom_id,is_discreet,is_published,is_talent_pool,location,name,openings,picture_url,position_url,salary_range,status,time_updated,uid,url_active_page,url_service_hosted_page"
	if got := strings.Join(keys(p), ","); got != wantKeys {
		t.Errorf("position keys = %s", got)
	}
	if p["status"] != "on hold" || p["is_published"] != false || p["company_name"] != "Acme Robotics" || p["department"] != "Research" {
		t.Errorf("position = %s", r.Body)
	}
	if u := p["position_url"].(string); !strings.Contains(u, "/careers-api/2.0/company/"+env.Demo.CompanyUID+"/positions/"+p["uid"].(string)+"?token="+env.Demo.CareersToken) || !strings.HasPrefix(u, "http://") {
		t.Errorf("position_url = %s", u)
	}
	if loc := p["location"].(map[string]any); loc["uid"] != env.Demo.LocationUID || loc["city"] != "Berlin" {
		t.Errorf("location = %v", loc)
	}
	if sr := p["salary_range"].(map[string]any); sr["currency_code"] != "EUR" || sr["min"] != float64(70000) {
		t.Errorf("salary_range = %v", sr)
	}
	body := string(r.Body)
	if !strings.Contains(body, `"categories":[{"name":"Team","value":"Payments","order":1},{"name":"Remote policy","value":"hybrid","order":2}]`) {
		t.Errorf("categories in %s (Budget code is internal-use and must not appear)", body)
	}
	if !strings.Contains(body, `"details":[{"name":"Job description","value":"<p>Move <b>money</b></p>","order":1},`) ||
		strings.Contains(body, "<script") || strings.Contains(body, "Hiring notes") {
		t.Errorf("details in %s", body)
	}
	openings := p["openings"].([]any)
	if len(openings) != 2 {
		t.Fatalf("openings = %v", openings)
	}
	o1 := openings[0].(map[string]any)
	if o1["status"] != "Open" || o1["reason"] != "New" || o1["time_expected_hire"] != "2026-09-01T00:00:00Z" {
		t.Errorf("opening 1 = %v", o1)
	}
	if cf := o1["custom_fields"].(map[string]any); cf["Cost center"] != "CC-300" || cf["Internal budget"] != nil {
		t.Errorf("custom_fields = %v (Internal budget is internal-use)", cf)
	}
	if ap := o1["approval_process"].(map[string]any); ap["status"] != "COMPLETED" || ap["time_started"] != "2026-04-01T08:00:00Z" {
		t.Errorf("approval_process = %v", ap)
	}
	if o2 := openings[1].(map[string]any); o2["approval_process"] != nil || o2["reason"] != "Replacement hire" {
		t.Errorf("opening 2 = %v", o2)
	}

	// New dropdown values became options of the company.
	ctx := system()
	for scope, value := range map[fielddefinition.Scope]string{
		fielddefinition.ScopeDepartment: "Research", fielddefinition.ScopeCategory: "Payments", fielddefinition.ScopeOpeningCustomField: "CC-300",
	} {
		found := false
		for _, d := range env.DB.Client.FieldDefinition.Query().Where(fielddefinition.ScopeEQ(scope), fielddefinition.CompanyID(env.Demo.CompanyUID)).AllX(ctx) {
			found = found || slices.Contains(d.Options, value)
		}
		if !found {
			t.Errorf("%q was not added as a %s option", value, scope)
		}
	}
	// copy_assignees: the template's hiring team and workflow assignees came along.
	pos := env.DB.Client.Position.GetX(ctx, p["uid"].(string))
	tmpl := env.DB.Client.Position.GetX(ctx, env.Demo.TemplatePositionUID)
	if len(pos.QueryHiringTeam().IDsX(ctx)) != 3 || len(pos.Workflow[1].AssigneeIDs) != 2 || *pos.TemplateID != tmpl.ID || pos.IsTemplate {
		t.Errorf("hiring team / workflow not copied: %+v", pos)
	}
}

func TestCloneDefaultsAndAssignees(t *testing.T) {
	env := hiregraphtest.New(t)
	body := validClone(env)
	delete(body, "openings")
	body["copy_assignees"] = false
	r := env.Do(http.MethodPost, clonePath(env.Demo.TemplatePositionUID), body)
	if r.Status != http.StatusCreated {
		t.Fatalf("clone: %s", r)
	}
	p := r.Map(t)
	openings := p["openings"].([]any)
	if len(openings) != 1 || openings[0].(map[string]any)["name"] != "Backend Engineer, Payments" || openings[0].(map[string]any)["status"] != "Open" {
		t.Errorf("omitted openings gave %v, want one opening named after the position", openings)
	}
	ctx := system()
	pos := env.DB.Client.Position.GetX(ctx, p["uid"].(string))
	if n := len(pos.QueryHiringTeam().IDsX(ctx)); n != 2 {
		t.Errorf("without copy_assignees the hiring team has %d users, want the 2 named", n)
	}
	for _, step := range pos.Workflow {
		if len(step.AssigneeIDs) != 0 {
			t.Errorf("without copy_assignees step %q kept assignees %v", step.Name, step.AssigneeIDs)
		}
	}
}

func TestCloneUserFallback(t *testing.T) {
	env := hiregraphtest.New(t)
	body := validClone(env)
	body["users"].(map[string]any)["lead_recruiter"] = map[string]any{"email": "nobody@acme.example"}
	before := countAll(t, env)
	assertError(t, env.Do(http.MethodPost, clonePath(env.Demo.TemplatePositionUID), body), 422, "user_not_found", "users.lead_recruiter.email")
	if after := countAll(t, env); after != before {
		t.Errorf("failed clone wrote: %+v -> %+v", before, after)
	}

	body["allow_fallback"] = true
	r := env.Do(http.MethodPost, clonePath(env.Demo.TemplatePositionUID), body)
	if r.Status != http.StatusCreated {
		t.Fatalf("clone with fallback: %s", r)
	}
	ctx := system()
	pos := env.DB.Client.Position.GetX(ctx, r.Map(t)["uid"].(string))
	lead := pos.QueryLeadRecruiter().OnlyX(ctx)
	if lead.Email != env.Demo.Users["owner"] {
		t.Errorf("fallback lead recruiter = %s, want the earliest owner %s", lead.Email, env.Demo.Users["owner"])
	}

	body = validClone(env)
	body["users"].(map[string]any)["lead_recruiter"] = map[string]any{"email": env.Demo.Users["hiring_manager"]}
	body["allow_fallback"] = true
	assertError(t, env.Do(http.MethodPost, clonePath(env.Demo.TemplatePositionUID), body), 422, "user_not_recruiter", "users.lead_recruiter.email")
}

func TestCloneValidation(t *testing.T) {
	env := hiregraphtest.New(t)
	opening0 := func(b map[string]any) map[string]any { return b["openings"].([]any)[0].(map[string]any) }
	cases := []struct {
		name           string
		change         func(map[string]any)
		status         int
		code, mentions string
	}{
		{"no name", func(b map[string]any) { delete(b, "name") }, 422, "validation_failed", "name"},
		{"no copy_assignees", func(b map[string]any) { delete(b, "copy_assignees") }, 422, "validation_failed", "copy_assignees"},
		{"copy_assignees not boolean", func(b map[string]any) { b["copy_assignees"] = "yes" }, 400, "bad_request", "copy_assignees"},
		{"no status", func(b map[string]any) { delete(b, "status") }, 422, "validation_failed", "status"},
		{"bad status", func(b map[string]any) { b["status"] = "OPEN" }, 422, "validation_failed", "status"},
		{"no is_discreet", func(b map[string]any) { delete(b, "is_discreet") }, 422, "validation_failed", "is_discreet"},
		{"no users", func(b map[string]any) { delete(b, "users") }, 422, "validation_failed", "users"},
		{"no hiring manager", func(b map[string]any) { delete(b["users"].(map[string]any), "hiring_manager") }, 422, "validation_failed", "users.hiring_manager.email"},
		{"unknown coordinator", func(b map[string]any) {
			b["users"].(map[string]any)["lead_recruiting_coordinator"] = map[string]any{"email": "ghost@acme.example"}
		}, 422, "user_not_found", "users.lead_recruiting_coordinator.email"},
		{"unknown location", func(b map[string]any) { b["location"] = map[string]any{"uid": "loc_nope"} }, 422, "location_not_found", "location.uid"},
		{"sample's location_uid unknown", func(b map[string]any) { delete(b, "location"); b["location_uid"] = "loc_nope" }, 422, "location_not_found", "location_uid"},
		{"conflicting locations", func(b map[string]any) { b["location_uid"] = "loc_other" }, 422, "validation_failed", "location"},
		{"unknown category", func(b map[string]any) { b["categories"] = []any{map[string]any{"name": "Mood", "value": "x"}} }, 422, "field_not_found", "categories[0].name"},
		{"category without value", func(b map[string]any) { b["categories"] = []any{map[string]any{"name": "Team"}} }, 422, "validation_failed", "categories[0].value"},
		{"unknown detail", func(b map[string]any) { b["details"] = []any{map[string]any{"name": "Perks", "value": "x"}} }, 422, "field_not_found", "details[0].name"},
		{"unknown questionnaire", func(b map[string]any) { b["questionnaire_uids"] = []any{env.Demo.QuestionnaireUID, "qnr_nope"} }, 422, "questionnaire_not_found", "questionnaire_uids[1]"},
		{"empty openings", func(b map[string]any) { b["openings"] = []any{} }, 422, "validation_failed", "openings"},
		{"opening not OPEN", func(b map[string]any) { opening0(b)["status"] = "PENDING" }, 422, "validation_failed", "openings[0].status"},
		{"opening bad reason", func(b map[string]any) { opening0(b)["reason"] = "Growth" }, 422, "validation_failed", "openings[0].reason"},
		{"opening without name", func(b map[string]any) { delete(opening0(b), "name") }, 422, "validation_failed", "openings[0].name"},
		{"opening without expected hire", func(b map[string]any) { delete(opening0(b), "time_expected_hire") }, 422, "validation_failed", "openings[0].time_expected_hire"},
		{"opening bad expected hire", func(b map[string]any) { opening0(b)["time_expected_hire"] = "next spring" }, 400, "bad_request", "openings[0].time_expected_hire"},
		{"approved without time", func(b map[string]any) { delete(opening0(b), "time_approved") }, 422, "validation_failed", "openings[0].time_approved"},
		{"approval not APPROVED", func(b map[string]any) { opening0(b)["approval_status"] = "PENDING" }, 422, "validation_failed", "openings[0].approval_status"},
		{"unknown custom field", func(b map[string]any) { opening0(b)["custom_fields"] = map[string]any{"Shoe size": "42"} }, 422, "field_not_found", "openings[0].custom_fields.Shoe size"},
		{"second opening invalid", func(b map[string]any) { b["openings"].([]any)[1].(map[string]any)["status"] = "CLOSED" }, 422, "validation_failed", "openings[1].status"},
		{"bad currency", func(b map[string]any) { b["salary_range"].(map[string]any)["currency_code"] = "EURO" }, 422, "validation_failed", "salary_range.currency_code"},
		{"unknown currency", func(b map[string]any) { b["salary_range"].(map[string]any)["currency_code"] = "QQQ" }, 422, "validation_failed", "salary_range.currency_code"},
		{"withdrawn currency", func(b map[string]any) { b["salary_range"].(map[string]any)["currency_code"] = "DEM" }, 422, "validation_failed", "salary_range.currency_code"},
		{"test currency", func(b map[string]any) { b["salary_range"].(map[string]any)["currency_code"] = "XTS" }, 422, "validation_failed", "salary_range.currency_code"},
		{"bad period", func(b map[string]any) { b["salary_range"].(map[string]any)["period"] = "yearly" }, 422, "validation_failed", "salary_range.period"},
		{"min above max", func(b map[string]any) { b["salary_range"].(map[string]any)["min"] = 100000 }, 422, "validation_failed", "salary_range.max"},
		{"salary not integer", func(b map[string]any) { b["salary_range"].(map[string]any)["min"] = "lots" }, 400, "bad_request", "salary_range.min"},
	}
	before := countAll(t, env)
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			body := validClone(env)
			c.change(body)
			assertError(t, env.Do(http.MethodPost, clonePath(env.Demo.TemplatePositionUID), body), c.status, c.code, c.mentions)
		})
	}
	if after := countAll(t, env); after != before {
		t.Errorf("failed clones wrote: %+v -> %+v", before, after)
	}
}

func TestCloneOnlyTemplatesOfTheCompany(t *testing.T) {
	env := hiregraphtest.New(t)
	other, err := demo.Seed(context.Background(), env.DB.Client, env.Sealer, "Other Corp")
	if err != nil {
		t.Fatal(err)
	}
	before := countAll(t, env)
	assertError(t, env.Do(http.MethodPost, clonePath(env.Demo.NonTemplatePositionUID), validClone(env)), 422, "position_not_template", "template")
	assertError(t, env.Do(http.MethodPost, clonePath("pos_nope"), validClone(env)), 404, "position_not_found", "pos_nope")
	assertError(t, env.Do(http.MethodPost, clonePath(other.TemplatePositionUID), validClone(env)), 404, "position_not_found", other.TemplatePositionUID)
	if after := countAll(t, env); after != before {
		t.Errorf("refused clones wrote: %+v -> %+v", before, after)
	}
	gql := env.GraphQL(`mutation($uid: ID!, $in: ClonePositionInput!) { clonePosition(uid: $uid, input: $in) { id } }`, map[string]any{
		"uid": env.Demo.NonTemplatePositionUID,
		"in": map[string]any{"name": "x", "copyAssignees": false, "status": "open", "isDiscreet": false,
			"users": map[string]any{"leadRecruiter": map[string]any{"email": env.Demo.Users["recruiter"]}, "hiringManager": map[string]any{"email": env.Demo.Users["hiring_manager"]}}},
	})
	if gql.Code() != "position_not_template" {
		t.Errorf("GraphQL clone of a non-template: %+v", gql.Errors)
	}
}

func TestCloneSalaryNeedsScope(t *testing.T) {
	env := hiregraphtest.New(t)
	ctx := privacy.DecisionContext(context.Background(), privacy.Allow)
	key, err := auth.CreateKey(ctx, env.DB.Client, env.Sealer, env.Demo.CompanyUID, "no salary", []string{viewer.ScopeRead, viewer.ScopeWrite})
	if err != nil {
		t.Fatal(err)
	}
	headers := map[string]string{"Authorization": "Bearer " + key.Secret}
	assertError(t, env.DoWith(http.MethodPost, clonePath(env.Demo.TemplatePositionUID), validClone(env), headers), 403, "forbidden", "salary_ranges:write")
	body := validClone(env)
	delete(body, "salary_range")
	if r := env.DoWith(http.MethodPost, clonePath(env.Demo.TemplatePositionUID), body, headers); r.Status != http.StatusCreated {
		t.Errorf("clone without salary_range: %s", r)
	}
}

func TestClonePositionThroughGraphQL(t *testing.T) {
	env := hiregraphtest.New(t)
	var out struct {
		ClonePosition struct {
			ID, Name, Status string
			Template         struct{ ID string }
			Openings         struct{ TotalCount int }
			SalaryRange      struct{ CurrencyCode string }
		}
	}
	env.GraphQL(`mutation($uid: ID!, $in: ClonePositionInput!) {
		clonePosition(uid: $uid, input: $in) { id name status template { id } openings { totalCount } salaryRange { currencyCode } } }`, map[string]any{
		"uid": env.Demo.TemplatePositionUID,
		"in": map[string]any{"name": "Data Engineer", "copyAssignees": true, "status": "closed", "isDiscreet": true,
			"salaryRange": map[string]any{"min": 1, "max": 2, "currencyCode": "VES", "period": "hourly"},
			"users":       map[string]any{"leadRecruiter": map[string]any{"email": env.Demo.Users["recruiter"]}, "hiringManager": map[string]any{"email": env.Demo.Users["hiring_manager"]}},
			"openings":    []any{map[string]any{"name": "DE #1", "timeExpectedHire": "2026-12-01", "reason": "Temporary replacement", "status": "OPEN", "customFields": map[string]any{"Requisition ID": "R-9"}}},
		},
	}).Decode(t, &out)
	c := out.ClonePosition
	if c.Name != "Data Engineer" || c.Status != "CLOSED" || c.Template.ID != env.Demo.TemplatePositionUID || c.Openings.TotalCount != 1 || c.SalaryRange.CurrencyCode != "VES" {
		t.Errorf("clonePosition = %+v", c)
	}
}
