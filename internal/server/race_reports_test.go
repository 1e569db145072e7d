package server_test

import (
	"fmt"
	"testing"
	"time"

	"github.com/hiregraph/hiregraph/internal/hiregraphtest"
)

// TestRaceReportCounts: 50 writes at once on five candidates of one
// position (creates, moves, rejections, revivals, withdrawals, source
// edits, with a compaction running in the middle), then the sources report
// and the funnel, summed from the rollup the writes kept, equal a direct
// count from the rows: no delta lost or counted twice, however the writes'
// transactions and the compaction's interleave (docs/concurrency.md,
// "Report rollup").
func TestRaceReportCounts(t *testing.T) {
	env := raceEnv(t)
	day := time.Now().UTC().Truncate(24 * time.Hour)
	env.Clock.Set(day.Add(10 * time.Hour))
	cands := make([]string, 5)
	for i := range cands {
		cands[i] = raceCandidate(t, env, i)
	}
	var pipeline struct {
		Node struct{ Pipeline []struct{ ID, Kind string } }
	}
	env.GraphQL(`query($id: ID!) { node(id: $id) { ... on Position { pipeline { id kind } } } }`,
		map[string]any{"id": env.Demo.PublishedPositionUID}).Decode(t, &pipeline)
	var steps []string
	for _, st := range pipeline.Node.Pipeline {
		if st.Kind != "HIRED" {
			steps = append(steps, st.ID)
		}
	}
	var reasons struct {
		RejectionReasons struct {
			Edges []struct{ Node struct{ ID string } }
		}
	}
	env.GraphQL(`{ rejectionReasons(first: 1) { edges { node { id } } } }`, nil).Decode(t, &reasons)
	reason := reasons.RejectionReasons.Edges[0].Node.ID
	answers := hiregraphtest.Race(racers, func(i int) *hiregraphtest.GraphQLResponse {
		id := cands[i%len(cands)]
		switch i % 7 {
		case 0:
			return env.GraphQL(`mutation($id: ID!, $s: ID!) { moveCandidate(id: $id, toStepID: $s) { id } }`,
				map[string]any{"id": id, "s": steps[(i/7)%len(steps)]})
		case 1:
			return env.GraphQL(`mutation($id: ID!, $r: ID!) { rejectCandidate(id: $id, input: {reasonID: $r}) { id } }`,
				map[string]any{"id": id, "r": reason})
		case 2:
			return env.GraphQL(`mutation($id: ID!) { reviveCandidate(id: $id) { id } }`, map[string]any{"id": id})
		case 3:
			return env.GraphQL(`mutation($id: ID!, $s: String!) { updateCandidate(id: $id, input: {source: $s}) { id } }`,
				map[string]any{"id": id, "s": fmt.Sprintf("source %d", i%3)})
		case 4:
			return env.GraphQL(`mutation($id: ID!) { withdrawCandidate(id: $id) { id } }`, map[string]any{"id": id})
		case 5:
			if i == 26 {
				env.CompactReportCounts()
			}
			return env.GraphQL(`mutation($id: ID!, $s: ID!) { moveCandidate(id: $id, toStepID: $s) { id } }`,
				map[string]any{"id": id, "s": steps[(i/5)%len(steps)]})
		default:
			return env.GraphQL(`mutation($in: CreateCandidateInput!) { createCandidate(input: $in) { id } }`,
				map[string]any{"in": map[string]any{"positionID": env.Demo.PublishedPositionUID, "source": "race",
					"person": map[string]any{"firstName": "Late", "lastName": fmt.Sprint(i), "email": fmt.Sprintf("late%d@example.com", i)}}})
		}
	})
	outcomes(t, answers, "illegal_transition", "candidate_exists")
	from, to := day.Add(-24*time.Hour), day.Add(48*time.Hour)
	want := env.DirectCounts(from, to)
	if got := env.ReportedCounts(from, to); got.String() != want.String() {
		t.Errorf("reported\n%s\nwant (counted from the rows)\n%s", got, want)
	}
	env.CompactReportCounts()
	if got := env.ReportedCounts(from, to); got.String() != want.String() {
		t.Errorf("after compaction, reported\n%s\nwant\n%s", got, want)
	}
}
