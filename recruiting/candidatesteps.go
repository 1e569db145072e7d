package recruiting

import (
	"context"
	"fmt"
	"slices"
	"time"

	"github.com/hiregraph/hiregraph/ent"
	"github.com/hiregraph/hiregraph/ent/candidate"
	"github.com/hiregraph/hiregraph/ent/candidatestep"
	"github.com/hiregraph/hiregraph/ent/schema/schematype"
)

// actorRef is how the step history names who moved a candidate: the uid of
// the user or key, or the actor type when it has none.
func actorRef(a Actor) string {
	if a.ID != "" {
		return a.ID
	}
	return string(a.Type)
}

// enterStep moves c into step at time at: the stay in its current step
// ends, a new one starts, and the candidate's current_steps and
// completed_steps are derived again. It returns the candidate as saved.
func enterStep(ctx context.Context, client *ent.Client, c *ent.Candidate, step *ent.PipelineStep, by Actor, at time.Time) (*ent.Candidate, error) {
	ref := actorRef(by)
	if c.CurrentStepID == nil {
		if err := importLegacySteps(ctx, client, c); err != nil {
			return nil, err
		}
	}
	if err := client.CandidateStep.Update().
		Where(candidatestep.CandidateID(c.ID), candidatestep.TimeLeftIsNil()).
		SetTimeLeft(at).SetLeftBy(ref).
		Exec(ctx); err != nil {
		return nil, fmt.Errorf("leaving step: %w", err)
	}
	if err := startStay(ctx, client, c, step, ref, at); err != nil {
		return nil, err
	}
	current, completed, err := derivedSteps(ctx, client, c.ID)
	if err != nil {
		return nil, err
	}
	return saveSteps(ctx, client, c, step, current, completed)
}

// startStay records that c entered step at time at.
func startStay(ctx context.Context, client *ent.Client, c *ent.Candidate, step *ent.PipelineStep, ref string, at time.Time) error {
	if err := client.CandidateStep.Create().
		SetCandidateID(c.ID).SetStepID(step.ID).SetName(step.Name).SetKind(stepType(step.Kind)).
		SetTimeEntered(at).SetEnteredBy(ref).
		Exec(ctx); err != nil {
		return fmt.Errorf("entering step: %w", err)
	}
	return nil
}

// saveSteps saves c's current step and its derived steps and returns c as
// saved. c is the row as this transaction holds it (locked, or as an
// earlier update of it saved it), so the saved row is c with these three
// fields: the update is ent's bulk form on c's id, which reads nothing back,
// where UpdateOne would select the whole row again after its UPDATE.
func saveSteps(ctx context.Context, client *ent.Client, c *ent.Candidate, step *ent.PipelineStep, current, completed []schematype.Step) (*ent.Candidate, error) {
	n, err := client.Candidate.Update().Where(candidate.ID(c.ID)).
		SetCurrentStepID(step.ID).SetCurrentSteps(current).SetCompletedSteps(completed).
		Save(ctx)
	if err != nil {
		return nil, fmt.Errorf("saving candidate step: %w", err)
	}
	if n != 1 {
		return nil, fmt.Errorf("saving candidate step: %d rows updated for candidate %s", n, c.ID)
	}
	saved := *c
	saved.CurrentStepID, saved.CurrentSteps, saved.CompletedSteps = &step.ID, current, completed
	return &saved, nil
}

// derivedSteps reads the candidate's step history as the spec's
// current_steps (the stay not yet over) and completed_steps (the stays
// over, time_completed being when the candidate left).
func derivedSteps(ctx context.Context, client *ent.Client, candidateID string) (current, completed []schematype.Step, err error) {
	stays, err := client.CandidateStep.Query().
		Where(candidatestep.CandidateID(candidateID)).
		Order(candidatestep.ByTimeEntered(), candidatestep.ByID()).
		All(ctx)
	if err != nil {
		return nil, nil, fmt.Errorf("reading step history: %w", err)
	}
	current, completed = []schematype.Step{}, []schematype.Step{}
	for _, st := range stays {
		step := schematype.Step{Name: st.Name, Type: st.Kind, TimeScheduled: st.TimeScheduled}
		if st.TimeLeft == nil {
			current = append(current, step)
			continue
		}
		step.TimeCompleted = st.TimeLeft
		completed = append(completed, step)
	}
	return current, completed, nil
}

// importLegacySteps turns the stored steps of a candidate recorded before
// pipelines into its step history, once, so its first move keeps them.
func importLegacySteps(ctx context.Context, client *ent.Client, c *ent.Candidate) error {
	n, err := client.CandidateStep.Query().Where(candidatestep.CandidateID(c.ID)).Count(ctx)
	if err != nil || n > 0 {
		return err
	}
	for _, st := range append(slices.Clone(c.CompletedSteps), c.CurrentSteps...) {
		entered := c.TimeCreated
		if st.TimeScheduled != nil && st.TimeScheduled.Before(entered) {
			entered = *st.TimeScheduled
		}
		create := client.CandidateStep.Create().
			SetCandidateID(c.ID).SetName(st.Name).SetKind(st.Type).
			SetTimeEntered(entered).SetNillableTimeScheduled(st.TimeScheduled).SetEnteredBy("IMPORTED")
		if st.TimeCompleted != nil {
			create.SetTimeLeft(*st.TimeCompleted).SetLeftBy("IMPORTED")
		}
		if err := create.Exec(ctx); err != nil {
			return fmt.Errorf("importing step %q: %w", st.Name, err)
		}
	}
	return nil
}
