package rule

import (
	"context"

	"entgo.io/ent/entql"

	"github.com/hiregraph/hiregraph/ent"
	"github.com/hiregraph/hiregraph/ent/privacy"
	"github.com/hiregraph/hiregraph/internal/apierror"
	"github.com/hiregraph/hiregraph/internal/permission"
	"github.com/hiregraph/hiregraph/internal/viewer"
)

// onTeam is the predicate of a position whose hiring team userID is on: a
// member, or its hiring manager, lead recruiter or coordinator.
func onTeam(userID string) entql.P {
	isUser := entql.FieldEQ("id", userID)
	return entql.Or(
		entql.HasEdgeWith("hiring_team", isUser),
		entql.HasEdgeWith("hiring_manager", isUser),
		entql.HasEdgeWith("lead_recruiter", isUser),
		entql.HasEdgeWith("coordinator", isUser),
	)
}

// assignedCandidate is the predicate of a candidate assigned to userID, or
// whom userID interviews: an interviewer reads who they interview.
func assignedCandidate(userID string) entql.P {
	isUser := entql.FieldEQ("id", userID)
	return entql.Or(
		entql.HasEdgeWith("assignees", isUser),
		entql.HasEdgeWith("interviews", entql.And(entql.FieldEQ("status", "SCHEDULED"), entql.HasEdgeWith("interviewers", isUser))),
	)
}

// visible holds the predicates of the positions and candidates a user sees.
type visible struct{ position, candidate entql.P }

// visibleTo derives what a user who does not see everything sees from their
// permissions; a nil predicate lets every record of its kind through.
func visibleTo(v viewer.Viewer) visible {
	all, discreet := v.Has(permission.ViewAllPositions), v.Has(permission.ViewDiscreetPositions)
	var out visible
	switch {
	case all && discreet:
	case all:
		out.position = entql.Or(entql.FieldEQ("is_discreet", false), onTeam(v.UserID))
	case discreet:
		out.position = entql.Or(entql.FieldEQ("is_discreet", true), onTeam(v.UserID))
	default:
		out.position = onTeam(v.UserID)
	}
	if !v.Has(permission.ViewCandidates) {
		// Who sees only their assigned candidates also sees those
		// candidates' positions, to know what they interview for.
		out.candidate = assignedCandidate(v.UserID)
		if out.position != nil {
			out.position = entql.Or(out.position, entql.HasEdgeWith("candidates", assignedCandidate(v.UserID)))
		}
	}
	if out.position != nil {
		positionOK := entql.HasEdgeWith("position", out.position)
		if out.candidate == nil {
			out.candidate = positionOK
		} else {
			out.candidate = entql.And(out.candidate, positionOK)
		}
	}
	return out
}

// SeesWholePositions tells whether what v sees of candidates is decided by
// position alone: every candidate of each position they see. The reports'
// rollup counts by position, so it answers only such viewers; a user who
// sees only their assigned candidates has their reports counted from the
// rows.
func SeesWholePositions(v viewer.Viewer) bool {
	return v.SeesEverything() || v.Has(permission.ViewCandidates)
}

// WholePositionsOnly refuses reading the reports' rollup to viewers
// SeesWholePositions refuses: FilterVisible narrows it by position only.
func WholePositionsOnly() privacy.Policy {
	return privacy.Policy{Query: privacy.QueryPolicy{privacy.QueryRuleFunc(func(ctx context.Context, _ ent.Query) error {
		if v, ok := viewer.FromContext(ctx); ok && !SeesWholePositions(v) {
			return apierror.Forbidden("the reports' counts need a role that sees every candidate of its positions")
		}
		return privacy.Skip
	})}}
}

// filterable is every generated entql filter.
type filterable interface{ Where(entql.P) }

// FilterVisible limits users to the positions and candidates their
// permissions show them (package permission: view_all, view_discreet,
// candidates:view; hiring-team membership otherwise), and to what hangs off
// those candidates. It runs for every query and update, so a list, a node
// lookup, a nested edge and a REST endpoint all see the same records. API
// keys acting for no one are company-wide integrations: their scopes gate
// what they may do, not which records.
func FilterVisible() privacy.QueryMutationRule {
	return privacy.FilterFunc(func(ctx context.Context, f privacy.Filter) error {
		v, ok := viewer.FromContext(ctx)
		if !ok || v.UserID == "" {
			return privacy.Skip
		}
		if v.SeesEverything() {
			return privacy.Skip
		}
		if p := visibleTo(v).predicate(f); p != nil {
			f.(filterable).Where(p)
		}
		return privacy.Skip
	})
}

// predicate returns the filter of f's records, nil for records every user
// of the company reads.
func (vis visible) predicate(f privacy.Filter) entql.P {
	// FilterVisible skips viewers who see every candidate, so candidate
	// is never nil here.
	candidate := vis.candidate
	ofCandidate := entql.HasEdgeWith("candidate", candidate)
	position := vis.position
	switch f.(type) {
	case *ent.PositionFilter:
		return position
	case *ent.OpeningFilter:
		return hasEdgeWith("position", position)
	case *ent.ApprovalProcessFilter:
		return entql.HasEdgeWith("opening", hasEdgeWith("position", position))
	case *ent.CandidateFilter:
		return vis.candidate
	case *ent.PersonFilter:
		// A person without a candidacy belongs to no position: one exists
		// only inside the transaction that creates its first candidacy,
		// which must read it back and link it (CheckEdges).
		return entql.Or(entql.HasEdgeWith("candidates", candidate), entql.Not(entql.HasEdge("candidates")))
	case *ent.NoteFilter, *ent.ConversationFilter, *ent.TestSubmissionFilter, *ent.OfferLetterFilter,
		*ent.CandidateFileFilter, *ent.CandidateStepFilter, *ent.ApplicationFilter, *ent.InterviewFilter:
		return ofCandidate
	case *ent.PipelineStepFilter:
		// The company's default pipeline has no position; every user
		// may read it.
		return entql.Or(hasEdgeWith("position", position), entql.Not(entql.HasEdge("position")))
	case *ent.ActivityFilter:
		// A position's activities show to who sees the position; a
		// candidate's to who sees the candidate.
		return entql.And(hasEdgeWith("position", position), entql.Or(entql.Not(entql.HasEdge("candidate")), ofCandidate))
	case *ent.MessageFilter:
		return entql.HasEdgeWith("conversation", ofCandidate)
	case *ent.OfferFilter, *ent.ScorecardFilter:
		return ofCandidate
	case *ent.ScorecardRatingFilter:
		return entql.HasEdgeWith("scorecard", ofCandidate)
	case *ent.ScorecardAttributeFilter, *ent.ReportCountFilter:
		return hasEdgeWith("position", position)
	case *ent.OfferVersionFilter:
		return entql.HasEdgeWith("offer", ofCandidate)
	}
	return nil
}

// hasEdgeWith is entql.HasEdgeWith, or HasEdge when every target qualifies.
func hasEdgeWith(name string, p entql.P) entql.P {
	if p == nil {
		return entql.HasEdge(name)
	}
	return entql.HasEdgeWith(name, p)
}

// EveryPosition refuses reading what it guards to users who do not see
// every position: events and webhooks carry records of every position.
// Only queries: the service itself writes events for every role's changes.
func EveryPosition(what string) privacy.QueryRule {
	return privacy.QueryRuleFunc(func(ctx context.Context, _ ent.Query) error {
		v, ok := viewer.FromContext(ctx)
		if ok && !v.SeesEverything() {
			return apierror.Forbidden("%s need a role that sees every position", what)
		}
		return privacy.Skip
	})
}

// ReadRequires refuses reading what it guards unless the viewer holds
// permission perm; what names the records in the error. Writes are
// RequirePermissions' table.
func ReadRequires(perm, what string) privacy.QueryRule {
	return privacy.QueryRuleFunc(func(ctx context.Context, _ ent.Query) error {
		if v, ok := viewer.FromContext(ctx); ok && v.Has(perm) {
			return privacy.Skip
		}
		return apierror.Forbidden("reading %s needs the permission %q", what, perm)
	})
}
