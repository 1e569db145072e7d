package demo_test

import (
	"testing"

	"github.com/hiregraph/hiregraph/internal/hiregraphtest"
)

// TestDemoIsConsistent: every demo candidate is at a step of its
// position's pipeline with a history that ends there; no candidate's hiring
// process is updated after its person's last activity; the board of the
// published position shows candidates on more than one step.
func TestDemoIsConsistent(t *testing.T) {
	env := hiregraphtest.New(t)
	ctx := hiregraphtest.System()
	cands := env.DB.Client.Candidate.Query().WithPerson().WithCurrentStep().WithStepHistory().AllX(ctx)
	steps := map[string]bool{}
	for _, c := range cands {
		if c.Edges.CurrentStep == nil || *c.Edges.CurrentStep.PositionID != c.PositionID {
			t.Errorf("candidate %s is at no step of its position", c.ID)
			continue
		}
		steps[c.Edges.CurrentStep.ID] = true
		open := 0
		for _, h := range c.Edges.StepHistory {
			if h.TimeLeft == nil {
				open++
			}
			if h.TimeEntered.After(c.TimeHiringProcessUpdated) {
				t.Errorf("candidate %s entered %s after its last update", c.ID, h.Name)
			}
		}
		if open != 1 || len(c.CurrentSteps) != 1 || c.CurrentSteps[0].Name != c.Edges.CurrentStep.Name {
			t.Errorf("candidate %s: %d open stays, current_steps %+v", c.ID, open, c.CurrentSteps)
		}
		if c.TimeHiringProcessUpdated.After(c.Edges.Person.TimeLastActivity) {
			t.Errorf("candidate %s updated %s, after its person's last activity %s", c.ID, c.TimeHiringProcessUpdated, c.Edges.Person.TimeLastActivity)
		}
	}
	if len(steps) < 4 {
		t.Errorf("candidates on %d steps, want them spread", len(steps))
	}
}
