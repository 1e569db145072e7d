package graph_test

import (
	"context"
	"net/http"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/hiregraph/hiregraph/internal/hiregraphtest"
)

// TestRenamedArgumentsKeepTheirOldSpelling: a subscriber still written
// for candidateId hears its events; giving the new and the old spelling
// together, or neither, is refused with a code, not guessed at.
func TestRenamedArgumentsKeepTheirOldSpelling(t *testing.T) {
	env := hiregraphtest.New(t)
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	conn, ack := dialGraphQL(t, ctx, env, "Bearer "+env.Demo.APIKey)
	if ack.Type != "connection_ack" {
		t.Fatalf("init answered %+v", ack)
	}
	for id, args := range map[string]string{"both": `candidateID: $id, candidateId: $id`, "neither": ``} {
		query := `subscription($id: ID!) { candidateActivities(` + args + `) { type } }`
		if args == "" {
			query = `subscription { candidateActivities { type } }`
		}
		subscribe(t, ctx, conn, id, query, map[string]any{"id": env.Demo.CandidateUID})
		m := next(t, ctx, conn)
		for m.Type == "complete" { // of the subscription refused before
			m = next(t, ctx, conn)
		}
		if m.ID != id || !strings.Contains(string(m.Payload), `"code":"bad_request"`) || !strings.Contains(string(m.Payload), "candidateID") {
			t.Errorf("candidateActivities with %s spelling answered %s %s", id, m.Type, m.Payload)
		}
	}
	subscribe(t, ctx, conn, "old", `subscription($id: ID!) { candidateActivities(candidateId: $id) { type } }`, map[string]any{"id": env.Demo.CandidateUID})
	time.Sleep(200 * time.Millisecond) // until the server has registered it
	env.GraphQL(noteMutation, map[string]any{"id": env.Demo.CandidateUID, "other": env.Demo.CandidateUID})
	for {
		m := next(t, ctx, conn)
		if m.ID == "old" {
			if m.Type != "next" || !strings.Contains(string(m.Payload), "note.created") {
				t.Errorf("the deprecated candidateId subscription answered %s %s", m.Type, m.Payload)
			}
			break
		}
	}

	for name, c := range map[string]struct{ args, mentions string }{
		"both":    {`endpointID: "whe_x", endpointId: "whe_x", eventID: "evt_x"`, "not both"},
		"neither": {`eventId: "evt_x"`, "endpointID is required"},
	} {
		r := env.GraphQL(`mutation { redeliverEvent(`+c.args+`) }`, nil)
		assertCode(t, r, "bad_request", 400)
		if !strings.Contains(r.Errors[0].Message, c.mentions) {
			t.Errorf("redeliverEvent with %s: %+v", name, r.Errors)
		}
	}
}

// TestDeprecatedSpellingsAreIntrospectable: tooling sees every old
// spelling as deprecated, beside its new one.
func TestDeprecatedSpellingsAreIntrospectable(t *testing.T) {
	env := hiregraphtest.New(t)
	var out struct {
		Subscription, Mutation, WebhookEndpoint struct {
			Fields []struct {
				Name string
				Args []struct {
					Name         string
					IsDeprecated bool
				}
			}
		}
		PipelineStep, WebhookAttempt struct {
			Fields []struct {
				Name         string
				IsDeprecated bool
			}
		}
		CandidateFilter struct {
			InputFields []struct {
				Name         string
				IsDeprecated bool
			}
		}
	}
	const withArgs = `fields(includeDeprecated: true) { name args(includeDeprecated: true) { name isDeprecated } }`
	env.GraphQL(`{
		Subscription: __type(name: "Subscription") { `+withArgs+` }
		Mutation: __type(name: "Mutation") { `+withArgs+` }
		WebhookEndpoint: __type(name: "WebhookEndpoint") { `+withArgs+` }
		PipelineStep: __type(name: "PipelineStep") { fields(includeDeprecated: true) { name isDeprecated } }
		WebhookAttempt: __type(name: "WebhookAttempt") { fields(includeDeprecated: true) { name isDeprecated } }
		CandidateFilter: __type(name: "CandidateFilter") { inputFields(includeDeprecated: true) { name isDeprecated } }
	}`, nil).Decode(t, &out)
	var deprecated, current []string
	note := func(name string, isDeprecated bool) {
		if isDeprecated {
			deprecated = append(deprecated, name)
		} else {
			current = append(current, name)
		}
	}
	for _, fields := range [][]struct {
		Name string
		Args []struct {
			Name         string
			IsDeprecated bool
		}
	}{out.Subscription.Fields, out.Mutation.Fields, out.WebhookEndpoint.Fields} {
		for _, f := range fields {
			for _, a := range f.Args {
				note(f.Name+"."+a.Name, a.IsDeprecated)
			}
		}
	}
	for _, f := range append(out.PipelineStep.Fields, out.WebhookAttempt.Fields...) {
		note(f.Name, f.IsDeprecated)
	}
	for _, f := range out.CandidateFilter.InputFields {
		note("filter."+f.Name, f.IsDeprecated)
	}
	slices.Sort(deprecated)
	want := []string{"assigneeIds", "attempts.eventId", "candidateActivities.candidateId", "eventId", "filter.status",
		"positionPipeline.positionId", "redeliverEvent.endpointId", "redeliverEvent.eventId"}
	if !slices.Equal(deprecated, want) {
		t.Errorf("deprecated %q, want %q", deprecated, want)
	}
	for _, name := range []string{"assigneeIDs", "attempts.eventID", "candidateActivities.candidateID", "eventID", "filter.statusIn",
		"positionPipeline.positionID", "redeliverEvent.endpointID", "redeliverEvent.eventID"} {
		if !slices.Contains(current, name) {
			t.Errorf("no current %s", name)
		}
	}
}

// TestCandidateFilterStatusIn: the enum filters like the free strings it
// replaces; giving both is refused.
func TestCandidateFilterStatusIn(t *testing.T) {
	env := hiregraphtest.New(t)
	var out struct{ Enum, Strings struct{ TotalCount int } }
	env.GraphQL(`{
		enum: candidates(filter: {statusIn: [REJECTED]}) { totalCount }
		strings: candidates(filter: {status: ["rejected"]}) { totalCount }
	}`, nil).Decode(t, &out)
	if out.Enum.TotalCount != 1 || out.Strings.TotalCount != 1 {
		t.Errorf("rejected candidates: statusIn %d, status %d; want 1", out.Enum.TotalCount, out.Strings.TotalCount)
	}
	r := env.GraphQL(`{ candidates(filter: {statusIn: [REJECTED], status: ["rejected"]}) { totalCount } }`, nil)
	assertCode(t, r, "bad_request", 400)
	if r.Errors[0].Extensions["field"] != "statusIn" {
		t.Errorf("both filters: %+v", r.Errors)
	}
}

// TestPipelineStepAssigneeIDs: the new spelling answers what the old did.
func TestPipelineStepAssigneeIDs(t *testing.T) {
	env := hiregraphtest.New(t)
	var out struct {
		Pipeline []struct {
			AssigneeIDs []string `json:"assigneeIDs"`
			AssigneeIds []string `json:"assigneeIds"`
		}
	}
	env.GraphQL(`query($p: ID) { pipeline(positionID: $p) { assigneeIDs assigneeIds } }`, map[string]any{"p": env.Demo.PublishedPositionUID}).Decode(t, &out)
	if len(out.Pipeline) == 0 {
		t.Fatal("no pipeline steps")
	}
	for _, s := range out.Pipeline {
		if !slices.Equal(s.AssigneeIDs, s.AssigneeIds) {
			t.Errorf("assigneeIDs %v, assigneeIds %v", s.AssigneeIDs, s.AssigneeIds)
		}
	}
}

// TestNoteTimeCreatedDefaultsForAUser: a signed-in user's note left
// undated is dated by the server; a key acting for no one must say when.
func TestNoteTimeCreatedDefaultsForAUser(t *testing.T) {
	env := hiregraphtest.New(t)
	const mutation = `mutation($id: ID!, $in: CreateNoteInput!) { createNote(candidateID: $id, input: $in) { timeCreated } }`
	before := time.Now().Add(-time.Minute)
	var out struct {
		CreateNote struct{ TimeCreated time.Time }
	}
	env.GraphQLAs(env.UserToken("olivia.owner@acme.example"), mutation, map[string]any{
		"id": env.Demo.CandidateUID, "in": map[string]any{"text": "undated"},
	}).Decode(t, &out)
	if got := out.CreateNote.TimeCreated; got.Before(before) || got.After(time.Now().Add(time.Minute)) {
		t.Errorf("timeCreated %v, want about now", got)
	}
	rest := env.DoAs(env.UserToken("olivia.owner@acme.example"), http.MethodPost, "/v1/candidates/"+env.Demo.CandidateUID+"/notes", map[string]any{"text": "undated"})
	if rest.Status != http.StatusCreated && rest.Status != http.StatusOK {
		t.Errorf("REST note of a user without time_created: %s", rest)
	}
	env.AssertNothingWritten(t, func() {
		r := env.GraphQL(mutation, map[string]any{"id": env.Demo.CandidateUID, "in": map[string]any{"text": "undated", "createdBy": map[string]any{"type": "app", "firstName": "Bot"}}})
		assertCode(t, r, "validation_failed", 422)
		if r.Errors[0].Extensions["field"] != "timeCreated" {
			t.Errorf("undated note of a key: %+v", r.Errors)
		}
	})
}
