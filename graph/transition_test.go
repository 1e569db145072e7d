package graph_test

import (
	"testing"

	"github.com/hiregraph/hiregraph/internal/hiregraphtest"
)

// board is what a test reads of a candidate after a transition.
type board struct {
	Node struct {
		Status          string
		CurrentStep     *struct{ ID, Name string }
		CurrentSteps    []struct{ Name string }
		CompletedSteps  []struct{ Name, TimeCompleted string }
		RejectionReason *struct{ Name string }
		RejectionNote   *string
		Assignees       []struct{ ID string }
		Activities      struct {
			TotalCount int
			Edges      []struct {
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

const readCandidate = `query($id: ID!) { node(id: $id) { ... on Candidate {
	status currentStep { id name } currentSteps { name } completedSteps { name timeCompleted }
	rejectionReason { name } rejectionNote assignees { id }
	activities(first: 1) { totalCount edges { node { verb changes { field before after } } } } } } }`

func readBoard(t *testing.T, env *hiregraphtest.Env, id string) board {
	t.Helper()
	var b board
	env.GraphQL(readCandidate, map[string]any{"id": id}).Decode(t, &b)
	return b
}

// fixture holds the ids the transition tests act on.
type fixture struct {
	candidate, person, reason, opening, step, user string
}

func newFixture(t *testing.T, env *hiregraphtest.Env) fixture {
	t.Helper()
	var out struct {
		CreateCandidate struct {
			ID       string
			Person   struct{ ID string }
			Position struct {
				Pipeline []struct{ ID, Kind string }
				Openings struct {
					Edges []struct{ Node struct{ ID, Status string } }
				}
			}
		}
		RejectionReasons struct {
			Edges []struct{ Node struct{ ID string } }
		}
		Users struct {
			Edges []struct{ Node struct{ ID string } }
		}
	}
	env.GraphQL(`mutation($in: CreateCandidateInput!) { createCandidate(input: $in) { id person { id }
		position { pipeline { id kind } openings(first: 10) { edges { node { id status } } } } } }`,
		map[string]any{"in": map[string]any{"positionID": env.Demo.PublishedPositionUID,
			"person": map[string]any{"firstName": "Hedy", "lastName": "Lamarr", "email": "hedy@example.com"}}}).Decode(t, &out)
	var lists struct {
		RejectionReasons struct {
			Edges []struct{ Node struct{ ID string } }
		}
		Users struct {
			Edges []struct{ Node struct{ ID string } }
		}
	}
	env.GraphQL(`{ rejectionReasons(first: 3) { edges { node { id } } } users(first: 1) { edges { node { id } } } }`, nil).Decode(t, &lists)
	f := fixture{candidate: out.CreateCandidate.ID, person: out.CreateCandidate.Person.ID,
		reason: lists.RejectionReasons.Edges[0].Node.ID, user: lists.Users.Edges[0].Node.ID}
	for _, st := range out.CreateCandidate.Position.Pipeline {
		if st.Kind == "INTERVIEW" {
			f.step = st.ID
		}
	}
	for _, o := range out.CreateCandidate.Position.Openings.Edges {
		if o.Node.Status == "OPEN" {
			f.opening = o.Node.ID
		}
	}
	if f.step == "" || f.opening == "" {
		t.Fatalf("fixture %+v from %+v", f, out)
	}
	return f
}

// TestCandidateLifecycle walks one candidate through every transition and
// checks its status, step, history and the activity each one writes.
func TestCandidateLifecycle(t *testing.T) {
	env := hiregraphtest.New(t)
	f := newFixture(t, env)
	vars := func(extra map[string]any) map[string]any {
		v := map[string]any{"id": f.candidate}
		for k, x := range extra {
			v[k] = x
		}
		return v
	}
	do := func(query string, extra map[string]any) board {
		t.Helper()
		before := readBoard(t, env, f.candidate).Node.Activities.TotalCount
		r := env.GraphQL(query, vars(extra))
		if len(r.Errors) > 0 {
			t.Fatalf("%s: %+v", query, r.Errors)
		}
		b := readBoard(t, env, f.candidate)
		if b.Node.Activities.TotalCount != before+1 {
			t.Fatalf("%s wrote %d activities, want 1", query, b.Node.Activities.TotalCount-before)
		}
		return b
	}

	b := do(`mutation($id: ID!, $s: ID!) { moveCandidate(id: $id, toStepID: $s) { id } }`, map[string]any{"s": f.step})
	if b.Node.CurrentStep.ID != f.step || len(b.Node.CurrentSteps) != 1 || b.Node.CurrentSteps[0].Name != b.Node.CurrentStep.Name ||
		len(b.Node.CompletedSteps) != 1 || b.Node.CompletedSteps[0].Name != "Applied" || b.Node.CompletedSteps[0].TimeCompleted == "" {
		t.Errorf("after move: %+v", b.Node)
	}
	if a := b.Node.Activities.Edges[0].Node; a.Verb != "candidate.moved" || a.Changes[0].Field != "step" || a.Changes[0].Before != "Applied" {
		t.Errorf("move activity %+v", a)
	}

	b = do(`mutation($id: ID!, $r: ID!) { rejectCandidate(id: $id, input: {reasonID: $r, note: "Not now"}) { id } }`, map[string]any{"r": f.reason})
	if b.Node.Status != "REJECTED" || b.Node.RejectionReason == nil || b.Node.RejectionNote == nil || b.Node.CurrentStep.ID != f.step {
		t.Errorf("after reject: %+v", b.Node)
	}
	r := env.GraphQL(`mutation($id: ID!, $s: ID!) { moveCandidate(id: $id, toStepID: $s) { id } }`, vars(map[string]any{"s": f.step}))
	assertCode(t, r, "illegal_transition", 409)

	b = do(`mutation($id: ID!) { reviveCandidate(id: $id) { id } }`, nil)
	if b.Node.Status != "IN_PROGRESS" || b.Node.RejectionReason != nil || b.Node.Activities.Edges[0].Node.Verb != "candidate.revived" {
		t.Errorf("after revive: %+v", b.Node)
	}
	b = do(`mutation($id: ID!) { withdrawCandidate(id: $id) { id } }`, nil)
	if b.Node.Status != "WITHDRAWN" {
		t.Errorf("after withdraw: %+v", b.Node)
	}
	do(`mutation($id: ID!) { reviveCandidate(id: $id) { id } }`, nil)

	b = do(`mutation($id: ID!, $u: [ID!]!) { assignCandidate(id: $id, userIDs: $u) { id } }`, map[string]any{"u": []string{f.user}})
	if len(b.Node.Assignees) != 1 || b.Node.Activities.Edges[0].Node.Verb != "candidate.assigned" {
		t.Errorf("after assign: %+v", b.Node)
	}
	b = do(`mutation($id: ID!, $u: [ID!]!) { unassignCandidate(id: $id, userIDs: $u) { id } }`, map[string]any{"u": []string{f.user}})
	if len(b.Node.Assignees) != 0 {
		t.Errorf("after unassign: %+v", b.Node)
	}
	b = do(`mutation($id: ID!) { updateCandidate(id: $id, input: {source: "Meetup", address: {city: "Vienna"}}) { id } }`, nil)
	if a := b.Node.Activities.Edges[0].Node; a.Verb != "candidate.updated" || len(a.Changes) != 2 {
		t.Errorf("update activity %+v", a)
	}
	b = do(`mutation($p: ID!) { updatePerson(id: $p, input: {phone: "+43 1 555"}) { id } }`, map[string]any{"p": f.person})
	if a := b.Node.Activities.Edges[0].Node; a.Verb != "person.updated" || a.Changes[0].Field != "phone" {
		t.Errorf("person activity %+v", a)
	}

	b = do(`mutation($id: ID!, $o: ID!) { hireCandidate(id: $id, openingID: $o) { id } }`, map[string]any{"o": f.opening})
	if b.Node.Status != "HIRED" || b.Node.CurrentStep.Name != "Hired" {
		t.Errorf("after hire: %+v", b.Node)
	}
	var opening struct {
		Node struct {
			Status string
			Hires  []struct{ ID string }
		}
	}
	env.GraphQL(`query($id: ID!) { node(id: $id) { ... on Opening { status hires { id } } } }`, map[string]any{"id": f.opening}).Decode(t, &opening)
	if opening.Node.Status != "FILLED" || len(opening.Node.Hires) != 1 || opening.Node.Hires[0].ID != f.candidate {
		t.Errorf("opening after hire: %+v", opening.Node)
	}
	// The opening is filled: nobody else is hired into it.
	r = env.GraphQL(`mutation($id: ID!, $o: ID!) { hireCandidate(id: $id, openingID: $o) { id } }`, map[string]any{"id": env.Demo.CandidateUID, "o": f.opening})
	assertCode(t, r, "opening_filled", 409)
}

// TestCandidateMutationsGuard: every candidate mutation answers another
// company's candidate as not found and refuses a read-only key, writing
// nothing either way.
func TestCandidateMutationsGuard(t *testing.T) {
	env := hiregraphtest.New(t)
	f := newFixture(t, env)
	other := env.OtherCompany()
	readOnly := env.WithKey("read")
	mutations := map[string]string{
		"move":     `mutation($id: ID!, $x: ID!) { moveCandidate(id: $id, toStepID: $x) { id } }`,
		"reject":   `mutation($id: ID!, $x: ID!) { rejectCandidate(id: $id, input: {reasonID: $x}) { id } }`,
		"revive":   `mutation($id: ID!) { reviveCandidate(id: $id) { id } }`,
		"withdraw": `mutation($id: ID!) { withdrawCandidate(id: $id) { id } }`,
		"hire":     `mutation($id: ID!, $x: ID!) { hireCandidate(id: $id, openingID: $x) { id } }`,
		"assign":   `mutation($id: ID!, $x: ID!) { assignCandidate(id: $id, userIDs: [$x]) { id } }`,
		"unassign": `mutation($id: ID!, $x: ID!) { unassignCandidate(id: $id, userIDs: [$x]) { id } }`,
		"update":   `mutation($id: ID!) { updateCandidate(id: $id, input: {source: "x"}) { id } }`,
	}
	args := map[string]string{"move": f.step, "reject": f.reason, "hire": f.opening, "assign": f.user, "unassign": f.user}
	before := readBoard(t, env, f.candidate).Node.Activities.TotalCount
	for name, m := range mutations {
		vars := map[string]any{"id": f.candidate}
		if x, ok := args[name]; ok {
			vars["x"] = x
		}
		assertCode(t, other.GraphQL(m, vars), "candidate_not_found", 404)
		assertCode(t, readOnly.GraphQL(m, vars), "forbidden", 403)
	}
	assertCode(t, other.GraphQL(`mutation($id: ID!) { updatePerson(id: $id, input: {phone: "1"}) { id } }`, map[string]any{"id": f.person}), "person_not_found", 404)
	if after := readBoard(t, env, f.candidate).Node.Activities.TotalCount; after != before {
		t.Errorf("refused mutations wrote %d activities", after-before)
	}
}

// TestCandidateQueries: search by name prefix and step, the pipeline board
// with counts, and findDuplicates in any case.
func TestCandidateQueries(t *testing.T) {
	env := hiregraphtest.New(t)
	var out struct {
		Candidates struct {
			TotalCount int
			Edges      []struct {
				Node struct{ Person struct{ FirstName string } }
			}
		}
		Pipeline []struct {
			Name       string
			Candidates struct {
				TotalCount int
				Edges      []struct{ Node struct{ ID string } }
			}
		}
		FindDuplicates struct {
			TotalCount int
			Edges      []struct{ Node struct{ Email string } }
		}
	}
	env.GraphQL(`query($p: ID) {
		candidates(first: 10, filter: {search: "ADA"}, orderBy: [{field: TIME_CREATED, direction: DESC}]) { totalCount edges { node { person { firstName } } } }
		pipeline(positionID: $p) { name candidates(first: 1) { totalCount edges { node { id } } } }
		findDuplicates(email: " Ada@Example.COM ", first: 5) { totalCount edges { node { email } } } }`, map[string]any{"p": env.Demo.PublishedPositionUID}).Decode(t, &out)
	if out.Candidates.TotalCount != 2 || out.Candidates.Edges[0].Node.Person.FirstName != "Ada" {
		t.Errorf("search ada: %+v", out.Candidates)
	}
	total := 0
	for _, st := range out.Pipeline {
		total += st.Candidates.TotalCount
		if len(st.Candidates.Edges) > 1 || (st.Candidates.TotalCount > 0) != (len(st.Candidates.Edges) == 1) {
			t.Errorf("step %s: %+v", st.Name, st.Candidates)
		}
	}
	if len(out.Pipeline) != 6 || total != 3 {
		t.Errorf("board %+v, want 6 steps with the published position's 3 candidates", out.Pipeline)
	}
	if d := out.FindDuplicates; d.TotalCount != 1 || len(d.Edges) != 1 || d.Edges[0].Node.Email != "ada@example.com" {
		t.Errorf("findDuplicates %+v", out.FindDuplicates)
	}
}
