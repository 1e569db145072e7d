package server_test

import (
	"net/http"
	"testing"

	"github.com/hiregraph/hiregraph/ent/activity"
	"github.com/hiregraph/hiregraph/ent/hiringteammember"
	"github.com/hiregraph/hiregraph/ent/user"
	"github.com/hiregraph/hiregraph/internal/hiregraphtest"
)

// TestRaceTeamChangesApplyOnce adds the same member to a position's team
// from many requests at once: every request answers the team with the
// member, the team has one row for them, and one position.team_changed
// activity records the change.
func TestRaceTeamChangesApplyOnce(t *testing.T) {
	env := raceEnv(t)
	ctx := hiregraphtest.System()
	cody := env.DB.Client.User.Query().Where(user.Email(hiregraphtest.CoordinatorEmail)).OnlyIDX(ctx)
	position := env.Demo.PublishedPositionUID
	results := hiregraphtest.Race(racers, func(int) *hiregraphtest.GraphQLResponse {
		return env.GraphQL(`mutation($p: ID!, $u: ID!) { addHiringTeamMember(positionID: $p, userID: $u, role: COORDINATOR) { id } }`,
			map[string]any{"p": position, "u": cody})
	})
	for i, r := range results {
		if len(r.Errors) > 0 {
			t.Errorf("request %d: %d %+v", i, r.Status, r.Errors)
		}
	}
	rows := env.DB.Client.HiringTeamMember.Query().Where(hiringteammember.PositionID(position), hiringteammember.UserID(cody)).CountX(ctx)
	changes := env.DB.Client.Activity.Query().Where(activity.Verb("position.team_changed"), activity.ObjectID(position)).CountX(ctx)
	if rows != 1 || changes != 1 {
		t.Errorf("%d team rows and %d position.team_changed activities for the member, want 1 and 1", rows, changes)
	}
}

// TestRaceApproverDecidesOnce sends the first approver's approval of a
// chain of two many times at once: one passes the approval to the second
// approver, every other is refused as not the approver, and the opening
// still waits for the second.
func TestRaceApproverDecidesOnce(t *testing.T) {
	env := raceEnv(t)
	ctx := hiregraphtest.System()
	id := func(email string) string { return env.DB.Client.User.Query().Where(user.Email(email)).OnlyIDX(ctx) }
	rita, olivia := id("rita.recruiter@acme.example"), id("olivia.owner@acme.example")
	var created struct{ CreateOpening struct{ ID string } }
	env.GraphQL(`mutation($id: ID!) { createOpening(positionID: $id, input: {name: "Backend #3", timeExpectedHire: "2027-01-01", reason: "New"}) { id } }`,
		map[string]any{"id": env.Demo.PublishedPositionUID}).Decode(t, &created)
	opening := created.CreateOpening.ID
	env.GraphQL(`mutation($id: ID!, $a: [ID!]) { startOpeningApproval(openingID: $id, approverIDs: $a) { id } }`,
		map[string]any{"id": opening, "a": []string{rita, olivia}}).Decode(t, &struct{}{})
	token := env.UserToken("rita.recruiter@acme.example")
	results := hiregraphtest.Race(racers, func(int) *hiregraphtest.GraphQLResponse {
		return env.GraphQLAs(token, `mutation($id: ID!) { approveOpening(openingID: $id) { id } }`, map[string]any{"id": opening})
	})
	passed := 0
	for i, r := range results {
		switch {
		case len(r.Errors) == 0:
			passed++
		case r.Code() != "not_approver" || r.Errors[0].Extensions["status"] != float64(http.StatusForbidden):
			t.Errorf("request %d: %d %+v", i, r.Status, r.Errors)
		}
	}
	if passed != 1 {
		t.Errorf("%d of %d approvals passed, want 1", passed, racers)
	}
	var got struct {
		Node struct {
			Status          string
			ApprovalProcess struct{ CurrentApprover struct{ ID string } }
		}
	}
	env.GraphQL(`query($id: ID!) { node(id: $id) { ... on Opening { status approvalProcess { currentApprover { id } } } } }`,
		map[string]any{"id": opening}).Decode(t, &got)
	if got.Node.Status != "PENDING" || got.Node.ApprovalProcess.CurrentApprover.ID != olivia {
		t.Errorf("after the race %+v, want PENDING awaiting the second approver", got.Node)
	}
}
