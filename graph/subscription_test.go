package graph_test

import (
	"context"
	"encoding/json"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"
	"github.com/coder/websocket/wsjson"

	"github.com/hiregraph/hiregraph/ent/privacy"
	"github.com/hiregraph/hiregraph/ent/user"
	"github.com/hiregraph/hiregraph/internal/database"
	"github.com/hiregraph/hiregraph/internal/hiregraphtest"
	"github.com/hiregraph/hiregraph/internal/hiregraphtest/testdb"
	"github.com/hiregraph/hiregraph/internal/server"
	"github.com/hiregraph/hiregraph/recruiting"
)

type wsMessage struct {
	ID      string          `json:"id,omitempty"`
	Type    string          `json:"type"`
	Payload json.RawMessage `json:"payload,omitempty"`
}

// dialGraphQL opens a graphql-transport-ws connection and sends init with
// authorization, answering the server's first message.
func dialGraphQL(t *testing.T, ctx context.Context, env *hiregraphtest.Env, authorization string) (*websocket.Conn, wsMessage) {
	t.Helper()
	url := "ws" + strings.TrimPrefix(env.URL("/graphql"), "http")
	conn, _, err := websocket.Dial(ctx, url, &websocket.DialOptions{Subprotocols: []string{"graphql-transport-ws"}})
	if err != nil {
		t.Fatalf("dialing %s: %v", url, err)
	}
	t.Cleanup(func() { conn.CloseNow() })
	payload, _ := json.Marshal(map[string]string{"Authorization": authorization})
	if err := wsjson.Write(ctx, conn, wsMessage{Type: "connection_init", Payload: payload}); err != nil {
		t.Fatal(err)
	}
	var m wsMessage
	if err := wsjson.Read(ctx, conn, &m); err != nil {
		return conn, wsMessage{Type: "closed: " + err.Error()}
	}
	return conn, m
}

func subscribe(t *testing.T, ctx context.Context, conn *websocket.Conn, id, query string, vars map[string]any) {
	t.Helper()
	payload, _ := json.Marshal(map[string]any{"query": query, "variables": vars})
	if err := wsjson.Write(ctx, conn, wsMessage{ID: id, Type: "subscribe", Payload: payload}); err != nil {
		t.Fatal(err)
	}
}

// next reads the next message that is not a ping.
func next(t *testing.T, ctx context.Context, conn *websocket.Conn) wsMessage {
	t.Helper()
	for {
		var m wsMessage
		if err := wsjson.Read(ctx, conn, &m); err != nil {
			t.Fatalf("reading: %v", err)
		}
		if m.Type != "ping" && m.Type != "pong" {
			return m
		}
	}
}

// TestCandidateActivitiesSubscription: a subscriber authenticated in
// connection_init gets a candidate's new note as it commits, and nothing
// of what rolled back.
func TestCandidateActivitiesSubscription(t *testing.T) {
	candidateActivities(t, hiregraphtest.New(t))
}

// TestSubscriptionsHearPostgresNotify: on PostgreSQL, writes announce their
// events with NOTIFY at commit and each process's listener passes them on,
// so a subscriber hears every process's writes (serve sets this up).
func TestSubscriptionsHearPostgresNotify(t *testing.T) {
	if os.Getenv(testdb.Env) == "" {
		t.Skip("PostgreSQL only")
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	env := hiregraphtest.NewWithConfig(t, func(cfg *server.Config) {
		cfg.Broker = &recruiting.Broker{NotifyChannel: recruiting.EventsChannel}
		if err := recruiting.ListenPostgres(ctx, cfg.DB.DSN, cfg.Broker); err != nil {
			t.Fatal(err)
		}
	})
	candidateActivities(t, env)
}

func candidateActivities(t *testing.T, env *hiregraphtest.Env) {
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()

	if _, m := dialGraphQL(t, ctx, env, "Bearer wrong"); m.Type == "connection_ack" {
		t.Fatalf("a wrong key was acknowledged")
	}
	conn, ack := dialGraphQL(t, ctx, env, "Bearer "+env.Demo.APIKey)
	if ack.Type != "connection_ack" {
		t.Fatalf("init answered %+v", ack)
	}
	subscribe(t, ctx, conn, "1", `subscription($id: ID!) { candidateActivities(candidateID: $id) { id type object { type id } activity { objectID } } }`,
		map[string]any{"id": env.Demo.CandidateUID})
	// The subscription is registered once the server has read the
	// message; a failed mutation then a note give it something to skip
	// and something to send.
	time.Sleep(200 * time.Millisecond)
	env.GraphQL(noteMutation, map[string]any{"id": env.Demo.CandidateUID, "other": "can_missing"})
	var created struct{ A struct{ ID string } }
	env.GraphQL(noteMutation, map[string]any{"id": env.Demo.CandidateUID, "other": env.Demo.CandidateUID}).Decode(t, &created)
	m := next(t, ctx, conn)
	var got struct {
		Data struct {
			CandidateActivities struct {
				ID, Type string
				Object   struct{ ID string }
				Activity struct{ ObjectID string }
			}
		}
	}
	json.Unmarshal(m.Payload, &got)
	if m.Type != "next" || m.ID != "1" || got.Data.CandidateActivities.Type != "note.created" || got.Data.CandidateActivities.Object.ID != created.A.ID {
		t.Fatalf("first message %s %s, want note %s", m.Type, m.Payload, created.A.ID)
	}
	if ev := got.Data.CandidateActivities; !strings.HasPrefix(ev.ID, "evt_") || ev.Activity.ObjectID != created.A.ID {
		t.Errorf("the event %s links the activity of %q, want an evt_ id and the note %s's", ev.ID, ev.Activity.ObjectID, created.A.ID)
	}
}

func TestSubscriptionsPerConnectionAreLimited(t *testing.T) {
	env := hiregraphtest.New(t)
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	conn, _ := dialGraphQL(t, ctx, env, "Bearer "+env.Demo.APIKey)
	for i := range 11 {
		subscribe(t, ctx, conn, string(rune('a'+i)), `subscription($id: ID!) { positionPipeline(positionID: $id) { id } }`,
			map[string]any{"id": env.Demo.TemplatePositionUID})
	}
	// gqlgen starts each subscription on its own: whichever comes 11th
	// is refused.
	m := next(t, ctx, conn)
	if !strings.Contains(string(m.Payload), "too_many_subscriptions") {
		t.Fatalf("the 11th subscription got %s %s %s", m.ID, m.Type, m.Payload)
	}
}

// TestSubscriptionsFollowRoles: a hiring manager hears the candidates of the
// positions they are assigned to, is refused the others' subscriptions as
// node() refuses their records, and stops hearing of a position once taken
// off it.
func TestSubscriptionsFollowRoles(t *testing.T) {
	env := hiregraphtest.New(t)
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	hank, ack := dialGraphQL(t, ctx, env, "Bearer "+env.UserToken("hank.manager@acme.example"))
	if ack.Type != "connection_ack" {
		t.Fatalf("init answered %+v", ack)
	}
	const activities = `subscription($id: ID!) { candidateActivities(candidateID: $id) { type object { id } } }`
	const pipeline = `subscription($id: ID!) { positionPipeline(positionID: $id) { type object { id } } }`
	subscribe(t, ctx, hank, "1", activities, map[string]any{"id": env.Demo.CandidateUID})
	time.Sleep(200 * time.Millisecond)
	const note = `mutation($id: ID!) { createNote(candidateID: $id, input: {timeCreated: "2026-03-01T10:00:00Z", createdBy: {type: "other", firstName: "Rita"}, text: "seen"}) { id } }`
	var created struct{ CreateNote struct{ ID string } }
	env.GraphQL(note, map[string]any{"id": env.Demo.CandidateUID}).Decode(t, &created)
	if m := next(t, ctx, hank); m.Type != "next" || !strings.Contains(string(m.Payload), created.CreateNote.ID) {
		t.Fatalf("the assigned hiring manager got %s %s, want note %s", m.Type, m.Payload, created.CreateNote.ID)
	}

	// Off the position: the open subscription hears nothing more, new ones
	// are refused as missing.
	allow := privacy.DecisionContext(context.Background(), privacy.Allow)
	olivia := env.DB.Client.User.Query().Where(user.Email("olivia.owner@acme.example")).OnlyIDX(allow)
	env.DB.Client.Position.UpdateOneID(env.Demo.PublishedPositionUID).
		ClearHiringTeam().ClearHiringManager().ClearLeadRecruiter().ClearCoordinator().SetHiringManagerID(olivia).ExecX(allow)
	env.GraphQL(note, map[string]any{"id": env.Demo.CandidateUID}).Decode(t, &created)
	subscribe(t, ctx, hank, "2", activities, map[string]any{"id": env.Demo.CandidateUID})
	subscribe(t, ctx, hank, "3", pipeline, map[string]any{"id": env.Demo.PublishedPositionUID})
	// gqlgen answers a resolver's error as a result with errors, then
	// completes the subscription.
	codes := map[string]string{}
	for len(codes) < 2 {
		m := next(t, ctx, hank)
		if m.Type == "complete" {
			continue
		}
		var res struct {
			Errors []struct{ Extensions struct{ Code string } }
		}
		json.Unmarshal(m.Payload, &res)
		if m.Type != "next" || len(res.Errors) != 1 || m.ID == "1" {
			t.Fatalf("after unassigning got %s %s %s, want an error for subscriptions 2 and 3", m.ID, m.Type, m.Payload)
		}
		codes[m.ID] = res.Errors[0].Extensions.Code
	}
	if codes["2"] != "candidate_not_found" || codes["3"] != "not_found" {
		t.Errorf("codes %v, want candidate_not_found and not_found", codes)
	}
	quiet, stop := context.WithTimeout(ctx, 500*time.Millisecond)
	defer stop()
	for {
		var m wsMessage
		if err := wsjson.Read(quiet, hank, &m); err != nil {
			break
		}
		if m.Type != "complete" && m.Type != "ping" {
			t.Fatalf("once unassigned the hiring manager still got %s %s %s", m.ID, m.Type, m.Payload)
		}
	}
}

// TestSubscriptionsHearAnotherServer: two servers on one PostgreSQL
// database, each with its own pool and listener, as two replicas are: a
// subscriber of one hears a note written through the other.
func TestSubscriptionsHearAnotherServer(t *testing.T) {
	if os.Getenv(testdb.Env) == "" {
		t.Skip("PostgreSQL only")
	}
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	listen := func(cfg *server.Config) {
		cfg.Broker = &recruiting.Broker{NotifyChannel: recruiting.EventsChannel}
		if err := recruiting.ListenPostgres(ctx, cfg.DB.DSN, cfg.Broker); err != nil {
			t.Fatal(err)
		}
	}
	writer := hiregraphtest.NewWithConfig(t, listen)
	db, err := database.Open(ctx, writer.DB.DSN)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	reader := hiregraphtest.Serve(t, db, writer.Sealer, listen)

	conn, ack := dialGraphQL(t, ctx, reader, "Bearer "+writer.Demo.APIKey)
	if ack.Type != "connection_ack" {
		t.Fatalf("init answered %+v", ack)
	}
	subscribe(t, ctx, conn, "1", `subscription($id: ID!) { candidateActivities(candidateID: $id) { type object { id } } }`,
		map[string]any{"id": writer.Demo.CandidateUID})
	time.Sleep(200 * time.Millisecond)
	var created struct{ A struct{ ID string } }
	writer.GraphQL(noteMutation, map[string]any{"id": writer.Demo.CandidateUID, "other": writer.Demo.CandidateUID}).Decode(t, &created)
	if m := next(t, ctx, conn); m.Type != "next" || !strings.Contains(string(m.Payload), created.A.ID) {
		t.Fatalf("the other server's subscriber got %s %s, want note %s", m.Type, m.Payload, created.A.ID)
	}
}

// heardActivity is what a candidateActivities subscriber hears of one
// activity.
type heardActivity struct {
	Type   string
	Object struct{ Type, ID string }
}

// listenToCandidate subscribes to the candidate's activities with the demo
// key and returns what hears the next one; the subscription ends with t.
func listenToCandidate(t *testing.T, env *hiregraphtest.Env, candidateID string) func() heardActivity {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	t.Cleanup(cancel)
	conn, ack := dialGraphQL(t, ctx, env, "Bearer "+env.Demo.APIKey)
	if ack.Type != "connection_ack" {
		t.Fatalf("init answered %+v", ack)
	}
	subscribe(t, ctx, conn, "1", `subscription($id: ID!) { candidateActivities(candidateID: $id) { type object { type id } } }`,
		map[string]any{"id": candidateID})
	// The subscription is registered once the server has read the message.
	time.Sleep(200 * time.Millisecond)
	return func() heardActivity {
		t.Helper()
		var heard struct {
			Data struct{ CandidateActivities heardActivity }
		}
		if err := json.Unmarshal(next(t, ctx, conn).Payload, &heard); err != nil {
			t.Fatal(err)
		}
		return heard.Data.CandidateActivities
	}
}
