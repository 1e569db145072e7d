package server_test

import (
	"testing"

	"github.com/hiregraph/hiregraph/internal/hiregraphtest"
)

// TestEventActivitiesLoadInConstantStatements reads pages of the change
// feed with each event's activity: a page of six sends as many statements
// as a page of two, so the activities load at once, not one per event.
func TestEventActivitiesLoadInConstantStatements(t *testing.T) {
	env, rec := newRecordingEnv(t)
	candidate := worldOf(t, env, env.Demo.PublishedPositionUID)["Candidate"]
	for range 6 {
		env.GraphQL(`mutation($id: ID!) { createNote(candidateID: $id, input: {timeCreated: "2026-11-01T10:00:00Z", createdBy: {type: "other", firstName: "Olga"}, text: "Feed"}) { id } }`,
			map[string]any{"id": candidate}).Decode(t, &struct{}{})
	}
	// On PostgreSQL the feed lists the notes' events once every older
	// transaction of the cluster has ended (hiregraphtest.Settled).
	hiregraphtest.Settled(t, func() int {
		var page struct {
			Events struct{ Events []struct{ ID string } }
		}
		env.GraphQL(`{ events(first: 6) { events { id } } }`, nil).Decode(t, &page)
		return len(page.Events.Events)
	}, func(n int) bool { return n == 6 })
	statements := func(first int) int {
		rec.take()
		var out struct {
			Events struct {
				Events []struct {
					ID       string
					Activity *struct{ ID, Verb string }
				}
			}
		}
		env.GraphQL(`query($n: Int) { events(first: $n) { events { id activity { id verb } } } }`, map[string]any{"n": first}).Decode(t, &out)
		if len(out.Events.Events) != first {
			t.Fatalf("events(first: %d) read %d events; the demo should have more", first, len(out.Events.Events))
		}
		for _, ev := range out.Events.Events {
			if ev.Activity == nil || ev.Activity.Verb == "" {
				t.Fatalf("event %s has no activity: %+v", ev.ID, ev.Activity)
			}
		}
		return len(rec.take())
	}
	if two, six := statements(2), statements(6); two != six {
		t.Errorf("%d statements for 2 events and %d for 6, want as many", two, six)
	}
}
