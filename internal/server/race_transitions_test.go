package server_test

import (
	"fmt"
	"slices"
	"testing"

	"github.com/hiregraph/hiregraph/ent/activity"
	"github.com/hiregraph/hiregraph/ent/candidatestep"
	"github.com/hiregraph/hiregraph/internal/hiregraphtest"
)

// The race tests of guarded transitions (docs/concurrency.md, "Lock
// order"): 50 requests at once, then the invariants. On SQLite writes
// queue for the one writer and the tests pass trivially; on PostgreSQL
// (HIREGRAPH_TEST_DATABASE_URL) they prove the row locks.

// outcomes counts the answers of a race by error code ("" for success),
// failing on an answer that is not a success or one of the allowed codes:
// a lost race is a clear 409, never a 500.
func outcomes(t *testing.T, answers []*hiregraphtest.GraphQLResponse, allowed ...string) map[string]int {
	t.Helper()
	n := map[string]int{}
	for i, r := range answers {
		code := r.Code()
		if len(r.Errors) > 0 && !slices.Contains(allowed, code) {
			t.Errorf("request %d: HTTP %d, %+v", i, r.Status, r.Errors)
		}
		n[code]++
	}
	return n
}

// raceOpening adds an opening with the headcount to the published
// position.
func raceOpening(t *testing.T, env *hiregraphtest.Env, headcount int) string {
	t.Helper()
	var out struct{ CreateOpening struct{ ID string } }
	env.GraphQL(`mutation($p: ID!, $n: Int) { createOpening(positionID: $p, input: {name: "Race", timeExpectedHire: "2027-01-01", reason: "New", headcount: $n}) { id } }`,
		map[string]any{"p": env.Demo.PublishedPositionUID, "n": headcount}).Decode(t, &out)
	return out.CreateOpening.ID
}

// raceCandidate adds a candidate in progress to the published position.
func raceCandidate(t *testing.T, env *hiregraphtest.Env, i int) string {
	t.Helper()
	var out struct{ CreateCandidate struct{ ID string } }
	env.GraphQL(`mutation($in: CreateCandidateInput!) { createCandidate(input: $in) { id } }`,
		map[string]any{"in": map[string]any{"positionID": env.Demo.PublishedPositionUID,
			"person": map[string]any{"firstName": "Racer", "lastName": fmt.Sprint(i), "email": fmt.Sprintf("racer%d@example.com", i)}}}).Decode(t, &out)
	return out.CreateCandidate.ID
}

type raceOpeningState struct {
	Status         string
	ApprovalStatus string
	Hires          []struct{ ID string }
}

func readOpening(t *testing.T, env *hiregraphtest.Env, id string) raceOpeningState {
	t.Helper()
	var out struct{ Node raceOpeningState }
	env.GraphQL(`query($id: ID!) { node(id: $id) { ... on Opening { status approvalStatus hires { id } } } }`, map[string]any{"id": id}).Decode(t, &out)
	return out.Node
}

func candidateStatus(t *testing.T, env *hiregraphtest.Env, id string) string {
	t.Helper()
	var out struct{ Node struct{ Status string } }
	env.GraphQL(`query($id: ID!) { node(id: $id) { ... on Candidate { status } } }`, map[string]any{"id": id}).Decode(t, &out)
	return out.Node.Status
}

// activities counts the timeline entries (each one an event) with the verb.
func activities(t *testing.T, env *hiregraphtest.Env, objectID, verb string) int {
	t.Helper()
	n, err := env.DB.Client.Activity.Query().Where(activity.Verb(verb), activity.Or(activity.CandidateID(objectID), activity.ObjectID(objectID))).Count(hiregraphtest.System())
	if err != nil {
		t.Fatal(err)
	}
	return n
}

const hire = `mutation($id: ID!, $o: ID!) { hireCandidate(id: $id, openingID: $o) { id } }`

// TestRaceDoubleHire: 50 hires of one candidate, alternating between two
// openings, make exactly one hire: one filled opening, one candidate.hired.
func TestRaceDoubleHire(t *testing.T) {
	env := raceEnv(t)
	openings := []string{raceOpening(t, env, 1), raceOpening(t, env, 1)}
	c := raceCandidate(t, env, 0)
	answers := hiregraphtest.Race(racers, func(i int) *hiregraphtest.GraphQLResponse {
		return env.GraphQL(hire, map[string]any{"id": c, "o": openings[i%2]})
	})
	if n := outcomes(t, answers, "illegal_transition"); n[""] != 1 {
		t.Errorf("%d hires succeeded, want 1: %v", n[""], n)
	}
	filled := 0
	for _, o := range openings {
		if st := readOpening(t, env, o); st.Status == "FILLED" {
			filled++
			if len(st.Hires) != 1 || st.Hires[0].ID != c {
				t.Errorf("filled opening %s has hires %v", o, st.Hires)
			}
		}
	}
	if filled != 1 {
		t.Errorf("%d openings filled, want 1", filled)
	}
	if n := activities(t, env, c, "candidate.hired"); n != 1 {
		t.Errorf("%d candidate.hired events, want 1", n)
	}
}

// TestRaceHireRejectWithdraw: hire, reject and withdraw of one candidate
// at once; exactly one wins and the opening agrees with the candidate.
func TestRaceHireRejectWithdraw(t *testing.T) {
	env := raceEnv(t)
	o := raceOpening(t, env, 1)
	c := raceCandidate(t, env, 0)
	var reasons struct {
		RejectionReasons struct {
			Edges []struct{ Node struct{ ID string } }
		}
	}
	env.GraphQL(`{ rejectionReasons(first: 1) { edges { node { id } } } }`, nil).Decode(t, &reasons)
	reason := reasons.RejectionReasons.Edges[0].Node.ID
	answers := hiregraphtest.Race(racers, func(i int) *hiregraphtest.GraphQLResponse {
		switch i % 3 {
		case 0:
			return env.GraphQL(hire, map[string]any{"id": c, "o": o})
		case 1:
			return env.GraphQL(`mutation($id: ID!, $r: ID!) { rejectCandidate(id: $id, input: {reasonID: $r}) { id } }`, map[string]any{"id": c, "r": reason})
		default:
			return env.GraphQL(`mutation($id: ID!) { withdrawCandidate(id: $id) { id } }`, map[string]any{"id": c})
		}
	})
	if n := outcomes(t, answers, "illegal_transition"); n[""] != 1 {
		t.Errorf("%d transitions succeeded, want 1: %v", n[""], n)
	}
	status, opening := candidateStatus(t, env, c), readOpening(t, env, o)
	if hired := status == "HIRED"; hired != (opening.Status == "FILLED") || hired != (len(opening.Hires) == 1) {
		t.Errorf("candidate %s, opening %+v", status, opening)
	}
	events := 0
	for _, verb := range []string{"candidate.hired", "candidate.rejected", "candidate.withdrawn"} {
		events += activities(t, env, c, verb)
	}
	if events != 1 {
		t.Errorf("%d transition events, want 1", events)
	}
}

// TestRaceMoves: 50 moves of one candidate between two steps leave one
// open step stay and one current step, with an event per successful move.
func TestRaceMoves(t *testing.T) {
	env := raceEnv(t)
	c := raceCandidate(t, env, 0)
	var board struct {
		Pipeline []struct{ ID, Kind string }
	}
	env.GraphQL(`query($p: ID!) { pipeline(positionID: $p) { id kind } }`, map[string]any{"p": env.Demo.PublishedPositionUID}).Decode(t, &board)
	var steps []string
	for _, st := range board.Pipeline[1:] {
		if st.Kind != "HIRED" {
			steps = append(steps, st.ID)
		}
	}
	answers := hiregraphtest.Race(racers, func(i int) *hiregraphtest.GraphQLResponse {
		return env.GraphQL(`mutation($id: ID!, $s: ID!) { moveCandidate(id: $id, toStepID: $s) { id } }`, map[string]any{"id": c, "s": steps[i%2]})
	})
	n := outcomes(t, answers, "illegal_transition")
	open, err := env.DB.Client.CandidateStep.Query().Where(candidatestep.CandidateID(c), candidatestep.TimeLeftIsNil()).Count(hiregraphtest.System())
	if err != nil {
		t.Fatal(err)
	}
	var out struct {
		Node struct{ CurrentSteps []struct{ Name string } }
	}
	env.GraphQL(`query($id: ID!) { node(id: $id) { ... on Candidate { currentSteps { name } } } }`, map[string]any{"id": c}).Decode(t, &out)
	if open != 1 || len(out.Node.CurrentSteps) != 1 {
		t.Errorf("%d open step stays, currentSteps %v; want one of each", open, out.Node.CurrentSteps)
	}
	if moved := activities(t, env, c, "candidate.moved"); n[""] == 0 || moved != n[""] {
		t.Errorf("%d moves succeeded, %d candidate.moved events", n[""], moved)
	}
}

// TestRaceHeadcount: 50 candidates hired at once into a headcount-3
// opening; exactly 3 are hired and the opening is filled by them.
func TestRaceHeadcount(t *testing.T) {
	env := raceEnv(t)
	o := raceOpening(t, env, 3)
	candidates := make([]string, racers)
	for i := range candidates {
		candidates[i] = raceCandidate(t, env, i)
	}
	answers := hiregraphtest.Race(racers, func(i int) *hiregraphtest.GraphQLResponse {
		return env.GraphQL(hire, map[string]any{"id": candidates[i], "o": o})
	})
	if n := outcomes(t, answers, "opening_filled"); n[""] != 3 {
		t.Errorf("%d hires succeeded, want 3: %v", n[""], n)
	}
	st := readOpening(t, env, o)
	if st.Status != "FILLED" || len(st.Hires) != 3 {
		t.Errorf("opening %+v, want FILLED with 3 hires", st)
	}
	for _, h := range st.Hires {
		if s := candidateStatus(t, env, h.ID); s != "HIRED" {
			t.Errorf("hire %s is %s", h.ID, s)
		}
	}
}

// TestRaceApprovalVersusClose: approving and closing an opening under
// approval at once. Closing always wins in the end; the approval succeeds
// at most once and only before the close, and each change is one event.
func TestRaceApprovalVersusClose(t *testing.T) {
	env := raceEnv(t)
	o := raceOpening(t, env, 1)
	env.GraphQL(`mutation($o: ID!) { startOpeningApproval(openingID: $o) { id } }`, map[string]any{"o": o}).Decode(t, &struct{}{})
	answers := hiregraphtest.Race(racers, func(i int) *hiregraphtest.GraphQLResponse {
		if i%2 == 0 {
			return env.GraphQL(`mutation($o: ID!) { approveOpening(openingID: $o) { id } }`, map[string]any{"o": o})
		}
		return env.GraphQL(`mutation($o: ID!) { updateOpening(id: $o, input: {status: CLOSED}) { id } }`, map[string]any{"o": o})
	})
	outcomes(t, answers, "illegal_transition")
	approved := 0
	for i, r := range answers {
		if i%2 == 0 && len(r.Errors) == 0 {
			approved++
		}
		if i%2 == 1 && len(r.Errors) > 0 {
			t.Errorf("close %d: %+v", i, r.Errors)
		}
	}
	st := readOpening(t, env, o)
	if st.Status != "CLOSED" || approved > 1 || (approved == 1) != (st.ApprovalStatus == "APPROVED") {
		t.Errorf("opening %+v after %d approvals", st, approved)
	}
	if n := activities(t, env, o, "opening.status_changed"); n != 1 {
		t.Errorf("%d opening.status_changed events, want 1", n)
	}
}
