package server_test

import (
	"regexp"
	"testing"

	"github.com/hiregraph/hiregraph/ent/candidate"
	"github.com/hiregraph/hiregraph/internal/hiregraphtest"
)

// TestPipelineBoardLoadsEachEdgeOnce reads a position's board (every step's
// count and first candidates with their person) and checks that it costs
// one statement per edge whatever the number of steps: the steps, one
// per-parent page and one per-parent count of all steps' candidates, one
// statement for their persons. Each step shows the candidates the database
// has at it.
func TestPipelineBoardLoadsEachEdgeOnce(t *testing.T) {
	env, rec := newRecordingEnv(t)
	rec.take()
	var data struct {
		Pipeline []struct {
			ID         string
			Candidates struct {
				TotalCount int
				Edges      []struct {
					Node struct {
						ID     string
						Person struct{ FirstName string }
					}
				}
			}
		}
	}
	env.GraphQL(`query($p: ID) { pipeline(positionID: $p) { id
	  candidates(first: 20) { totalCount edges { node { id person { firstName } } } } } }`,
		map[string]any{"p": env.Demo.PublishedPositionUID}).Decode(t, &data)
	statements := rec.take()

	if len(data.Pipeline) < 3 {
		t.Fatalf("the demo position has %d steps, want several to tell one statement per step from one per edge", len(data.Pipeline))
	}
	ctx := hiregraphtest.System()
	shown := 0
	for _, step := range data.Pipeline {
		want := env.DB.Client.Candidate.Query().Where(candidate.CurrentStepID(step.ID)).CountX(ctx)
		if step.Candidates.TotalCount != want || len(step.Candidates.Edges) != min(want, 20) {
			t.Errorf("step %s: totalCount %d and %d edges, want %d candidates", step.ID, step.Candidates.TotalCount, len(step.Candidates.Edges), want)
		}
		for _, e := range step.Candidates.Edges {
			c := env.DB.Client.Candidate.Query().Where(candidate.ID(e.Node.ID)).WithPerson().OnlyX(ctx)
			if c.CurrentStepID == nil || *c.CurrentStepID != step.ID || c.Edges.Person.FirstName != e.Node.Person.FirstName {
				t.Errorf("step %s shows candidate %s (%q), which is at step %v as %q", step.ID, c.ID, e.Node.Person.FirstName, c.CurrentStepID, c.Edges.Person.FirstName)
			}
			shown++
		}
	}
	if shown == 0 {
		t.Fatal("the board shows no candidate: nothing to load per step")
	}

	count := statementsPerTable(statements, map[string]string{
		"steps":      "FROM [\"`]pipeline_steps[\"`]",
		"candidates": "(FROM|JOIN) [\"`]candidates[\"`]",
		"persons":    "FROM [\"`]persons[\"`]",
	})
	// The position's existence check reads positions; the API key, its
	// own table. Candidates: the page and the count.
	if count["steps"] != 1 || count["candidates"] != 2 || count["persons"] != 1 {
		t.Errorf("statements per table %v, want steps 1, candidates 2 (page and count), persons 1; all:\n%v", count, statements)
	}
}

// statementsPerTable counts the statements that match each table's
// pattern.
func statementsPerTable(statements []recorded, patterns map[string]string) map[string]int {
	count := map[string]int{}
	for table, pattern := range patterns {
		re := regexp.MustCompile(pattern)
		for _, q := range statements {
			if re.MatchString(q.text) {
				count[table]++
			}
		}
	}
	return count
}
