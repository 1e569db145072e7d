package graph_test

import (
	"context"
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"

	"github.com/hiregraph/hiregraph/internal/hiregraphtest"
	"github.com/hiregraph/hiregraph/internal/permission"
)

// TestSubscriptionsShowWhatThePermissionTableAllows is the subscription
// door of the matrix (server/doors_test.go has the others): a candidate of
// a discreet position outside every hiring team is heard of only by the
// readers the permission table lets see it, and what they hear is the
// versioned payload.
func TestSubscriptionsShowWhatThePermissionTableAllows(t *testing.T) {
	env := hiregraphtest.New(t)
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	sys := hiregraphtest.System()
	demo := env.DB.Client.Candidate.GetX(sys, env.Demo.CandidateUID)
	secret := env.DB.Client.Position.Create().SetCompanyID(demo.CompanyID).SetName("Head of Secret Projects").SetIsDiscreet(true).SaveX(sys)
	candidate := env.DB.Client.Candidate.Create().SetCompanyID(demo.CompanyID).SetPersonID(demo.PersonID).SetPositionID(secret.ID).SaveX(sys)

	type listener struct {
		reader  hiregraphtest.Reader
		allowed bool
		conn    *websocket.Conn
	}
	var listeners []*listener
	for _, r := range env.Readers() {
		l := &listener{reader: r, allowed: r.Reads() && (!r.User || r.Has(permission.ViewDiscreetPositions) && r.Has(permission.ViewCandidates))}
		conn, ack := dialGraphQL(t, ctx, env, "Bearer "+r.Credential)
		if ack.Type != "connection_ack" {
			t.Fatalf("%s: init answered %+v", r.Name, ack)
		}
		subscribe(t, ctx, conn, "1", `subscription($id: ID!) { candidateActivities(candidateID: $id) { type object { id data } } }`,
			map[string]any{"id": candidate.ID})
		l.conn = conn
		listeners = append(listeners, l)
	}
	time.Sleep(200 * time.Millisecond)
	note := env.GraphQLAs(env.UserToken("olivia.owner@acme.example"),
		`mutation($id: ID!) { createNote(candidateID: $id, input: {timeCreated: "2026-03-01T10:00:00Z", text: "For the team only"}) { id } }`,
		map[string]any{"id": candidate.ID})
	if note.Code() != "" {
		t.Fatalf("owner's note: %+v", note.Errors)
	}
	for _, l := range listeners {
		// A reader refused gets its error at once; one allowed, the note.
		answer := next(t, ctx, l.conn)
		var got struct {
			Data struct {
				CandidateActivities struct {
					Type   string
					Object struct{ Data json.RawMessage }
				}
			}
		}
		json.Unmarshal(answer.Payload, &got)
		heard := answer.Type == "next" && got.Data.CandidateActivities.Type == "note.created"
		if heard != l.allowed {
			t.Errorf("%s heard of the discreet candidate: %v, want %v (%s %s)", l.reader.Name, heard, l.allowed, answer.Type, answer.Payload)
		}
		if heard && !strings.Contains(string(got.Data.CandidateActivities.Object.Data), `"version":1`) {
			t.Errorf("%s heard an unversioned payload: %s", l.reader.Name, got.Data.CandidateActivities.Object.Data)
		}
	}
}
