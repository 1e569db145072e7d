package server_test

import (
	"context"
	"fmt"
	"maps"
	"slices"
	"strings"
	"testing"

	entsql "entgo.io/ent/dialect/sql"
	"github.com/vektah/gqlparser/v2/ast"

	"github.com/hiregraph/hiregraph/ent/candidate"
	"github.com/hiregraph/hiregraph/ent/conversation"
	"github.com/hiregraph/hiregraph/ent/evaluationpartner"
	"github.com/hiregraph/hiregraph/ent/location"
	"github.com/hiregraph/hiregraph/ent/person"
	"github.com/hiregraph/hiregraph/ent/pipelinestep"
	"github.com/hiregraph/hiregraph/ent/position"
	"github.com/hiregraph/hiregraph/graph/generated"
	"github.com/hiregraph/hiregraph/internal/demo"
	"github.com/hiregraph/hiregraph/internal/hiregraphtest"
)

// connectionEdge is a to-many edge the graph serves as a nested Relay
// connection, with what its per-parent statements must read.
type connectionEdge struct {
	parent string // the parent's table
	child  string // the child's table
	column string // the child's foreign key to the parent
	index  string // the (company, column, …) index the statements read
	// sortsInside: the connection's default order is not the index's, so
	// the page sorts each parent's rows (see ent/schema/conversation.go).
	sortsInside bool
}

// connectionEdges is every nested connection of the graph, by
// "Type.field". TestConnectionEdgesAreListed keeps it equal to the schema's,
// so an edge added later cannot miss the plan and tenancy tests.
var connectionEdges = map[string]connectionEdge{
	"Candidate.notes":                   {candidate.Table, candidate.NotesTable, candidate.NotesColumn, "note_company_id_candidate_id_id", false},
	"Candidate.conversations":           {candidate.Table, candidate.ConversationsTable, candidate.ConversationsColumn, "conversation_company_id_candidate_conversations", true},
	"Candidate.testSubmissions":         {candidate.Table, candidate.TestSubmissionsTable, candidate.TestSubmissionsColumn, "testsubmission_company_id_candidate_id_id", false},
	"Candidate.files":                   {candidate.Table, candidate.FilesTable, candidate.FilesColumn, "candidatefile_company_id_candidate_id_id", false},
	"Candidate.activities":              {candidate.Table, candidate.ActivitiesTable, candidate.ActivitiesColumn, "activity_company_id_candidate_id_id", false},
	"Candidate.stepHistory":             {candidate.Table, candidate.StepHistoryTable, candidate.StepHistoryColumn, "candidatestep_company_id_candidate_id_id", false},
	"Candidate.interviews":              {candidate.Table, candidate.InterviewsTable, candidate.InterviewsColumn, "interview_company_id_candidate_id_id", false},
	"Candidate.scorecards":              {candidate.Table, candidate.ScorecardsTable, candidate.ScorecardsColumn, "scorecard_company_id_candidate_id_id", false},
	"Conversation.messages":             {conversation.Table, conversation.MessagesTable, conversation.MessagesColumn, "message_company_id_conversation_id_id", false},
	"EvaluationPartner.testSubmissions": {evaluationpartner.Table, evaluationpartner.TestSubmissionsTable, evaluationpartner.TestSubmissionsColumn, "testsubmission_company_id_partner_id_id", false},
	"Location.positions":                {location.Table, location.PositionsTable, location.PositionsColumn, "position_company_id_location_id_id", false},
	"Person.candidates":                 {person.Table, person.CandidatesTable, person.CandidatesColumn, "candidate_company_id_person_id_id", false},
	"PipelineStep.candidates":           {pipelinestep.Table, pipelinestep.CandidatesTable, pipelinestep.CandidatesColumn, "candidate_company_id_current_step_id_id", false},
	"Position.openings":                 {position.Table, position.OpeningsTable, position.OpeningsColumn, "opening_company_id_position_id_id", false},
	"Position.candidates":               {position.Table, position.CandidatesTable, position.CandidatesColumn, "candidate_company_id_position_id_id", false},
	"Position.activities":               {position.Table, position.ActivitiesTable, position.ActivitiesColumn, "activity_company_id_position_id_id", false},
	"Position.interviews":               {position.Table, position.InterviewsTable, position.InterviewsColumn, "interview_company_id_position_id_id", false},
}

// viewerConnections are the connections of the viewer (Company), which a
// request has one of: its own company. They load in one statement for
// their one parent (TestAgendaLoadsInConstantStatements), not per parent.
var viewerConnections = []string{"Company.interviews", "Company.feedbackDue"}

// schemaConnectionEdges lists the graph's nested connections: the fields of
// object types other than the roots that return a connection.
func schemaConnectionEdges() []string {
	schema := generated.NewExecutableSchema(generated.Config{}).Schema()
	roots := map[*ast.Definition]bool{schema.Query: true, schema.Mutation: true, schema.Subscription: true}
	var edges []string
	for _, def := range schema.Types {
		if def.Kind != ast.Object || roots[def] || strings.HasPrefix(def.Name, "__") {
			continue
		}
		for _, f := range def.Fields {
			if strings.HasSuffix(f.Type.Name(), "Connection") {
				edges = append(edges, def.Name+"."+f.Name)
			}
		}
	}
	slices.Sort(edges)
	return edges
}

func TestConnectionEdgesAreListed(t *testing.T) {
	schema := schemaConnectionEdges()
	for _, e := range schema {
		if _, ok := connectionEdges[e]; !ok && !slices.Contains(viewerConnections, e) {
			t.Errorf("the schema's nested connection %s is not in connectionEdges: add it, with its index, so its plan and tenancy are tested", e)
		}
	}
	for e := range connectionEdges {
		if !slices.Contains(schema, e) {
			t.Errorf("connectionEdges lists %s, which the schema does not have", e)
		}
	}
}

// edgeQuery asks for the connection edge ("Type.field") of the nodes ids
// with args, through nodes(ids:), which loads all of a type's nodes in one
// query, so the edge loads per parent for the batch.
func edgeQuery(t *testing.T, env *hiregraphtest.Env, edge, args string, ids []string) map[string]connection {
	t.Helper()
	typ, field, _ := strings.Cut(edge, ".")
	var data struct {
		Nodes []struct {
			ID   string
			Edge connection
		}
	}
	env.GraphQL(fmt.Sprintf(`query($ids: [ID!]!) { nodes(ids: $ids) { id ... on %s {
	  edge: %s(%s) { totalCount edges { node { id } } } } } }`, typ, field, args), map[string]any{"ids": ids}).Decode(t, &data)
	out := map[string]connection{}
	for _, n := range data.Nodes {
		out[n.ID] = n.Edge
	}
	return out
}

// companyIDs returns up to n ids of the company's rows of table, in id order.
func companyIDs(t *testing.T, env *hiregraphtest.Env, table, company string, n int) []string {
	t.Helper()
	query, args := entsql.Dialect(env.DB.Dialect).Select("id").From(entsql.Table(table)).
		Where(entsql.EQ("company_id", company)).OrderBy("id").Limit(n).Query()
	rows, err := env.DB.SQL.QueryContext(context.Background(), query, args...)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	var ids []string
	for rows.Next() {
		var id string
		if err := rows.Scan(&id); err != nil {
			t.Fatal(err)
		}
		ids = append(ids, id)
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	return ids
}

// TestEveryNestedConnectionStaysInTheTenant points, for each nested
// connection, a child row of another company at one of our parents (a
// broken row, as a bug or a hand-written import could leave): the page and
// totalCount must not change.
func TestEveryNestedConnectionStaysInTheTenant(t *testing.T) {
	env := hiregraphtest.New(t)
	seedNested(t, env, env.Demo.CompanyUID)
	other, err := demo.Seed(context.Background(), env.DB.Client, env.Sealer, "Other Corp")
	if err != nil {
		t.Fatal(err)
	}
	seedNested(t, env, other.CompanyUID)
	for _, name := range slices.Sorted(maps.Keys(connectionEdges)) {
		edge := connectionEdges[name]
		t.Run(name, func(t *testing.T) {
			foreigners := companyIDs(t, env, edge.child, other.CompanyUID, 1)
			if len(foreigners) == 0 {
				t.Fatalf("the fixture has no rows of another company in %s", edge.child)
			}
			foreign := foreigners[0]
			parents := companyIDs(t, env, edge.parent, env.Demo.CompanyUID, 1)
			if len(parents) == 0 {
				t.Fatalf("the fixture has no rows in %s", edge.parent)
			}
			before := edgeQuery(t, env, name, "first: 50", parents)[parents[0]]
			update, args := entsql.Dialect(env.DB.Dialect).Update(edge.child).
				Set(edge.column, parents[0]).Where(entsql.EQ("id", foreign)).Query()
			if _, err := env.DB.SQL.Exec(update, args...); err != nil {
				t.Fatal(err)
			}
			after := edgeQuery(t, env, name, "first: 50", parents)[parents[0]]
			if slices.Contains(after.ids(), foreign) || !slices.Equal(after.ids(), before.ids()) {
				t.Errorf("page %v, want %v without another company's %s", after.ids(), before.ids(), foreign)
			}
			if after.TotalCount != before.TotalCount {
				t.Errorf("totalCount %d counts another company's row, want %d", after.TotalCount, before.TotalCount)
			}
		})
	}
}
