package recruiting

import (
	"context"
	"encoding/json"
	"log/slog"
	"time"

	"github.com/lib/pq"
)

// EventsChannel is the PostgreSQL NOTIFY channel of committed events.
const EventsChannel = "hiregraph_events"

// ListenPostgres publishes on b the announcements every process's writers
// NOTIFY on b.NotifyChannel, until ctx ends: on PostgreSQL a subscriber
// hears the writes of every process on the database. lib/pq's listener
// holds a connection of its own and reconnects when it drops (what was
// announced meanwhile is missed; the change feed has it).
func ListenPostgres(ctx context.Context, dsn string, b *Broker) error {
	l := pq.NewListener(dsn, time.Second, time.Minute, func(ev pq.ListenerEventType, err error) {
		if err != nil {
			slog.Warn("listening for events", "error", err)
		}
	})
	if err := l.Listen(b.NotifyChannel); err != nil {
		l.Close()
		return err
	}
	go func() {
		defer l.Close()
		for {
			select {
			case <-ctx.Done():
				return
			case n := <-l.Notify:
				if n == nil {
					continue // reconnected
				}
				var a Announcement
				if err := json.Unmarshal([]byte(n.Extra), &a); err != nil {
					slog.Warn("an event announcement that is not JSON", "error", err)
					continue
				}
				b.Publish(a)
			}
		}
	}()
	return nil
}
