package server_test

import (
	"database/sql"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"testing"

	"entgo.io/ent/dialect/sql/schema"

	"github.com/hiregraph/hiregraph/ent/migrate"
	"github.com/hiregraph/hiregraph/internal/hiregraphtest"
)

// TestEveryNodeTypeHasAPrefixOfItsOwn walks the Node types the schema
// declares (introspection) and a record of each table of a company that
// holds one of every kind: node(id:) of each record's id answers that
// record, every Node type answers for at least one, and each type's ids
// carry one prefix no other type's do, so a client that keys records by
// id (Relay, Apollo) never takes two records for one.
func TestEveryNodeTypeHasAPrefixOfItsOwn(t *testing.T) {
	env := hiregraphtest.NewWithConfig(t, hiregraphtest.DeliverWebhooks(t, nil))
	addOneOfEachKind(t, env)

	var schemaOf struct {
		Type struct{ PossibleTypes []struct{ Name string } } `json:"__type"`
	}
	env.GraphQL(`{ __type(name: "Node") { possibleTypes { name } } }`, nil).Decode(t, &schemaOf)

	prefixes := map[string]map[string]bool{} // Node type: the prefixes of its records' ids
	for _, id := range recordIDs(t, env) {
		r := env.GraphQL(`query($id: ID!) { node(id: $id) { __typename id } }`, map[string]any{"id": id})
		if r.Code() == "not_found" {
			continue // a record of no Node type (a hiring team's row, say)
		}
		var got struct {
			Node *struct {
				Typename string `json:"__typename"`
				ID       string
			}
		}
		r.Decode(t, &got)
		if got.Node == nil || got.Node.ID != id {
			t.Errorf("node(id: %q) answered %+v", id, got.Node)
			continue
		}
		if prefixes[got.Node.Typename] == nil {
			prefixes[got.Node.Typename] = map[string]bool{}
		}
		prefix, _, _ := strings.Cut(id, "_")
		prefixes[got.Node.Typename][prefix] = true
	}

	owner := map[string]string{} // prefix: its Node type
	for _, typ := range schemaOf.Type.PossibleTypes {
		of := sortedKeys(prefixes[typ.Name])
		if len(of) != 1 {
			t.Errorf("Node type %s: records with the prefixes %v, want one (none: no record of it answered node(id:))", typ.Name, of)
			continue
		}
		if other, taken := owner[of[0]]; taken {
			t.Errorf("Node types %s and %s share the id prefix %q", other, typ.Name, of[0])
		}
		owner[of[0]] = typ.Name
	}
	for _, typ := range []string{"APIKey", "Event", "WebhookEndpoint", "WebhookAttempt"} {
		if !slices.ContainsFunc(schemaOf.Type.PossibleTypes, func(p struct{ Name string }) bool { return p.Name == typ }) {
			t.Errorf("%s is no Node type: %+v", typ, schemaOf.Type.PossibleTypes)
		}
	}
}

// recordIDs is an id of each kind of record env's company holds: the
// company, the first row of each of its tables, and an event of its feed.
func recordIDs(t *testing.T, env *hiregraphtest.Env) []string {
	t.Helper()
	ids := []string{env.Demo.CompanyUID}
	for _, table := range migrate.Tables {
		if !slices.ContainsFunc(table.Columns, func(c *schema.Column) bool { return c.Name == "company_id" }) {
			continue
		}
		var id string
		query := fmt.Sprintf(`SELECT id FROM %s WHERE company_id = $1 ORDER BY id LIMIT 1`, table.Name)
		err := env.DB.SQL.QueryRow(query, env.Demo.CompanyUID).Scan(&id)
		if errors.Is(err, sql.ErrNoRows) {
			continue // none of the kind: a Node type left without a record fails the test
		}
		if err != nil {
			t.Fatalf("an id of %s: %v", table.Name, err)
		}
		ids = append(ids, id)
	}
	return append(ids, env.FirstEventID(t))
}

// addOneOfEachKind gives the demo company a record of each kind its seed
// lacks: a note by a contact (an activity and an event), an application,
// a file, a person's export, a test submission, a webhook endpoint and a
// delivery attempt (a ping).
func addOneOfEachKind(t *testing.T, env *hiregraphtest.Env) {
	t.Helper()
	w := worldOf(t, env, env.Demo.PublishedPositionUID)
	env.GraphQL(`mutation($id: ID!) { createNote(candidateID: $id, input: {timeCreated: "2026-11-01T10:00:00Z", createdBy: {type: "other", firstName: "Olga"}, text: "Nodes"}) { id } }`,
		map[string]any{"id": w["Candidate"]}).Decode(t, &struct{}{})
	path := "/careers-api/2.0/company/" + env.Demo.CompanyUID + "/positions/" + env.Demo.PublishedPositionUID + "/apply?token=" + env.Demo.CareersToken
	if r := env.DoWith(http.MethodPost, path, raceApplication(t, env, "node.types@example.com"), nil); r.Status != http.StatusCreated {
		t.Fatalf("applying: %s", r)
	}
	env.GraphQL(`mutation($id: ID!) { exportPerson(id: $id) { id } }`, map[string]any{"id": w["Person"]}).Decode(t, &struct{}{})
	reachablePartner(t, env, w)
	env.GraphQL(`mutation($c: ID!, $p: ID!) { submitCandidateForTest(candidateID: $c, partnerID: $p, testID: "go-1") { id } }`,
		map[string]any{"c": w["Candidate"], "p": w["EvaluationPartner"]}).Decode(t, &struct{}{})
	sitInterview(t, env, w)
	env.GraphQLAs(env.UserToken(env.Demo.Users["recruiter"]), `mutation($i: ID!, $a: ID!) {
		submitScorecard(input: {interviewID: $i, overallRecommendation: YES, ratings: [{attributeID: $a, rating: 3}]}) { id } }`,
		map[string]any{"i": w["Interview"], "a": w["ScorecardAttribute"]}).Decode(t, &struct{}{})
	receiver := httptest.NewServer(http.HandlerFunc(func(rw http.ResponseWriter, _ *http.Request) { rw.WriteHeader(http.StatusNoContent) }))
	t.Cleanup(receiver.Close)
	var endpoint struct {
		CreateWebhookEndpoint struct{ Endpoint struct{ ID string } }
	}
	env.GraphQL(`mutation($u: String!) { createWebhookEndpoint(input: {url: $u}) { endpoint { id } } }`, map[string]any{"u": receiver.URL}).Decode(t, &endpoint)
	env.GraphQL(`mutation($id: ID!) { pingWebhookEndpoint(id: $id) { id } }`, map[string]any{"id": endpoint.CreateWebhookEndpoint.Endpoint.ID}).Decode(t, &struct{}{})
}

func sortedKeys(m map[string]bool) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	slices.Sort(out)
	return out
}
