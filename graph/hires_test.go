package graph_test

import (
	"fmt"
	"net/http"
	"testing"

	"github.com/hiregraph/hiregraph/ent/activity"
	"github.com/hiregraph/hiregraph/internal/hiregraphtest"
)

type hiresOpening struct {
	Node struct {
		Status    string
		Headcount int
		Hires     []struct{ ID string }
	}
}

func readHires(t *testing.T, env *hiregraphtest.Env, id string) hiresOpening {
	t.Helper()
	var o hiresOpening
	env.GraphQL(`query($id: ID!) { node(id: $id) { ... on Opening { status headcount hires { id } } } }`, map[string]any{"id": id}).Decode(t, &o)
	return o
}

func hireIDs(o hiresOpening) []string {
	ids := make([]string, len(o.Node.Hires))
	for i, h := range o.Node.Hires {
		ids[i] = h.ID
	}
	return ids
}

// lastActivity is the verb and changed fields of the newest activity on
// an object.
func lastActivity(t *testing.T, env *hiregraphtest.Env, objectID string) string {
	t.Helper()
	a, err := env.DB.Client.Activity.Query().Where(activity.ObjectID(objectID)).Order(activity.ByTimeCreated(), activity.ByID()).All(hiregraphtest.System())
	if err != nil || len(a) == 0 {
		t.Fatalf("activities of %s: %v %v", objectID, a, err)
	}
	last := a[len(a)-1]
	out := last.Verb
	for _, c := range last.Changes {
		out += fmt.Sprintf(" %s:%v->%v", c.Field, c.Before, c.After)
	}
	return out
}

// TestHeadcountUnhireAndReopen: a headcount-2 opening takes two hires and
// is FILLED by the second; REST shows the oldest hire and finds the opening
// by either; unhiring opens it again and puts the candidate back at its
// step; a filled opening reopens with a higher headcount only.
func TestHeadcountUnhireAndReopen(t *testing.T) {
	env := hiregraphtest.New(t)
	f := newFixture(t, env)
	var created struct{ CreateOpening struct{ ID string } }
	env.GraphQL(`mutation($p: ID!) { createOpening(positionID: $p, input: {name: "Two", timeExpectedHire: "2027-01-01", reason: "New", headcount: 2}) { id } }`,
		map[string]any{"p": env.Demo.PublishedPositionUID}).Decode(t, &created)
	o := created.CreateOpening.ID
	second := newCandidate(t, env, "hire.two@example.com")
	third := newCandidate(t, env, "hire.three@example.com")
	hire := func(candidate string) *hiregraphtest.GraphQLResponse {
		return env.GraphQL(`mutation($id: ID!, $o: ID!) { hireCandidate(id: $id, openingID: $o) { id } }`, map[string]any{"id": candidate, "o": o})
	}

	hire(f.candidate).Decode(t, &struct{}{})
	if got := readHires(t, env, o); got.Node.Status != "OPEN" || fmt.Sprint(hireIDs(got)) != fmt.Sprint([]string{f.candidate}) {
		t.Errorf("after the first hire of two: %+v", got.Node)
	}
	env.GraphQL(`mutation($id: ID!, $s: ID!) { moveCandidate(id: $id, toStepID: $s) { id } }`, map[string]any{"id": second, "s": f.step}).Decode(t, &struct{}{})
	hire(second).Decode(t, &struct{}{})
	if got := readHires(t, env, o); got.Node.Status != "FILLED" || len(got.Node.Hires) != 2 {
		t.Errorf("after the second hire of two: %+v", got.Node)
	}
	var deprecated struct {
		Node struct {
			HiredCandidate struct {
				ID       string
				HiredFor struct{ ID string }
			}
		}
	}
	env.GraphQL(`query($id: ID!) { node(id: $id) { ... on Opening { hiredCandidate { id hiredFor { id } } } } }`, map[string]any{"id": o}).Decode(t, &deprecated)
	if h := deprecated.Node.HiredCandidate; h.ID != f.candidate || h.HiredFor.ID != o {
		t.Errorf("the deprecated hiredCandidate and hiredFor: %+v, want the oldest hire %s of %s", h, f.candidate, o)
	}
	if got := lastActivity(t, env, second); got != "candidate.hired status:IN_PROGRESS->HIRED opening:<nil>->"+o+" openingStatus:OPEN->FILLED step:Technical interview->Hired" {
		t.Errorf("hire activity %q", got)
	}
	assertCode(t, hire(third), "opening_filled", http.StatusConflict)

	// REST: hired_candidate_uid is the oldest hire; the filter finds the
	// opening by either hire.
	for _, c := range []string{f.candidate, second} {
		var list struct{ Openings []map[string]any }
		env.Do(http.MethodGet, "/v1/openings?hired_candidate_uid="+c, nil).JSON(t, &list)
		if len(list.Openings) != 1 || list.Openings[0]["uid"] != o || list.Openings[0]["hired_candidate_uid"] != f.candidate ||
			list.Openings[0]["headcount"] != float64(2) || list.Openings[0]["status"] != "Filled" {
			t.Errorf("openings hired %s: %+v", c, list.Openings)
		}
	}

	// A filled opening's headcount changes by reopening only.
	assertCode(t, env.GraphQL(`mutation($o: ID!) { updateOpening(id: $o, input: {headcount: 3}) { id } }`, map[string]any{"o": o}), "illegal_transition", http.StatusConflict)

	var unhired struct {
		UnhireCandidate struct {
			Status      string
			CurrentStep struct{ ID string }
		}
	}
	env.GraphQL(`mutation($id: ID!) { unhireCandidate(id: $id) { status currentStep { id } } }`, map[string]any{"id": second}).Decode(t, &unhired)
	if unhired.UnhireCandidate.Status != "IN_PROGRESS" || unhired.UnhireCandidate.CurrentStep.ID != f.step {
		t.Errorf("unhired: %+v, want IN_PROGRESS at the interview step %s", unhired.UnhireCandidate, f.step)
	}
	if got := readHires(t, env, o); got.Node.Status != "OPEN" || fmt.Sprint(hireIDs(got)) != fmt.Sprint([]string{f.candidate}) {
		t.Errorf("after unhiring: %+v", got.Node)
	}
	if got := lastActivity(t, env, second); got != "candidate.unhired status:HIRED->IN_PROGRESS opening:"+o+"-><nil> openingStatus:FILLED->OPEN step:Hired->Technical interview" {
		t.Errorf("unhire activity %q", got)
	}
	assertCode(t, env.GraphQL(`mutation($id: ID!) { unhireCandidate(id: $id) { id } }`, map[string]any{"id": second}), "illegal_transition", http.StatusConflict)
	// An open opening keeps room for one more hire.
	assertCode(t, env.GraphQL(`mutation($o: ID!) { updateOpening(id: $o, input: {headcount: 1}) { id } }`, map[string]any{"o": o}), "illegal_transition", http.StatusConflict)

	hire(third).Decode(t, &struct{}{})
	reopen := `mutation($o: ID!, $n: Int) { reopenOpening(id: $o, headcount: $n) { status headcount hires { id } } }`
	assertCode(t, env.GraphQL(reopen, map[string]any{"o": o}), "illegal_transition", http.StatusConflict)
	assertCode(t, env.GraphQL(reopen, map[string]any{"o": o, "n": 2}), "illegal_transition", http.StatusConflict)
	var reopened struct {
		ReopenOpening struct {
			Status    string
			Headcount int
			Hires     []struct{ ID string }
		}
	}
	env.GraphQL(reopen, map[string]any{"o": o, "n": 3}).Decode(t, &reopened)
	if r := reopened.ReopenOpening; r.Status != "OPEN" || r.Headcount != 3 || len(r.Hires) != 2 {
		t.Errorf("reopened: %+v", r)
	}
	if got := lastActivity(t, env, o); got != "opening.reopened status:FILLED->OPEN headcount:2->3" {
		t.Errorf("reopen activity %q", got)
	}
	assertCode(t, env.GraphQL(reopen, map[string]any{"o": o}), "illegal_transition", http.StatusConflict)
}

// TestUnhireAndReopenGuard: both need the write scope and refuse another
// company's records.
func TestUnhireAndReopenGuard(t *testing.T) {
	env := hiregraphtest.New(t)
	f := newFixture(t, env)
	unhire := `mutation($id: ID!) { unhireCandidate(id: $id) { id } }`
	reopen := `mutation($id: ID!) { reopenOpening(id: $id) { id } }`
	assertCode(t, env.WithKey("read").GraphQL(unhire, map[string]any{"id": f.candidate}), "forbidden", http.StatusForbidden)
	assertCode(t, env.WithKey("read").GraphQL(reopen, map[string]any{"id": f.opening}), "forbidden", http.StatusForbidden)
	assertCode(t, env.OtherCompany().GraphQL(unhire, map[string]any{"id": f.candidate}), "candidate_not_found", http.StatusNotFound)
	assertCode(t, env.OtherCompany().GraphQL(reopen, map[string]any{"id": f.opening}), "opening_not_found", http.StatusNotFound)
	assertCode(t, env.GraphQL(unhire, map[string]any{"id": f.candidate}), "illegal_transition", http.StatusConflict)
	assertCode(t, env.GraphQL(reopen, map[string]any{"id": f.opening}), "illegal_transition", http.StatusConflict)
}

func newCandidate(t *testing.T, env *hiregraphtest.Env, email string) string {
	t.Helper()
	var out struct{ CreateCandidate struct{ ID string } }
	env.GraphQL(`mutation($in: CreateCandidateInput!) { createCandidate(input: $in) { id } }`,
		map[string]any{"in": map[string]any{"positionID": env.Demo.PublishedPositionUID,
			"person": map[string]any{"firstName": "Hire", "email": email}}}).Decode(t, &out)
	return out.CreateCandidate.ID
}
