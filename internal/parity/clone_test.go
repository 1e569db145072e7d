package parity_test

import (
	"net/http"
	"testing"

	"github.com/hiregraph/hiregraph/internal/auth"
	"github.com/hiregraph/hiregraph/internal/hiregraphtest"
	"github.com/hiregraph/hiregraph/internal/viewer"
)

const cloneMutation = `mutation($uid: ID!, $in: ClonePositionInput!) { clonePosition(uid: $uid, input: $in) { id } }`

// TestCloneRulesAreTheSameOnBothFaces sends each refused clone through
// POST /v1/positions/{uid}/clone and the clonePosition mutation: both
// answer the same code and status, GraphQL names the field as its input
// spells it, and neither writes anything.
func TestCloneRulesAreTheSameOnBothFaces(t *testing.T) {
	env := hiregraphtest.New(t)
	noSalary, err := auth.CreateKey(hiregraphtest.System(), env.DB.Client, env.Sealer, env.Demo.CompanyUID, "no salary", []string{viewer.ScopeRead, viewer.ScopeWrite})
	if err != nil {
		t.Fatal(err)
	}
	// The valid request passes on both faces, so each refusal below is the
	// one change the case makes.
	if r := env.Do(http.MethodPost, "/v1/positions/"+env.Demo.TemplatePositionUID+"/clone", restBody(env.CloneInput())); r.Status != http.StatusCreated {
		t.Fatalf("REST clone of the valid input: %s", r)
	}
	var ok struct{ ClonePosition struct{ ID string } }
	env.GraphQL(cloneMutation, map[string]any{"uid": env.Demo.TemplatePositionUID, "in": env.CloneInput()}).Decode(t, &ok)

	users := func(in map[string]any) map[string]any { return in["users"].(map[string]any) }
	opening := func(in map[string]any) map[string]any { return in["openings"].([]any)[0].(map[string]any) }
	cases := []struct {
		name        string
		uid         string
		change      func(map[string]any)
		key         string
		code, field string
	}{
		{"not a template", env.Demo.NonTemplatePositionUID, nil, "", "position_not_template", ""},
		{"unknown position", "pos_nope", nil, "", "position_not_found", ""},
		{"bad status", "", func(in map[string]any) { in["status"] = "OPEN" }, "", "validation_failed", "status"},
		{"blank name", "", func(in map[string]any) { in["name"] = " " }, "", "validation_failed", "name"},
		{"unknown lead recruiter", "", func(in map[string]any) { users(in)["leadRecruiter"] = map[string]any{"email": "nobody@acme.example"} },
			"", "user_not_found", "users.leadRecruiter.email"},
		{"lead recruiter without the role", "", func(in map[string]any) {
			users(in)["leadRecruiter"] = map[string]any{"email": hiregraphtest.CoordinatorEmail}
		},
			"", "user_not_recruiter", "users.leadRecruiter.email"},
		{"unknown location", "", func(in map[string]any) { in["locationUID"] = "loc_nope" }, "", "location_not_found", "locationUID"},
		{"unknown category", "", func(in map[string]any) { in["categories"] = []any{map[string]any{"name": "Mood", "value": "x"}} },
			"", "field_not_found", "categories[0].name"},
		{"unknown questionnaire", "", func(in map[string]any) { in["questionnaireUIDs"] = []any{"qnr_nope"} }, "", "questionnaire_not_found", "questionnaireUIDs[0]"},
		{"empty openings", "", func(in map[string]any) { in["openings"] = []any{} }, "", "validation_failed", "openings"},
		{"opening not OPEN", "", func(in map[string]any) { opening(in)["status"] = "Open" }, "", "validation_failed", "openings[0].status"},
		{"bad reason", "", func(in map[string]any) { opening(in)["reason"] = "new" }, "", "validation_failed", "openings[0].reason"},
		{"unknown custom field", "", func(in map[string]any) { opening(in)["customFields"] = map[string]any{"Shoe size": "42"} },
			"", "field_not_found", "openings[0].customFields.Shoe size"},
		{"bad currency", "", func(in map[string]any) { in["salaryRange"].(map[string]any)["currencyCode"] = "DEM" }, "", "validation_failed", "salaryRange.currencyCode"},
		{"salary without the scope", "", nil, noSalary.Secret, "forbidden", ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			in := env.CloneInput()
			if c.change != nil {
				c.change(in)
			}
			uid, key := c.uid, c.key
			if uid == "" {
				uid = env.Demo.TemplatePositionUID
			}
			if key == "" {
				key = env.Demo.APIKey
			}
			headers := map[string]string{"Authorization": "Bearer " + key, "Content-Type": "application/json"}
			before := env.CloneCounts()

			rest := env.DoWith(http.MethodPost, "/v1/positions/"+uid+"/clone", restBody(in), headers)
			graph, gql := graphRequest(t, env, headers, cloneMutation, map[string]any{"uid": uid, "in": in})
			sameFailure(t, restOutcome(t, rest), graph, c.code)
			if field, _ := gql.Errors[0].Extensions["field"].(string); field != c.field {
				t.Errorf("GraphQL extensions.field %q, want %q", field, c.field)
			}
			if string(gql.Data) != "null" {
				t.Errorf("GraphQL data = %s, want null", gql.Data)
			}
			env.AssertCloneUnchanged(t, before)
		})
	}
}
