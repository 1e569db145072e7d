package graph_test

import (
	"net/http"
	"testing"

	"github.com/hiregraph/hiregraph/ent/user"
	"github.com/hiregraph/hiregraph/internal/hiregraphtest"
)

const approvalFields = `id status approvalStatus timeApproved
	approvalProcess { status timeCompleted approvers { id } currentApprover { id } }`

type approvalOut struct {
	ID              string
	Status          string
	ApprovalStatus  string
	TimeApproved    *string
	ApprovalProcess *struct {
		Status          string
		TimeCompleted   *string
		Approvers       []struct{ ID string }
		CurrentApprover *struct{ ID string }
	}
}

// approvalEnv is the demo with an opening of the published position that
// needs no approval yet, and the ids of the recruiter and the owner.
type approvalEnv struct {
	env                *hiregraphtest.Env
	opening            string
	rita, olivia       string
	ritaTok, oliviaTok string
	hankTok            string
}

func newApprovalEnv(t *testing.T) approvalEnv {
	t.Helper()
	env := hiregraphtest.New(t)
	ctx := hiregraphtest.System()
	id := func(email string) string { return env.DB.Client.User.Query().Where(user.Email(email)).OnlyIDX(ctx) }
	var created struct{ CreateOpening struct{ ID string } }
	env.GraphQL(`mutation($id: ID!) { createOpening(positionID: $id, input: {name: "Backend #3", timeExpectedHire: "2027-01-01", reason: "New"}) { id } }`,
		map[string]any{"id": env.Demo.PublishedPositionUID}).Decode(t, &created)
	return approvalEnv{env: env, opening: created.CreateOpening.ID,
		rita: id("rita.recruiter@acme.example"), olivia: id("olivia.owner@acme.example"),
		ritaTok: env.UserToken("rita.recruiter@acme.example"), oliviaTok: env.UserToken("olivia.owner@acme.example"),
		hankTok: env.UserToken("hank.manager@acme.example")}
}

// step runs an approval mutation on the opening as credential ("" for the
// demo key).
func (a approvalEnv) step(credential, mutation string, vars map[string]any) *hiregraphtest.GraphQLResponse {
	all := map[string]any{"id": a.opening}
	for k, v := range vars {
		all[k] = v
	}
	args := "openingID: $id"
	decl := "$id: ID!"
	if _, ok := vars["approvers"]; ok {
		args, decl = args+", approverIDs: $approvers", decl+", $approvers: [ID!]"
	}
	q := `mutation(` + decl + `) { ` + mutation + `(` + args + `) { ` + approvalFields + ` } }`
	if credential == "" {
		return a.env.GraphQL(q, all)
	}
	return a.env.GraphQLAs(credential, q, all)
}

func decodeStep(t *testing.T, r *hiregraphtest.GraphQLResponse, mutation string) approvalOut {
	t.Helper()
	var out map[string]approvalOut
	r.Decode(t, &out)
	return out[mutation]
}

func ids(users []struct{ ID string }) []string {
	out := make([]string, len(users))
	for i, u := range users {
		out[i] = u.ID
	}
	return out
}

// TestNamedApproversDecideInTurn: an approval started with a chain of two
// approvers waits for the first, then the second; nobody else decides, an
// API key acting for no one included, and a hiring manager cannot approve
// at all.
func TestNamedApproversDecideInTurn(t *testing.T) {
	a := newApprovalEnv(t)
	chain := []string{a.rita, a.olivia}
	o := decodeStep(t, a.step(a.ritaTok, "startOpeningApproval", map[string]any{"approvers": chain}), "startOpeningApproval")
	if o.Status != "PENDING" || o.ApprovalProcess == nil || len(o.ApprovalProcess.Approvers) != 2 ||
		o.ApprovalProcess.Approvers[0].ID != a.rita || o.ApprovalProcess.Approvers[1].ID != a.olivia ||
		o.ApprovalProcess.CurrentApprover == nil || o.ApprovalProcess.CurrentApprover.ID != a.rita {
		t.Fatalf("started %+v", o)
	}
	assertCode(t, a.step(a.oliviaTok, "approveOpening", nil), "not_approver", http.StatusForbidden)
	assertCode(t, a.step("", "approveOpening", nil), "not_approver", http.StatusForbidden)
	assertCode(t, a.step("", "rejectOpening", nil), "not_approver", http.StatusForbidden)
	assertCode(t, a.step(a.hankTok, "approveOpening", nil), "forbidden", http.StatusForbidden)

	o = decodeStep(t, a.step(a.ritaTok, "approveOpening", nil), "approveOpening")
	if o.Status != "PENDING" || o.ApprovalStatus != "STARTED" || o.TimeApproved != nil ||
		o.ApprovalProcess.CurrentApprover == nil || o.ApprovalProcess.CurrentApprover.ID != a.olivia {
		t.Fatalf("after the first approver %+v", o)
	}
	assertCode(t, a.step(a.ritaTok, "rejectOpening", nil), "not_approver", http.StatusForbidden)

	o = decodeStep(t, a.step(a.oliviaTok, "approveOpening", nil), "approveOpening")
	if o.Status != "OPEN" || o.ApprovalStatus != "APPROVED" || o.TimeApproved == nil ||
		o.ApprovalProcess.Status != "APPROVED" || o.ApprovalProcess.CurrentApprover != nil {
		t.Fatalf("after the last approver %+v", o)
	}
}

// TestApproversMustBeUsersOfTheCompany: an unknown or foreign user, a
// user named twice and an overlong chain are refused, and the approval
// does not start.
func TestApproversMustBeUsersOfTheCompany(t *testing.T) {
	a := newApprovalEnv(t)
	var stranger struct {
		Users struct {
			Edges []struct{ Node struct{ ID string } }
		}
	}
	a.env.OtherCompany().GraphQL(`{ users(first: 1) { edges { node { id } } } }`, nil).Decode(t, &stranger)
	assertCode(t, a.step("", "startOpeningApproval", map[string]any{"approvers": []string{a.rita, stranger.Users.Edges[0].Node.ID}}), "user_not_found", http.StatusUnprocessableEntity)
	assertCode(t, a.step("", "startOpeningApproval", map[string]any{"approvers": []string{a.rita, a.rita}}), "validation_failed", http.StatusUnprocessableEntity)
	long := make([]string, 11)
	for i := range long {
		long[i] = a.rita
	}
	assertCode(t, a.step("", "startOpeningApproval", map[string]any{"approvers": long}), "validation_failed", http.StatusUnprocessableEntity)
	// Nothing started: the demo key may start it now, naming no one, and
	// approve it as before approvers existed.
	decodeStep(t, a.step("", "startOpeningApproval", nil), "startOpeningApproval")
	if o := decodeStep(t, a.step("", "approveOpening", nil), "approveOpening"); o.Status != "OPEN" || len(o.ApprovalProcess.Approvers) != 0 {
		t.Fatalf("approved without approvers %+v", o)
	}
}

// TestClosingEndsTheApproval: closing an opening whose approval runs ends
// the approval (ENDED, time_completed, approval.ended); reopened, the
// opening waits as PENDING and only a new round, with new approvers,
// decides. Closing the position does the same to its openings.
func TestClosingEndsTheApproval(t *testing.T) {
	a := newApprovalEnv(t)
	decodeStep(t, a.step(a.ritaTok, "startOpeningApproval", map[string]any{"approvers": []string{a.rita}}), "startOpeningApproval")
	var closed struct{ UpdateOpening approvalOut }
	a.env.GraphQL(`mutation($id: ID!) { updateOpening(id: $id, input: {status: CLOSED}) { `+approvalFields+` } }`, map[string]any{"id": a.opening}).Decode(t, &closed)
	if o := closed.UpdateOpening; o.Status != "CLOSED" || o.ApprovalStatus != "PAUSED" || o.ApprovalProcess.Status != "ENDED" ||
		o.ApprovalProcess.TimeCompleted == nil || o.ApprovalProcess.CurrentApprover != nil {
		t.Fatalf("closed %+v", o)
	}
	assertCode(t, a.step(a.ritaTok, "approveOpening", nil), "illegal_transition", http.StatusConflict)

	var reopened struct{ ReopenOpening approvalOut }
	a.env.GraphQL(`mutation($id: ID!) { reopenOpening(id: $id) { `+approvalFields+` } }`, map[string]any{"id": a.opening}).Decode(t, &reopened)
	if o := reopened.ReopenOpening; o.Status != "PENDING" || o.ApprovalProcess.Status != "ENDED" {
		t.Fatalf("reopened %+v", o)
	}
	assertCode(t, a.step(a.ritaTok, "approveOpening", nil), "illegal_transition", http.StatusConflict)
	o := decodeStep(t, a.step(a.ritaTok, "startOpeningApproval", map[string]any{"approvers": []string{a.olivia}}), "startOpeningApproval")
	if o.ApprovalStatus != "STARTED" || o.ApprovalProcess.TimeCompleted != nil || o.ApprovalProcess.CurrentApprover == nil ||
		o.ApprovalProcess.CurrentApprover.ID != a.olivia {
		t.Fatalf("started again %+v", o)
	}

	var timeline struct {
		Node struct {
			Activities struct {
				Edges []struct{ Node struct{ Verb string } }
			}
		}
	}
	a.env.GraphQL(`query($id: ID!) { node(id: $id) { ... on Position { activities(first: 200) { edges { node { verb } } } } } }`,
		map[string]any{"id": a.env.Demo.PublishedPositionUID}).Decode(t, &timeline)
	ended := 0
	for _, e := range timeline.Node.Activities.Edges {
		if e.Node.Verb == "approval.ended" {
			ended++
		}
	}
	if ended != 1 {
		t.Errorf("%d approval.ended activities, want 1", ended)
	}
}

// TestClosingThePositionEndsItsApprovals: the openings a position's closing
// closes end their running approvals too.
func TestClosingThePositionEndsItsApprovals(t *testing.T) {
	env := hiregraphtest.New(t)
	var created struct {
		CreatePosition struct {
			ID       string
			Openings struct {
				Edges []struct{ Node struct{ ID string } }
			}
		}
	}
	env.GraphQL(`mutation($in: CreatePositionInput!) { createPosition(input: $in) { id openings { edges { node { id } } } } }`,
		map[string]any{"in": createPositionInput(env)}).Decode(t, &created)
	opening := created.CreatePosition.Openings.Edges[0].Node.ID
	env.GraphQL(`mutation($id: ID!) { startOpeningApproval(openingID: $id) { id } }`, map[string]any{"id": opening}).Decode(t, &struct{}{})
	env.GraphQL(`mutation($id: ID!) { setPositionStatus(id: $id, status: CLOSED) { id } }`, map[string]any{"id": created.CreatePosition.ID}).Decode(t, &struct{}{})
	var got struct{ Node approvalOut }
	env.GraphQL(`query($id: ID!) { node(id: $id) { ... on Opening { `+approvalFields+` } } }`, map[string]any{"id": opening}).Decode(t, &got)
	if o := got.Node; o.Status != "CLOSED" || o.ApprovalStatus != "PAUSED" || o.ApprovalProcess.Status != "ENDED" || o.ApprovalProcess.TimeCompleted == nil {
		t.Fatalf("after closing the position %+v", o)
	}
}
