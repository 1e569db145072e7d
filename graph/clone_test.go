package graph_test

import (
	"slices"
	"testing"

	"github.com/hiregraph/hiregraph/ent/fielddefinition"
	"github.com/hiregraph/hiregraph/internal/hiregraphtest"
)

const cloneMutation = `mutation($uid: ID!, $in: ClonePositionInput!) {
	clonePosition(uid: $uid, input: $in) {
		id name status isTemplate isPublished department experienceLevel employmentType
		template { id }
		location { id }
		salaryRange { min max currencyCode period }
		categories { name value order }
		details { name value }
		leadRecruiter { email } hiringManager { email } coordinator { email }
		workflow { name assigneeIDs }
		openings { edges { node { name status reason approvalStatus timeExpectedHire customFields approvalProcess { status } } } }
	}
}`

type clonedPosition struct {
	ID, Name, Status                            string
	Department, ExperienceLevel, EmploymentType *string
	IsTemplate, IsPublished                     bool
	Template, Location                          struct{ ID string }
	SalaryRange                                 struct {
		Min, Max             int
		CurrencyCode, Period string
	}
	Categories, Details                       []struct{ Name, Value string }
	LeadRecruiter, HiringManager, Coordinator struct{ Email string }
	Workflow                                  []struct{ AssigneeIDs []string }
	Openings                                  struct {
		Edges []struct {
			Node struct {
				Name, Status, Reason, ApprovalStatus, TimeExpectedHire string
				CustomFields                                           map[string]string
				ApprovalProcess                                        struct{ Status string }
			}
		}
	}
}

func clone(t *testing.T, env *hiregraphtest.Env, in map[string]any) clonedPosition {
	t.Helper()
	var out struct{ ClonePosition clonedPosition }
	env.GraphQL(cloneMutation, map[string]any{"uid": env.Demo.TemplatePositionUID, "in": in}).Decode(t, &out)
	return out.ClonePosition
}

func TestClonePosition(t *testing.T) {
	env := hiregraphtest.New(t)
	c := clone(t, env, env.CloneInput())
	if c.Name != "Data Engineer" || c.Status != "CLOSED" || c.IsTemplate || c.IsPublished || c.Template.ID != env.Demo.TemplatePositionUID ||
		*c.Department != "Research" || *c.ExperienceLevel != "Senior" || c.Location.ID != env.Demo.LocationUID {
		t.Errorf("clonePosition = %+v", c)
	}
	if c.SalaryRange.CurrencyCode != "VES" || c.SalaryRange.Min != 1 || c.SalaryRange.Period != "hourly" {
		t.Errorf("salaryRange = %+v", c.SalaryRange)
	}
	if len(c.Categories) == 0 || c.Categories[0].Name != "Team" || c.Categories[0].Value != "Data" {
		t.Errorf("categories = %+v", c.Categories)
	}
	if c.LeadRecruiter.Email != env.Demo.Users["recruiter"] || c.HiringManager.Email != env.Demo.Users["hiring_manager"] || c.Coordinator.Email != hiregraphtest.CoordinatorEmail {
		t.Errorf("users = %+v %+v %+v", c.LeadRecruiter, c.HiringManager, c.Coordinator)
	}
	for _, step := range c.Workflow {
		if len(step.AssigneeIDs) != 0 {
			t.Errorf("copyAssignees false kept assignees %v", step.AssigneeIDs)
		}
	}
	if len(c.Openings.Edges) != 1 {
		t.Fatalf("openings = %+v", c.Openings)
	}
	o := c.Openings.Edges[0].Node
	if o.Name != "DE #1" || o.Status != "OPEN" || o.Reason != "TEMPORARY_REPLACEMENT" || o.ApprovalStatus != "APPROVED" ||
		o.TimeExpectedHire != "2026-12-01T00:00:00Z" || o.CustomFields["Requisition ID"] != "R-9" || o.ApprovalProcess.Status != "APPROVED" {
		t.Errorf("opening = %+v", o)
	}
	var defs struct {
		FieldDefinitions struct {
			Edges []struct{ Node struct{ Options []string } }
		}
	}
	env.GraphQL(`{ fieldDefinitions(where: {name: "Team", scope: CATEGORY}) { edges { node { options } } } }`, nil).Decode(t, &defs)
	if len(defs.FieldDefinitions.Edges) != 1 || !slices.Contains(defs.FieldDefinitions.Edges[0].Node.Options, "Data") {
		t.Errorf("the new category value Data is not an option: %+v", defs)
	}
}

// TestInternalUseFieldsNeverLeaveTheGraph: what a company marks internal-use
// is left out of the graph as it is of REST (spec 2.1): internal categories,
// details and opening custom fields are not listed, and department,
// experience level and employment type are null when their list is
// internal-use.
func TestInternalUseFieldsNeverLeaveTheGraph(t *testing.T) {
	env := hiregraphtest.New(t)
	in := env.CloneInput()
	in["categories"] = []any{map[string]any{"name": "Budget code", "value": "BC-7"}, map[string]any{"name": "Team", "value": "Data"}}
	in["details"] = []any{map[string]any{"name": "Hiring notes", "value": "secret"}, map[string]any{"name": "Requirements", "value": "Go"}}
	in["openings"].([]any)[0].(map[string]any)["customFields"] = map[string]any{"Internal budget": "90k", "Requisition ID": "R-9"}
	env.DB.Client.FieldDefinition.Update().Where(fielddefinition.ScopeEQ(fielddefinition.ScopeDepartment)).SetInternalUse(true).ExecX(hiregraphtest.System())

	c := clone(t, env, in)
	assertNamesOnly := func(what string, got []struct{ Name, Value string }, hidden string) {
		t.Helper()
		for _, nv := range got {
			if nv.Name == hidden {
				t.Errorf("%s show the internal-use %q: %+v", what, hidden, got)
			}
		}
		if len(got) == 0 {
			t.Errorf("%s lost the fields that are not internal: %+v", what, got)
		}
	}
	assertNamesOnly("categories", c.Categories, "Budget code")
	assertNamesOnly("details", c.Details, "Hiring notes")
	if c.Department != nil || c.ExperienceLevel == nil || *c.ExperienceLevel != "Senior" {
		t.Errorf("department %v (internal-use: null), experience level %v", c.Department, c.ExperienceLevel)
	}
	fields := c.Openings.Edges[0].Node.CustomFields
	if _, shown := fields["Internal budget"]; shown || fields["Requisition ID"] != "R-9" {
		t.Errorf("opening customFields = %v", fields)
	}

	// The template, read through the positions list, hides them too.
	var list struct {
		Positions struct {
			Edges []struct {
				Node struct {
					ID         string
					Department *string
					Categories []struct{ Name string }
				}
			}
		}
	}
	env.GraphQL(`{ positions(first: 50) { edges { node { id department categories { name } } } } }`, nil).Decode(t, &list)
	for _, e := range list.Positions.Edges {
		if e.Node.Department != nil || slices.ContainsFunc(e.Node.Categories, func(c struct{ Name string }) bool { return c.Name == "Budget code" }) {
			t.Errorf("position %s shows internal-use fields: %+v", e.Node.ID, e.Node)
		}
	}
}

// TestCloneTakesTheScorecardTemplate: a clone is evaluated as its template
// is: the same scale and the attributes still in the template, in order,
// as attributes of its own (editing one leaves the other alone).
func TestCloneTakesTheScorecardTemplate(t *testing.T) {
	env := hiregraphtest.New(t)
	type template struct {
		RatingScale int
		Attributes  []struct{ ID, Focus, Name, Description string }
	}
	var set struct {
		SetScorecardTemplate struct{ ScorecardTemplate template }
	}
	env.GraphQL(setScorecardTemplate, map[string]any{"position": env.Demo.TemplatePositionUID, "in": map[string]any{
		"ratingScale": 5, "attributes": []any{
			map[string]any{"focus": "Skills", "name": "SQL", "description": "Joins and indexes"},
			map[string]any{"focus": "Skills", "name": "Go"},
			map[string]any{"focus": "Values", "name": "Candour"},
		}}}).Decode(t, &set)
	kept := set.SetScorecardTemplate.ScorecardTemplate.Attributes
	// Go leaves the template before the clone: it stays off the clone.
	env.GraphQL(setScorecardTemplate, map[string]any{"position": env.Demo.TemplatePositionUID, "in": map[string]any{
		"ratingScale": 5, "attributes": []any{
			map[string]any{"id": kept[2].ID, "focus": "Values", "name": "Candour"},
			map[string]any{"id": kept[0].ID, "focus": "Skills", "name": "SQL", "description": "Joins and indexes"},
		}}}).Decode(t, &set)

	c := clone(t, env, env.CloneInput())
	var got struct {
		Node struct{ ScorecardTemplate *template }
	}
	env.GraphQL(`query($id: ID!) { node(id: $id) { ... on Position { scorecardTemplate { ratingScale attributes { id focus name description } } } } }`,
		map[string]any{"id": c.ID}).Decode(t, &got)
	tmpl := got.Node.ScorecardTemplate
	if tmpl == nil || tmpl.RatingScale != 5 || len(tmpl.Attributes) != 2 {
		t.Fatalf("the clone's scorecard template = %+v; want the template's scale 5 and its two attributes", tmpl)
	}
	if a := tmpl.Attributes[0]; a.Name != "Candour" || a.Focus != "Values" || a.ID == kept[2].ID {
		t.Errorf("first attribute = %+v; want Candour, an attribute of the clone's own", a)
	}
	if a := tmpl.Attributes[1]; a.Name != "SQL" || a.Description != "Joins and indexes" || a.ID == kept[0].ID {
		t.Errorf("second attribute = %+v; want SQL with its description, an attribute of the clone's own", a)
	}
}
