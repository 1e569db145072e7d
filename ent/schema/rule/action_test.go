package rule_test

import (
	"context"
	"testing"

	"github.com/hiregraph/hiregraph/ent/candidate"
	"github.com/hiregraph/hiregraph/ent/opening"
	"github.com/hiregraph/hiregraph/ent/pipelinestep"
	"github.com/hiregraph/hiregraph/ent/user"
	"github.com/hiregraph/hiregraph/internal/apierror"
	"github.com/hiregraph/hiregraph/internal/hiregraphtest"
	"github.com/hiregraph/hiregraph/internal/permission"
	"github.com/hiregraph/hiregraph/internal/viewer"
)

// asUser is the context of the demo user with email, holding their roles'
// permissions.
func asUser(t *testing.T, env *hiregraphtest.Env, email string) context.Context {
	t.Helper()
	u := env.DB.Client.User.Query().Where(user.Email(email)).OnlyX(hiregraphtest.System())
	v := viewer.Viewer{CompanyID: env.Demo.CompanyUID}.ForUser(u.ID, u.Roles, permission.OfRoles(u.Roles, nil))
	return viewer.NewContext(context.Background(), v)
}

func assertForbidden(t *testing.T, what string, err error) {
	t.Helper()
	if e, ok := apierror.As(err); !ok || e.Code != "forbidden" {
		t.Errorf("%s: error %v, want forbidden", what, err)
	}
}

// TestRequirePermissions writes through the ent client directly, with no
// resolver or domain check in between: the data layer alone refuses what
// the table does not allow and lets the rest through.
func TestRequirePermissions(t *testing.T) {
	env := hiregraphtest.New(t)
	client, sys := env.DB.Client, hiregraphtest.System()
	coordinator := asUser(t, env, "cody.coordinator@acme.example")
	manager := asUser(t, env, "hank.manager@acme.example")
	cand := env.Demo.CandidateUID
	step := client.PipelineStep.Query().Where(pipelinestep.PositionID(env.Demo.PublishedPositionUID), pipelinestep.Rank(1)).OnlyX(sys)
	open := client.Opening.Query().Where(opening.PositionID(env.Demo.PublishedPositionUID)).FirstX(sys)

	assertForbidden(t, "a coordinator rejecting", client.Candidate.UpdateOneID(cand).SetStatus(candidate.StatusRejected).Exec(coordinator))
	assertForbidden(t, "a coordinator hiring", client.Candidate.UpdateOneID(cand).SetHiredOpeningID(open.ID).SetStatus(candidate.StatusHired).Exec(coordinator))
	if got := client.Candidate.GetX(sys, cand); got.Status != candidate.StatusInProgress {
		t.Errorf("the refused writes left status %s", got.Status)
	}
	if err := client.Candidate.UpdateOneID(cand).SetCurrentStepID(step.ID).Exec(coordinator); err != nil {
		t.Errorf("a coordinator moving a candidate: %v", err)
	}
	assertForbidden(t, "a hiring manager publishing", client.Position.UpdateOneID(env.Demo.PublishedPositionUID).SetIsPublished(false).Exec(manager))
	assertForbidden(t, "a hiring manager approving", client.Opening.UpdateOne(open).SetApprovalStatus(opening.ApprovalStatusApproved).Exec(manager))
	if err := client.Opening.UpdateOne(open).SetApprovalStatus(opening.ApprovalStatusStarted).Exec(manager); err != nil {
		t.Errorf("a hiring manager starting an approval: %v", err)
	}
	assertForbidden(t, "a hiring manager editing the default pipeline",
		client.PipelineStep.Update().Where(pipelinestep.PositionIDIsNil()).SetName("Renamed").Exec(manager))
}
