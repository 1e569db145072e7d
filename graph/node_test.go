package graph_test

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/hiregraph/hiregraph/internal/hiregraphtest"
)

// TestUnknownNodesAreNotFound: node and nodes answer an unknown id, an id
// of no known type and another company's id (of a record entgql resolves,
// and of each kind the service reads itself: an API key, a webhook
// endpoint, an event) alike: extensions.code not_found with status 404,
// and a message naming the id, not ent's text.
func TestUnknownNodesAreNotFound(t *testing.T) {
	env := hiregraphtest.New(t)
	other := hiregraphtest.New(t)
	var endpoint struct{ ID string }
	created := other.Do(http.MethodPost, "/v1/webhooks", map[string]any{"url": "https://hooks.acme.example/in"})
	if created.Status != http.StatusCreated {
		t.Fatalf("creating a webhook endpoint: %s", created)
	}
	created.JSON(t, &endpoint)
	other.GraphQL(`mutation($id: ID!) { createNote(candidateID: $id, input: {timeCreated: "2026-11-01T10:00:00Z", createdBy: {type: "app", firstName: "Bot"}, text: "Theirs"}) { id } }`,
		map[string]any{"id": other.Demo.CandidateUID}).Decode(t, &struct{}{})
	ids := []string{"can_01ZZZZZZZZZZZZZZZZZZZZZZZZ", "evt_01ZZZZZZZZZZZZZZZZZZZZZZZZ", "nope",
		other.Demo.CandidateUID, other.Demo.APIKeyID, endpoint.ID, other.FirstEventID(t)}
	for _, id := range ids {
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

// TestNodesNeedWhatTheirListsNeed: node(id:) and nodes(ids:) of an API
// key, a webhook endpoint, a delivery attempt and an event answer each
// reader of the permission table as the list of their kind does: the
// record to whom the list shows it, null and the list's error to whom it
// refuses it.
func TestNodesNeedWhatTheirListsNeed(t *testing.T) {
	env := hiregraphtest.NewWithConfig(t, hiregraphtest.DeliverWebhooks(t, nil))
	receiver := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) { w.WriteHeader(http.StatusNoContent) }))
	t.Cleanup(receiver.Close)
	var endpoint struct {
		CreateWebhookEndpoint struct{ Endpoint struct{ ID string } }
	}
	env.GraphQL(`mutation($u: String!) { createWebhookEndpoint(input: {url: $u}) { endpoint { id } } }`, map[string]any{"u": receiver.URL}).Decode(t, &endpoint)
	var ping struct{ PingWebhookEndpoint struct{ ID string } }
	env.GraphQL(`mutation($id: ID!) { pingWebhookEndpoint(id: $id) { id } }`, map[string]any{"id": endpoint.CreateWebhookEndpoint.Endpoint.ID}).Decode(t, &ping)
	env.GraphQL(`mutation($id: ID!) { createNote(candidateID: $id, input: {timeCreated: "2026-11-01T10:00:00Z", createdBy: {type: "app", firstName: "Bot"}, text: "Nodes"}) { id } }`,
		map[string]any{"id": env.Demo.CandidateUID}).Decode(t, &struct{}{})

	kinds := []struct{ name, id, list string }{
		{"APIKey", env.Demo.APIKeyID, `{ apiKeys { id } }`},
		{"WebhookEndpoint", endpoint.CreateWebhookEndpoint.Endpoint.ID, `{ webhookEndpoints { id } }`},
		{"WebhookAttempt", ping.PingWebhookEndpoint.ID, `{ webhookEndpoints { attempts { id } } }`},
		{"Event", env.FirstEventID(t), `{ events(first: 1) { events { id } } }`},
	}
	for _, kind := range kinds {
		shown, refused := 0, 0
		for _, reader := range env.Readers() {
			want := env.GraphQLAs(reader.Credential, kind.list, nil).Code()
			if want == "" {
				shown++
			} else {
				refused++
			}
			for _, query := range []string{`query($id: ID!) { node(id: $id) { id } }`, `query($id: ID!) { nodes(ids: [$id]) { id } }`} {
				r := env.GraphQLAs(reader.Credential, query, map[string]any{"id": kind.id})
				if r.Code() != want {
					t.Errorf("%s of a %s as %s: code %q, the list's %q (%+v)", query, kind.name, reader.Name, r.Code(), want, r.Errors)
				}
				if answered := strings.Contains(string(r.Data), kind.id); answered != (want == "") {
					t.Errorf("%s of a %s as %s: data %s", query, kind.name, reader.Name, r.Data)
				}
			}
		}
		if shown == 0 || refused == 0 {
			t.Errorf("%s: the list shown to %d readers and refused to %d; the test needs both", kind.name, shown, refused)
		}
	}
}
