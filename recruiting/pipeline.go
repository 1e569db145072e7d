package recruiting

import (
	"context"
	"fmt"
	"net/http"
	"slices"
	"strings"

	"entgo.io/ent/dialect/sql"

	"github.com/hiregraph/hiregraph/ent"
	"github.com/hiregraph/hiregraph/ent/candidate"
	"github.com/hiregraph/hiregraph/ent/candidatestep"
	"github.com/hiregraph/hiregraph/ent/pipelinestep"
	"github.com/hiregraph/hiregraph/ent/position"
	"github.com/hiregraph/hiregraph/ent/schema/schematype"
	"github.com/hiregraph/hiregraph/internal/apierror"
	"github.com/hiregraph/hiregraph/internal/permission"
	"github.com/hiregraph/hiregraph/internal/viewer"
)

// VerbPipelineChanged is recorded on a position's timeline (or, for the
// default pipeline, without one) when steps are added, renamed, reordered or
// removed.
const VerbPipelineChanged = "pipeline.changed"

// Error codes of pipeline edits.
const (
	CodeStepNotFound     = "step_not_found"
	CodePositionNotFound = "position_not_found"
	// CodePositionIsTemplate refuses to a template what only the
	// positions cloned from it take: openings, candidates, publishing.
	CodePositionIsTemplate = "position_is_template"
	CodeStepNotEmpty       = "step_not_empty"
	CodePipelineEmpty      = "pipeline_empty"
)

// maxPipelineSteps bounds a pipeline: a board of more columns is unusable,
// and every edit rewrites the ranks of all steps.
const maxPipelineSteps = 50

// builtinPipeline is the default pipeline of a company that never set one.
var builtinPipeline = []StepInput{
	{Name: "Applied", Kind: pipelinestep.KindApplied},
	{Name: "Screen", Kind: pipelinestep.KindScreen},
	{Name: "Interview", Kind: pipelinestep.KindInterview},
	{Name: "Offer", Kind: pipelinestep.KindOffer},
	{Name: "Hired", Kind: pipelinestep.KindHired},
}

// StepInput names a new pipeline step.
type StepInput struct {
	Name string            `json:"name"`
	Kind pipelinestep.Kind `json:"kind"`
	// Index is where the step goes, from 0; null appends it.
	Index *int `json:"index"`
}

// UpdateStepInput changes a step; null fields stay as they are.
type UpdateStepInput struct {
	Name *string            `json:"name"`
	Kind *pipelinestep.Kind `json:"kind"`
}

func stepName(field, name string) (string, error) {
	name = strings.TrimSpace(name)
	if name == "" {
		return "", apierror.Invalid(field, "%s is required", field)
	}
	if len([]rune(name)) > 100 {
		return "", apierror.Invalid(field, "%s may be at most 100 characters", field)
	}
	return name, nil
}

func stepKind(field string, k pipelinestep.Kind) error {
	if err := pipelinestep.KindValidator(k); err != nil {
		return apierror.Invalid(field, "%s %q is not a step kind", field, k)
	}
	return nil
}

// stepType is the step's kind as REST spells a step's type.
func stepType(k pipelinestep.Kind) string { return strings.ToLower(string(k)) }

// Pipeline returns the steps of a position, or of the company's default
// pipeline when positionID is empty, in order. Another company's position
// reads as missing.
func (s *CandidateService) Pipeline(ctx context.Context, positionID string) ([]*ent.PipelineStep, error) {
	if positionID != "" {
		if err := positionExists(ctx, s.Client, positionID); err != nil {
			return nil, err
		}
	}
	return s.StepsOf(ctx, positionID)
}

// StepsOf returns the steps of a position, or of the company's default
// pipeline when positionID is empty, in order. Under a GraphQL field the
// selected edges load with the steps, one statement per edge for all steps
// (a board's candidates of every step at once), as a connection's do.
func (s *CandidateService) StepsOf(ctx context.Context, positionID string) ([]*ent.PipelineStep, error) {
	q := s.Client.PipelineStep.Query().Order(pipelinestep.ByRank(), pipelinestep.ByID())
	if positionID == "" {
		q.Where(pipelinestep.PositionIDIsNil())
	} else {
		q.Where(pipelinestep.PositionID(positionID))
	}
	q, err := q.CollectFields(ctx)
	if err != nil {
		return nil, fmt.Errorf("collecting the pipeline's fields: %w", err)
	}
	return q.All(ctx)
}

// PositionSteps is StepsOf(p.ID) for the value of a GraphQL field, place,
// which selects what every step loads with it. Within a GraphQL operation
// the steps of every position the operation read load at once, one batch
// per place, since two places may select different columns and edges.
func (s *CandidateService) PositionSteps(ctx context.Context, p *ent.Position, place any) ([]*ent.PipelineStep, error) {
	reads := readsOf(ctx)
	if reads == nil {
		return s.StepsOf(ctx, p.ID)
	}
	return get(reads.stepsAt(place), p.ID, wholeReads(reads, &reads.positions, positionID, anyPosition), func(ids []string) (map[string][]*ent.PipelineStep, error) {
		return s.stepsOfPositions(ctx, ids)
	})
}

// stepsOfPositions reads the steps of the positions of ids, by position,
// in order, with what the GraphQL field of ctx selects.
func (s *CandidateService) stepsOfPositions(ctx context.Context, ids []string) (map[string][]*ent.PipelineStep, error) {
	q, err := s.Client.PipelineStep.Query().
		Where(pipelinestep.PositionIDIn(ids...)).
		Order(pipelinestep.ByRank(), pipelinestep.ByID()).
		CollectFields(ctx)
	if err != nil {
		return nil, fmt.Errorf("collecting the pipeline's fields: %w", err)
	}
	// The rows are grouped by their position below, which a projection
	// of the fields selected may have left out.
	steps, err := q.Modify(func(sel *sql.Selector) {
		if len(sel.FindSelection(pipelinestep.FieldPositionID)) == 0 {
			sel.AppendSelect(sel.C(pipelinestep.FieldPositionID))
		}
	}).All(ctx)
	if err != nil {
		return nil, fmt.Errorf("reading pipelines: %w", err)
	}
	out := make(map[string][]*ent.PipelineStep, len(ids))
	for _, st := range steps {
		out[*st.PositionID] = append(out[*st.PositionID], st)
	}
	return out, nil
}

// pipelineOf returns the steps of a position (or of the default pipeline
// for ""), in order. A position recorded before pipelines existed gets its
// steps here, from its workflow, so every write finds a pipeline; the
// company's default pipeline is likewise created on first use.
func (s *CandidateService) pipelineOf(ctx context.Context, client *ent.Client, positionID string) ([]*ent.PipelineStep, error) {
	q := client.PipelineStep.Query().Order(pipelinestep.ByRank(), pipelinestep.ByID())
	if positionID == "" {
		q.Where(pipelinestep.PositionIDIsNil())
	} else {
		q.Where(pipelinestep.PositionID(positionID))
	}
	steps, err := q.All(ctx)
	if err != nil || len(steps) > 0 {
		return steps, err
	}
	if positionID == "" {
		return createSteps(ctx, client, nil, builtinPipeline, nil)
	}
	pos, err := client.Position.Get(ctx, positionID)
	if err != nil {
		return nil, err
	}
	if len(pos.Workflow) > 0 {
		return createSteps(ctx, client, pos, workflowSteps(pos.Workflow), pos.Workflow)
	}
	def, err := s.pipelineOf(ctx, client, "")
	if err != nil {
		return nil, err
	}
	return s.CopyPipeline(ctx, client, pos, def, true)
}

// workflowSteps reads a legacy workflow as pipeline steps; types the kind
// enum does not know become OTHER.
func workflowSteps(w []schematype.WorkflowStep) []StepInput {
	out := make([]StepInput, len(w))
	for i, ws := range w {
		kind := pipelinestep.Kind(strings.ToUpper(ws.Type))
		if pipelinestep.KindValidator(kind) != nil {
			kind = pipelinestep.KindOther
		}
		out[i] = StepInput{Name: ws.Name, Kind: kind}
	}
	return out
}

func createSteps(ctx context.Context, client *ent.Client, pos *ent.Position, in []StepInput, workflow []schematype.WorkflowStep) ([]*ent.PipelineStep, error) {
	out := make([]*ent.PipelineStep, 0, len(in))
	for i, st := range in {
		create := client.PipelineStep.Create().SetName(st.Name).SetKind(st.Kind).SetRank(i)
		if pos != nil {
			create.SetPositionID(pos.ID)
		}
		if i < len(workflow) && workflow[i].AssigneeIDs != nil {
			create.SetAssigneeIds(workflow[i].AssigneeIDs)
		}
		step, err := create.Save(ctx)
		if err != nil {
			return nil, fmt.Errorf("creating pipeline step %q: %w", st.Name, err)
		}
		out = append(out, step)
	}
	return out, nil
}

// CopyPipeline gives pos a copy of steps (a template's or the company's
// default), with their assignees when keepAssignees is set. Cloning and
// creating a position call it in their transaction.
func (s *CandidateService) CopyPipeline(ctx context.Context, client *ent.Client, pos *ent.Position, steps []*ent.PipelineStep, keepAssignees bool) ([]*ent.PipelineStep, error) {
	in := make([]StepInput, len(steps))
	workflow := make([]schematype.WorkflowStep, len(steps))
	for i, st := range steps {
		in[i] = StepInput{Name: st.Name, Kind: st.Kind}
		workflow[i] = schematype.WorkflowStep{Name: st.Name, Type: stepType(st.Kind), AssigneeIDs: []string{}}
		if keepAssignees {
			workflow[i].AssigneeIDs = slices.Clone(st.AssigneeIds)
		}
	}
	out, err := createSteps(ctx, client, pos, in, workflow)
	if err != nil {
		return nil, err
	}
	return out, s.syncWorkflow(ctx, client, pos.ID, out)
}

// syncWorkflow rewrites the position's workflow, the REST shape of its
// pipeline, from its steps.
func (s *CandidateService) syncWorkflow(ctx context.Context, client *ent.Client, positionID string, steps []*ent.PipelineStep) error {
	if positionID == "" {
		return nil
	}
	w := make([]schematype.WorkflowStep, len(steps))
	for i, st := range steps {
		w[i] = schematype.WorkflowStep{Name: st.Name, Type: stepType(st.Kind), AssigneeIDs: append([]string{}, st.AssigneeIds...)}
	}
	if err := client.Position.UpdateOneID(positionID).SetWorkflow(w).SetTimeUpdated(s.now()).Exec(ctx); err != nil {
		return fmt.Errorf("updating workflow: %w", err)
	}
	return nil
}

// AddPipelineStep adds a step to a position's pipeline, or to the default
// pipeline when positionID is empty.
func (s *CandidateService) AddPipelineStep(ctx context.Context, positionID string, in StepInput) ([]*ent.PipelineStep, error) {
	name, err := stepName("name", in.Name)
	if err != nil {
		return nil, err
	}
	if err := stepKind("kind", in.Kind); err != nil {
		return nil, err
	}
	return s.editPipeline(ctx, positionID, func(ctx context.Context, client *ent.Client, steps []*ent.PipelineStep) ([]*ent.PipelineStep, []schematype.FieldChange, error) {
		if len(steps) >= maxPipelineSteps {
			return nil, nil, apierror.Invalid("positionID", "a pipeline has at most %d steps", maxPipelineSteps)
		}
		at := len(steps)
		if in.Index != nil {
			if *in.Index < 0 || *in.Index > len(steps) {
				return nil, nil, apierror.Invalid("index", "index must be between 0 and %d", len(steps))
			}
			at = *in.Index
		}
		create := client.PipelineStep.Create().SetName(name).SetKind(in.Kind).SetRank(at)
		if positionID != "" {
			create.SetPositionID(positionID)
		}
		step, err := create.Save(ctx)
		if err != nil {
			return nil, nil, fmt.Errorf("adding step: %w", err)
		}
		return slices.Insert(steps, at, step), Change("steps", nil, name), nil
	})
}

// UpdatePipelineStep renames a step or changes its kind. Candidates'
// history keeps the name the step had when they were in it.
func (s *CandidateService) UpdatePipelineStep(ctx context.Context, stepID string, in UpdateStepInput) ([]*ent.PipelineStep, error) {
	if in.Name != nil {
		name, err := stepName("name", *in.Name)
		if err != nil {
			return nil, err
		}
		in.Name = &name
	}
	if in.Kind != nil {
		if err := stepKind("kind", *in.Kind); err != nil {
			return nil, err
		}
	}
	return s.editStep(ctx, stepID, func(ctx context.Context, client *ent.Client, steps []*ent.PipelineStep, i int) ([]*ent.PipelineStep, []schematype.FieldChange, error) {
		st := steps[i]
		upd := client.PipelineStep.UpdateOne(st)
		var changes []schematype.FieldChange
		if in.Name != nil {
			changes = append(changes, Change("name", st.Name, *in.Name)...)
			upd.SetName(*in.Name)
		}
		if in.Kind != nil {
			changes = append(changes, Change("kind", st.Kind, *in.Kind)...)
			upd.SetKind(*in.Kind)
		}
		saved, err := upd.Save(ctx)
		if err != nil {
			return nil, nil, fmt.Errorf("updating step: %w", err)
		}
		steps[i] = saved
		return steps, changes, nil
	})
}

// RemovePipelineStep removes a step no candidate is at. The history of
// candidates who were there keeps the step's name.
func (s *CandidateService) RemovePipelineStep(ctx context.Context, stepID string) ([]*ent.PipelineStep, error) {
	return s.editStep(ctx, stepID, func(ctx context.Context, client *ent.Client, steps []*ent.PipelineStep, i int) ([]*ent.PipelineStep, []schematype.FieldChange, error) {
		st := steps[i]
		n, err := client.Candidate.Query().Where(candidate.CurrentStepID(st.ID)).Count(ctx)
		if err != nil {
			return nil, nil, err
		}
		if n > 0 {
			return nil, nil, apierror.New(http.StatusConflict, CodeStepNotEmpty,
				"step %q has %d candidates; move them to another step before removing it", st.Name, n)
		}
		if len(steps) == 1 {
			return nil, nil, apierror.New(http.StatusConflict, CodePipelineEmpty, "step %q is the pipeline's only step; a pipeline needs one", st.Name)
		}
		if err := client.CandidateStep.Update().Where(candidatestep.StepID(st.ID)).ClearStepID().Exec(ctx); err != nil {
			return nil, nil, fmt.Errorf("detaching step history: %w", err)
		}
		if err := client.PipelineStep.DeleteOne(st).Exec(ctx); err != nil {
			return nil, nil, fmt.Errorf("removing step: %w", err)
		}
		return slices.Delete(steps, i, i+1), Change("steps", st.Name, nil), nil
	})
}

// ReorderPipeline puts a pipeline's steps in the order of stepIDs, which
// must name each of its steps once.
func (s *CandidateService) ReorderPipeline(ctx context.Context, positionID string, stepIDs []string) ([]*ent.PipelineStep, error) {
	return s.editPipeline(ctx, positionID, func(ctx context.Context, client *ent.Client, steps []*ent.PipelineStep) ([]*ent.PipelineStep, []schematype.FieldChange, error) {
		if len(stepIDs) != len(steps) {
			return nil, nil, apierror.Invalid("stepIDs", "stepIDs must name each of the pipeline's %d steps once, got %d", len(steps), len(stepIDs))
		}
		byID := map[string]*ent.PipelineStep{}
		for _, st := range steps {
			byID[st.ID] = st
		}
		out := make([]*ent.PipelineStep, len(stepIDs))
		for i, id := range stepIDs {
			st, ok := byID[id]
			if !ok {
				return nil, nil, apierror.Invalid(fmt.Sprintf("stepIDs[%d]", i), "stepIDs[%d] %q is not a step of the pipeline, or is named twice", i, id)
			}
			delete(byID, id)
			out[i] = st
		}
		return out, Change("steps", stepNames(steps), stepNames(out)), nil
	})
}

func stepNames(steps []*ent.PipelineStep) []string {
	out := make([]string, len(steps))
	for i, st := range steps {
		out[i] = st.Name
	}
	return out
}

type pipelineEdit func(ctx context.Context, client *ent.Client, steps []*ent.PipelineStep) ([]*ent.PipelineStep, []schematype.FieldChange, error)

// editPipeline runs one edit of a pipeline in a transaction: it loads the
// steps, applies edit, renumbers the ranks, rewrites the position's workflow
// and records the activity.
func (s *CandidateService) editPipeline(ctx context.Context, positionID string, edit pipelineEdit) ([]*ent.PipelineStep, error) {
	if err := Require(ctx, pipelinePermission(positionID)); err != nil {
		return nil, err
	}
	var out []*ent.PipelineStep
	err := s.WithTx(ctx, func(ctx context.Context, client *ent.Client) error {
		if positionID != "" {
			if err := positionExists(ctx, client, positionID); err != nil {
				return err
			}
		}
		steps, err := s.pipelineOf(ctx, client, positionID)
		if err != nil {
			return err
		}
		steps, changes, err := edit(ctx, client, steps)
		if err != nil {
			return err
		}
		if out, err = rerank(ctx, client, steps); err != nil {
			return err
		}
		if err := s.syncWorkflow(ctx, client, positionID, out); err != nil {
			return err
		}
		objectID := positionID
		if objectID == "" {
			objectID = viewerCompany(ctx)
		}
		return s.record(ctx, client, Activity{Verb: VerbPipelineChanged, ObjectType: "Pipeline", ObjectID: objectID, PositionID: positionID, Changes: changes})
	})
	return out, err
}

// editStep is editPipeline for an edit of one step, found by id.
func (s *CandidateService) editStep(ctx context.Context, stepID string, edit func(ctx context.Context, client *ent.Client, steps []*ent.PipelineStep, i int) ([]*ent.PipelineStep, []schematype.FieldChange, error)) ([]*ent.PipelineStep, error) {
	st, err := s.Client.PipelineStep.Get(ctx, stepID)
	if ent.IsNotFound(err) {
		return nil, apierror.NotFound(CodeStepNotFound, "no pipeline step has the uid %q", stepID)
	}
	if err != nil {
		return nil, err
	}
	positionID := ""
	if st.PositionID != nil {
		positionID = *st.PositionID
	}
	return s.editPipeline(ctx, positionID, func(ctx context.Context, client *ent.Client, steps []*ent.PipelineStep) ([]*ent.PipelineStep, []schematype.FieldChange, error) {
		i := slices.IndexFunc(steps, func(x *ent.PipelineStep) bool { return x.ID == stepID })
		if i < 0 {
			return nil, nil, apierror.NotFound(CodeStepNotFound, "no pipeline step has the uid %q", stepID)
		}
		return edit(ctx, client, steps, i)
	})
}

// rerank numbers the steps 0, 1, 2... in their slice order, writing only
// those whose rank changed.
func rerank(ctx context.Context, client *ent.Client, steps []*ent.PipelineStep) ([]*ent.PipelineStep, error) {
	for i, st := range steps {
		if st.Rank == i {
			continue
		}
		saved, err := client.PipelineStep.UpdateOne(st).SetRank(i).Save(ctx)
		if err != nil {
			return nil, fmt.Errorf("ranking step %q: %w", st.Name, err)
		}
		steps[i] = saved
	}
	return steps, nil
}

func viewerCompany(ctx context.Context) string {
	v, _ := viewer.FromContext(ctx)
	return v.CompanyID
}

func positionExists(ctx context.Context, client *ent.Client, positionID string) error {
	ok, err := client.Position.Query().Where(position.ID(positionID)).Exist(ctx)
	if err != nil {
		return err
	}
	if !ok {
		return apierror.NotFound(CodePositionNotFound, "no position has the uid %q", positionID)
	}
	return nil
}

// pipelinePermission is what editing a pipeline needs: the company's
// default pipeline (no position) is a company setting.
func pipelinePermission(positionID string) string {
	if positionID == "" {
		return permission.EditPipelines
	}
	return permission.EditPositions
}
