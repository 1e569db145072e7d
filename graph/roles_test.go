package graph_test

import (
	"net/http"
	"slices"
	"strings"
	"testing"

	"github.com/hiregraph/hiregraph/graph"
	"github.com/hiregraph/hiregraph/internal/hiregraphtest"
	"github.com/hiregraph/hiregraph/internal/permission"
)

const (
	ownerEmail       = "olivia.owner@acme.example"
	coordinatorEmail = "cody.coordinator@acme.example"
)

type roleAnswer struct {
	ID          *string
	Name        string
	Description string
	Permissions []string
	BuiltIn     bool
}

const (
	createRole = `mutation($in: CreateRoleInput!) { createRole(input: $in) { id name description permissions builtIn } }`
	updateRole = `mutation($id: ID!, $in: UpdateRoleInput!) { updateRole(id: $id, input: $in) { id name permissions } }`
	deleteRole = `mutation($id: ID!) { deleteRole(id: $id) { id name } }`
	move       = `mutation($id: ID!, $s: ID!) { moveCandidate(id: $id, toStepID: $s) { id currentStep { id } } }`
	hire       = `mutation($id: ID!, $o: ID!) { hireCandidate(id: $id, openingID: $o) { id status } }`
)

func readRoles(t *testing.T, env *hiregraphtest.Env, token string) []roleAnswer {
	t.Helper()
	var out struct{ Roles []roleAnswer }
	env.GraphQLAs(token, `{ roles { id name description permissions builtIn } }`, nil).Decode(t, &out)
	return out.Roles
}

// invite makes a user with roles through REST and returns a token of theirs.
func invite(t *testing.T, env *hiregraphtest.Env, token, email string, roles ...string) (id, userToken string) {
	t.Helper()
	r := env.DoAs(token, http.MethodPost, "/v1/users", map[string]any{"email": email, "first_name": "Test", "roles": roles})
	if r.Status != http.StatusCreated {
		t.Fatalf("inviting %s as %v: %s", email, roles, r)
	}
	return r.Map(t)["uid"].(string), env.UserToken(email)
}

func TestPermissionsAndBuiltInRolesAreListed(t *testing.T) {
	env := hiregraphtest.New(t)
	var out struct {
		Permissions []struct{ Name, Description string }
	}
	env.GraphQLAs(env.Demo.UserToken, `{ permissions { name description } }`, nil).Decode(t, &out)
	if len(out.Permissions) != len(permission.All) {
		t.Fatalf("permissions lists %d, want %d", len(out.Permissions), len(permission.All))
	}
	for i, p := range out.Permissions {
		if p.Name != permission.All[i].Name || p.Description == "" {
			t.Errorf("permissions[%d] = %+v, want %s with a description", i, p, permission.All[i].Name)
		}
	}
	roles := readRoles(t, env, env.Demo.UserToken)
	if len(roles) != len(permission.BuiltInRoles) {
		t.Fatalf("roles = %+v, want the %d built-in ones", roles, len(permission.BuiltInRoles))
	}
	for i, r := range roles {
		if r.Name != permission.BuiltInRoles[i] || !r.BuiltIn || r.ID != nil || r.Description == "" ||
			!slices.Equal(r.Permissions, permission.OfBuiltIn(r.Name)) {
			t.Errorf("roles[%d] = %+v, want built-in %s with its permissions", i, r, permission.BuiltInRoles[i])
		}
	}
}

// TestCustomRoleLifecycle defines a role that moves candidates and does
// nothing else, gives it to a user, changes it and deletes it, and reads
// the audit trail of every step.
func TestCustomRoleLifecycle(t *testing.T) {
	env := hiregraphtest.New(t)
	f := newFixture(t, env)
	owner := env.UserToken(ownerEmail)

	mover := map[string]any{"name": "mover", "description": "Moves candidates along.",
		"permissions": []string{permission.MoveCandidates, permission.ViewCandidates, permission.ViewAllPositions, permission.MoveCandidates}}
	var created struct{ CreateRole roleAnswer }
	env.GraphQLAs(owner, createRole, map[string]any{"in": mover}).Decode(t, &created)
	role := created.CreateRole
	want := []string{permission.ViewAllPositions, permission.ViewCandidates, permission.MoveCandidates}
	if role.ID == nil || role.Name != "mover" || role.BuiltIn || !slices.Equal(role.Permissions, want) {
		t.Fatalf("created %+v, want mover with %v once each, in documented order", role, want)
	}
	if roles := readRoles(t, env, env.Demo.UserToken); roles[len(roles)-1].Name != "mover" || *roles[len(roles)-1].ID != *role.ID {
		t.Errorf("roles does not end with the custom role: %+v", roles)
	}

	// Bad definitions are refused with the field to fix, and write nothing.
	for _, c := range []struct {
		in           map[string]any
		code, field  string
		status       int
		wantsMessage string
	}{
		{map[string]any{"name": "recruiter", "permissions": want}, "validation_failed", "name", 422, "built-in"},
		{map[string]any{"name": "Hiring_Manager", "permissions": want}, "validation_failed", "name", 422, "built-in"},
		{map[string]any{"name": "Mover Two", "permissions": want}, "validation_failed", "name", 422, "lowercase"},
		{map[string]any{"name": "flyer", "permissions": []string{permission.MoveCandidates, "candidates:fly"}}, "validation_failed", "permissions[1]", 422, "candidates:fly"},
		{map[string]any{"name": "nothing", "permissions": []string{}}, "validation_failed", "permissions", 422, "at least one"},
		{map[string]any{"name": "mover", "permissions": want}, "role_exists", "", 409, "mover"},
	} {
		r := env.GraphQLAs(owner, createRole, map[string]any{"in": c.in})
		assertCode(t, r, c.code, c.status)
		if got, _ := r.Errors[0].Extensions["field"].(string); got != c.field {
			t.Errorf("%v: field %q, want %q", c.in, got, c.field)
		}
	}
	if n := len(readRoles(t, env, owner)); n != len(permission.BuiltInRoles)+1 {
		t.Errorf("after refused definitions there are %d roles, want %d", n, len(permission.BuiltInRoles)+1)
	}
	// Only who manages users defines roles.
	assertCode(t, env.GraphQLAs(env.Demo.UserToken, createRole, map[string]any{"in": map[string]any{"name": "x", "permissions": want}}), "forbidden", 403)

	// A user of the role moves candidates, and cannot hire them.
	env.DoAs(owner, http.MethodPost, "/v1/users", map[string]any{"email": "ghost@acme.example", "first_name": "G", "roles": []string{"ghost"}}).
		AssertError(t, http.StatusUnprocessableEntity, "validation_failed", "roles[0]")
	mia, token := invite(t, env, owner, "mia.mover@acme.example", "mover")
	if r := env.GraphQLAs(token, move, map[string]any{"id": f.candidate, "s": f.step}); r.Code() != "" {
		t.Fatalf("a mover moving: %+v", r.Errors)
	}
	assertCode(t, env.GraphQLAs(token, hire, map[string]any{"id": f.candidate, "o": f.opening}), "forbidden", 403)
	if got := readBoard(t, env, f.candidate).Node.Status; got == "HIRED" {
		t.Fatalf("a refused hire hired")
	}

	// The role's change holds from the holder's next request, same token.
	var updated struct{ UpdateRole roleAnswer }
	env.GraphQLAs(owner, updateRole, map[string]any{"id": *role.ID, "in": map[string]any{"permissions": append(want, permission.HireCandidates)}}).Decode(t, &updated)
	if !slices.Contains(updated.UpdateRole.Permissions, permission.HireCandidates) {
		t.Fatalf("updated %+v", updated.UpdateRole)
	}
	if r := env.GraphQLAs(token, hire, map[string]any{"id": f.candidate, "o": f.opening}); r.Code() != "" {
		t.Fatalf("a mover allowed to hire, hiring: %+v", r.Errors)
	}
	assertCode(t, env.GraphQLAs(owner, updateRole, map[string]any{"id": "rol_unknown", "in": map[string]any{"description": "x"}}), "role_not_found", 404)

	// A role still held is not deleted; once nobody holds it, it is.
	r := env.GraphQLAs(owner, deleteRole, map[string]any{"id": *role.ID})
	assertCode(t, r, "role_in_use", 409)
	if msg := r.Errors[0].Message; !strings.Contains(msg, "mia.mover@acme.example") {
		t.Errorf("role_in_use message %q does not name the holder", msg)
	}
	if r := env.DoAs(owner, http.MethodPost, "/v1/users/"+mia+"/roles", map[string]any{"roles": []string{"interviewer"}}); r.Status != http.StatusOK {
		t.Fatalf("set roles: %s", r)
	}
	var deleted struct{ DeleteRole roleAnswer }
	env.GraphQLAs(owner, deleteRole, map[string]any{"id": *role.ID}).Decode(t, &deleted)
	if deleted.DeleteRole.Name != "mover" {
		t.Errorf("deleted %+v", deleted.DeleteRole)
	}
	if n := len(readRoles(t, env, owner)); n != len(permission.BuiltInRoles) {
		t.Errorf("after deleting, %d roles, want the built-in ones", n)
	}
	assertCode(t, env.GraphQLAs(owner, deleteRole, map[string]any{"id": *role.ID}), "role_not_found", 404)

	// Every change is in the company's event feed, with who made it; the
	// activity behind each event holds the fields changed.
	type feed struct {
		Events struct {
			Events []struct {
				ID, Type string
				Actor    struct{ Type, ID string }
				Object   struct {
					Type, ID string
					Data     map[string]any
				}
			}
		}
	}
	audit := hiregraphtest.Settled(t, func() (f feed) {
		env.GraphQLAs(owner, `{ events(types: ["role.created", "role.updated", "role.deleted", "user.created", "user.roles_changed"], first: 50) {
			events { id type actor { type id } object { type id data } } } }`, nil).Decode(t, &f)
		return f
	}, func(f feed) bool { return len(f.Events.Events) >= 5 })
	var types []string
	olivia := userID(t, env, owner)
	for _, ev := range audit.Events.Events {
		types = append(types, ev.Type)
		if ev.Actor.Type != "USER" || ev.Actor.ID != olivia {
			t.Errorf("%s by %+v, want the owner", ev.Type, ev.Actor)
		}
	}
	wantTypes := []string{"role.created", "user.created", "role.updated", "user.roles_changed", "role.deleted"}
	if !slices.Equal(types, wantTypes) {
		t.Fatalf("audit events %v, want %v", types, wantTypes)
	}
	changed := audit.Events.Events[3]
	if changed.Object.Type != "User" || changed.Object.ID != mia || changed.Object.Data["roles"].([]any)[0] != "interviewer" {
		t.Errorf("user.roles_changed object %+v", changed.Object)
	}
	var act struct {
		Node struct {
			Activity struct {
				Changes []struct {
					Field         string
					Before, After []string
				}
			}
		}
	}
	env.GraphQLAs(owner, `query($id: ID!) { node(id: $id) { ... on Event { activity { changes { field before after } } } } }`, map[string]any{"id": changed.ID}).Decode(t, &act)
	if len(act.Node.Activity.Changes) != 1 || act.Node.Activity.Changes[0].Field != "roles" || !slices.Equal(act.Node.Activity.Changes[0].Before, []string{"mover"}) ||
		!slices.Equal(act.Node.Activity.Changes[0].After, []string{"interviewer"}) {
		t.Errorf("user.roles_changed changes %+v, want roles [mover] → [interviewer]", act.Node.Activity.Changes)
	}
	// The audit trail is the admins' (and integrations'): a recruiter's
	// view of the feed is refused.
	assertCode(t, env.GraphQLAs(env.Demo.UserToken, `{ events(first: 1) { events { id } } }`, nil), "forbidden", 403)
}

// TestNobodyGrantsWhatTheyLack: whoever manages users but lacks a
// permission cannot put it in a role or give it through a role.
func TestNobodyGrantsWhatTheyLack(t *testing.T) {
	env := hiregraphtest.New(t)
	owner := env.UserToken(ownerEmail)
	var created struct{ CreateRole roleAnswer }
	env.GraphQLAs(owner, createRole, map[string]any{"in": map[string]any{"name": "people_admin",
		"permissions": []string{permission.ManageUsers, permission.Comment}}}).Decode(t, &created)
	_, uma := invite(t, env, owner, "uma.useradmin@acme.example", "people_admin")
	nina, _ := invite(t, env, owner, "nina.new@acme.example", "interviewer")

	assertCode(t, env.GraphQLAs(uma, createRole, map[string]any{"in": map[string]any{"name": "hirer", "permissions": []string{permission.HireCandidates}}}), "forbidden", 403)
	assertCode(t, env.GraphQLAs(uma, updateRole, map[string]any{"id": *created.CreateRole.ID,
		"in": map[string]any{"permissions": []string{permission.ManageUsers, permission.Comment, permission.ViewSalary}}}), "forbidden", 403)
	env.DoAs(uma, http.MethodPost, "/v1/users/"+nina+"/roles", map[string]any{"roles": []string{"recruiter"}}).
		AssertError(t, http.StatusForbidden, "forbidden", "do not hold")
	env.DoAs(uma, http.MethodPost, "/v1/users", map[string]any{"email": "oscar@acme.example", "first_name": "O", "roles": []string{"owner"}}).
		AssertError(t, http.StatusForbidden, "forbidden", "do not hold")

	// What Uma holds she may hand out, and what a user held already she
	// may leave them: Nina keeps feedback, gains comments.
	if r := env.GraphQLAs(uma, createRole, map[string]any{"in": map[string]any{"name": "commenter", "permissions": []string{permission.Comment}}}); r.Code() != "" {
		t.Fatalf("creating a role of held permissions: %+v", r.Errors)
	}
	if r := env.DoAs(uma, http.MethodPost, "/v1/users/"+nina+"/roles", map[string]any{"roles": []string{"interviewer", "commenter"}}); r.Status != http.StatusOK {
		t.Fatalf("giving a role of held permissions: %s", r)
	}
	// An admin lacks nothing.
	if r := env.GraphQLAs(owner, updateRole, map[string]any{"id": *created.CreateRole.ID, "in": map[string]any{"permissions": []string{permission.ManageUsers, permission.ViewSalary}}}); r.Code() != "" {
		t.Fatalf("an owner adding salary:view: %+v", r.Errors)
	}
}

func userID(t *testing.T, env *hiregraphtest.Env, token string) string {
	t.Helper()
	var out struct {
		Viewer struct{ ViewerUser struct{ ID string } }
	}
	env.GraphQLAs(token, `{ viewer { viewerUser { id } } }`, nil).Decode(t, &out)
	return out.Viewer.ViewerUser.ID
}

// TestSubscriptionEndsWhenItsCustomRoleChanges: a change to a role, not to
// the user, changes what its holders may do, so their subscriptions end
// as a change of their roles ends them (4403: connecting again gets the
// new rights).
func TestSubscriptionEndsWhenItsCustomRoleChanges(t *testing.T) {
	env := sessionEnv(t, nil)
	ctx := wsContext(t)
	owner := env.UserToken(ownerEmail)
	var created struct{ CreateRole roleAnswer }
	env.GraphQLAs(owner, createRole, map[string]any{"in": map[string]any{"name": "watcher",
		"permissions": []string{permission.ViewAllPositions, permission.ViewCandidates}}}).Decode(t, &created)
	_, token := invite(t, env, owner, "wes.watcher@acme.example", "watcher")
	conn := subscribeToPosition(t, ctx, env, "Bearer "+token)
	env.GraphQLAs(owner, updateRole, map[string]any{"id": *created.CreateRole.ID, "in": map[string]any{"permissions": []string{permission.ViewAllPositions}}}).Decode(t, &struct{}{})
	if code, reason := closeStatus(t, ctx, conn); code != graph.CloseForbidden || reason == "" {
		t.Errorf("closed with %d %q, want %d and a reason", code, reason, graph.CloseForbidden)
	}
}
