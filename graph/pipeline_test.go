package graph_test

import (
	"strings"
	"testing"

	"github.com/hiregraph/hiregraph/internal/hiregraphtest"
)

type stepJSON struct{ ID, Name, Kind string }

func stepNames(steps []stepJSON) string {
	var out []string
	for _, s := range steps {
		out = append(out, s.Name+":"+s.Kind)
	}
	return strings.Join(out, ",")
}

// TestPipelineEdits: a position's steps can be added, renamed, reordered
// and removed; each edit answers the pipeline in order, shows in the
// position's REST workflow and on its timeline.
func TestPipelineEdits(t *testing.T) {
	env := hiregraphtest.New(t)
	pos := env.Demo.PublishedPositionUID
	var added struct{ AddPipelineStep []stepJSON }
	env.GraphQL(`mutation($p: ID) { addPipelineStep(positionID: $p, input: {name: "Home assignment", kind: ASSESSMENT, index: 2}) { id name kind } }`,
		map[string]any{"p": pos}).Decode(t, &added)
	steps := added.AddPipelineStep
	if got := stepNames(steps); !strings.Contains(got, "Home assignment:ASSESSMENT") || steps[2].Name != "Home assignment" {
		t.Fatalf("after add: %s", got)
	}

	var renamed struct{ UpdatePipelineStep []stepJSON }
	env.GraphQL(`mutation($id: ID!) { updatePipelineStep(id: $id, input: {name: "Take-home test"}) { id name kind } }`,
		map[string]any{"id": steps[2].ID}).Decode(t, &renamed)
	if renamed.UpdatePipelineStep[2].Name != "Take-home test" {
		t.Fatalf("after rename: %s", stepNames(renamed.UpdatePipelineStep))
	}

	ids := []string{}
	for i := len(steps) - 1; i >= 0; i-- {
		ids = append(ids, steps[i].ID)
	}
	var reordered struct{ ReorderPipeline []stepJSON }
	env.GraphQL(`mutation($p: ID, $ids: [ID!]!) { reorderPipeline(positionID: $p, stepIDs: $ids) { id name kind } }`,
		map[string]any{"p": pos, "ids": ids}).Decode(t, &reordered)
	if reordered.ReorderPipeline[0].ID != steps[len(steps)-1].ID {
		t.Fatalf("after reorder: %s", stepNames(reordered.ReorderPipeline))
	}

	var removed struct{ RemovePipelineStep []stepJSON }
	env.GraphQL(`mutation($id: ID!) { removePipelineStep(id: $id) { id name kind } }`,
		map[string]any{"id": steps[2].ID}).Decode(t, &removed)
	if len(removed.RemovePipelineStep) != len(steps)-1 || strings.Contains(stepNames(removed.RemovePipelineStep), "Take-home") {
		t.Fatalf("after remove: %s", stepNames(removed.RemovePipelineStep))
	}

	// The REST workflow follows the pipeline.
	var rest struct{ Workflow []struct{ Name, Type string } }
	var out struct {
		Node struct {
			Workflow   []struct{ Name, Type string }
			Activities struct {
				Edges []struct{ Node struct{ Verb string } }
			}
		}
	}
	env.GraphQL(`query($id: ID!) { node(id: $id) { ... on Position { workflow { name type } activities(first: 10) { edges { node { verb } } } } } }`,
		map[string]any{"id": pos}).Decode(t, &out)
	rest.Workflow = out.Node.Workflow
	if len(rest.Workflow) != len(removed.RemovePipelineStep) || rest.Workflow[0].Name != removed.RemovePipelineStep[0].Name {
		t.Errorf("workflow %+v, want the pipeline %s", rest.Workflow, stepNames(removed.RemovePipelineStep))
	}
	if n := len(out.Node.Activities.Edges); n != 4 || out.Node.Activities.Edges[0].Node.Verb != "pipeline.changed" {
		t.Errorf("timeline %+v, want 4 pipeline.changed", out.Node.Activities.Edges)
	}
}

// TestPipelineEditErrors: a step with candidates cannot be removed; another
// company's position and steps read as not found; a read-only key cannot
// edit.
func TestPipelineEditErrors(t *testing.T) {
	env := hiregraphtest.New(t)
	other := env.OtherCompany()
	r := env.GraphQL(`mutation($p: ID) { addPipelineStep(positionID: $p, input: {name: "X", kind: OTHER}) { id } }`,
		map[string]any{"p": other.Demo.PublishedPositionUID})
	assertCode(t, r, "position_not_found", 404)
	var theirs struct{ Pipeline []stepJSON }
	other.GraphQL(`query($p: ID) { pipeline(positionID: $p) { id name kind } }`, map[string]any{"p": other.Demo.PublishedPositionUID}).Decode(t, &theirs)
	if len(theirs.Pipeline) == 0 {
		t.Fatal("the other company's position has no pipeline")
	}
	r = env.GraphQL(`mutation($id: ID!) { removePipelineStep(id: $id) { id } }`, map[string]any{"id": theirs.Pipeline[0].ID})
	assertCode(t, r, "step_not_found", 404)

	r = env.WithKey("read").GraphQL(`mutation { addPipelineStep(input: {name: "X", kind: OTHER}) { id } }`, nil)
	assertCode(t, r, "forbidden", 403)

	// A step with a candidate at it stays.
	var board struct {
		Pipeline []struct {
			ID         string
			Candidates struct{ TotalCount int }
		}
	}
	env.GraphQL(`query($p: ID) { pipeline(positionID: $p) { id candidates { totalCount } } }`, map[string]any{"p": env.Demo.PublishedPositionUID}).Decode(t, &board)
	for _, st := range board.Pipeline {
		if st.Candidates.TotalCount > 0 {
			r = env.GraphQL(`mutation($id: ID!) { removePipelineStep(id: $id) { id } }`, map[string]any{"id": st.ID})
			assertCode(t, r, "step_not_empty", 409)
			return
		}
	}
	t.Fatalf("no step of the demo position has candidates: %+v", board.Pipeline)
}
