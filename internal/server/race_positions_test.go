package server_test

import (
	"testing"

	"github.com/hiregraph/hiregraph/internal/hiregraphtest"
)

// The race pairs of a position's writes with its openings' and candidates'
// (docs/concurrency.md, "Lock order": position, then opening, then
// candidate). A deadlock would answer 500 on PostgreSQL; a lost race is a
// 409 and writes nothing.

// racePosition creates an open position of its own with one opening
// (headcount 1): closing the demo's positions is refused while their
// candidates are in progress.
func racePosition(t *testing.T, env *hiregraphtest.Env) (positionID, openingID string) {
	t.Helper()
	var out struct {
		CreatePosition struct {
			ID       string
			Openings struct {
				Edges []struct{ Node struct{ ID string } }
			}
		}
	}
	env.GraphQL(`mutation($in: CreatePositionInput!) { createPosition(input: $in) { id openings { edges { node { id } } } } }`,
		map[string]any{"in": positionInput(env, map[string]any{"name": "Race desk",
			"openings": []map[string]any{{"name": "Race seat", "timeExpectedHire": "2027-01-01", "reason": "New", "status": "OPEN"}}})}).Decode(t, &out)
	if len(out.CreatePosition.Openings.Edges) != 1 {
		t.Fatalf("the race position has openings %+v", out.CreatePosition.Openings)
	}
	return out.CreatePosition.ID, out.CreatePosition.Openings.Edges[0].Node.ID
}

const closePosition = `mutation($p: ID!) { setPositionStatus(id: $p, status: CLOSED) { id } }`

func positionStatus(t *testing.T, env *hiregraphtest.Env, id string) string {
	t.Helper()
	var out struct{ Node struct{ Status string } }
	env.GraphQL(`query($id: ID!) { node(id: $id) { ... on Position { status } } }`, map[string]any{"id": id}).Decode(t, &out)
	return out.Node.Status
}

// TestRaceHireVersusClosePosition: hiring the position's one candidate
// while closing the position. A close before the hire is refused (a
// candidate is in progress), so the hire always happens, once; closes after
// it succeed (closing a closed position changes nothing) and the position
// changes status once.
func TestRaceHireVersusClosePosition(t *testing.T) {
	env := raceEnv(t)
	p, o := racePosition(t, env)
	var created struct{ CreateCandidate struct{ ID string } }
	env.GraphQL(`mutation($p: ID!) { createCandidate(input: {positionID: $p, person: {firstName: "Racer"}}) { id } }`,
		map[string]any{"p": p}).Decode(t, &created)
	c := created.CreateCandidate.ID
	answers := hiregraphtest.Race(racers, func(i int) *hiregraphtest.GraphQLResponse {
		if i%2 == 0 {
			return env.GraphQL(hire, map[string]any{"id": c, "o": o})
		}
		return env.GraphQL(closePosition, map[string]any{"p": p})
	})
	outcomes(t, answers, "illegal_transition", "opening_filled", "candidates_in_progress")
	hires, closes := 0, 0
	for i, r := range answers {
		if len(r.Errors) == 0 {
			if i%2 == 0 {
				hires++
			} else {
				closes++
			}
		}
	}
	if hires != 1 {
		t.Errorf("%d hires succeeded, want 1", hires)
	}
	if s := candidateStatus(t, env, c); s != "HIRED" {
		t.Errorf("candidate %s, want HIRED", s)
	}
	if st := readOpening(t, env, o); st.Status != "FILLED" {
		t.Errorf("opening %+v, want FILLED", st)
	}
	closed := positionStatus(t, env, p) == "CLOSED"
	if closed != (closes > 0) {
		t.Errorf("position closed: %v after %d successful closes", closed, closes)
	}
	if n, want := activities(t, env, p, "position.status_changed"), map[bool]int{true: 1}[closed]; n != want {
		t.Errorf("%d position.status_changed events, want %d", n, want)
	}
	if n := activities(t, env, c, "candidate.hired"); n != 1 {
		t.Errorf("%d candidate.hired events, want 1", n)
	}
}

// TestRaceApprovalVersusClosePosition: approving an opening while its
// position closes (which closes the opening). The position and the
// opening end CLOSED; at most one approval succeeds, every close succeeds
// (closing a closed position changes nothing) and the status changes once.
func TestRaceApprovalVersusClosePosition(t *testing.T) {
	env := raceEnv(t)
	p, o := racePosition(t, env)
	env.GraphQL(`mutation($o: ID!) { startOpeningApproval(openingID: $o) { id } }`, map[string]any{"o": o}).Decode(t, &struct{}{})
	answers := hiregraphtest.Race(racers, func(i int) *hiregraphtest.GraphQLResponse {
		if i%2 == 0 {
			return env.GraphQL(`mutation($o: ID!) { approveOpening(openingID: $o) { id } }`, map[string]any{"o": o})
		}
		return env.GraphQL(closePosition, map[string]any{"p": p})
	})
	outcomes(t, answers, "illegal_transition")
	approvals, closes := 0, 0
	for i, r := range answers {
		if len(r.Errors) == 0 {
			if i%2 == 0 {
				approvals++
			} else {
				closes++
			}
		}
	}
	if approvals > 1 || closes != racers/2 {
		t.Errorf("%d approvals and %d closes succeeded, want at most 1 and %d", approvals, closes, racers/2)
	}
	if s := positionStatus(t, env, p); s != "CLOSED" {
		t.Errorf("position %s, want CLOSED", s)
	}
	if st := readOpening(t, env, o); st.Status != "CLOSED" {
		t.Errorf("opening %+v, want CLOSED", st)
	}
	if n := activities(t, env, p, "position.status_changed"); n != 1 {
		t.Errorf("%d position.status_changed events, want 1", n)
	}
}
