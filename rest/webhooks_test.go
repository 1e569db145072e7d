package rest_test

import (
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/hiregraph/hiregraph/internal/hiregraphtest"
	"github.com/hiregraph/hiregraph/internal/viewer"
	"github.com/hiregraph/hiregraph/internal/webhook"
)

// receiver is a webhook endpoint that records what it gets and answers
// with the statuses it is given, then 200.
type receiver struct {
	*httptest.Server
	mu       sync.Mutex
	got      []delivery
	statuses []int
}

type delivery struct {
	Header http.Header
	Body   []byte
	Event  feedEvent
}

func startReceiver(t *testing.T, statuses ...int) *receiver {
	t.Helper()
	rc := &receiver{statuses: statuses}
	rc.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		var ev feedEvent
		json.Unmarshal(body, &ev)
		rc.mu.Lock()
		rc.got = append(rc.got, delivery{Header: r.Header.Clone(), Body: body, Event: ev})
		status := http.StatusOK
		if len(rc.statuses) > 0 {
			status, rc.statuses = rc.statuses[0], rc.statuses[1:]
		}
		rc.mu.Unlock()
		w.WriteHeader(status)
	}))
	t.Cleanup(rc.Close)
	return rc
}

// wait returns the deliveries once there are at least n (of event types
// other than ping), failing after a while.
func (rc *receiver) wait(t *testing.T, n int) []delivery {
	t.Helper()
	deadline := time.Now().Add(20 * time.Second)
	for {
		rc.mu.Lock()
		got := append([]delivery{}, rc.got...)
		rc.mu.Unlock()
		if len(got) >= n {
			return got
		}
		if time.Now().After(deadline) {
			t.Fatalf("%d deliveries, want %d", len(got), n)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

type webhookOut struct {
	ID         string   `json:"id"`
	URL        string   `json:"url"`
	EventTypes []string `json:"event_types"`
	Active     bool     `json:"active"`
	Failing    bool     `json:"failing"`
	Secret     string   `json:"secret"`
}

type attemptOut struct {
	EventID   string  `json:"event_id"`
	EventType string  `json:"event_type"`
	Attempt   int     `json:"attempt"`
	Status    int     `json:"status"`
	Error     *string `json:"error"`
	Success   bool    `json:"success"`
}

func createWebhook(t *testing.T, env *hiregraphtest.Env, body map[string]any) webhookOut {
	t.Helper()
	r := env.Do(http.MethodPost, "/v1/webhooks", body)
	if r.Status != http.StatusCreated {
		t.Fatalf("POST /v1/webhooks: %s", r)
	}
	var out webhookOut
	r.JSON(t, &out)
	return out
}

func attempts(t *testing.T, env *hiregraphtest.Env, id string) []attemptOut {
	t.Helper()
	r := env.Do(http.MethodGet, "/v1/webhooks/"+id+"/attempts", nil)
	if r.Status != http.StatusOK {
		t.Fatalf("attempts: %s", r)
	}
	var out struct{ Attempts []attemptOut }
	r.JSON(t, &out)
	return out.Attempts
}

// loggedAttempts returns the endpoint's attempts once there are at least n
// or 10 s have passed: the receiver has its answer before the worker logs
// the attempt.
func loggedAttempts(t *testing.T, env *hiregraphtest.Env, id string, n int) []attemptOut {
	t.Helper()
	a := attempts(t, env, id)
	for deadline := time.Now().Add(10 * time.Second); len(a) < n && time.Now().Before(deadline); a = attempts(t, env, id) {
		time.Sleep(20 * time.Millisecond)
	}
	return a
}

func verify(t *testing.T, secret string, d delivery) {
	t.Helper()
	if !webhook.Verify(secret, d.Header.Get("webhook-id"), d.Header.Get("webhook-timestamp"), d.Header.Get("webhook-signature"), d.Body) {
		t.Errorf("the delivery of %s does not verify with the secret: %v", d.Event.ID, d.Header)
	}
}

// TestEventsCommittedWhileNothingRelaysAreDeliveredLater: a write only
// records its event, and a relay queues its deliveries after the commit.
// An event committed while no process relays (this first server runs no
// relay, as a server stopped before its relay ran) is delivered by the
// next process that does, once, and an event from before the endpoint was
// created never is.
func TestEventsCommittedWhileNothingRelaysAreDeliveredLater(t *testing.T) {
	env := hiregraphtest.New(t)
	createSettledNote(t, env)
	rc := startReceiver(t)
	createWebhook(t, env, map[string]any{"url": rc.URL, "event_types": []string{"note.created"}})
	noteID := createNote(t, env)

	hiregraphtest.Serve(t, env.DB, env.Sealer, hiregraphtest.DeliverWebhooks(t, nil))
	if d := rc.wait(t, 1)[0]; d.Event.Object.ID != noteID {
		t.Fatalf("delivered %+v, want note %s", d.Event, noteID)
	}
	time.Sleep(300 * time.Millisecond)
	if got := rc.wait(t, 1); len(got) != 1 {
		t.Errorf("%d deliveries, want the one note's", len(got))
	}
}

// TestTwoRelaysQueueEachEventOnce: every process relays; two on one
// database (each with its own relay and workers) queue each event once,
// whichever server took the write.
func TestTwoRelaysQueueEachEventOnce(t *testing.T) {
	first := hiregraphtest.NewWithConfig(t, hiregraphtest.DeliverWebhooks(t, nil))
	second := hiregraphtest.Serve(t, first.DB, first.Sealer, hiregraphtest.DeliverWebhooks(t, nil))
	second.Demo = first.Demo
	rc := startReceiver(t)
	createWebhook(t, first, map[string]any{"url": rc.URL, "event_types": []string{"note.created"}})
	const notes = 10
	for i := range notes {
		createNote(t, []*hiregraphtest.Env{first, second}[i%2])
	}
	rc.wait(t, notes)
	time.Sleep(500 * time.Millisecond)
	seen := map[string]bool{}
	for _, d := range rc.wait(t, notes) {
		if seen[d.Event.ID] {
			t.Errorf("event %s delivered twice", d.Event.ID)
		}
		seen[d.Event.ID] = true
	}
	if len(seen) != notes {
		t.Errorf("%d events delivered, want %d", len(seen), notes)
	}
}

// TestWebhookDelivery: an endpoint gets each event of its types, signed
// with its secret (shown once), with the event's id as webhook-id; every
// attempt is logged.
func TestWebhookDelivery(t *testing.T) {
	env := hiregraphtest.NewWithConfig(t, hiregraphtest.DeliverWebhooks(t, nil))
	rc := startReceiver(t)
	ep := createWebhook(t, env, map[string]any{"url": rc.URL, "event_types": []string{"note.created"}})
	if !strings.HasPrefix(ep.Secret, "whsec_") || !ep.Active || ep.Failing {
		t.Fatalf("created %+v", ep)
	}
	list := env.Do(http.MethodGet, "/v1/webhooks", nil)
	if list.Status != http.StatusOK || strings.Contains(list.String(), ep.Secret) || !strings.Contains(list.String(), ep.ID) {
		t.Fatalf("GET /v1/webhooks: %s", list)
	}
	noteID := createNote(t, env)
	if r := env.Do(http.MethodPost, messagePath(env.Demo.ConversationUID), validMessage()); r.Status != http.StatusCreated {
		t.Fatalf("message: %s", r)
	}
	d := rc.wait(t, 1)[0]
	verify(t, ep.Secret, d)
	feed := readFeed(t, env, "?types=note.created")
	last := feed.Events[len(feed.Events)-1]
	if d.Event.Type != "note.created" || d.Event.Object.ID != noteID || d.Header.Get("webhook-id") != last.ID || d.Event.ID != last.ID ||
		!strings.HasPrefix(last.ID, "evt_") {
		t.Errorf("delivered %+v with id %s, want the feed's %+v", d.Event, d.Header.Get("webhook-id"), last)
	}
	a := loggedAttempts(t, env, ep.ID, 1)
	if len(a) != 1 || !a[0].Success || a[0].Status != 200 || a[0].EventID != last.ID || a[0].Attempt != 1 {
		t.Errorf("attempts %+v", a)
	}
	// Only note.created: the message was not sent.
	time.Sleep(300 * time.Millisecond)
	if n := len(rc.wait(t, 1)); n != 1 {
		t.Errorf("%d deliveries, want the note's alone", n)
	}
}

// TestWebhookRetriesThenMarksFailing: a failed delivery is retried with the
// same webhook-id; once every attempt failed the endpoint is failing, until
// it is reactivated.
func TestWebhookRetriesThenMarksFailing(t *testing.T) {
	env := hiregraphtest.NewWithConfig(t, hiregraphtest.DeliverWebhooks(t, func(c *webhook.Config) { c.MaxAttempts = 3 }))
	flaky := startReceiver(t, 500)
	ep := createWebhook(t, env, map[string]any{"url": flaky.URL})
	createNote(t, env)
	got := flaky.wait(t, 2)
	if got[0].Header.Get("webhook-id") != got[1].Header.Get("webhook-id") {
		t.Errorf("the retry has another id: %s, %s", got[0].Header.Get("webhook-id"), got[1].Header.Get("webhook-id"))
	}
	a := loggedAttempts(t, env, ep.ID, 2)
	if len(a) != 2 || a[1].Status != 500 || a[1].Success || a[1].Error == nil || !a[0].Success || a[0].Attempt != 2 {
		t.Errorf("attempts (newest first) %+v", a)
	}

	down := startReceiver(t, 503, 503, 503)
	r := env.Do(http.MethodPatch, "/v1/webhooks/"+ep.ID, map[string]any{"url": down.URL})
	if r.Status != http.StatusOK {
		t.Fatalf("PATCH: %s", r)
	}
	createNote(t, env)
	down.wait(t, 3)
	deadline := time.Now().Add(10 * time.Second)
	for !endpoint(t, env, ep.ID).Failing {
		if time.Now().After(deadline) {
			t.Fatal("the endpoint is not failing after every attempt failed")
		}
		time.Sleep(20 * time.Millisecond)
	}
	r = env.Do(http.MethodPatch, "/v1/webhooks/"+ep.ID, map[string]any{"active": true})
	var back webhookOut
	r.JSON(t, &back)
	if r.Status != http.StatusOK || back.Failing {
		t.Errorf("reactivated: %s", r)
	}
}

func endpoint(t *testing.T, env *hiregraphtest.Env, id string) webhookOut {
	t.Helper()
	var out struct{ Webhooks []webhookOut }
	env.Do(http.MethodGet, "/v1/webhooks", nil).JSON(t, &out)
	for _, w := range out.Webhooks {
		if w.ID == id {
			return w
		}
	}
	t.Fatalf("no webhook %s", id)
	return webhookOut{}
}

// TestWebhookPingRotateRedeliver: a ping is sent at once and logged; after
// a rotation deliveries carry both signatures; a redelivery repeats the
// event's id, also when asked by the activity's id (the deprecated
// spelling), and the attempt log finds the event by either.
func TestWebhookPingRotateRedeliver(t *testing.T) {
	env := hiregraphtest.NewWithConfig(t, hiregraphtest.DeliverWebhooks(t, nil))
	rc := startReceiver(t)
	ep := createWebhook(t, env, map[string]any{"url": rc.URL})

	r := env.Do(http.MethodPost, "/v1/webhooks/"+ep.ID+"/ping", nil)
	var ping attemptOut
	r.JSON(t, &ping)
	if r.Status != http.StatusOK || !ping.Success || ping.EventType != "ping" {
		t.Fatalf("ping: %s", r)
	}
	got := rc.wait(t, 1)
	verify(t, ep.Secret, got[0])
	if got[0].Event.Type != "ping" {
		t.Errorf("ping delivered %+v", got[0].Event)
	}

	r = env.Do(http.MethodPost, "/v1/webhooks/"+ep.ID+"/rotate", map[string]any{"overlap_hours": 1})
	var rotated webhookOut
	r.JSON(t, &rotated)
	if r.Status != http.StatusOK || rotated.Secret == ep.Secret || !strings.HasPrefix(rotated.Secret, "whsec_") {
		t.Fatalf("rotate: %s", r)
	}
	createNote(t, env)
	d := rc.wait(t, 2)[1]
	verify(t, ep.Secret, d)
	verify(t, rotated.Secret, d)
	if n := len(strings.Fields(d.Header.Get("webhook-signature"))); n != 2 {
		t.Errorf("%d signatures during the overlap, want 2", n)
	}

	r = env.Do(http.MethodPost, "/v1/webhooks/"+ep.ID+"/redeliver", map[string]any{"event_id": d.Event.ID})
	if r.Status != http.StatusAccepted {
		t.Fatalf("redeliver: %s", r)
	}
	again := rc.wait(t, 3)[2]
	if again.Header.Get("webhook-id") != d.Header.Get("webhook-id") || string(again.Body) != string(d.Body) {
		t.Errorf("redelivered %s %s, want %s %s", again.Header.Get("webhook-id"), again.Body, d.Header.Get("webhook-id"), d.Body)
	}
	// The activity's id, as events were spelled before they had ids of
	// their own, still names the event: deprecated, for a release.
	var ev struct {
		Node struct{ Activity struct{ ID string } }
	}
	env.GraphQL(`query($id: ID!) { node(id: $id) { ... on Event { activity { id } } } }`, map[string]any{"id": d.Event.ID}).Decode(t, &ev)
	old := ev.Node.Activity.ID
	if !strings.HasPrefix(old, "act_") {
		t.Fatalf("event %s links the activity %q", d.Event.ID, old)
	}
	if r := env.Do(http.MethodPost, "/v1/webhooks/"+ep.ID+"/redeliver", map[string]any{"event_id": old}); r.Status != http.StatusAccepted {
		t.Fatalf("redeliver by the activity's id: %s", r)
	}
	if again := rc.wait(t, 4)[3]; again.Header.Get("webhook-id") != d.Header.Get("webhook-id") {
		t.Errorf("redelivered by the activity's id as %s, want %s", again.Header.Get("webhook-id"), d.Header.Get("webhook-id"))
	}
	loggedAttempts(t, env, ep.ID, 4)
	for _, spelling := range []string{d.Event.ID, old} {
		var logged struct{ Attempts []attemptOut }
		env.Do(http.MethodGet, "/v1/webhooks/"+ep.ID+"/attempts?event_id="+spelling, nil).JSON(t, &logged)
		if len(logged.Attempts) != 3 || logged.Attempts[0].EventID != d.Event.ID {
			t.Errorf("attempts of %s: %+v, want the three of %s", spelling, logged.Attempts, d.Event.ID)
		}
	}
	env.Do(http.MethodPost, "/v1/webhooks/"+ep.ID+"/redeliver", map[string]any{"event_id": "evt_missing"}).
		AssertError(t, http.StatusNotFound, "event_not_found", "evt_missing")
	if r := env.Do(http.MethodDelete, "/v1/webhooks/"+ep.ID, nil); r.Status != http.StatusNoContent {
		t.Fatalf("delete: %s", r)
	}
	env.Do(http.MethodPost, "/v1/webhooks/"+ep.ID+"/ping", nil).AssertError(t, http.StatusNotFound, "webhook_not_found", ep.ID)
}

func TestWebhooksNeedAdminAndValidInput(t *testing.T) {
	env := hiregraphtest.New(t)
	writer := env.WithKey(viewer.ScopeRead, viewer.ScopeWrite)
	writer.Do(http.MethodPost, "/v1/webhooks", map[string]any{"url": "https://example.com/hook"}).
		AssertError(t, http.StatusForbidden, "forbidden", "admin")
	writer.Do(http.MethodGet, "/v1/webhooks", nil).AssertError(t, http.StatusForbidden, "forbidden", "admin")
	env.Do(http.MethodPost, "/v1/webhooks", map[string]any{"url": "ftp://example.com/hook"}).
		AssertError(t, http.StatusUnprocessableEntity, "validation_failed", "url")
	env.Do(http.MethodPost, "/v1/webhooks", map[string]any{"url": "https://example.com/hook", "event_types": []string{"Not A Type"}}).
		AssertError(t, http.StatusUnprocessableEntity, "validation_failed", "event_types[0]")
	env.Do(http.MethodPost, "/v1/webhooks/whe_missing/rotate", map[string]any{"overlap_hours": 1000}).
		AssertError(t, http.StatusUnprocessableEntity, "validation_failed", "overlap")
}

// TestWebhookPingRefusesPrivateAddresses: without an operator's allowance,
// an endpoint on the service's own network is never called.
func TestWebhookPingRefusesPrivateAddresses(t *testing.T) {
	env := hiregraphtest.New(t)
	ep := createWebhook(t, env, map[string]any{"url": "http://127.0.0.1:1/hook"})
	r := env.Do(http.MethodPost, "/v1/webhooks/"+ep.ID+"/ping", nil)
	var a attemptOut
	r.JSON(t, &a)
	if r.Status != http.StatusOK || a.Success || a.Error == nil || !strings.Contains(*a.Error, "not public") {
		t.Errorf("ping of loopback: %s", r)
	}
}

// TestWebhookEndpointChangesReachTheNextWrite: the relay reads the
// endpoints as they are when it queues: the write after a new endpoint or a
// change of its types follows it at once.
func TestWebhookEndpointChangesReachTheNextWrite(t *testing.T) {
	env := hiregraphtest.NewWithConfig(t, hiregraphtest.DeliverWebhooks(t, nil))
	createSettledNote(t, env) // before the endpoint: never sent to it
	rc := startReceiver(t)
	ep := createWebhook(t, env, map[string]any{"url": rc.URL, "event_types": []string{"note.created"}})
	noteID := createNote(t, env)
	if d := rc.wait(t, 1)[0]; d.Event.Object.ID != noteID {
		t.Fatalf("delivered %+v, want note %s", d.Event, noteID)
	}
	if r := env.Do(http.MethodPatch, "/v1/webhooks/"+ep.ID, map[string]any{"event_types": []string{"message.created"}}); r.Status != http.StatusOK {
		t.Fatalf("PATCH: %s", r)
	}
	createNote(t, env)
	if r := env.Do(http.MethodPost, messagePath(env.Demo.ConversationUID), validMessage()); r.Status != http.StatusCreated {
		t.Fatalf("message: %s", r)
	}
	got := rc.wait(t, 2)
	time.Sleep(300 * time.Millisecond)
	if got = rc.wait(t, 2); len(got) != 2 || got[1].Event.Type != "message.created" {
		t.Errorf("after narrowing to messages got %d deliveries, the last %+v; want the message alone", len(got), got[len(got)-1].Event)
	}
}
