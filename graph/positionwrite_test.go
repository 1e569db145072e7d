package graph_test

import (
	"context"
	"net/http"
	"testing"

	"github.com/hiregraph/hiregraph/internal/demo"
	"github.com/hiregraph/hiregraph/internal/hiregraphtest"
	"github.com/hiregraph/hiregraph/internal/viewer"
)

// createPositionInput is a position from scratch in the demo company.
func createPositionInput(env *hiregraphtest.Env) map[string]any {
	return map[string]any{
		"name": "Firmware Engineer", "status": "open", "isDiscreet": false,
		"department": "engineering", "workplaceType": "remote", "email": "jobs+fw@acme.example",
		"internalUseCustomID": "REQ-900", "locationUID": env.Demo.LocationUID,
		"categories": []any{map[string]any{"name": "Team", "value": "Robotics"}},
		"details":    []any{map[string]any{"name": "Job description", "value": "<p>Write <b>firmware</b><script>x()</script></p>"}},
		"users": map[string]any{
			"leadRecruiter": map[string]any{"email": env.Demo.Users["recruiter"]},
			"hiringManager": map[string]any{"email": env.Demo.Users["hiring_manager"]},
		},
	}
}

const positionFields = `id name status isPublished department workplaceType email internalUseCustomID
	template { id } location { id } categories { name value order } details { name value }
	leadRecruiter { email } hiringManager { email }
	openings { totalCount edges { node { id name status approvalStatus headcount } } }
	activities(first: 10) { totalCount edges { node { verb objectType objectID changes { field before after } } } }`

type positionOut struct {
	ID, Name, Status, Department, WorkplaceType, Email string
	IsPublished                                        bool
	InternalUseCustomID                                *string
	Template, Location                                 *struct{ ID string }
	Categories                                         []struct {
		Name, Value string
		Order       int
	}
	Details                      []struct{ Name, Value string }
	LeadRecruiter, HiringManager struct{ Email string }
	Openings                     struct {
		TotalCount int
		Edges      []struct {
			Node openingOut
		}
	}
	Activities activitiesOut
}

type openingOut struct {
	ID, Name, Status, ApprovalStatus string
	Headcount                        int
	TimeApproved                     *string
	ApprovalProcess                  *struct {
		ID, Name, Status string
		TimeStarted      string
		TimeCompleted    *string
	}
}

type activitiesOut struct {
	TotalCount int
	Edges      []struct {
		Node struct {
			Verb, ObjectType, ObjectID string
			Changes                    []struct {
				Field         string
				Before, After any
			}
		}
	}
}

func (a activitiesOut) verbs() []string {
	var out []string
	for _, e := range a.Edges {
		out = append(out, e.Node.Verb)
	}
	return out
}

func readPosition(t *testing.T, env *hiregraphtest.Env, id string) positionOut {
	t.Helper()
	var out struct{ Node positionOut }
	env.GraphQL(`query($id: ID!) { node(id: $id) { ... on Position { `+positionFields+` } } }`, map[string]any{"id": id}).Decode(t, &out)
	return out.Node
}

func TestCreatePositionFromScratch(t *testing.T) {
	env := hiregraphtest.New(t)
	var out struct{ CreatePosition positionOut }
	env.GraphQL(`mutation($in: CreatePositionInput!) { createPosition(input: $in) { `+positionFields+` } }`,
		map[string]any{"in": createPositionInput(env)}).Decode(t, &out)
	p := out.CreatePosition
	if p.Name != "Firmware Engineer" || p.Status != "OPEN" || p.IsPublished || p.Template != nil ||
		p.Department != "Engineering" || p.WorkplaceType != "remote" || p.Email != "jobs+fw@acme.example" ||
		p.InternalUseCustomID == nil || *p.InternalUseCustomID != "REQ-900" || p.Location == nil || p.Location.ID != env.Demo.LocationUID {
		t.Errorf("created %+v", p)
	}
	if len(p.Categories) != 1 || p.Categories[0].Value != "Robotics" || p.Categories[0].Order != 1 {
		t.Errorf("categories %+v", p.Categories)
	}
	if len(p.Details) != 1 || p.Details[0].Value != "<p>Write <b>firmware</b></p>" {
		t.Errorf("details %+v, want sanitized HTML", p.Details)
	}
	if p.LeadRecruiter.Email != env.Demo.Users["recruiter"] || p.HiringManager.Email != env.Demo.Users["hiring_manager"] {
		t.Errorf("users %+v %+v", p.LeadRecruiter, p.HiringManager)
	}
	if p.Openings.TotalCount != 1 || p.Openings.Edges[0].Node.Name != "Firmware Engineer" || p.Openings.Edges[0].Node.ApprovalStatus != "NA" {
		t.Errorf("openings %+v, want one named after the position", p.Openings)
	}
	// A copy of the company's default pipeline, without its assignees.
	var board struct {
		Node struct {
			Pipeline []struct{ ID, Name string }
		}
	}
	env.GraphQL(`query($id: ID!) { node(id: $id) { ... on Position { pipeline { id name } } } }`, map[string]any{"id": p.ID}).Decode(t, &board)
	var def struct {
		Node struct {
			Pipeline []struct{ ID, Name string }
		}
	}
	env.GraphQL(`query($id: ID!) { node(id: $id) { ... on Position { pipeline { id name } } } }`, map[string]any{"id": env.Demo.PublishedPositionUID}).Decode(t, &def)
	if len(board.Node.Pipeline) == 0 || len(board.Node.Pipeline) != len(def.Node.Pipeline) || board.Node.Pipeline[0].Name != "Applied" ||
		board.Node.Pipeline[0].ID == def.Node.Pipeline[0].ID {
		t.Errorf("pipeline %+v, want a copy of the default pipeline (the demo positions have it too: %+v)", board.Node.Pipeline, def.Node.Pipeline)
	}
	// Newest first: the opening was created after the position.
	if got := p.Activities.verbs(); len(got) != 2 || got[0] != "opening.created" || got[1] != "position.created" {
		t.Errorf("timeline %v, want opening.created then position.created", got)
	}
}

// createPosition runs the clone's validation: same codes, same fields,
// named as the GraphQL input spells them.
func TestCreatePositionRefusesWhatACloneRefuses(t *testing.T) {
	env := hiregraphtest.New(t)
	for name, c := range map[string]struct {
		change      func(map[string]any)
		code, field string
	}{
		"blank name": {func(in map[string]any) { in["name"] = " " }, "validation_failed", "name"},
		"bad status": {func(in map[string]any) { in["status"] = "paused" }, "validation_failed", "status"},
		"unknown user": {func(in map[string]any) {
			in["users"].(map[string]any)["hiringManager"] = map[string]any{"email": "nobody@x.example"}
		}, "user_not_found", "users.hiringManager.email"},
		"not recruiter": {func(in map[string]any) {
			in["users"].(map[string]any)["leadRecruiter"] = map[string]any{"email": env.Demo.Users["hiring_manager"]}
		}, "user_not_recruiter", "users.leadRecruiter.email"},
		"unknown field":  {func(in map[string]any) { in["categories"] = []any{map[string]any{"name": "Shoe size", "value": "9"}} }, "field_not_found", "categories[0].name"},
		"bad workplace":  {func(in map[string]any) { in["workplaceType"] = "moon" }, "validation_failed", "workplaceType"},
		"bad url":        {func(in map[string]any) { in["urlActivePage"] = "javascript:alert(1)" }, "validation_failed", "urlActivePage"},
		"empty openings": {func(in map[string]any) { in["openings"] = []any{} }, "validation_failed", "openings"},
	} {
		t.Run(name, func(t *testing.T) {
			in := createPositionInput(env)
			c.change(in)
			before := env.CloneCounts()
			r := env.GraphQL(`mutation($in: CreatePositionInput!) { createPosition(input: $in) { id } }`, map[string]any{"in": in})
			assertCode(t, r, c.code, 0)
			if f := r.Errors[0].Extensions["field"]; f != c.field {
				t.Errorf("field %v, want %s", f, c.field)
			}
			env.AssertCloneUnchanged(t, before)
		})
	}
}

func TestUpdatePositionRecordsEachChange(t *testing.T) {
	env := hiregraphtest.New(t)
	var out struct{ UpdatePosition positionOut }
	env.GraphQL(`mutation($id: ID!) { updatePosition(id: $id, input: {
		name: "Staff Backend Engineer", department: "sales", internalUseCustomID: "",
		categories: [{name: "Team", value: "Robotics"}],
		users: {hiringManager: {email: "ian.interviewer@acme.example"}} }) { `+positionFields+` } }`,
		map[string]any{"id": env.Demo.PublishedPositionUID}).Decode(t, &out)
	p := out.UpdatePosition
	if p.Name != "Staff Backend Engineer" || p.Department != "Sales" || p.InternalUseCustomID != nil ||
		p.HiringManager.Email != "ian.interviewer@acme.example" || p.Categories[0].Value != "Robotics" {
		t.Errorf("updated %+v", p)
	}
	a := p.Activities.Edges[0].Node
	if a.Verb != "position.updated" || a.ObjectID != env.Demo.PublishedPositionUID {
		t.Fatalf("timeline starts with %+v", a)
	}
	changed := map[string][2]any{}
	for _, c := range a.Changes {
		changed[c.Field] = [2]any{c.Before, c.After}
	}
	if changed["name"] != [2]any{"Senior Backend Engineer", "Staff Backend Engineer"} || changed["department"] != [2]any{"Engineering", "Sales"} ||
		changed["internalUseCustomID"] != [2]any{"REQ-101", nil} || len(changed) != 5 {
		t.Errorf("changes %+v, want name, department, internalUseCustomID, categories and hiringManager", changed)
	}

	// Nothing to change: nothing recorded.
	before := readPosition(t, env, env.Demo.PublishedPositionUID).Activities.TotalCount
	env.GraphQL(`mutation($id: ID!) { updatePosition(id: $id, input: {name: "Staff Backend Engineer"}) { id } }`,
		map[string]any{"id": env.Demo.PublishedPositionUID}).Decode(t, &struct{}{})
	if after := readPosition(t, env, env.Demo.PublishedPositionUID).Activities.TotalCount; after != before {
		t.Errorf("an update that changed nothing wrote %d activities", after-before)
	}

	r := env.GraphQL(`mutation($id: ID!) { updatePosition(id: $id, input: {users: {leadRecruiter: {email: "hank.manager@acme.example"}}}) { id } }`,
		map[string]any{"id": env.Demo.PublishedPositionUID})
	assertCode(t, r, "user_not_recruiter", http.StatusUnprocessableEntity)
}

const setStatus = `mutation($id: ID!, $s: PositionStatus!) { setPositionStatus(id: $id, status: $s) { id status isPublished } }`

// The careers API follows publication at once.
func TestPublishingAndStatusDriveTheCareersAPI(t *testing.T) {
	env := hiregraphtest.New(t)
	careers := func(id string) int {
		return env.DoWith(http.MethodGet, "/careers-api/2.0/company/"+env.Demo.CompanyUID+"/positions/"+id+"?token="+env.Demo.CareersToken, nil, nil).Status
	}
	id := env.Demo.UnpublishedPositionUID // on hold, with a candidate in progress
	assertCode(t, env.GraphQL(`mutation($id: ID!) { publishPosition(id: $id) { id } }`, map[string]any{"id": id}), "illegal_transition", http.StatusConflict)
	assertCode(t, env.GraphQL(`mutation($id: ID!) { publishPosition(id: $id) { id } }`, map[string]any{"id": env.Demo.TemplatePositionUID}), "position_is_template", http.StatusUnprocessableEntity)

	var out struct {
		SetPositionStatus struct {
			Status      string
			IsPublished bool
		}
	}
	env.GraphQL(setStatus, map[string]any{"id": id, "s": "OPEN"}).Decode(t, &out)
	env.GraphQL(`mutation($id: ID!) { publishPosition(id: $id) { id isPublished } }`, map[string]any{"id": id}).Decode(t, &struct{}{})
	if got := careers(id); got != http.StatusOK {
		t.Fatalf("published position: careers API %d, want 200", got)
	}
	env.GraphQL(setStatus, map[string]any{"id": id, "s": "ON_HOLD"}).Decode(t, &out)
	if out.SetPositionStatus.Status != "ON_HOLD" || out.SetPositionStatus.IsPublished {
		t.Errorf("on hold: %+v, want unpublished", out.SetPositionStatus)
	}
	if got := careers(id); got != http.StatusNotFound {
		t.Errorf("position on hold: careers API %d, want 404", got)
	}
	p := readPosition(t, env, id)
	if got := p.Activities.verbs(); len(got) < 3 || got[0] != "position.status_changed" || got[1] != "position.published" || got[2] != "position.status_changed" {
		t.Errorf("timeline %v", got)
	}
	if len(p.Activities.Edges[0].Node.Changes) != 2 {
		t.Errorf("on hold changes %+v, want status and isPublished", p.Activities.Edges[0].Node.Changes)
	}

	// Closing waits for the candidates in progress; nothing changes.
	assertCode(t, env.GraphQL(setStatus, map[string]any{"id": id, "s": "CLOSED"}), "candidates_in_progress", http.StatusConflict)
	if readPosition(t, env, id).Status != "ON_HOLD" {
		t.Error("a refused close changed the status")
	}
}

func TestClosingAPositionClosesItsOpenings(t *testing.T) {
	env := hiregraphtest.New(t)
	var created struct{ CreatePosition positionOut }
	env.GraphQL(`mutation($in: CreatePositionInput!) { createPosition(input: $in) { id openings { edges { node { id } } } } }`,
		map[string]any{"in": createPositionInput(env)}).Decode(t, &created)
	id := created.CreatePosition.ID
	env.GraphQL(setStatus, map[string]any{"id": id, "s": "CLOSED"}).Decode(t, &struct{}{})
	p := readPosition(t, env, id)
	if p.Status != "CLOSED" || p.Openings.Edges[0].Node.Status != "CLOSED" {
		t.Errorf("closed position %s with opening %s", p.Status, p.Openings.Edges[0].Node.Status)
	}
	if got := p.Activities.verbs(); got[0] != "position.status_changed" || got[1] != "opening.status_changed" {
		t.Errorf("timeline %v", got)
	}
	r := env.GraphQL(`mutation($id: ID!) { createOpening(positionID: $id, input: {name: "x", timeExpectedHire: "2027-01-01", reason: "New"}) { id } }`, map[string]any{"id": id})
	assertCode(t, r, "illegal_transition", http.StatusConflict)
	r = env.GraphQL(`mutation($id: ID!) { updateOpening(id: $id, input: {status: OPEN}) { id } }`, map[string]any{"id": p.Openings.Edges[0].Node.ID})
	assertCode(t, r, "illegal_transition", http.StatusConflict)
}

const openingFields = `id name status approvalStatus headcount timeApproved approvalProcess { id name status timeStarted timeCompleted }`

func TestOpeningApproval(t *testing.T) {
	env := hiregraphtest.New(t)
	var created struct{ CreateOpening openingOut }
	env.GraphQL(`mutation($id: ID!, $f: StringMap) { createOpening(positionID: $id, input: {name: "Backend #3", timeExpectedHire: "2027-01-01",
		reason: "Replacement hire", headcount: 2, customFields: $f}) { `+openingFields+` customFields } }`,
		map[string]any{"id": env.Demo.PublishedPositionUID, "f": map[string]string{"Cost center": "cc-200"}}).Decode(t, &created)
	o := created.CreateOpening
	if o.Status != "OPEN" || o.ApprovalStatus != "NA" || o.Headcount != 2 || o.ApprovalProcess != nil {
		t.Fatalf("created %+v", o)
	}
	step := func(mutation string) *hiregraphtest.GraphQLResponse {
		return env.GraphQL(`mutation($id: ID!) { `+mutation+`(openingID: $id) { `+openingFields+` } }`, map[string]any{"id": o.ID})
	}
	var out map[string]openingOut
	assertCode(t, step("approveOpening"), "illegal_transition", http.StatusConflict)

	step("startOpeningApproval").Decode(t, &out)
	if s := out["startOpeningApproval"]; s.Status != "PENDING" || s.ApprovalStatus != "STARTED" || s.ApprovalProcess == nil ||
		s.ApprovalProcess.Status != "STARTED" || s.ApprovalProcess.TimeCompleted != nil {
		t.Fatalf("started %+v", s)
	}
	assertCode(t, step("startOpeningApproval"), "illegal_transition", http.StatusConflict)
	step("pauseOpeningApproval").Decode(t, &out)
	if s := out["pauseOpeningApproval"]; s.ApprovalStatus != "PAUSED" || s.ApprovalProcess.Status != "PAUSED" {
		t.Fatalf("paused %+v", s)
	}
	step("rejectOpening").Decode(t, &out)
	if s := out["rejectOpening"]; s.Status != "PENDING" || s.ApprovalStatus != "REJECTED" || s.ApprovalProcess.TimeCompleted == nil {
		t.Fatalf("rejected %+v", s)
	}
	step("startOpeningApproval").Decode(t, &out)
	if s := out["startOpeningApproval"]; s.ApprovalStatus != "STARTED" || s.ApprovalProcess.TimeCompleted != nil {
		t.Fatalf("restarted %+v", s)
	}
	step("approveOpening").Decode(t, &out)
	a := out["approveOpening"]
	if a.Status != "OPEN" || a.ApprovalStatus != "APPROVED" || a.TimeApproved == nil ||
		a.ApprovalProcess.Status != "APPROVED" || a.ApprovalProcess.TimeCompleted == nil || *a.ApprovalProcess.TimeCompleted != *a.TimeApproved {
		t.Fatalf("approved %+v", a)
	}
	assertCode(t, step("rejectOpening"), "illegal_transition", http.StatusConflict)

	// The REST list shows the approval as the filter matches it.
	r := env.Do(http.MethodGet, "/v1/openings?status=APPROVED&position_uid="+env.Demo.PublishedPositionUID, nil)
	var list struct {
		Openings []struct {
			UID             string
			ApprovalProcess struct {
				Status        string
				TimeCompleted string `json:"time_completed"`
			} `json:"approval_process"`
		}
	}
	r.JSON(t, &list)
	found := false
	for _, l := range list.Openings {
		if l.UID == o.ID {
			found = l.ApprovalProcess.Status == "APPROVED" && l.ApprovalProcess.TimeCompleted != ""
		}
	}
	if !found {
		t.Errorf("GET /v1/openings?status=APPROVED: %s", r.Body)
	}

	got := readPosition(t, env, env.Demo.PublishedPositionUID).Activities.verbs()
	want := []string{"approval.approved", "approval.started", "approval.rejected", "approval.paused", "approval.started", "opening.created"}
	for i, v := range want {
		if i >= len(got) || got[i] != v {
			t.Fatalf("timeline %v, want it to start with %v", got, want)
		}
	}
}

func TestUpdateOpening(t *testing.T) {
	env := hiregraphtest.New(t)
	p := readPosition(t, env, env.Demo.PublishedPositionUID)
	id := p.Openings.Edges[0].Node.ID // approved, open
	var out struct {
		UpdateOpening struct {
			openingOut
			CustomFields map[string]string
		}
	}
	env.GraphQL(`mutation($id: ID!, $f: StringMap) { updateOpening(id: $id, input: {name: "Renamed", headcount: 3, reason: "New",
		customFields: $f, status: CLOSED}) { `+openingFields+` customFields } }`,
		map[string]any{"id": id, "f": map[string]string{"Cost center": "cc-200", "Requisition ID": ""}}).Decode(t, &out)
	o := out.UpdateOpening
	if o.Name != "Renamed" || o.Headcount != 3 || o.Status != "CLOSED" || o.CustomFields["Cost center"] != "CC-200" {
		t.Errorf("updated %+v", o)
	}
	if _, ok := o.CustomFields["Requisition ID"]; ok {
		t.Errorf("an empty value kept the field: %+v", o.CustomFields)
	}
	if got := readPosition(t, env, env.Demo.PublishedPositionUID).Activities.verbs(); got[0] != "opening.status_changed" || got[1] != "opening.updated" {
		t.Errorf("timeline %v", got)
	}
	for input, code := range map[string]string{
		`{status: FILLED}`:  "illegal_transition",
		`{status: PENDING}`: "illegal_transition",
		`{headcount: 0}`:    "validation_failed",
		`{reason: "Old"}`:   "validation_failed",
	} {
		assertCode(t, env.GraphQL(`mutation($id: ID!) { updateOpening(id: $id, input: `+input+`) { id } }`, map[string]any{"id": id}), code, 0)
	}
	env.GraphQL(`mutation($id: ID!) { updateOpening(id: $id, input: {status: OPEN}) { status } }`, map[string]any{"id": id}).Decode(t, &out)
	if out.UpdateOpening.Status != "OPEN" {
		t.Errorf("reopened approved opening is %s, want OPEN", out.UpdateOpening.Status)
	}
}

// positionMutations is every position and opening mutation, run on the
// demo's records, with the verb each must put on the position's timeline.
func positionMutations(env *hiregraphtest.Env, openingID string) []struct{ name, query, verb string } {
	return []struct{ name, query, verb string }{
		{"createPosition", `mutation { createPosition(input: {name: "X", status: "open", isDiscreet: false,
			users: {leadRecruiter: {email: "rita.recruiter@acme.example"}, hiringManager: {email: "hank.manager@acme.example"}}}) { id } }`, "opening.created"},
		{"clonePosition", `mutation($t: ID!) { clonePosition(uid: $t, input: {name: "C", copyAssignees: false, status: "open", isDiscreet: false,
			users: {leadRecruiter: {email: "rita.recruiter@acme.example"}, hiringManager: {email: "hank.manager@acme.example"}}}) { id } }`, "opening.created"},
		{"updatePosition", `mutation($p: ID!) { updatePosition(id: $p, input: {name: "Y"}) { id } }`, "position.updated"},
		{"unpublishPosition", `mutation($p: ID!) { unpublishPosition(id: $p) { id } }`, "position.unpublished"},
		{"publishPosition", `mutation($p: ID!) { publishPosition(id: $p) { id } }`, "position.published"},
		{"setPositionStatus", `mutation($p: ID!) { setPositionStatus(id: $p, status: ON_HOLD) { id } }`, "position.status_changed"},
		{"createOpening", `mutation($p: ID!) { createOpening(positionID: $p, input: {name: "Z", timeExpectedHire: "2027-01-01", reason: "New"}) { id } }`, "opening.created"},
		{"updateOpening", `mutation($o: ID!) { updateOpening(id: $o, input: {name: "W"}) { id } }`, "opening.updated"},
		{"startOpeningApproval", `mutation($o: ID!) { startOpeningApproval(openingID: $o) { id } }`, "approval.started"},
		{"pauseOpeningApproval", `mutation($o: ID!) { pauseOpeningApproval(openingID: $o) { id } }`, "approval.paused"},
		{"rejectOpening", `mutation($o: ID!) { rejectOpening(openingID: $o) { id } }`, "approval.rejected"},
		{"startOpeningApproval again", `mutation($o: ID!) { startOpeningApproval(openingID: $o) { id } }`, "approval.started"},
		{"approveOpening", `mutation($o: ID!) { approveOpening(openingID: $o) { id } }`, "approval.approved"},
	}
}

// TestEveryPositionMutationWritesItsActivity: nothing changes without its
// activity, on the timeline of the position it changed.
func TestEveryPositionMutationWritesItsActivity(t *testing.T) {
	env := hiregraphtest.New(t)
	pos := env.Demo.PublishedPositionUID
	var created struct{ CreateOpening struct{ ID string } }
	env.GraphQL(`mutation($p: ID!) { createOpening(positionID: $p, input: {name: "A", timeExpectedHire: "2027-01-01", reason: "New"}) { id } }`,
		map[string]any{"p": pos}).Decode(t, &created)
	vars := map[string]any{"p": pos, "o": created.CreateOpening.ID, "t": env.Demo.TemplatePositionUID}
	for _, m := range positionMutations(env, created.CreateOpening.ID) {
		var out map[string]struct{ ID string }
		r := env.GraphQL(m.query, varsOf(m.query, vars))
		r.Decode(t, &out)
		timelineOf := pos
		if m.name == "createPosition" || m.name == "clonePosition" {
			timelineOf = out[m.name].ID
		}
		if got := readPosition(t, env, timelineOf).Activities.verbs(); len(got) == 0 || got[0] != m.verb {
			t.Errorf("%s: timeline starts with %v, want %s", m.name, got, m.verb)
		}
	}
}

// varsOf keeps the variables a query declares.
func varsOf(query string, vars map[string]any) map[string]any {
	out := map[string]any{}
	for k, v := range vars {
		if contains(query, "$"+k+":") {
			out[k] = v
		}
	}
	return out
}

func contains(s, sub string) bool {
	for i := 0; i+len(sub) <= len(s); i++ {
		if s[i:i+len(sub)] == sub {
			return true
		}
	}
	return false
}

// A read-only key changes nothing; another company's records read as
// missing.
func TestPositionMutationsStayInScopeAndTenant(t *testing.T) {
	env := hiregraphtest.New(t)
	other, err := demo.Seed(context.Background(), env.DB.Client, env.Sealer, "Other Corp")
	if err != nil {
		t.Fatal(err)
	}
	otherEnv := *env
	otherEnv.Demo = other
	otherOpening := readPosition(t, &otherEnv, other.PublishedPositionUID).Openings.Edges[1].Node.ID
	readOnly := env.WithKey(viewer.ScopeRead)
	foreign := map[string]any{"p": other.PublishedPositionUID, "o": otherOpening, "t": other.TemplatePositionUID}
	ours := map[string]any{"p": env.Demo.PublishedPositionUID, "o": readPosition(t, env, env.Demo.PublishedPositionUID).Openings.Edges[1].Node.ID, "t": env.Demo.TemplatePositionUID}
	before := env.CloneCounts()
	for _, m := range positionMutations(env, "") {
		assertCode(t, readOnly.GraphQL(m.query, varsOf(m.query, ours)), "forbidden", http.StatusForbidden)
		if m.name == "createPosition" {
			continue
		}
		r := env.GraphQL(m.query, varsOf(m.query, foreign))
		code := "position_not_found"
		if contains(m.query, "$o:") {
			code = "opening_not_found"
		}
		assertCode(t, r, code, http.StatusNotFound)
	}
	env.AssertCloneUnchanged(t, before)
	if got := readPosition(t, &otherEnv, other.PublishedPositionUID); got.Name != "Senior Backend Engineer" || !got.IsPublished {
		t.Errorf("the other company's position changed: %+v", got)
	}
}
