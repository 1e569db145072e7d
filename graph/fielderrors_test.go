package graph_test

import (
	"net/http"
	"slices"
	"testing"

	"github.com/hiregraph/hiregraph/internal/hiregraphtest"
)

// faultFields returns extensions.field of each error of r, after checking
// every error is a validation error on the mutation's path.
func faultFields(t *testing.T, r *hiregraphtest.GraphQLResponse, mutation string) []string {
	t.Helper()
	var fields []string
	for _, e := range r.Errors {
		if e.Extensions["code"] != "validation_failed" || len(e.Path) != 1 || e.Path[0] != mutation {
			t.Errorf("%s: error %+v is not a validation error on its path", mutation, e)
		}
		f, _ := e.Extensions["field"].(string)
		fields = append(fields, f)
	}
	slices.Sort(fields)
	return fields
}

// TestValidationErrorsNameEveryGraphQLInputField: an input with several
// mistakes answers one error per field at fault, each naming the field as
// the GraphQL input spells it, and writes nothing.
func TestValidationErrorsNameEveryGraphQLInputField(t *testing.T) {
	env := hiregraphtest.New(t)
	for _, c := range []struct {
		mutation, query string
		vars            map[string]any
		want            []string
	}{
		{"createCandidate", `mutation($in: CreateCandidateInput!) { createCandidate(input: $in) { id } }`,
			map[string]any{"in": map[string]any{"positionID": env.Demo.PublishedPositionUID, "person": map[string]any{"firstName": " ", "email": "not-an-address"}}},
			[]string{"person.email", "person.firstName"}},
		{"createNote", `mutation($id: ID!, $in: CreateNoteInput!) { createNote(candidateID: $id, input: $in) { id } }`,
			map[string]any{"id": env.Demo.CandidateUID, "in": map[string]any{"timeCreated": "2099-01-01T00:00:00Z", "createdBy": map[string]any{"type": "app", "firstName": "x"}, "text": " ",
				"details": []any{map[string]any{"title": " "}}}},
			[]string{"details[0].title", "text", "timeCreated"}},
		{"clonePosition", `mutation($uid: ID!, $in: ClonePositionInput!) { clonePosition(uid: $uid, input: $in) { id } }`,
			map[string]any{"uid": env.Demo.TemplatePositionUID, "in": func() map[string]any {
				in := env.CloneInput()
				in["name"] = " "
				in["users"] = map[string]any{"leadRecruiter": map[string]any{"email": ""}, "hiringManager": map[string]any{"email": env.Demo.Users["hiring_manager"]}}
				in["salaryRange"] = map[string]any{"min": 1, "max": 2, "currencyCode": "euro", "period": "hourly"}
				return in
			}()},
			[]string{"name", "salaryRange.currencyCode", "users.leadRecruiter.email"}},
	} {
		env.AssertNothingWritten(t, func() {
			r := env.GraphQL(c.query, c.vars)
			if got := faultFields(t, r, c.mutation); !slices.Equal(got, c.want) {
				t.Errorf("%s: fields at fault %q, want %q (%s)", c.mutation, got, c.want, r.Data)
			}
		})
	}
}

// TestRESTValidationErrorKeepsItsShape: REST answers the same input with
// the body of spec 7.1, naming the first field at fault its own way.
func TestRESTValidationErrorKeepsItsShape(t *testing.T) {
	env := hiregraphtest.New(t)
	r := env.Do(http.MethodPost, "/v1/candidates/"+env.Demo.CandidateUID+"/notes", map[string]any{
		"time_created": "2099-01-01T00:00:00Z", "created_by": map[string]any{"type": "app", "first_name": "x"}, "text": " ",
	})
	r.AssertError(t, http.StatusUnprocessableEntity, "validation_failed", "time_created")
	if body := r.Map(t); len(body) != 3 {
		t.Errorf("REST error body = %s, want status, error and message only", r.Body)
	}
}
