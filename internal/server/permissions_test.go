package server_test

import (
	"net/http"
	"slices"
	"strings"
	"testing"

	"github.com/hiregraph/hiregraph/internal/hiregraphtest"
	"github.com/hiregraph/hiregraph/internal/permission"
)

// demoUsers signs in one demo user of each built-in role (admin is the
// same set as owner).
var demoUsers = map[string]string{
	permission.RoleOwner:         "olivia.owner@acme.example",
	permission.RoleRecruiter:     "rita.recruiter@acme.example",
	permission.RoleCoordinator:   "cody.coordinator@acme.example",
	permission.RoleHiringManager: "hank.manager@acme.example",
	permission.RoleInterviewer:   "ian.interviewer@acme.example",
}

// demoIDs are the records the action matrix acts on, read by the owner.
type demoIDs struct {
	opening, reason, step, defaultStep, interviewer string
}

func readDemoIDs(t *testing.T, env *hiregraphtest.Env) demoIDs {
	t.Helper()
	var data struct {
		Openings struct {
			Edges []struct{ Node struct{ ID string } }
		}
		RejectionReasons struct {
			Edges []struct{ Node struct{ ID string } }
		}
		Pipeline        []struct{ ID string }
		DefaultPipeline []struct{ ID string }
		Users           struct {
			Edges []struct{ Node struct{ ID, Email string } }
		}
	}
	env.GraphQL(`query($p: ID!) {
		openings(filter: {positionID: $p}) { edges { node { id } } }
		rejectionReasons(first: 1) { edges { node { id } } }
		pipeline(positionID: $p) { id }
		defaultPipeline: pipeline { id }
		users(first: 50) { edges { node { id email } } } }`,
		map[string]any{"p": env.Demo.PublishedPositionUID}).Decode(t, &data)
	if len(data.Openings.Edges) == 0 || len(data.RejectionReasons.Edges) == 0 || len(data.Pipeline) < 2 || len(data.DefaultPipeline) == 0 {
		t.Fatalf("the demo lacks an opening, a reason or pipeline steps: %+v", data)
	}
	ids := demoIDs{opening: data.Openings.Edges[0].Node.ID, reason: data.RejectionReasons.Edges[0].Node.ID,
		step: data.Pipeline[1].ID, defaultStep: data.DefaultPipeline[0].ID}
	for _, u := range data.Users.Edges {
		if u.Node.Email == demoUsers[permission.RoleInterviewer] {
			ids.interviewer = u.Node.ID
		}
	}
	return ids
}

// action is one thing a user may try, and the permission it needs.
type action struct {
	name, permission string
	query            func(env *hiregraphtest.Env, ids demoIDs) (string, map[string]any)
}

// actions run in this order on one demo per role: state changes that could
// make a later action illegal (a rejection before a hire) come last, and an
// illegal transition still proves the permission let the request through.
var actions = []action{
	{"reports", permission.ViewReports, func(*hiregraphtest.Env, demoIDs) (string, map[string]any) {
		return `{ reports(filter: {from: "2026-01-01T00:00:00Z", to: "2027-01-01T00:00:00Z"}) { funnel { reached } sources { hires } } }`, nil
	}},
	{"createNote", permission.Comment, func(env *hiregraphtest.Env, _ demoIDs) (string, map[string]any) {
		return `mutation($c: ID!) { createNote(candidateID: $c, input: {timeCreated: "2026-03-01T10:00:00Z", text: "x"}) { id } }`, map[string]any{"c": env.Demo.CandidateUID}
	}},
	{"createCandidate", permission.SourceCandidates, func(env *hiregraphtest.Env, _ demoIDs) (string, map[string]any) {
		return `mutation($p: ID!) { createCandidate(input: {positionID: $p, person: {firstName: "New"}}) { id } }`, map[string]any{"p": env.Demo.PublishedPositionUID}
	}},
	{"updatePosition", permission.EditPositions, func(env *hiregraphtest.Env, _ demoIDs) (string, map[string]any) {
		return `mutation($p: ID!) { updatePosition(id: $p, input: {department: "R&D"}) { id } }`, map[string]any{"p": env.Demo.PublishedPositionUID}
	}},
	{"assignCandidate", permission.EditCandidates, func(env *hiregraphtest.Env, ids demoIDs) (string, map[string]any) {
		return `mutation($c: ID!, $u: ID!) { assignCandidate(id: $c, userIDs: [$u]) { id } }`, map[string]any{"c": env.Demo.CandidateUID, "u": ids.interviewer}
	}},
	{"moveCandidate", permission.MoveCandidates, func(env *hiregraphtest.Env, ids demoIDs) (string, map[string]any) {
		return `mutation($c: ID!, $s: ID!) { moveCandidate(id: $c, toStepID: $s) { id } }`, map[string]any{"c": env.Demo.CandidateUID, "s": ids.step}
	}},
	{"startOpeningApproval", permission.RequestApproval, func(_ *hiregraphtest.Env, ids demoIDs) (string, map[string]any) {
		return `mutation($o: ID!) { startOpeningApproval(openingID: $o) { id } }`, map[string]any{"o": ids.opening}
	}},
	{"approveOpening", permission.ApproveOpenings, func(_ *hiregraphtest.Env, ids demoIDs) (string, map[string]any) {
		return `mutation($o: ID!) { approveOpening(openingID: $o) { id } }`, map[string]any{"o": ids.opening}
	}},
	{"addDefaultPipelineStep", permission.EditPipelines, func(_ *hiregraphtest.Env, _ demoIDs) (string, map[string]any) {
		return `mutation { addPipelineStep(input: {name: "Extra", kind: REVIEW}) { id } }`, nil
	}},
	{"createUser", permission.ManageUsers, func(_ *hiregraphtest.Env, _ demoIDs) (string, map[string]any) {
		return `mutation { createUser(input: {email: "new.user@acme.example", firstName: "New", roles: ["interviewer"]}) { id } }`, nil
	}},
	{"createWebhookEndpoint", permission.ManageWebhooks, func(_ *hiregraphtest.Env, _ demoIDs) (string, map[string]any) {
		return `mutation { createWebhookEndpoint(input: {url: "https://hooks.acme.example/in"}) { secret } }`, nil
	}},
	{"hireCandidate", permission.HireCandidates, func(env *hiregraphtest.Env, ids demoIDs) (string, map[string]any) {
		return `mutation($c: ID!, $o: ID!) { hireCandidate(id: $c, openingID: $o) { id } }`, map[string]any{"c": env.Demo.CandidateUID, "o": ids.opening}
	}},
	{"rejectCandidate", permission.RejectCandidates, func(env *hiregraphtest.Env, ids demoIDs) (string, map[string]any) {
		return `mutation($c: ID!, $r: ID!) { rejectCandidate(id: $c, input: {reasonID: $r}) { id } }`, map[string]any{"c": env.Demo.CandidateUID, "r": ids.reason}
	}},
	{"publishPosition", permission.PublishPositions, func(env *hiregraphtest.Env, _ demoIDs) (string, map[string]any) {
		return `mutation($p: ID!) { publishPosition(id: $p) { id } }`, map[string]any{"p": env.Demo.UnpublishedPositionUID}
	}},
	{"holdPosition", permission.ChangePositionStatus, func(env *hiregraphtest.Env, _ demoIDs) (string, map[string]any) {
		return `mutation($p: ID!) { setPositionStatus(id: $p, status: ON_HOLD) { id } }`, map[string]any{"p": env.Demo.PublishedPositionUID}
	}},
}

// TestRolesDoExactlyWhatTheirPermissionsAllow runs every action as each
// built-in role: the permission table (package permission) decides which
// are refused, so the table, README's copy of it and the data layer agree.
func TestRolesDoExactlyWhatTheirPermissionsAllow(t *testing.T) {
	for role, email := range demoUsers {
		t.Run(role, func(t *testing.T) {
			env := hiregraphtest.New(t)
			ids := readDemoIDs(t, env)
			token := env.UserToken(email)
			held := permission.OfBuiltIn(role)
			for _, a := range actions {
				query, vars := a.query(env, ids)
				got := env.GraphQLAs(token, query, vars)
				refused := got.Code() == "forbidden"
				if want := !slices.Contains(held, a.permission); refused != want {
					t.Errorf("%s (needs %s): refused %v, want %v: %+v", a.name, a.permission, refused, want, got.Errors)
				}
				if !refused && strings.HasSuffix(got.Code(), "not_found") {
					t.Errorf("%s: %s cannot see what the action acts on: %+v", a.name, role, got.Errors)
				}
			}
		})
	}
}

// TestKeysCarryPermissions: a key may be given single permissions as
// scopes, and a key acting On-Behalf-Of a user holds only what both hold.
func TestKeysCarryPermissions(t *testing.T) {
	env := hiregraphtest.New(t)
	ids := readDemoIDs(t, env)
	move := `mutation($c: ID!, $s: ID!) { moveCandidate(id: $c, toStepID: $s) { id } }`
	hire := `mutation($c: ID!, $o: ID!) { hireCandidate(id: $c, openingID: $o) { id } }`
	vars := map[string]any{"c": env.Demo.CandidateUID, "s": ids.step, "o": ids.opening}

	mover := env.WithKey(permission.ScopeRead, permission.MoveCandidates)
	if got := mover.GraphQL(move, vars); len(got.Errors) > 0 {
		t.Errorf("a key with candidates:move moving: %+v", got.Errors)
	}
	if got := mover.GraphQL(hire, vars); got.Code() != "forbidden" {
		t.Errorf("a key with candidates:move hiring: code %q, want forbidden", got.Code())
	}

	// The key may hire, the coordinator may not: acting for her, neither.
	writer := env.WithKey(permission.ScopeRead, permission.ScopeWrite)
	forCody := map[string]string{"Authorization": "Bearer " + writer.Demo.APIKey, "On-Behalf-Of": demoUsers[permission.RoleCoordinator]}
	r := env.DoWith(http.MethodPost, "/graphql", map[string]any{"query": hire, "variables": vars}, forCody)
	if !strings.Contains(string(r.Body), `"forbidden"`) {
		t.Errorf("a writing key On-Behalf-Of a coordinator hiring: %s, want forbidden", r)
	}

	// A scope is a coarse scope or a permission name, nothing else.
	unknown := env.GraphQLAs(env.UserToken(demoUsers[permission.RoleOwner]), `mutation { createAPIKey(input: {name: "x", scopes: ["no:such"]}) { secret } }`, nil)
	if unknown.Code() != "validation_failed" {
		t.Errorf("a key with an unknown scope: code %q, want validation_failed", unknown.Code())
	}
}
