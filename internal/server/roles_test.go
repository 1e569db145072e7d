package server_test

import (
	"context"
	"fmt"
	"net/http"
	"testing"

	"github.com/hiregraph/hiregraph/ent/candidate"
	"github.com/hiregraph/hiregraph/ent/position"
	"github.com/hiregraph/hiregraph/ent/privacy"
	"github.com/hiregraph/hiregraph/ent/user"
	"github.com/hiregraph/hiregraph/internal/hiregraphtest"
)

// roleRow is one line of README's table of roles, as a user of that role
// sees it through both faces.
type roleRow struct {
	role, email string
	// positions and candidates the user sees of the demo's 5 and 9, once
	// Account Executive (2 candidates) is nobody's of the hiring
	// manager and interviewer.
	positions, candidates int
	salaries, admin       bool
}

var roleTable = []roleRow{
	{"owner", "olivia.owner@acme.example", 5, 9, true, true},
	{"recruiter", "rita.recruiter@acme.example", 5, 9, true, false},
	{"coordinator", "cody.coordinator@acme.example", 5, 9, false, false},
	{"hiring_manager", "hank.manager@acme.example", 4, 7, false, false},
	{"interviewer", "ian.interviewer@acme.example", 4, 2, false, false},
}

// unassignSales takes the hiring manager and the interviewer off Account
// Executive and returns the uid of one of its candidates.
func unassignSales(t *testing.T, env *hiregraphtest.Env) string {
	t.Helper()
	ctx := privacy.DecisionContext(context.Background(), privacy.Allow)
	c := env.DB.Client
	rita := c.User.Query().Where(user.Email("rita.recruiter@acme.example")).OnlyIDX(ctx)
	olivia := c.User.Query().Where(user.Email("olivia.owner@acme.example")).OnlyIDX(ctx)
	err := c.Position.Update().Where(position.Name("Account Executive")).
		ClearHiringTeam().AddHiringTeamIDs(rita).ClearHiringManager().SetHiringManagerID(olivia).Exec(ctx)
	if err != nil {
		t.Fatal(err)
	}
	return c.Candidate.Query().Where(candidate.HasPositionWith(position.Name("Account Executive"))).FirstIDX(ctx)
}

func TestRolesOnBothFaces(t *testing.T) {
	env := hiregraphtest.New(t)
	sales := unassignSales(t, env)
	for _, row := range roleTable {
		t.Run(row.role, func(t *testing.T) {
			token := env.UserToken(row.email)

			// Reading: positions and candidates.
			var lists struct {
				Positions struct {
					TotalCount int
					Edges      []struct {
						Node struct {
							SalaryRange *struct{ Min int }
							Candidates  struct{ TotalCount int }
						}
					}
				}
				Candidates struct{ TotalCount int }
			}
			env.GraphQLAs(token, `{ positions(first: 50) { totalCount edges { node { salaryRange { min } candidates(first: 50) { totalCount } } } }
				candidates { totalCount } }`, nil).Decode(t, &lists)
			if lists.Positions.TotalCount != row.positions || lists.Candidates.TotalCount != row.candidates {
				t.Errorf("GraphQL sees %d positions and %d candidates, want %d and %d", lists.Positions.TotalCount, lists.Candidates.TotalCount, row.positions, row.candidates)
			}
			nested := 0
			for _, e := range lists.Positions.Edges {
				nested += e.Node.Candidates.TotalCount
				if (e.Node.SalaryRange != nil) != row.salaries {
					t.Errorf("GraphQL salaryRange = %v, want shown: %v", e.Node.SalaryRange, row.salaries)
				}
			}
			if nested != row.candidates {
				t.Errorf("nested position.candidates add up to %d, want %d", nested, row.candidates)
			}
			var rest struct{ Candidates []any }
			env.DoAs(token, http.MethodGet, "/v1/candidates?limit=100", nil).JSON(t, &rest)
			if len(rest.Candidates) != row.candidates {
				t.Errorf("REST lists %d candidates, want %d", len(rest.Candidates), row.candidates)
			}

			// A candidate of a position the user is not assigned to is
			// missing on both faces, nested or not.
			assigned := row.positions == 5
			gotNode := env.GraphQLAs(token, `query($id: ID!) { node(id: $id) { id } }`, map[string]any{"id": sales})
			if want := map[bool]string{true: "", false: "not_found"}[assigned]; gotNode.Code() != want {
				t.Errorf("GraphQL node(Account Executive's candidate): code %q, want %q", gotNode.Code(), want)
			}
			note := env.DoAs(token, http.MethodPost, "/v1/candidates/"+sales+"/notes", map[string]any{
				"time_created": "2026-03-01T10:00:00Z", "text": "Seen by " + row.role,
			})
			if assigned && note.Status != http.StatusCreated {
				t.Errorf("REST note on an assigned candidate: %s", note)
			}
			if !assigned {
				note.AssertError(t, http.StatusNotFound, "candidate_not_found", "")
			}
			gqlNote := env.GraphQLAs(token, `mutation($id: ID!) { createNote(candidateID: $id, input: {timeCreated: "2026-03-01T10:00:00Z", text: "Seen"}) { createdBy { type uid } } }`,
				map[string]any{"id": sales})
			if want := map[bool]string{true: "", false: "candidate_not_found"}[assigned]; gqlNote.Code() != want {
				t.Errorf("GraphQL createNote on Account Executive's candidate: code %q, want %q", gqlNote.Code(), want)
			}

			// Managing keys and users: admins only.
			keys := env.DoAs(token, http.MethodGet, "/v1/api_keys", nil)
			gql := env.GraphQLAs(token, `{ apiKeys { id } }`, nil)
			newUser := env.DoAs(token, http.MethodPost, "/v1/users", map[string]any{
				"email": fmt.Sprintf("new.%s@acme.example", row.role), "first_name": "New", "roles": []string{"interviewer"},
			})
			if row.admin {
				if keys.Status != http.StatusOK || gql.Code() != "" || newUser.Status != http.StatusCreated {
					t.Errorf("admin: REST keys %s, GraphQL %s, new user %s", keys, gql.Code(), newUser)
				}
				return
			}
			keys.AssertError(t, http.StatusForbidden, "forbidden", "")
			newUser.AssertError(t, http.StatusForbidden, "forbidden", "")
			if gql.Code() != "forbidden" {
				t.Errorf("GraphQL apiKeys code %q, want forbidden", gql.Code())
			}
		})
	}
}

// Salary ranges stay hidden however a position is reached: through a
// location's nested connection or a candidate's position.
func TestSalaryRangesHiddenOnNestedEdges(t *testing.T) {
	env := hiregraphtest.New(t)
	for _, row := range roleTable {
		var data struct {
			Locations struct {
				Edges []struct {
					Node struct {
						Positions struct {
							Edges []struct {
								Node struct{ SalaryRange *struct{ Min int } }
							}
						}
					}
				}
			}
			Candidates struct {
				Edges []struct {
					Node struct {
						Position struct{ SalaryRange *struct{ Min int } }
					}
				}
			}
		}
		env.GraphQLAs(env.UserToken(row.email), `{
			locations(first: 10) { edges { node { positions(first: 10) { edges { node { salaryRange { min } } } } } } }
			candidates(first: 20) { edges { node { position { salaryRange { min } } } } } }`, nil).Decode(t, &data)
		seen := 0
		for _, l := range data.Locations.Edges {
			for _, p := range l.Node.Positions.Edges {
				seen++
				if (p.Node.SalaryRange != nil) != row.salaries {
					t.Errorf("%s: location.positions salaryRange %v, want shown: %v", row.role, p.Node.SalaryRange, row.salaries)
				}
			}
		}
		for _, c := range data.Candidates.Edges {
			seen++
			if (c.Node.Position.SalaryRange != nil) != row.salaries {
				t.Errorf("%s: candidate.position salaryRange %v, want shown: %v", row.role, c.Node.Position.SalaryRange, row.salaries)
			}
		}
		if seen == 0 {
			t.Errorf("%s: no nested positions to check", row.role)
		}
	}
}

// TestFeedAndWebhooksNeedEveryPosition: events and webhooks carry records
// of every position, so hiring managers and interviewers may not read them
// on either face; their own writes still reach the company's webhooks.
func TestFeedAndWebhooksNeedEveryPosition(t *testing.T) {
	env := hiregraphtest.New(t)
	if r := env.Do(http.MethodPost, "/v1/webhooks", map[string]any{"url": "https://hooks.acme.example/in"}); r.Status != http.StatusCreated {
		t.Fatalf("creating a webhook endpoint: %s", r)
	}
	for _, email := range []string{"hank.manager@acme.example", "ian.interviewer@acme.example"} {
		token := env.UserToken(email)
		auth := map[string]string{"Authorization": "Bearer " + token}
		for _, path := range []string{"/v1/events", "/v1/webhooks"} {
			if r := env.DoWith(http.MethodGet, path, nil, auth); r.Status != http.StatusForbidden {
				t.Errorf("%s GET %s: %s, want 403", email, path, r)
			}
		}
		feed := env.GraphQLAs(token, `{ events { cursor } }`, nil)
		if len(feed.Errors) == 0 || feed.Errors[0].Extensions["code"] != "forbidden" {
			t.Errorf("%s events: %+v, want forbidden", email, feed.Errors)
		}
		note := env.GraphQLAs(token, `mutation($id: ID!) { createNote(candidateID: $id, input: {
			timeCreated: "2026-03-01T10:00:00Z", text: "seen" }) { id } }`, map[string]any{"id": env.Demo.CandidateUID})
		if len(note.Errors) > 0 {
			t.Errorf("%s writing a note with a webhook endpoint configured: %+v", email, note.Errors)
		}
	}
}
