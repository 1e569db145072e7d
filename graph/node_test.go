package graph_test

import (
	"net/http"
	"strings"
	"testing"

	"github.com/hiregraph/hiregraph/internal/hiregraphtest"
)

// TestUnknownNodesAreNotFound: node and nodes answer an unknown id, an id
// of no known type, another company's id and the id of a record that is
// no Node (a webhook endpoint, which only admins read, through
// webhookEndpoints) alike: extensions.code not_found with status 404, and
// a message naming the id, not ent's text.
func TestUnknownNodesAreNotFound(t *testing.T) {
	env := hiregraphtest.New(t)
	other := hiregraphtest.New(t)
	var endpoint struct{ ID string }
	created := env.Do(http.MethodPost, "/v1/webhooks", map[string]any{"url": "https://hooks.acme.example/in"})
	if created.Status != http.StatusCreated {
		t.Fatalf("creating a webhook endpoint: %s", created)
	}
	if created.JSON(t, &endpoint); !strings.HasPrefix(endpoint.ID, "whe_") {
		t.Fatalf("webhook endpoint id %q", endpoint.ID)
	}
	for _, id := range []string{"can_01ZZZZZZZZZZZZZZZZZZZZZZZZ", "nope", other.Demo.CandidateUID, endpoint.ID} {
		for _, query := range []string{`query($id: ID!) { node(id: $id) { id } }`, `query($id: ID!) { nodes(ids: [$id]) { id } }`} {
			r := env.GraphQL(query, map[string]any{"id": id})
			assertCode(t, r, "not_found", 404)
			if msg := r.Errors[0].Message; !strings.Contains(msg, id) || strings.Contains(msg, "ent:") || strings.Contains(msg, "errors occurred") {
				t.Errorf("%s for %s: message %q", query, id, msg)
			}
		}
	}
	// nodes answers what it finds and an error for each id it does not.
	r := env.GraphQL(`query($ids: [ID!]!) { nodes(ids: $ids) { id } }`, map[string]any{"ids": []string{env.Demo.CandidateUID, "can_01ZZZZZZZZZZZZZZZZZZZZZZZZ"}})
	assertCode(t, r, "not_found", 404)
	if !strings.Contains(string(r.Data), env.Demo.CandidateUID) {
		t.Errorf("nodes lost the id it found: %s", r.Data)
	}
}
