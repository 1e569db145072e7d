package rule

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/hiregraph/hiregraph/ent"
	"github.com/hiregraph/hiregraph/ent/privacy"
	"github.com/hiregraph/hiregraph/internal/apierror"
	p "github.com/hiregraph/hiregraph/internal/permission"
	"github.com/hiregraph/hiregraph/internal/viewer"
)

// action says which permission a change of one record type needs. Each
// entry is a list of alternatives: holding any one of them is enough.
type action struct {
	create []string
	update []string // for fields and edges fields does not name
	delete []string
	// fields names what a field or edge change needs instead of update;
	// an empty list marks bookkeeping every writer updates.
	fields map[string][]string
	// covers names fields whose change comes with the change of another:
	// when the key field changes, the listed ones need nothing more (a
	// hire moves the candidate's status and step along).
	covers map[string][]string
	// byValue decides what setting a field needs by the value it gets.
	byValue map[string]func(value any) []string
}

var bookkeeping = []string{}

// actions is the table of what every change needs. A record type missing
// here cannot be written by a viewer at all, so a new schema cannot open a
// door by being forgotten.
var actions = map[string]action{
	ent.TypeCandidate: {
		create: []string{p.SourceCandidates},
		update: []string{p.EditCandidates},
		delete: []string{p.EditCandidates},
		fields: map[string][]string{
			"current_step_id": {p.MoveCandidates}, "current_steps": {p.MoveCandidates}, "completed_steps": {p.MoveCandidates},
			"current_step": {p.MoveCandidates}, "step_history": {p.MoveCandidates},
			"status": {p.RejectCandidates}, "rejection_reason_id": {p.RejectCandidates}, "rejection_note": {p.RejectCandidates},
			"rejection_reason": {p.RejectCandidates},
			"hired_opening_id": {p.HireCandidates}, "hired_opening": {p.HireCandidates},
			"time_last_status_changed": bookkeeping, "time_hiring_process_updated": bookkeeping,
		},
		covers: map[string][]string{
			"hired_opening_id": {"status", "current_step_id", "current_steps", "completed_steps", "current_step", "step_history"},
			"status":           {"current_step_id", "current_steps", "completed_steps", "current_step", "step_history"},
		},
	},
	ent.TypePerson: {
		create: []string{p.SourceCandidates},
		update: []string{p.EditCandidates},
		delete: []string{p.EditCandidates},
		fields: map[string][]string{"time_last_activity": bookkeeping, "time_erased": {p.ErasePeople}},
	},
	ent.TypePosition: {
		create: []string{p.EditPositions},
		update: []string{p.EditPositions},
		delete: []string{p.EditPositions},
		fields: map[string][]string{
			"salary_range": {p.EditSalary},
			"is_published": {p.PublishPositions}, "url_active_page": {p.PublishPositions}, "url_service_hosted_page": {p.PublishPositions},
			"status":            {p.ChangePositionStatus},
			"lead_recruiter_id": {p.ManageHiringTeam}, "hiring_manager_id": {p.ManageHiringTeam}, "coordinator_id": {p.ManageHiringTeam},
			"lead_recruiter": {p.ManageHiringTeam}, "hiring_manager": {p.ManageHiringTeam}, "coordinator": {p.ManageHiringTeam},
			"hiring_team":  {p.ManageHiringTeam},
			"time_updated": bookkeeping,
		},
	},
	ent.TypeOpening: {
		create: []string{p.EditPositions},
		update: []string{p.EditPositions},
		delete: []string{p.EditPositions},
		fields: map[string][]string{
			// A hire fills an opening and an unhire opens it again.
			"status":           {p.ChangePositionStatus, p.HireCandidates},
			"hires":            {p.HireCandidates},
			"approval_process": {p.RequestApproval},
			"time_approved":    bookkeeping, "time_opened": bookkeeping, "time_last_status_change": bookkeeping, "time_updated": bookkeeping,
		},
		byValue: map[string]func(any) []string{"approval_status": approvalNeeds},
	},
	ent.TypeHiringTeamMember: anyChange(p.ManageHiringTeam),
	ent.TypeApprovalProcess: {
		create: []string{p.RequestApproval},
		update: []string{p.RequestApproval},
		delete: []string{p.RequestApproval},
		// An approver's approval counts toward the chain; closing an
		// opening ends its approval.
		fields:  map[string][]string{"time_completed": bookkeeping, "approvals": {p.ApproveOpenings, p.RequestApproval}},
		byValue: map[string]func(any) []string{"status": approvalNeeds},
	},
	ent.TypePipelineStep: {}, // pipelineStepNeeds: the company's or a position's
	ent.TypeNote:         anyChange(p.Comment),
	ent.TypeConversation: anyChange(p.Comment),
	ent.TypeMessage:      anyChange(p.Comment),
	ent.TypeContact:      anyChange(p.Comment, p.EditSettings),
	ent.TypeTestSubmission: {
		create: []string{p.SubmitFeedback},
		update: []string{p.SubmitFeedback, p.ReportEvaluation},
		delete: []string{p.SubmitFeedback},
	},
	// Whoever may add to a candidate may attach a file; removing one, for
	// good, is editing the candidate.
	ent.TypeCandidateFile: {
		create: []string{p.SourceCandidates, p.EditCandidates, p.Comment},
		update: []string{p.EditCandidates},
		delete: []string{p.EditCandidates},
	},
	ent.TypeOfferLetter: anyChange(p.HireCandidates, p.EditCandidates),
	// An offer's salary needs salary:edit (withSalary on create); its
	// approvers approve it, the rest is the offer managers'.
	ent.TypeOffer: {
		create: []string{p.ManageOffers},
		update: []string{p.ManageOffers},
		delete: []string{p.ManageOffers},
		fields: map[string][]string{
			"salary": {p.EditSalary}, "approvals": {p.ApproveOffers, p.ManageOffers}, "time_updated": bookkeeping,
		},
		byValue: map[string]func(any) []string{"status": offerStatusNeeds},
	},
	ent.TypeOfferVersion:         anyChange(p.ManageOffers),
	ent.TypeInterview:            anyChange(p.ScheduleInterviews),
	ent.TypeInterviewInterviewer: anyChange(p.ScheduleInterviews),
	ent.TypeScorecardAttribute:   anyChange(p.EditPositions),
	ent.TypeScorecard:            anyChange(p.SubmitFeedback),
	ent.TypeScorecardRating:      anyChange(p.SubmitFeedback),
	ent.TypeApplication:          anyChange(p.SourceCandidates),
	ent.TypeLocation:             anyChange(p.EditSettings, p.EditPositions),
	ent.TypeFieldDefinition:      anyChange(p.EditSettings),
	ent.TypeRejectionReason:      anyChange(p.EditSettings),
	ent.TypeMessageTemplate:      anyChange(p.EditSettings),
	ent.TypeQuestionnaire:        anyChange(p.EditSettings),
	ent.TypeUser:                 anyChange(p.ManageUsers),
	ent.TypeRole:                 anyChange(p.ManageUsers),
	ent.TypeAPIKey:               anyChange(p.ManageAPIKeys),
	ent.TypeWebhookEndpoint:      anyChange(p.ManageWebhooks),
	ent.TypePersonExport:         anyChange(p.ExportPeople),
	ent.TypeEvaluationPartner: {
		create: []string{p.ManagePartners},
		// Whoever submits tests may refresh a partner's test catalog.
		update: []string{p.ManagePartners, p.SubmitFeedback},
		delete: []string{p.ManagePartners},
	},
	// Written by the service as the record of another change, which is
	// checked itself.
	ent.TypeActivity:       {},
	ent.TypeCandidateStep:  {},
	ent.TypeIdempotencyKey: {},
	// Deliveries are the relay's; a user only asks for them (ping,
	// redeliver), which needs the webhook permission in recruiting.
	ent.TypeWebhookAttempt: {},
}

// approvalNeeds: deciding an approval is the approvers'; starting, pausing
// or ending it (closing the opening ends it) is the requesters' or the
// closers'.
func approvalNeeds(value any) []string {
	switch fmt.Sprint(value) {
	case "APPROVED", "REJECTED":
		return []string{p.ApproveOpenings}
	case "ENDED":
		return []string{p.ChangePositionStatus}
	}
	return []string{p.RequestApproval, p.ChangePositionStatus}
}

// offerStatusNeeds: approving an offer is its approvers'; every other
// move is the offer managers'.
func offerStatusNeeds(value any) []string {
	if fmt.Sprint(value) == "APPROVED" {
		return []string{p.ApproveOffers}
	}
	return []string{p.ManageOffers}
}

func anyChange(perms ...string) action {
	return action{create: perms, update: perms, delete: perms}
}

// RequirePermissions refuses a mutation the viewer's permissions do not
// allow, by the table above: the one place every write of every door
// passes, whichever resolver, handler or job made it. Changes the service
// makes for itself run with an explicit privacy decision and never get
// here.
func RequirePermissions() privacy.MutationRule {
	return privacy.MutationRuleFunc(func(ctx context.Context, m ent.Mutation) error {
		v, ok := viewer.FromContext(ctx)
		if !ok {
			return privacy.Skip
		}
		needs, err := needsOf(ctx, m)
		if err != nil {
			return err
		}
		for _, anyOf := range needs {
			if !slices.ContainsFunc(anyOf, v.Has) {
				return apierror.Forbidden("%s needs %s", describe(m), p.Describe(anyOf[0]))
			}
		}
		return privacy.Skip
	})
}

// needsOf lists the alternatives m needs, one list per changed part.
func needsOf(ctx context.Context, m ent.Mutation) ([][]string, error) {
	if m.Type() == ent.TypePipelineStep {
		return pipelineStepNeeds(ctx, m)
	}
	a, ok := actions[m.Type()]
	if !ok {
		return nil, privacy.Denyf("no permission is defined for writing %s", m.Type())
	}
	switch {
	case m.Op().Is(ent.OpCreate):
		return withSalary(ctx, m, nonEmpty(a.create)), nil
	case m.Op().Is(ent.OpDelete | ent.OpDeleteOne):
		return nonEmpty(a.delete), nil
	}
	return a.updateNeeds(m), nil
}

// withSalary adds the salary permission to creating a position with a
// salary range or an offer or offer version with a salary, unless the
// service copies a range or salary it already holds.
func withSalary(ctx context.Context, m ent.Mutation, needs [][]string) [][]string {
	if ctx.Value(salariesKey{}) != nil {
		return needs
	}
	_, rangeSet := m.Field("salary_range")
	_, salarySet := m.Field("salary")
	if rangeSet && m.Type() == ent.TypePosition || salarySet && (m.Type() == ent.TypeOffer || m.Type() == ent.TypeOfferVersion) {
		needs = append(needs, []string{p.EditSalary})
	}
	return needs
}

func (a action) updateNeeds(m ent.Mutation) [][]string {
	changed := changedParts(m)
	covered := map[string]bool{}
	for _, part := range changed {
		for _, c := range a.covers[part] {
			covered[c] = true
		}
	}
	var needs [][]string
	for _, part := range changed {
		if covered[part] {
			continue
		}
		need, named := a.fields[part]
		if !named {
			need = a.update
		}
		if decide, ok := a.byValue[part]; ok {
			if value, set := m.Field(part); set {
				need = decide(value)
			}
		}
		if len(need) > 0 && !slices.ContainsFunc(needs, func(n []string) bool { return slices.Equal(n, need) }) {
			needs = append(needs, need)
		}
	}
	return needs
}

// changedParts names every field and edge m sets, clears, adds or removes.
func changedParts(m ent.Mutation) []string {
	parts := slices.Concat(m.Fields(), m.ClearedFields(), m.AddedEdges(), m.RemovedEdges(), m.ClearedEdges())
	slices.Sort(parts)
	return slices.Compact(parts)
}

// pipelineStepNeeds: the company's default pipeline (a step with no
// position) is a company setting; a position's steps are the position's.
func pipelineStepNeeds(ctx context.Context, m ent.Mutation) ([][]string, error) {
	positionID, set := m.Field("position_id")
	if !set && !m.Op().Is(ent.OpCreate) {
		old, err := m.OldField(ctx, "position_id")
		if err != nil {
			// Bulk updates carry no old value: treat them as the
			// stricter case.
			return [][]string{{p.EditPipelines}}, nil
		}
		positionID = old
	}
	if s, ok := positionID.(*string); ok && s != nil {
		positionID = *s
	}
	if s, _ := positionID.(string); s != "" {
		return [][]string{{p.EditPositions}}, nil
	}
	return [][]string{{p.EditPipelines}}, nil
}

func nonEmpty(perms []string) [][]string {
	if len(perms) == 0 {
		return nil
	}
	return [][]string{perms}
}

// describe names the change in words for the error.
func describe(m ent.Mutation) string {
	verb := "changing"
	switch {
	case m.Op().Is(ent.OpCreate):
		verb = "creating"
	case m.Op().Is(ent.OpDelete | ent.OpDeleteOne):
		verb = "deleting"
	}
	return fmt.Sprintf("%s %s", verb, strings.ToLower(m.Type()))
}
