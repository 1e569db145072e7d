package hiregraphtest

import (
	"testing"
	"time"
)

// Settled calls read until done accepts what it returns, for up to a
// minute, and returns that. On PostgreSQL the change feed lists a committed
// event once every older transaction of the database cluster has ended
// (README, Events and webhooks), and tests share the cluster with each
// other's migrations: a test that reads the feed right after its writes
// waits here for them to settle.
func Settled[T any](t testing.TB, read func() T, done func(T) bool) T {
	t.Helper()
	deadline := time.Now().Add(time.Minute)
	for {
		got := read()
		if done(got) {
			return got
		}
		if time.Now().After(deadline) {
			t.Fatalf("not settled after a minute: %+v", got)
		}
		time.Sleep(200 * time.Millisecond) // well under the API rate limit
	}
}

// FirstEventID is the id of the first event of the demo company's change
// feed, once one has settled.
func (e *Env) FirstEventID(t testing.TB) string {
	t.Helper()
	type page struct {
		Events struct{ Events []struct{ ID string } }
	}
	got := Settled(t, func() page {
		var p page
		e.GraphQL(`{ events(first: 1) { events { id } } }`, nil).Decode(t, &p)
		return p
	}, func(p page) bool { return len(p.Events.Events) > 0 })
	return got.Events.Events[0].ID
}
