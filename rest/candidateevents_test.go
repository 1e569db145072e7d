package rest_test

import (
	"encoding/json"
	"net/http"
	"testing"
	"time"

	"github.com/hiregraph/hiregraph/ent"
	"github.com/hiregraph/hiregraph/ent/application"
	"github.com/hiregraph/hiregraph/ent/pipelinestep"
	"github.com/hiregraph/hiregraph/internal/hiregraphtest"
)

// TestCandidateEventsCarryTheCandidateAsSaved applies through the careers
// API and moves the candidate: the candidate.created and candidate.moved
// events carry the candidate as the database holds it after each write,
// its steps and times included, though neither write reads it back.
func TestCandidateEventsCarryTheCandidateAsSaved(t *testing.T) {
	env := hiregraphtest.New(t)
	start := readFeed(t, env, "")
	r := env.DoWith(http.MethodPost, applyPath(env, env.Demo.PublishedPositionUID), validApplication(t, env), nil)
	if r.Status != http.StatusCreated {
		t.Fatalf("apply: %s", r)
	}
	ctx := hiregraphtest.System()
	app := env.DB.Client.Application.Query().Where(application.ID(r.Map(t)["application_uid"].(string))).WithCandidate().OnlyX(ctx)
	applied := app.Edges.Candidate
	steps := env.DB.Client.PipelineStep.Query().Where(pipelinestep.PositionID(applied.PositionID)).
		Order(pipelinestep.ByRank(), pipelinestep.ByID()).AllX(ctx)
	env.GraphQL(`mutation($id: ID!, $s: ID!) { moveCandidate(id: $id, toStepID: $s) { id } }`,
		map[string]any{"id": applied.ID, "s": steps[1].ID}).Decode(t, &struct{}{})
	moved := env.DB.Client.Candidate.GetX(ctx, applied.ID)

	found := map[string]bool{}
	for _, ev := range settledAfter(t, env, start.Cursor, 3).Events {
		if ev.Object.ID != applied.ID {
			continue
		}
		found[ev.Type] = true
		switch ev.Type {
		case "candidate.created":
			if applied.CurrentStepID == nil || *applied.CurrentStepID != steps[0].ID || len(applied.CurrentSteps) != 1 || applied.CurrentSteps[0].Name != steps[0].Name {
				t.Fatalf("the applicant's candidate is not at the first step %q: %+v", steps[0].Name, applied)
			}
			// Each event has the time of the last activity before its
			// own: the application's and the move's came after.
			saved := *applied
			saved.TimeHiringProcessUpdated = applied.TimeCreated
			assertCandidateData(t, ev, &saved)
		case "candidate.moved":
			saved := *moved
			saved.TimeHiringProcessUpdated = applied.TimeHiringProcessUpdated
			assertCandidateData(t, ev, &saved)
		}
	}
	if !found["candidate.created"] || !found["candidate.moved"] {
		t.Errorf("events of the candidate: %v, want candidate.created and candidate.moved", found)
	}
}

// assertCandidateData fails t unless ev's data is c's shape, field by field
// as JSON spells them.
func assertCandidateData(t *testing.T, ev feedEvent, c *ent.Candidate) {
	t.Helper()
	want := map[string]any{
		"id": c.ID, "person_id": c.PersonID, "position_id": c.PositionID, "status": string(c.Status), "current_step_id": c.CurrentStepID,
		"source": c.Source, "deleted": c.Deleted, "current_steps": c.CurrentSteps, "completed_steps": c.CompletedSteps,
	}
	for field, v := range want {
		got, _ := json.Marshal(ev.Object.Data[field])
		w, _ := json.Marshal(v)
		var spelled any // as data spells it: objects' keys in order
		if err := json.Unmarshal(w, &spelled); err != nil {
			t.Fatal(err)
		}
		if w, _ = json.Marshal(spelled); string(got) != string(w) {
			t.Errorf("%s: data.%s = %s, want %s", ev.Type, field, got, w)
		}
	}
	for field, v := range map[string]time.Time{
		"time_created": c.TimeCreated, "time_last_status_changed": c.TimeLastStatusChanged, "time_hiring_process_updated": c.TimeHiringProcessUpdated,
	} {
		s, _ := ev.Object.Data[field].(string)
		if got, err := time.Parse(time.RFC3339Nano, s); err != nil || !got.Equal(v) {
			t.Errorf("%s: data.%s = %q, want %s", ev.Type, field, s, v)
		}
	}
}
