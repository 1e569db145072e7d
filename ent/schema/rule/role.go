package rule

import (
	"context"

	"entgo.io/ent/entql"

	"github.com/hiregraph/hiregraph/apierror"
	"github.com/hiregraph/hiregraph/ent"
	"github.com/hiregraph/hiregraph/ent/privacy"
	"github.com/hiregraph/hiregraph/viewer"
)

// assignedTo is the predicate of a position user id is assigned to: on its
// hiring team, or its hiring manager, lead recruiter or coordinator.
func assignedTo(userID string) entql.P {
	isUser := entql.FieldEQ("id", userID)
	return entql.Or(
		entql.HasEdgeWith("hiring_team", isUser),
		entql.HasEdgeWith("hiring_manager", isUser),
		entql.HasEdgeWith("lead_recruiter", isUser),
		entql.HasEdgeWith("coordinator", isUser),
	)
}

// filterable is every generated entql filter.
type filterable interface{ Where(entql.P) }

// FilterAssigned limits hiring managers and interviewers to the positions
// they are assigned to, those positions' candidates, and what hangs off
// the candidates. It runs for every query and update, so a list, a node
// lookup, a nested edge and a REST endpoint all see the same records.
func FilterAssigned() privacy.QueryMutationRule {
	return privacy.FilterFunc(func(ctx context.Context, f privacy.Filter) error {
		v, ok := viewer.FromContext(ctx)
		if !ok || !v.AssignedOnly() {
			return privacy.Skip
		}
		position := assignedTo(v.UserID)
		candidate := entql.HasEdgeWith("position", position)
		ofCandidate := entql.HasEdgeWith("candidate", candidate)
		var p entql.P
		switch f.(type) {
		case *ent.PositionFilter:
			p = position
		case *ent.OpeningFilter:
			p = entql.HasEdgeWith("position", position)
		case *ent.ApprovalProcessFilter:
			p = entql.HasEdgeWith("opening", entql.HasEdgeWith("position", position))
		case *ent.CandidateFilter:
			p = candidate
		case *ent.PersonFilter:
			// A person without a candidacy belongs to no position: one exists
			// only inside the transaction that creates its first candidacy,
			// which must read it back and link it (CheckEdges).
			p = entql.Or(entql.HasEdgeWith("candidates", candidate), entql.Not(entql.HasEdge("candidates")))
		case *ent.NoteFilter, *ent.ConversationFilter, *ent.TestSubmissionFilter, *ent.OfferLetterFilter,
			*ent.CandidateFileFilter, *ent.CandidateStepFilter, *ent.ApplicationFilter:
			p = ofCandidate
		case *ent.PipelineStepFilter:
			// The company's default pipeline has no position; every role
			// may read it.
			p = entql.Or(entql.HasEdgeWith("position", position), entql.Not(entql.HasEdge("position")))
		case *ent.ActivityFilter:
			p = entql.HasEdgeWith("position", position)
		case *ent.MessageFilter:
			p = entql.HasEdgeWith("conversation", ofCandidate)
		default:
			return privacy.Skip
		}
		f.(filterable).Where(p)
		return privacy.Skip
	})
}

// EveryPosition refuses reading what it guards to roles limited to their
// assigned positions: events and webhooks carry records of every position.
// Only queries: the service itself writes events for every role's changes.
func EveryPosition(what string) privacy.QueryRule {
	return privacy.QueryRuleFunc(func(ctx context.Context, _ ent.Query) error {
		if v, ok := viewer.FromContext(ctx); ok && v.AssignedOnly() {
			return apierror.Forbidden("%s need a role that sees every position", what)
		}
		return privacy.Skip
	})
}

// AdminOnly refuses what rule guards unless the viewer holds the admin
// scope: owners and admins, and API keys given it. what names the records
// in the error.
func AdminOnly(what string) privacy.QueryMutationRule {
	return adminOnly(what)
}

type adminOnly string

func (a adminOnly) check(ctx context.Context) error {
	if v, ok := viewer.FromContext(ctx); ok && v.Can(viewer.ScopeAdmin) {
		return privacy.Skip
	}
	return apierror.Forbidden("only admins manage %s", string(a))
}

func (a adminOnly) EvalQuery(ctx context.Context, _ ent.Query) error { return a.check(ctx) }

func (a adminOnly) EvalMutation(ctx context.Context, _ ent.Mutation) error { return a.check(ctx) }

// AdminOnlyCreateDelete is AdminOnly for creating and deleting only, for
// records others may refresh (a partner's test catalog).
func AdminOnlyCreateDelete(what string) privacy.MutationRule {
	return privacy.MutationRuleFunc(func(ctx context.Context, m ent.Mutation) error {
		if !m.Op().Is(ent.OpCreate | ent.OpDelete | ent.OpDeleteOne) {
			return privacy.Skip
		}
		return adminOnly(what).check(ctx)
	})
}
