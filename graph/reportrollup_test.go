package graph_test

import (
	"testing"
	"time"

	"github.com/hiregraph/hiregraph/internal/hiregraphtest"
)

// reportCandidates are ReportHistory's candidates of one position by first
// name: the candidate's and its person's ids.
func reportCandidates(t *testing.T, env *hiregraphtest.Env, positionID string) map[string][2]string {
	t.Helper()
	var out struct {
		Node struct {
			Candidates struct {
				Edges []struct {
					Node struct {
						ID     string
						Person struct{ ID, FirstName string }
					}
				}
			}
		}
	}
	env.GraphQL(`query($id: ID!) { node(id: $id) { ... on Position { candidates(first: 20) { edges { node { id person { id firstName } } } } } } }`,
		map[string]any{"id": positionID}).Decode(t, &out)
	by := map[string][2]string{}
	for _, e := range out.Node.Candidates.Edges {
		by[e.Node.Person.FirstName] = [2]string{e.Node.ID, e.Node.Person.ID}
	}
	return by
}

// TestReportRollupMatchesTheRows changes ReportHistory's candidates in every
// way that changes a count, and after each change compares the sources
// report and the funnel, summed from the rollup the writes keep, with a
// direct count from the candidates and their step history: over March
// (whole days: the rollup alone) and over a range that starts and ends in
// the middle of a day (its partial days counted from the rows). Then it
// compacts the rollup and compares again.
func TestReportRollupMatchesTheRows(t *testing.T) {
	env := hiregraphtest.New(t)
	h := env.ReportHistory()
	ranges := [][2]time.Time{
		{time.Date(2031, 3, 1, 0, 0, 0, 0, time.UTC), time.Date(2031, 4, 1, 0, 0, 0, 0, time.UTC)},
		// ReportHistory's candidates start at 09:00 on March 2, in the
		// range's first, partial day; those added below start later.
		{hiregraphtest.ReportStart.Add(-time.Hour), hiregraphtest.ReportStart.Add(20*24*time.Hour + 5*time.Hour)},
	}
	check := func(after string) {
		t.Helper()
		for _, r := range ranges {
			reported, direct := env.ReportedCounts(r[0], r[1]), env.DirectCounts(r[0], r[1])
			if reported.String() != direct.String() {
				t.Errorf("after %s, %s to %s: reported\n%s\nwant (counted from the rows)\n%s", after, r[0], r[1], reported, direct)
			}
		}
	}
	check("the history")
	// The history counted as hand-worked (TestReportsOfAMonth).
	if got := env.ReportedCounts(ranges[0][0], ranges[0][1]); len(got.Sources) != 2 || got.Sources[1] != "referral 1/1/1/1" {
		t.Fatalf("history's sources = %v", got.Sources)
	}
	cands := reportCandidates(t, env, h.PositionID)
	steps := map[string]string{}
	var pipeline struct {
		Node struct{ Pipeline []struct{ ID, Name string } }
	}
	env.GraphQL(`query($id: ID!) { node(id: $id) { ... on Position { pipeline { id name } } } }`, map[string]any{"id": h.PositionID}).Decode(t, &pipeline)
	for _, st := range pipeline.Node.Pipeline {
		steps[st.Name] = st.ID
	}
	mutate := func(what, query string, vars map[string]any) {
		t.Helper()
		var ignored any
		env.GraphQL(query, vars).Decode(t, &ignored)
		check(what)
	}
	env.Clock.Set(hiregraphtest.ReportStart.Add(12 * 24 * time.Hour))
	mutate("an edited source", `mutation($id: ID!) { updateCandidate(id: $id, input: {source: "agency"}) { id } }`,
		map[string]any{"id": cands["Ada"][0]})
	mutate("an unhire", `mutation($id: ID!) { unhireCandidate(id: $id) { id } }`, map[string]any{"id": cands["Ada"][0]})
	mutate("a revival after rejection", `mutation($id: ID!) { reviveCandidate(id: $id) { id } }`, map[string]any{"id": cands["Bob"][0]})
	mutate("a move", `mutation($id: ID!, $s: ID!) { moveCandidate(id: $id, toStepID: $s) { id } }`,
		map[string]any{"id": cands["Bob"][0], "s": steps["Offer"]})
	mutate("a rejection", `mutation($id: ID!, $r: ID!) { rejectCandidate(id: $id, input: {reasonID: $r}) { id } }`,
		map[string]any{"id": cands["Di"][0], "r": h.Reason})
	mutate("a renamed step", `mutation($id: ID!) { updatePipelineStep(id: $id, input: {name: "Screening call"}) { id } }`,
		map[string]any{"id": steps["Technical interview"]})
	mutate("a move into the renamed step", `mutation($id: ID!, $s: ID!) { moveCandidate(id: $id, toStepID: $s) { id } }`,
		map[string]any{"id": cands["Ada"][0], "s": steps["Technical interview"]})
	// Cy as a candidate of the other position too: one more candidacy,
	// counted on its own (a candidacy's position never changes).
	env.Clock.Set(hiregraphtest.ReportStart.Add(13*24*time.Hour + 3*time.Hour))
	mutate("a second candidacy", `mutation($in: CreateCandidateInput!) { createCandidate(input: $in) { id } }`,
		map[string]any{"in": map[string]any{"positionID": h.OtherPositionID, "source": "referral",
			"person": map[string]any{"firstName": "Cy", "lastName": "Report", "email": "Cy@report.example"}}})
	mutate("a hire", `mutation($id: ID!, $o: ID!) { hireCandidate(id: $id, openingID: $o) { id } }`,
		map[string]any{"id": cands["Ada"][0], "o": openingOf(t, env, h.PositionID)})
	mutate("an erasure", `mutation($id: ID!) { erasePerson(id: $id) { id } }`, map[string]any{"id": cands["Cy"][1]})
	env.CompactReportCounts()
	check("compaction")
	mutate("a withdrawal after compaction", `mutation($id: ID!) { withdrawCandidate(id: $id) { id } }`, map[string]any{"id": cands["Bob"][0]})
	env.CompactReportCounts()
	check("a second compaction")
}

// openingOf is the first opening of the position.
func openingOf(t *testing.T, env *hiregraphtest.Env, positionID string) string {
	t.Helper()
	var out struct {
		Node struct {
			Openings struct {
				Edges []struct{ Node struct{ ID string } }
			}
		}
	}
	env.GraphQL(`query($id: ID!) { node(id: $id) { ... on Position { openings { edges { node { id } } } } } }`,
		map[string]any{"id": positionID}).Decode(t, &out)
	return out.Node.Openings.Edges[0].Node.ID
}
