package graph_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"
	"github.com/coder/websocket/wsjson"

	"github.com/hiregraph/hiregraph/ent"
	"github.com/hiregraph/hiregraph/ent/privacy"
	"github.com/hiregraph/hiregraph/ent/user"
	"github.com/hiregraph/hiregraph/graph"
	"github.com/hiregraph/hiregraph/internal/auth"
	"github.com/hiregraph/hiregraph/internal/demo"
	"github.com/hiregraph/hiregraph/internal/hiregraphtest"
	"github.com/hiregraph/hiregraph/internal/ratelimit"
	"github.com/hiregraph/hiregraph/internal/server"
	"github.com/hiregraph/hiregraph/recruiting"
)

// sessionEnv checks open connections' credentials every 50 ms, so a test
// sees a session end within a fraction of a second.
func sessionEnv(t *testing.T, adjust func(*server.Config)) *hiregraphtest.Env {
	return hiregraphtest.NewWithConfig(t, func(c *server.Config) {
		c.SessionCheck = 50 * time.Millisecond
		if adjust != nil {
			adjust(c)
		}
	})
}

// closeStatus reads until the server closes conn and returns its code and
// reason; graphql-ws's client stops for good on 4401 and 4429 and backs
// off on 4403, where a 1000 would have it reconnect at once.
func closeStatus(t *testing.T, ctx context.Context, conn *websocket.Conn) (websocket.StatusCode, string) {
	t.Helper()
	for {
		var m wsMessage
		err := wsjson.Read(ctx, conn, &m)
		if err == nil {
			continue
		}
		var ce websocket.CloseError
		if !errors.As(err, &ce) {
			t.Fatalf("the connection ended without a close frame: %v", err)
		}
		return ce.Code, ce.Reason
	}
}

// subscribeToPosition opens a graphql-transport-ws connection with
// authorization and subscribes to the demo position's changes.
// refusedInit sends connection_init with authorization on a new
// connection and returns the code and reason the server closes it with.
func refusedInit(t *testing.T, ctx context.Context, env *hiregraphtest.Env, authorization string) (websocket.StatusCode, string) {
	t.Helper()
	url := "ws" + strings.TrimPrefix(env.URL("/graphql"), "http")
	conn, _, err := websocket.Dial(ctx, url, &websocket.DialOptions{Subprotocols: []string{"graphql-transport-ws"}})
	if err != nil {
		t.Fatalf("dialing %s: %v", url, err)
	}
	defer conn.CloseNow()
	payload, _ := json.Marshal(map[string]string{"Authorization": authorization})
	if err := wsjson.Write(ctx, conn, wsMessage{Type: "connection_init", Payload: payload}); err != nil {
		t.Fatal(err)
	}
	return closeStatus(t, ctx, conn)
}

func subscribeToPosition(t *testing.T, ctx context.Context, env *hiregraphtest.Env, authorization string) *websocket.Conn {
	t.Helper()
	conn, ack := dialGraphQL(t, ctx, env, authorization)
	if ack.Type != "connection_ack" {
		t.Fatalf("connection_init answered %+v, want connection_ack", ack)
	}
	subscribe(t, ctx, conn, "1", `subscription($id: ID!) { positionPipeline(positionID: $id) { type } }`,
		map[string]any{"id": env.Demo.PublishedPositionUID})
	return conn
}

func wsContext(t *testing.T) context.Context {
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	t.Cleanup(cancel)
	return ctx
}

func TestRefusedConnectionInitClosesWith4403(t *testing.T) {
	env := sessionEnv(t, nil)
	ctx := wsContext(t)
	if code, reason := refusedInit(t, ctx, env, "Bearer hg_wrong"); code != graph.CloseForbidden || reason == "" {
		t.Errorf("closed with %d %q, want %d and a reason", code, reason, graph.CloseForbidden)
	}
}

// Failed connection_init messages take from the client address's bucket
// of failed authentications, the one HTTP requests take from: once it is
// empty, WebSockets are closed with 4429 and HTTP gets 429.
func TestFailedConnectionInitsAreThrottledLikeHTTP(t *testing.T) {
	env := sessionEnv(t, func(c *server.Config) { c.FailedAuthRate = ratelimit.Rate{PerMinute: 1, Burst: 3} })
	ctx := wsContext(t)
	codes := make([]websocket.StatusCode, 5)
	for i := range codes {
		codes[i], _ = refusedInit(t, ctx, env, fmt.Sprintf("Bearer hg_wrong%d", i))
	}
	if codes[0] != graph.CloseForbidden || codes[4] != graph.CloseTooManyRequests {
		t.Errorf("close codes %v: want the first %d and the last %d", codes, graph.CloseForbidden, graph.CloseTooManyRequests)
	}
	env.DoAs("hg_wrong_again", http.MethodGet, "/v1/openings", nil).AssertError(t, http.StatusTooManyRequests, "rate_limited", "")
	// A good key is still refused while the address is throttled.
	if code, _ := refusedInit(t, ctx, env, "Bearer "+env.Demo.APIKey); code != graph.CloseTooManyRequests {
		t.Errorf("a good key from a throttled address: closed with %d, want %d", code, graph.CloseTooManyRequests)
	}
}

// A subscription ends, with 4401, soon after its API key is revoked: the
// same key already gets 401 over HTTP.
func TestSubscriptionEndsWhenItsKeyIsRevoked(t *testing.T) {
	env := sessionEnv(t, nil)
	ctx := wsContext(t)
	key, err := auth.CreateKey(hiregraphtest.System(), env.DB.Client, env.Sealer, env.Demo.CompanyUID, "board", []string{"read"})
	if err != nil {
		t.Fatal(err)
	}
	conn := subscribeToPosition(t, ctx, env, "Bearer "+key.Secret)
	if gr := env.GraphQL(`mutation($id: ID!) { revokeAPIKey(id: $id) { revoked } }`, map[string]any{"id": key.ID}); len(gr.Errors) > 0 {
		t.Fatalf("revoking: %+v", gr.Errors)
	}
	if code, reason := closeStatus(t, ctx, conn); code != graph.CloseUnauthorized || reason == "" {
		t.Errorf("closed with %d %q, want %d and a reason", code, reason, graph.CloseUnauthorized)
	}
}

func setUser(t *testing.T, env *hiregraphtest.Env, email string, update func(*ent.UserUpdate)) {
	t.Helper()
	upd := env.DB.Client.User.Update().Where(user.Email(email))
	update(upd)
	if err := upd.Exec(privacy.DecisionContext(context.Background(), privacy.Allow)); err != nil {
		t.Fatal(err)
	}
}

// A user's subscription ends when the user is deactivated (4401), when
// the user's roles change (4403: connecting again gets the new rights),
// and when the user's token expires (4401).
func TestSubscriptionEndsWithItsUser(t *testing.T) {
	for name, tc := range map[string]struct {
		end  func(env *hiregraphtest.Env)
		code websocket.StatusCode
	}{
		"deactivated": {func(env *hiregraphtest.Env) {
			setUser(t, env, demo.RecruiterEmail, func(u *ent.UserUpdate) { u.SetActive(false) })
		}, graph.CloseUnauthorized},
		"demoted": {func(env *hiregraphtest.Env) {
			setUser(t, env, demo.RecruiterEmail, func(u *ent.UserUpdate) { u.SetRoles([]string{"interviewer"}) })
		}, graph.CloseForbidden},
		"token expired": {func(env *hiregraphtest.Env) {
			env.Clock.Set(env.Clock.Now().Add(2 * time.Hour))
		}, graph.CloseUnauthorized},
	} {
		t.Run(name, func(t *testing.T) {
			env := sessionEnv(t, nil)
			ctx := wsContext(t)
			conn := subscribeToPosition(t, ctx, env, "Bearer "+env.UserToken(demo.RecruiterEmail))
			tc.end(env)
			if code, _ := closeStatus(t, ctx, conn); code != tc.code {
				t.Errorf("closed with %d, want %d", code, tc.code)
			}
		})
	}
}

// One credential holds at most graph.MaxConnectionsPerCredential
// connections, and its connections at most
// recruiting.MaxSubscriptionsPerCredential subscriptions among them.
func TestConnectionsAndSubscriptionsPerCredentialAreCapped(t *testing.T) {
	env := sessionEnv(t, nil)
	ctx := wsContext(t)
	authorization := "Bearer " + env.Demo.APIKey
	var conns []*websocket.Conn
	for range graph.MaxConnectionsPerCredential {
		conn, ack := dialGraphQL(t, ctx, env, authorization)
		if ack.Type != "connection_ack" {
			t.Fatalf("connection %d: %+v", len(conns)+1, ack)
		}
		conns = append(conns, conn)
	}
	if code, _ := refusedInit(t, ctx, env, authorization); code != graph.CloseTooManyRequests {
		t.Errorf("connection %d closed with %d, want %d", graph.MaxConnectionsPerCredential+1, code, graph.CloseTooManyRequests)
	}

	// Closing a connection gives its place back.
	conns[0].Close(websocket.StatusNormalClosure, "")
	deadline := time.Now().Add(5 * time.Second)
	for {
		conn, ack := dialGraphQL(t, ctx, env, authorization)
		if ack.Type == "connection_ack" {
			conns[0] = conn
			break
		}
		conn.CloseNow()
		if time.Now().After(deadline) {
			t.Fatalf("no connection after one closed: %+v", ack)
		}
		time.Sleep(50 * time.Millisecond)
	}

	// gqlgen starts each subscription on its own, so whichever come last
	// are refused, on whatever connection they were sent.
	refusals := make(chan string, recruiting.MaxSubscriptionsPerCredential+5)
	readCtx, stopReading := context.WithCancel(ctx)
	defer stopReading()
	for _, conn := range conns {
		go func() {
			for {
				var m wsMessage
				if err := wsjson.Read(readCtx, conn, &m); err != nil {
					return
				}
				if strings.Contains(string(m.Payload), recruiting.CodeTooManySubscriptions) {
					refusals <- m.ID
				}
			}
		}()
	}
	for i := range recruiting.MaxSubscriptionsPerCredential + 5 {
		subscribe(t, ctx, conns[i/recruiting.MaxSubscriptionsPerConnection], fmt.Sprint(i),
			`subscription($id: ID!) { positionPipeline(positionID: $id) { type } }`, map[string]any{"id": env.Demo.PublishedPositionUID})
	}
	for range 5 {
		select {
		case <-refusals:
		case <-ctx.Done():
			t.Fatal("fewer than 5 subscriptions past the credential's limit were refused")
		}
	}
}
