package graph_test

import (
	"context"
	"encoding/json"
	"net/http"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket/wsjson"

	"github.com/hiregraph/hiregraph/ent/candidate"
	"github.com/hiregraph/hiregraph/ent/position"
	"github.com/hiregraph/hiregraph/ent/user"
	"github.com/hiregraph/hiregraph/internal/hiregraphtest"
)

const (
	addMember    = `mutation($p: ID!, $u: ID!, $role: HiringTeamRole!) { addHiringTeamMember(positionID: $p, userID: $u, role: $role) { id hiringTeamMembers { user { id } role } } }`
	removeMember = `mutation($p: ID!, $u: ID!) { removeHiringTeamMember(positionID: $p, userID: $u) { id hiringTeamMembers { user { id } role } } }`
)

// teamFixture is the demo's Account Executive made discreet, with the
// recruiter and the coordinator taken off its team through the API.
type teamFixture struct {
	env                   *hiregraphtest.Env
	sales                 string
	rita, cody, ian, hank string
}

func newTeamFixture(t *testing.T) teamFixture {
	t.Helper()
	env := hiregraphtest.New(t)
	ctx := hiregraphtest.System()
	c := env.DB.Client
	id := func(email string) string { return c.User.Query().Where(user.Email(email)).OnlyIDX(ctx) }
	f := teamFixture{env: env, sales: c.Position.Query().Where(position.Name("Account Executive")).OnlyIDX(ctx),
		rita: id("rita.recruiter@acme.example"), cody: id(hiregraphtest.CoordinatorEmail),
		ian: id("ian.interviewer@acme.example"), hank: id("hank.manager@acme.example")}
	env.GraphQL(`mutation($id: ID!) { updatePosition(id: $id, input: {isDiscreet: true}) { id } }`, map[string]any{"id": f.sales}).Decode(t, &struct{}{})
	for _, u := range []string{f.rita, f.cody} {
		env.GraphQL(removeMember, map[string]any{"p": f.sales, "u": u}).Decode(t, &struct{}{})
	}
	return f
}

// sightings tells, door by door, whether the user of token sees the
// discreet position or its candidates.
func (f teamFixture) sightings(t *testing.T, token string) map[string]bool {
	t.Helper()
	env := f.env
	var lists struct {
		Positions struct {
			Edges []struct{ Node struct{ ID string } }
		}
		Candidates struct {
			Edges []struct {
				Node struct{ Position struct{ ID string } }
			}
		}
		Users struct {
			Edges []struct {
				Node struct{ HiringTeamOf []struct{ ID string } }
			}
		}
		Search struct {
			Edges []struct {
				Node struct{ Position struct{ ID string } }
			}
		}
	}
	env.GraphQLAs(token, `{ positions(first: 50) { edges { node { id } } }
		candidates(first: 100) { edges { node { position { id } } } }
		search(query: "example.com", first: 100) { edges { node { position { id } } } }
		users(first: 50) { edges { node { hiringTeamOf { id } } } } }`, nil).Decode(t, &lists)
	seen := map[string]bool{}
	for _, e := range lists.Positions.Edges {
		seen["GraphQL positions"] = seen["GraphQL positions"] || e.Node.ID == f.sales
	}
	for _, e := range lists.Candidates.Edges {
		seen["GraphQL candidates"] = seen["GraphQL candidates"] || e.Node.Position.ID == f.sales
	}
	for _, e := range lists.Search.Edges {
		seen["GraphQL search"] = seen["GraphQL search"] || e.Node.Position.ID == f.sales
	}
	for _, e := range lists.Users.Edges {
		seen["GraphQL users.hiringTeamOf"] = seen["GraphQL users.hiringTeamOf"] ||
			slices.ContainsFunc(e.Node.HiringTeamOf, func(p struct{ ID string }) bool { return p.ID == f.sales })
	}
	seen["GraphQL node"] = env.GraphQLAs(token, `query($id: ID!) { node(id: $id) { id } }`, map[string]any{"id": f.sales}).Code() == ""

	var rest struct{ Positions []struct{ UID string } }
	env.DoAs(token, http.MethodGet, "/v1/positions?limit=100", nil).JSON(t, &rest)
	seen["REST positions"] = slices.ContainsFunc(rest.Positions, func(p struct{ UID string }) bool { return p.UID == f.sales })
	seen["REST position"] = env.DoAs(token, http.MethodGet, "/v1/positions/"+f.sales, nil).Status == http.StatusOK
	seen["REST position candidates"] = env.DoAs(token, http.MethodGet, "/v1/positions/"+f.sales+"/candidates", nil).Status == http.StatusOK
	var found struct {
		Candidates []struct {
			PositionUID string `json:"position_uid"`
		}
	}
	env.DoAs(token, http.MethodGet, "/v1/candidates?q=example.com", nil).JSON(t, &found)
	seen["REST candidates?q="] = slices.ContainsFunc(found.Candidates, func(c struct {
		PositionUID string `json:"position_uid"`
	}) bool {
		return c.PositionUID == f.sales
	})
	return seen
}

var doors = []string{"GraphQL positions", "GraphQL candidates", "GraphQL search", "GraphQL users.hiringTeamOf", "GraphQL node",
	"REST positions", "REST position", "REST position candidates", "REST candidates?q="}

func assertSightings(t *testing.T, who string, seen map[string]bool, want bool) {
	t.Helper()
	for _, door := range doors {
		if seen[door] != want {
			t.Errorf("%s through %s: sees the discreet position %v, want %v", who, door, seen[door], want)
		}
	}
}

// TestDiscreetPositionFollowsTheHiringTeam: a recruiter and a coordinator
// off a discreet position's team see neither it nor its candidates through
// any door, nor the event feed; added to the team they see both, taken
// off again they do not.
func TestDiscreetPositionFollowsTheHiringTeam(t *testing.T) {
	f := newTeamFixture(t)
	env := f.env
	for _, who := range []struct{ name, email, id string }{
		{"recruiter", "rita.recruiter@acme.example", f.rita},
		{"coordinator", hiregraphtest.CoordinatorEmail, f.cody},
	} {
		token := env.UserToken(who.email)
		assertSightings(t, who.name+" off the team", f.sightings(t, token), false)
		env.DoAs(token, http.MethodGet, "/v1/events", nil).AssertError(t, http.StatusForbidden, "forbidden", "")
		if code := env.GraphQLAs(token, `{ events { cursor } }`, nil).Code(); code != "forbidden" {
			t.Errorf("%s off the team: GraphQL events answered code %q, want forbidden", who.name, code)
		}

		var added struct {
			AddHiringTeamMember struct {
				HiringTeamMembers []struct {
					User struct{ ID string }
					Role string
				}
			}
		}
		env.GraphQL(addMember, map[string]any{"p": f.sales, "u": who.id, "role": "COORDINATOR"}).Decode(t, &added)
		if !slices.ContainsFunc(added.AddHiringTeamMember.HiringTeamMembers, func(m struct {
			User struct{ ID string }
			Role string
		}) bool {
			return m.User.ID == who.id && m.Role == "COORDINATOR"
		}) {
			t.Errorf("hiringTeamMembers after adding the %s: %+v", who.name, added.AddHiringTeamMember.HiringTeamMembers)
		}
		assertSightings(t, who.name+" on the team", f.sightings(t, token), true)

		env.GraphQL(removeMember, map[string]any{"p": f.sales, "u": who.id}).Decode(t, &struct{}{})
		assertSightings(t, who.name+" taken off again", f.sightings(t, token), false)
	}
}

// TestHiringTeamChangesAreRecorded: each change of the team is one
// position.team_changed activity with the member before and after; a
// repeat changes nothing and records nothing; taking off the hiring
// manager clears the position's hiring manager too.
func TestHiringTeamChangesAreRecorded(t *testing.T) {
	f := newTeamFixture(t)
	env := f.env
	token := env.UserToken("rita.recruiter@acme.example")
	// The fixture took the recruiter off; an owner puts her back.
	env.GraphQLAs(env.UserToken("olivia.owner@acme.example"), addMember, map[string]any{"p": f.sales, "u": f.rita, "role": "RECRUITER"}).Decode(t, &struct{}{})
	env.GraphQLAs(token, addMember, map[string]any{"p": f.sales, "u": f.ian, "role": "INTERVIEWER"}).Decode(t, &struct{}{})
	env.GraphQLAs(token, addMember, map[string]any{"p": f.sales, "u": f.cody, "role": "INTERVIEWER"}).Decode(t, &struct{}{})
	env.GraphQLAs(token, addMember, map[string]any{"p": f.sales, "u": f.cody, "role": "INTERVIEWER"}).Decode(t, &struct{}{})
	env.GraphQLAs(token, addMember, map[string]any{"p": f.sales, "u": f.cody, "role": "COORDINATOR"}).Decode(t, &struct{}{})
	env.GraphQLAs(token, removeMember, map[string]any{"p": f.sales, "u": f.hank}).Decode(t, &struct{}{})

	var got struct {
		Node struct {
			HiringManager     *struct{ ID string }
			HiringTeamMembers []struct {
				User struct{ ID string }
				Role string
			}
			Activities struct {
				Edges []struct {
					Node struct {
						Verb    string
						Changes []struct {
							Field         string
							Before, After any
						}
					}
				}
			}
		}
	}
	env.GraphQLAs(token, `query($id: ID!) { node(id: $id) { ... on Position { hiringManager { id } hiringTeamMembers { user { id } role }
		activities(first: 100) { edges { node { verb changes { field before after } } } } } } }`, map[string]any{"id": f.sales}).Decode(t, &got)
	if got.Node.HiringManager != nil {
		t.Errorf("hiringManager = %v after taking the hiring manager off the team", got.Node.HiringManager)
	}
	roles := map[string]string{}
	for _, m := range got.Node.HiringTeamMembers {
		roles[m.User.ID] = m.Role
	}
	if want := map[string]string{f.rita: "RECRUITER", f.ian: "INTERVIEWER", f.cody: "COORDINATOR"}; !mapsEqual(roles, want) {
		t.Errorf("team roles %v, want %v", roles, want)
	}
	changes := 0
	for _, e := range got.Node.Activities.Edges {
		if e.Node.Verb == "position.team_changed" {
			changes++
		}
	}
	// The fixture's two removals, then: Rita back, Cody added, Cody's new
	// role, Hank off (his row and his hiring manager field in one). Ian's
	// add and Cody's repeat change nothing.
	if changes != 6 {
		t.Errorf("%d position.team_changed activities, want 6: %+v", changes, got.Node.Activities.Edges)
	}
}

func mapsEqual(a, b map[string]string) bool {
	if len(a) != len(b) {
		return false
	}
	for k, v := range a {
		if b[k] != v {
			return false
		}
	}
	return true
}

// TestHiringTeamNeedsThePermission: a hiring manager (no
// positions:manage_team) and a read-only key are refused and nothing
// changes; a user of another company is an unknown user.
func TestHiringTeamNeedsThePermission(t *testing.T) {
	f := newTeamFixture(t)
	env := f.env
	vars := map[string]any{"p": f.sales, "u": f.cody, "role": "RECRUITER"}
	assertCode(t, env.GraphQLAs(env.UserToken("hank.manager@acme.example"), addMember, vars), "forbidden", http.StatusForbidden)
	assertCode(t, env.WithKey("read").GraphQL(addMember, vars), "forbidden", http.StatusForbidden)
	other := env.OtherCompany()
	var stranger struct {
		Users struct {
			Edges []struct{ Node struct{ ID string } }
		}
	}
	other.GraphQL(`{ users(first: 1) { edges { node { id } } } }`, nil).Decode(t, &stranger)
	assertCode(t, env.GraphQL(addMember, map[string]any{"p": f.sales, "u": stranger.Users.Edges[0].Node.ID, "role": "RECRUITER"}), "user_not_found", http.StatusNotFound)
	assertCode(t, other.GraphQL(addMember, map[string]any{"p": f.sales, "u": f.cody, "role": "RECRUITER"}), "position_not_found", http.StatusNotFound)

	var team struct {
		Node struct {
			HiringTeamMembers []struct{ User struct{ ID string } }
		}
	}
	env.GraphQL(`query($id: ID!) { node(id: $id) { ... on Position { hiringTeamMembers { user { id } } } } }`, map[string]any{"id": f.sales}).Decode(t, &team)
	for _, m := range team.Node.HiringTeamMembers {
		if m.User.ID == f.cody {
			t.Errorf("a refused request put the coordinator on the team: %+v", team.Node.HiringTeamMembers)
		}
	}
}

// TestNewPositionsTeamHasItsLeadsRoles: a position made with users names
// its lead recruiter a RECRUITER and its hiring manager a HIRING_MANAGER
// on its team.
func TestNewPositionsTeamHasItsLeadsRoles(t *testing.T) {
	env := hiregraphtest.New(t)
	var created struct {
		CreatePosition struct {
			HiringTeamMembers []struct {
				User struct{ Email string }
				Role string
			}
		}
	}
	env.GraphQL(`mutation($in: CreatePositionInput!) { createPosition(input: $in) { hiringTeamMembers { user { email } role } } }`,
		map[string]any{"in": createPositionInput(env)}).Decode(t, &created)
	roles := map[string]string{}
	for _, m := range created.CreatePosition.HiringTeamMembers {
		roles[m.User.Email] = m.Role
	}
	if want := map[string]string{env.Demo.Users["recruiter"]: "RECRUITER", env.Demo.Users["hiring_manager"]: "HIRING_MANAGER"}; !mapsEqual(roles, want) {
		t.Errorf("team roles %v, want %v", roles, want)
	}
}

// TestSubscriptionsFollowTheHiringTeam: a coordinator off a discreet
// position's team is refused the subscription of its candidate; put on the
// team they hear the candidate's new note; taken off again, the open
// subscription hears nothing more.
func TestSubscriptionsFollowTheHiringTeam(t *testing.T) {
	f := newTeamFixture(t)
	env := f.env
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	cand := env.DB.Client.Candidate.Query().Where(candidate.PositionID(f.sales)).FirstIDX(hiregraphtest.System())
	conn, ack := dialGraphQL(t, ctx, env, "Bearer "+env.UserToken(hiregraphtest.CoordinatorEmail))
	if ack.Type != "connection_ack" {
		t.Fatalf("init answered %+v", ack)
	}
	const activities = `subscription($id: ID!) { candidateActivities(candidateID: $id) { type object { id } } }`
	subscribe(t, ctx, conn, "1", activities, map[string]any{"id": cand})
	var res struct {
		Errors []struct{ Extensions struct{ Code string } }
	}
	if m := next(t, ctx, conn); m.Type != "next" || json.Unmarshal(m.Payload, &res) != nil || len(res.Errors) != 1 ||
		res.Errors[0].Extensions.Code != "candidate_not_found" {
		t.Fatalf("off the team the subscription answered %s %s, want candidate_not_found", m.Type, m.Payload)
	}

	env.GraphQL(addMember, map[string]any{"p": f.sales, "u": f.cody, "role": "COORDINATOR"}).Decode(t, &struct{}{})
	subscribe(t, ctx, conn, "2", activities, map[string]any{"id": cand})
	time.Sleep(200 * time.Millisecond)
	const note = `mutation($id: ID!) { createNote(candidateID: $id, input: {timeCreated: "2026-03-01T10:00:00Z", createdBy: {type: "other", firstName: "Rita"}, text: "seen"}) { id } }`
	var created struct{ CreateNote struct{ ID string } }
	env.GraphQL(note, map[string]any{"id": cand}).Decode(t, &created)
	for {
		m := next(t, ctx, conn)
		if m.Type == "complete" {
			continue
		}
		if m.ID != "2" || m.Type != "next" || !strings.Contains(string(m.Payload), created.CreateNote.ID) {
			t.Fatalf("on the team got %s %s %s, want note %s", m.ID, m.Type, m.Payload, created.CreateNote.ID)
		}
		break
	}

	env.GraphQL(removeMember, map[string]any{"p": f.sales, "u": f.cody}).Decode(t, &struct{}{})
	env.GraphQL(note, map[string]any{"id": cand}).Decode(t, &created)
	quiet, stop := context.WithTimeout(ctx, 500*time.Millisecond)
	defer stop()
	for {
		var m wsMessage
		if err := wsjson.Read(quiet, conn, &m); err != nil {
			break
		}
		if m.Type != "complete" && m.Type != "ping" {
			t.Fatalf("taken off the team the coordinator still got %s %s %s", m.ID, m.Type, m.Payload)
		}
	}
}
