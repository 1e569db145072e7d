package webhook_test

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"sync"
	"testing"
	"time"

	"github.com/hiregraph/hiregraph/internal/hiregraphtest"
	"github.com/hiregraph/hiregraph/internal/server"
	"github.com/hiregraph/hiregraph/internal/webhook"
)

// TestReceiverDownForAnHourGetsEveryEvent: a receiver that answers 503 for
// an hour gets every event written meanwhile once it is back, with the
// real retry schedule (30 s doubling, ±20%), and its endpoint is not marked
// failing. River's clock is the server's, which the test moves to each
// next retry, so the hour passes in seconds.
func TestReceiverDownForAnHourGetsEveryEvent(t *testing.T) {
	hiregraphtest.Long(t, "a dozen rounds of River's scheduler, which runs every 5 s (about 35 s)")
	var deliverer *webhook.Deliverer
	env := hiregraphtest.NewWithConfig(t, func(c *server.Config) {
		hiregraphtest.DeliverWebhooks(t, func(wc *webhook.Config) { wc.RetryBase = webhook.DefaultRetryBase })(c)
		deliverer = c.Webhooks
	})
	start := time.Now().UTC().Truncate(time.Second)
	env.Clock.Set(start)
	back := start.Add(time.Hour)

	var (
		mu       sync.Mutex
		received = map[string]int{}
		refused  int
	)
	rc := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		var ev struct{ ID string }
		json.Unmarshal(body, &ev)
		mu.Lock()
		defer mu.Unlock()
		if env.Clock.Now().Before(back) {
			refused++
			w.WriteHeader(http.StatusServiceUnavailable)
			return
		}
		received[ev.ID]++
	}))
	defer rc.Close()

	addEndpoint(t, env, rc.URL)
	const notes = 3
	for range notes {
		addNote(t, env, start.Add(-time.Minute))
	}
	// The feed lists an event once no older transaction of the database
	// can commit ahead of it (another test's, on a shared PostgreSQL).
	type page struct{ Events []struct{ ID string } }
	feed := hiregraphtest.Settled(t, func() page {
		var p page
		env.Do(http.MethodGet, "/v1/events", nil).JSON(t, &p)
		return p
	}, func(p page) bool { return len(p.Events) == notes })

	// The relay queues the deliveries after the notes commit; they stay
	// unfinished while the receiver refuses them.
	ctx := context.Background()
	waitForQueued(t, ctx, deliverer, notes)

	// Move the clock to the latest next attempt each time every delivery
	// waits for one, until none is left.
	deadline := time.Now().Add(3 * time.Minute)
	for {
		jobs, err := deliverer.UnfinishedJobs(ctx)
		if err != nil {
			t.Fatal(err)
		}
		if len(jobs) == 0 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("deliveries still unfinished at %s: %d jobs", env.Clock.Now().Sub(start), len(jobs))
		}
		var next time.Time
		waiting := true
		for _, j := range jobs {
			if !j.ScheduledAt.After(env.Clock.Now()) {
				waiting = false
			} else if j.ScheduledAt.After(next) {
				next = j.ScheduledAt
			}
		}
		if waiting {
			env.Clock.Set(next)
		}
		time.Sleep(50 * time.Millisecond)
	}

	mu.Lock()
	defer mu.Unlock()
	for _, ev := range feed.Events {
		if received[ev.ID] == 0 {
			t.Errorf("event %s never arrived (refused %d times in all)", ev.ID, refused)
		}
	}
	if refused < notes*6 {
		t.Errorf("%d refused attempts: the hour should have seen at least six of each delivery", refused)
	}
	if elapsed := env.Clock.Now().Sub(start); elapsed < time.Hour {
		t.Errorf("done after %s of the clock, before the receiver came back", elapsed)
	}
	var list struct {
		Webhooks []struct {
			ID      string
			Failing bool
		}
	}
	env.Do(http.MethodGet, "/v1/webhooks", nil).JSON(t, &list)
	if len(list.Webhooks) != 1 || list.Webhooks[0].Failing {
		t.Errorf("endpoints after the outage: %+v, want one not failing", list.Webhooks)
	}
	t.Logf("%d events arrived after %s of (moved) time, %d attempts refused", len(received), env.Clock.Now().Sub(start).Round(time.Second), refused)
}

// waitForQueued waits until the relay has queued n deliveries.
func waitForQueued(t *testing.T, ctx context.Context, d *webhook.Deliverer, n int) {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for {
		jobs, err := d.UnfinishedJobs(ctx)
		if err != nil {
			t.Fatal(err)
		}
		if len(jobs) >= n {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("%d deliveries queued after 10 s, want %d", len(jobs), n)
		}
		time.Sleep(20 * time.Millisecond)
	}
}
