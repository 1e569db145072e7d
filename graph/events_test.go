package graph_test

import (
	"strings"
	"testing"

	"github.com/hiregraph/hiregraph/internal/hiregraphtest"
)

const feedQuery = `query($after: String) { events(after: $after) { cursor hasMore
	events { id sequence type time actor { type id } object { type id data } } } }`

type gqlFeed struct {
	Events struct {
		Cursor  string
		HasMore bool
		Events  []struct {
			ID       string
			Sequence int
			Type     string
			Object   struct {
				Type string
				ID   string
				Data map[string]any
			}
		}
	}
}

func feed(t *testing.T, env *hiregraphtest.Env, after string) gqlFeed {
	t.Helper()
	var f gqlFeed
	env.GraphQL(feedQuery, map[string]any{"after": after}).Decode(t, &f)
	return f
}

const noteMutation = `mutation($id: ID!, $other: ID!) {
	a: createNote(candidateID: $id, input: {timeCreated: "2026-03-01T10:00:00Z", createdBy: {type: "other", firstName: "Rita"}, text: "kept?"}) { id }
	b: createNote(candidateID: $other, input: {timeCreated: "2026-03-01T10:00:00Z", createdBy: {type: "other", firstName: "Rita"}, text: "x"}) { id } }`

// TestEventRollsBackWithItsChange: a mutation whose second write fails rolls
// back the first, and the first's event with it.
func TestEventRollsBackWithItsChange(t *testing.T) {
	env := hiregraphtest.New(t)
	start := feed(t, env, "")
	failed := env.GraphQL(noteMutation, map[string]any{"id": env.Demo.CandidateUID, "other": "can_missing"})
	if len(failed.Errors) == 0 {
		t.Fatalf("the mutation with a missing candidate succeeded: %s", failed.Data)
	}
	if after := feed(t, env, start.Events.Cursor); len(after.Events.Events) != 0 {
		t.Fatalf("a rolled-back note left events: %+v", after.Events.Events)
	}
	var ok struct{ A, B struct{ ID string } }
	env.GraphQL(noteMutation, map[string]any{"id": env.Demo.CandidateUID, "other": env.Demo.CandidateUID}).Decode(t, &ok)
	got := hiregraphtest.Settled(t, func() gqlFeed { return feed(t, env, start.Events.Cursor) },
		func(f gqlFeed) bool { return len(f.Events.Events) >= 2 }).Events.Events
	if len(got) != 2 || got[0].Object.ID != ok.A.ID || got[1].Object.ID != ok.B.ID {
		t.Fatalf("events %+v, want the notes %s and %s", got, ok.A.ID, ok.B.ID)
	}
	if got[0].Object.Data["text"] != "kept?" || got[0].Type != "note.created" {
		t.Errorf("event %+v", got[0])
	}
}

// TestEventsHaveIDsOfTheirOwn: a timeline and the feed read in one query,
// as a Relay or Apollo cache holds them, share no id: an event's id has
// the prefix evt_, and Event.activity links the timeline's entry of the
// same change.
func TestEventsHaveIDsOfTheirOwn(t *testing.T) {
	env := hiregraphtest.New(t)
	var note struct{ A, B struct{ ID string } }
	env.GraphQL(noteMutation, map[string]any{"id": env.Demo.CandidateUID, "other": env.Demo.CandidateUID}).Decode(t, &note)
	type timelineAndFeed struct {
		Node struct {
			Activities struct {
				Edges []struct {
					Node struct{ ID, Verb, ObjectID string }
				}
			}
		}
		Events struct {
			Events []struct {
				ID, Type string
				Object   struct{ ID string }
				Activity *struct{ ID, Verb, ObjectID string }
			}
		}
	}
	got := hiregraphtest.Settled(t, func() (got timelineAndFeed) {
		env.GraphQL(`query($c: ID!) {
			node(id: $c) { ... on Candidate { activities(first: 50) { edges { node { id verb objectID } } } } }
			events { events { id type object { id } activity { id verb objectID } } } }`,
			map[string]any{"c": env.Demo.CandidateUID}).Decode(t, &got)
		return got
	}, func(got timelineAndFeed) bool { return len(got.Events.Events) >= 2 })
	timeline := map[string]string{} // activity id: the record it is about
	for _, e := range got.Node.Activities.Edges {
		timeline[e.Node.ID] = e.Node.ObjectID
	}
	linked := 0
	for _, ev := range got.Events.Events {
		if !strings.HasPrefix(ev.ID, "evt_") || timeline[ev.ID] != "" {
			t.Errorf("event id %q: want evt_ and no activity's", ev.ID)
		}
		if ev.Activity == nil || ev.Activity.Verb != ev.Type || ev.Activity.ObjectID != ev.Object.ID {
			t.Errorf("event %s (%s of %s) links the activity %+v", ev.ID, ev.Type, ev.Object.ID, ev.Activity)
			continue
		}
		if timeline[ev.Activity.ID] == ev.Object.ID {
			linked++
		}
	}
	if linked != 2 {
		t.Errorf("%d events link an activity of the timeline, want the two notes' (%s, %s): %+v", linked, note.A.ID, note.B.ID, got)
	}
}
