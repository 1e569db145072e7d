package rule

import (
	"context"

	"entgo.io/ent/entql"

	"github.com/hiregraph/hiregraph/ent"
	"github.com/hiregraph/hiregraph/ent/privacy"
	"github.com/hiregraph/hiregraph/internal/permission"
	"github.com/hiregraph/hiregraph/internal/viewer"
)

// decidesFor is the predicate of a position userID decides on: its hiring
// manager or lead recruiter, or a hiring manager or recruiter of its
// hiring team. Coordinators and interviewers decide nothing.
func decidesFor(userID string) entql.P {
	isUser := entql.FieldEQ("id", userID)
	return entql.Or(
		entql.HasEdgeWith("hiring_manager", isUser),
		entql.HasEdgeWith("lead_recruiter", isUser),
		entql.HasEdgeWith("team_members", entql.And(
			entql.FieldEQ("user_id", userID),
			entql.FieldIn("role", "HIRING_MANAGER", "RECRUITER"),
		)),
	)
}

// OthersFeedbackReadable is the predicate of the candidates on whom the
// viewer reads every scorecard: those they submitted a scorecard on, and
// those of the positions they decide on. all is true when the viewer reads
// every scorecard (scorecards:view_all), and for the service's own reads
// (no viewer: jobs such as a person's export); the predicate is nil then.
func OthersFeedbackReadable(ctx context.Context) (all bool, candidate entql.P) {
	v, ok := viewer.FromContext(ctx)
	if !ok || v.Has(permission.ViewAllFeedback) {
		return true, nil
	}
	if v.UserID == "" {
		return false, entql.FieldEQ("id", "")
	}
	return false, entql.Or(
		entql.HasEdgeWith("scorecards", entql.FieldEQ("user_id", v.UserID)),
		entql.HasEdgeWith("position", decidesFor(v.UserID)),
	)
}

// FilterBlindFeedback keeps feedback blind: a user reads their own
// scorecards, and others' on a candidate only once they submitted their
// own on that candidate or decide on its position; scorecards:view_all
// reads them all. Ratings follow their scorecard.
func FilterBlindFeedback() privacy.QueryRule {
	return privacy.FilterFunc(func(ctx context.Context, f privacy.Filter) error {
		all, candidate := OthersFeedbackReadable(ctx)
		if all {
			return privacy.Skip
		}
		v, _ := viewer.FromContext(ctx)
		scorecard := entql.Or(entql.FieldEQ("user_id", v.UserID), entql.HasEdgeWith("candidate", candidate))
		switch f := f.(type) {
		case *ent.ScorecardFilter:
			f.Where(scorecard)
		case *ent.ScorecardRatingFilter:
			f.Where(entql.HasEdgeWith("scorecard", scorecard))
		}
		return privacy.Skip
	})
}
