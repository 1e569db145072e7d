package demo

import (
	"context"
	"strings"
	"time"

	"github.com/hiregraph/hiregraph/ent"
	"github.com/hiregraph/hiregraph/ent/pipelinestep"
	"github.com/hiregraph/hiregraph/ent/schema/schematype"
	"github.com/hiregraph/hiregraph/recruiting"
)

// demoPipeline is the company's default pipeline and every demo position's,
// with the demo users assigned to each step by key.
var demoPipeline = []struct {
	name      string
	kind      pipelinestep.Kind
	assignees []string
}{
	{"Applied", pipelinestep.KindApplied, []string{"recruiter"}},
	{"Application review", pipelinestep.KindReview, []string{"recruiter"}},
	{"Phone screen", pipelinestep.KindScreen, []string{"recruiter"}},
	{"Technical interview", pipelinestep.KindInterview, []string{"hiring_manager", "interviewer"}},
	{"Offer", pipelinestep.KindOffer, []string{"recruiter"}},
	{"Hired", pipelinestep.KindHired, []string{"recruiter"}},
}

// seedPipelines gives the company its default pipeline, each position a
// copy, and the company its rejection reasons.
func (s *seeder) seedPipelines(ctx context.Context) {
	s.steps = map[string][]*ent.PipelineStep{}
	keys := []string{""}
	for key := range s.positions {
		keys = append(keys, key)
	}
	for _, key := range keys {
		workflow := make([]schematype.WorkflowStep, 0, len(demoPipeline))
		for i, st := range demoPipeline {
			if s.err != nil {
				return
			}
			ids := make([]string, len(st.assignees))
			for j, k := range st.assignees {
				ids[j] = s.users[k].ID
			}
			c := s.tx.PipelineStep.Create().SetName(st.name).SetKind(st.kind).SetRank(i).SetAssigneeIds(ids)
			if key != "" {
				c.SetPosition(s.positions[key])
			}
			var step *ent.PipelineStep
			step, s.err = c.Save(ctx)
			s.steps[key] = append(s.steps[key], step)
			workflow = append(workflow, schematype.WorkflowStep{Name: st.name, Type: strings.ToLower(string(st.kind)), AssigneeIDs: ids})
		}
		if key != "" && s.err == nil {
			s.positions[key], s.err = s.positions[key].Update().SetWorkflow(workflow).Save(ctx)
		}
	}
	for i, r := range recruiting.DefaultRejectionReasons {
		if s.err != nil {
			return
		}
		var reason *ent.RejectionReason
		reason, s.err = s.tx.RejectionReason.Create().SetName(r.Name).SetByCandidate(r.ByCandidate).SetRank(i).Save(ctx)
		s.reasons = append(s.reasons, reason)
	}
	for _, t := range recruiting.DefaultMessageTemplates {
		if s.err != nil {
			return
		}
		s.err = s.tx.MessageTemplate.Create().SetName(t.Name).SetKind(t.Kind).SetSubject(t.Subject).SetBody(t.Body).Exec(ctx)
	}
}

// placeCandidate puts c at step at of its position's pipeline, with a
// history of every earlier step, six hours apart from its creation: all of
// it before the candidate's last activity, so the data stays consistent.
func (s *seeder) placeCandidate(ctx context.Context, c *ent.Candidate, posKey string, at int) *ent.Candidate {
	if s.err != nil {
		return c
	}
	steps := s.steps[posKey]
	current, completed := []schematype.Step{}, []schematype.Step{}
	for i := 0; i <= at; i++ {
		entered := c.TimeCreated.Add(time.Duration(i) * 6 * time.Hour)
		create := s.tx.CandidateStep.Create().
			SetCandidateID(c.ID).SetStep(steps[i]).SetName(steps[i].Name).SetKind(strings.ToLower(string(steps[i].Kind))).
			SetTimeEntered(entered).SetEnteredBy(s.users["recruiter"].ID)
		step := schematype.Step{Name: steps[i].Name, Type: strings.ToLower(string(steps[i].Kind))}
		if i < at {
			left := entered.Add(6 * time.Hour)
			create.SetTimeLeft(left).SetLeftBy(s.users["recruiter"].ID)
			step.TimeScheduled, step.TimeCompleted = &entered, &left
			completed = append(completed, step)
		} else {
			if steps[i].Kind == pipelinestep.KindInterview {
				sched := s.now.Add(3 * day)
				create.SetTimeScheduled(sched)
				step.TimeScheduled = &sched
			}
			current = append(current, step)
		}
		if s.err = create.Exec(ctx); s.err != nil {
			return c
		}
	}
	c, s.err = c.Update().SetCurrentStep(steps[at]).SetCurrentSteps(current).SetCompletedSteps(completed).Save(ctx)
	return c
}
