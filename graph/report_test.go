package graph_test

import (
	"encoding/json"
	"testing"

	"github.com/hiregraph/hiregraph/internal/hiregraphtest"
)

const reportsQuery = `query($f: ReportFilter!) { reports(filter: $f) {
	funnel { step kind reached conversionToNext dropOff { status reason count } }
	timeInStep { key count medianDays p90Days }
	timeToHire { overall { count medianDays p90Days } byMonth { key count medianDays } }
	timeToFill { overall { count medianDays p90Days } byMonth { key count } }
	sources { source applications interviews offers hires }
	openPositions { positionID name department ageDays openOpenings }
	openingsByApproval { approvalStatus count } } }`

// march is the filter of ReportHistory's month, optionally narrowed.
func march(extra map[string]any) map[string]any {
	f := map[string]any{"from": "2031-03-01T00:00:00Z", "to": "2031-04-01T00:00:00Z"}
	for k, v := range extra {
		f[k] = v
	}
	return map[string]any{"f": f}
}

// compact is v as one line of JSON, to compare whole reports.
func compact(t *testing.T, v any) string {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// TestReportsOfAMonth reads every report of ReportHistory's month for its
// position: the figures a recruiter sees, worked out by hand from the
// history (moves back, a withdrawal, a revival).
func TestReportsOfAMonth(t *testing.T) {
	env := hiregraphtest.New(t)
	h := env.ReportHistory()
	var out struct{ Reports map[string]any }
	env.GraphQL(reportsQuery, march(map[string]any{"positionID": h.PositionID})).Decode(t, &out)
	r := out.Reports
	want := map[string]string{
		// Di counts once in Interview though she entered it twice; her
		// rejection was undone by the revival, so only Bob drops off there.
		"funnel": `[{"conversionToNext":0.75,"dropOff":[{"count":1,"reason":null,"status":"WITHDRAWN"}],"kind":"applied","reached":4,"step":"Applied"},` +
			`{"conversionToNext":0.3333333333333333,"dropOff":[{"count":1,"reason":"` + reasonName(t, env, h.Reason) + `","status":"REJECTED"}],"kind":"interview","reached":3,"step":"Technical interview"},` +
			`{"conversionToNext":1,"dropOff":[],"kind":"offer","reached":1,"step":"Offer"},` +
			`{"conversionToNext":null,"dropOff":[],"kind":"hired","reached":1,"step":"Hired"}]`,
		// Applied: Ada 2, Bob 4, Di 2 and 2 days (two stays); Cy's stay is
		// still open. Interview: Ada 3, Di 1; Bob's and Di's are open.
		// By step name.
		"timeInStep": `[{"count":4,"key":"Applied","medianDays":2,"p90Days":3.4},` +
			`{"count":1,"key":"Offer","medianDays":5,"p90Days":5},` +
			`{"count":2,"key":"Technical interview","medianDays":2,"p90Days":2.8}]`,
		"timeToHire":         `{"byMonth":[{"count":1,"key":"2031-03","medianDays":10}],"overall":{"count":1,"medianDays":10,"p90Days":10}}`,
		"timeToFill":         `{"byMonth":[{"count":1,"key":"2031-03"}],"overall":{"count":1,"medianDays":10,"p90Days":10}}`,
		"sources":            `[{"applications":3,"hires":0,"interviews":2,"offers":0,"source":"careers site"},{"applications":1,"hires":1,"interviews":1,"offers":1,"source":"referral"}]`,
		"openPositions":      `[{"ageDays":10,"department":"analytics","name":"Data Analyst","openOpenings":0,"positionID":"` + h.PositionID + `"}]`,
		"openingsByApproval": `[{"approvalStatus":"NA","count":1}]`,
	}
	for name, w := range want {
		if got := compact(t, r[name]); got != w {
			t.Errorf("%s =\n%s\nwant\n%s", name, got, w)
		}
	}
}

func reasonName(t *testing.T, env *hiregraphtest.Env, id string) string {
	t.Helper()
	var out struct{ Node struct{ Name string } }
	env.GraphQL(`query($id: ID!) { node(id: $id) { ... on RejectionReason { name } } }`, map[string]any{"id": id}).Decode(t, &out)
	return out.Node.Name
}

// TestReportsCountOnlyWhatTheReaderSees: the demo hiring manager is on the
// Data Analyst team but not on Data Engineer's, so the department's funnel
// leaves Eve out for them; the recruiter sees both positions.
func TestReportsCountOnlyWhatTheReaderSees(t *testing.T) {
	env := hiregraphtest.New(t)
	env.ReportHistory()
	applied := func(credential string) float64 {
		var out struct {
			Reports struct{ Funnel []struct{ Reached float64 } }
		}
		env.GraphQLAs(credential, `query($f: ReportFilter!) { reports(filter: $f) { funnel { reached } } }`,
			march(map[string]any{"department": "analytics"})).Decode(t, &out)
		return out.Reports.Funnel[0].Reached
	}
	if got := applied(env.UserToken(env.Demo.Users["recruiter"])); got != 5 {
		t.Errorf("recruiter's Applied = %v, want 5", got)
	}
	if got := applied(env.UserToken(env.Demo.Users["hiring_manager"])); got != 4 {
		t.Errorf("hiring manager's Applied = %v, want 4 (not Eve)", got)
	}
}

// TestReportsRefuse: a key without reports:view, and a range that ends
// before it starts, answer with a code and no report.
func TestReportsRefuse(t *testing.T) {
	env := hiregraphtest.New(t)
	assertCode(t, env.WithKey("write").GraphQL(reportsQuery, march(nil)), "forbidden", 403)
	backwards := map[string]any{"f": map[string]any{"from": "2031-04-01T00:00:00Z", "to": "2031-03-01T00:00:00Z"}}
	assertCode(t, env.GraphQL(reportsQuery, backwards), "validation_failed", 422)
}
