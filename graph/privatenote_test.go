package graph_test

import (
	"context"
	"net/http"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"

	"github.com/hiregraph/hiregraph/internal/hiregraphtest"
)

const createPrivateNote = `mutation($id: ID!, $in: CreateNoteInput!) { createNote(candidateID: $id, input: $in) { id private } }`

// notesSeen answers the ids of the notes of the demo candidate a reader
// sees on the candidate, their count, and the notes its timeline shows.
func notesSeen(t *testing.T, env *hiregraphtest.Env, token string) (notes []string, total int, timeline []string) {
	t.Helper()
	var out struct {
		Node struct {
			Notes struct {
				TotalCount int
				Edges      []struct{ Node struct{ ID string } }
			}
			Activities struct {
				Edges []struct {
					Node struct{ Verb, ObjectID string }
				}
			}
		}
	}
	env.GraphQLAs(token, `query($id: ID!) { node(id: $id) { ... on Candidate {
		notes(first: 50) { totalCount edges { node { id } } }
		activities(first: 100) { edges { node { verb objectID } } } } } }`, map[string]any{"id": env.Demo.CandidateUID}).Decode(t, &out)
	for _, e := range out.Node.Notes.Edges {
		notes = append(notes, e.Node.ID)
	}
	for _, e := range out.Node.Activities.Edges {
		if e.Node.Verb == "note.created" {
			timeline = append(timeline, e.Node.ObjectID)
		}
	}
	return notes, out.Node.Notes.TotalCount, timeline
}

// eventNotes answers the notes whose note.created events a credential
// reads in the REST change feed.
func eventNotes(t *testing.T, env *hiregraphtest.Env, credential string) []string {
	t.Helper()
	r := env.DoAs(credential, http.MethodGet, "/v1/events?types=note.created&limit=500", nil)
	if r.Status != http.StatusOK {
		t.Fatalf("events: %s", r)
	}
	var feed struct {
		Events []struct {
			Object struct{ ID string }
		}
	}
	r.JSON(t, &feed)
	var out []string
	for _, ev := range feed.Events {
		out = append(out, ev.Object.ID)
	}
	return out
}

// TestPrivateNotes: a private note shows to its author and to readers with
// notes:view_private (recruiters, admins, keys with the admin scope), and
// to nobody else by any path: the candidate's notes, a node lookup, the
// timeline, the event feed.
func TestPrivateNotes(t *testing.T) {
	env := hiregraphtest.New(t)
	rita, cody, owner := env.Demo.UserToken, env.UserToken(coordinatorEmail), env.UserToken(ownerEmail)
	input := func(private bool) map[string]any {
		return map[string]any{"timeCreated": "2026-03-01T10:00:00Z", "text": "Salary expectations are high", "private": private}
	}

	// REST takes private beside spec 4.2's fields and answers the spec's
	// note object, nothing more.
	r := env.DoAs(rita, http.MethodPost, "/v1/candidates/"+env.Demo.CandidateUID+"/notes", map[string]any{
		"time_created": "2026-03-01T10:00:00Z", "text": "Mentioned a competing offer", "private": true,
		"created_by": map[string]any{"type": "user", "first_name": "Rita"}})
	if r.Status != http.StatusCreated {
		t.Fatalf("REST private note: %s", r)
	}
	ritasPrivate := r.Map(t)["uid"].(string)
	if _, shown := r.Map(t)["private"]; shown {
		t.Errorf("the REST note object carries private: %s", r.Body)
	}
	var public, codys struct {
		CreateNote struct {
			ID      string
			Private bool
		}
	}
	env.GraphQLAs(rita, createPrivateNote, map[string]any{"id": env.Demo.CandidateUID, "in": map[string]any{"timeCreated": "2026-03-01T10:00:00Z", "text": "Friendly"}}).Decode(t, &public)
	env.GraphQLAs(cody, createPrivateNote, map[string]any{"id": env.Demo.CandidateUID, "in": input(true)}).Decode(t, &codys)
	if public.CreateNote.Private || !codys.CreateNote.Private {
		t.Fatalf("private: left out gave %v, true gave %v", public.CreateNote.Private, codys.CreateNote.Private)
	}

	// Rita's private note is out of the coordinator's sight; his own is not.
	notes, total, timeline := notesSeen(t, env, cody)
	if slices.Contains(notes, ritasPrivate) || slices.Contains(timeline, ritasPrivate) || total != len(notes) {
		t.Errorf("a coordinator sees notes %v (total %d), timeline %v, including the recruiter's private %s", notes, total, timeline, ritasPrivate)
	}
	for _, id := range []string{public.CreateNote.ID, codys.CreateNote.ID} {
		if !slices.Contains(notes, id) || !slices.Contains(timeline, id) {
			t.Errorf("a coordinator misses note %s: notes %v, timeline %v", id, notes, timeline)
		}
	}
	assertCode(t, env.GraphQLAs(cody, `query($id: ID!) { node(id: $id) { id } }`, map[string]any{"id": ritasPrivate}), "not_found", 404)

	// Recruiters and owners hold notes:view_private.
	for who, token := range map[string]string{"recruiter": rita, "owner": owner} {
		notes, _, timeline := notesSeen(t, env, token)
		for _, id := range []string{ritasPrivate, public.CreateNote.ID, codys.CreateNote.ID} {
			if !slices.Contains(notes, id) || !slices.Contains(timeline, id) {
				t.Errorf("the %s misses note %s: notes %v, timeline %v", who, id, notes, timeline)
			}
		}
	}

	// An integration reads private notes' events only with the permission
	// (the admin scope holds it).
	k := env.DoAs(owner, http.MethodPost, "/v1/api_keys", map[string]any{"name": "reader", "scopes": []string{"read"}})
	if k.Status != http.StatusCreated {
		t.Fatalf("create key: %s", k)
	}
	reader := k.Map(t)["secret"].(string)
	all := []string{ritasPrivate, public.CreateNote.ID, codys.CreateNote.ID}
	hiregraphtest.Settled(t, func() []string { return eventNotes(t, env, env.Demo.APIKey) }, func(got []string) bool { return slices.Equal(got, all) })
	if got := eventNotes(t, env, reader); !slices.Equal(got, []string{public.CreateNote.ID}) {
		t.Errorf("a read-only key reads the events of notes %v, want only the public %s", got, public.CreateNote.ID)
	}
}

// TestSubscriptionsSkipPrivateNotes: a subscriber who may not read a
// private note does not hear of it, whether limited to their positions (a
// hiring manager) or reading every position (a read-only key).
func TestSubscriptionsSkipPrivateNotes(t *testing.T) {
	env := hiregraphtest.New(t)
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	k := env.DoAs(env.UserToken(ownerEmail), http.MethodPost, "/v1/api_keys", map[string]any{"name": "reader", "scopes": []string{"read"}})
	if k.Status != http.StatusCreated {
		t.Fatalf("create key: %s", k)
	}
	subscribers := map[string]*websocket.Conn{}
	for who, credential := range map[string]string{"hiring manager": env.UserToken("hank.manager@acme.example"), "read-only key": k.Map(t)["secret"].(string)} {
		conn, ack := dialGraphQL(t, ctx, env, "Bearer "+credential)
		if ack.Type != "connection_ack" {
			t.Fatalf("%s: init answered %+v", who, ack)
		}
		subscribe(t, ctx, conn, "1", `subscription($id: ID!) { candidateActivities(candidateID: $id) { type object { id } } }`, map[string]any{"id": env.Demo.CandidateUID})
		subscribers[who] = conn
	}
	time.Sleep(200 * time.Millisecond)
	var private, public struct{ CreateNote struct{ ID string } }
	env.GraphQLAs(env.Demo.UserToken, createPrivateNote, map[string]any{"id": env.Demo.CandidateUID, "in": map[string]any{"timeCreated": "2026-03-01T10:00:00Z", "text": "Private", "private": true}}).Decode(t, &private)
	env.GraphQLAs(env.Demo.UserToken, createPrivateNote, map[string]any{"id": env.Demo.CandidateUID, "in": map[string]any{"timeCreated": "2026-03-01T10:00:00Z", "text": "Public"}}).Decode(t, &public)
	for who, conn := range subscribers {
		if m := next(t, ctx, conn); m.Type != "next" || !strings.Contains(string(m.Payload), public.CreateNote.ID) {
			t.Errorf("the %s got %s %s first, want the public note %s (not the private %s)", who, m.Type, m.Payload, public.CreateNote.ID, private.CreateNote.ID)
		}
	}
}
