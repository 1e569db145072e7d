package recruiting

import (
	"context"
	"encoding/json"
	"fmt"
	"sync"

	"github.com/hiregraph/hiregraph/ent"
)

// Announcement tells subscribers that an event committed: enough to pick
// the subscribers it is for, not the event itself, which each reads with
// its own viewer.
type Announcement struct {
	CompanyID   string `json:"c"`
	EventID     string `json:"e"`
	Type        string `json:"t"`
	ObjectType  string `json:"o"`
	CandidateID string `json:"ca,omitempty"`
	PositionID  string `json:"p,omitempty"`
}

// Broker fans committed events out to the subscriptions of this process.
// On SQLite the writer publishes after its commit; on PostgreSQL the
// writer sends a NOTIFY in its transaction (delivered at commit, to every
// process) and each process's listener publishes what it hears.
type Broker struct {
	// NotifyChannel, when set, makes writers NOTIFY on it instead of
	// publishing in-process.
	NotifyChannel string

	mu   sync.Mutex
	subs map[*subscriber]struct{}
	// pending holds the announcements of each open transaction (*ent.Tx
	// to *[]Announcement), published when it commits.
	pending sync.Map
}

type subscriber struct {
	match func(Announcement) bool
	ch    chan Announcement
}

// subscriberBuffer is how many announcements a slow subscriber may lag
// behind before its subscription ends (it resumes from the change feed).
const subscriberBuffer = 64

// Subscribe returns announcements match accepts until cancel is called. A
// subscriber that lets subscriberBuffer of them wait is dropped and its
// channel closed: rather ended than missing events without knowing.
func (b *Broker) Subscribe(match func(Announcement) bool) (<-chan Announcement, func()) {
	s := &subscriber{match: match, ch: make(chan Announcement, subscriberBuffer)}
	b.mu.Lock()
	if b.subs == nil {
		b.subs = map[*subscriber]struct{}{}
	}
	b.subs[s] = struct{}{}
	b.mu.Unlock()
	return s.ch, func() {
		b.mu.Lock()
		delete(b.subs, s)
		b.mu.Unlock()
	}
}

// Publish hands a to every matching subscriber that has room.
func (b *Broker) Publish(a Announcement) {
	b.mu.Lock()
	defer b.mu.Unlock()
	for s := range b.subs {
		if !s.match(a) {
			continue
		}
		select {
		case s.ch <- a:
		default: // lagging: ended rather than stalling every writer
			delete(b.subs, s)
			close(s.ch)
		}
	}
}

// announce arranges for a to reach subscribers once the transaction of
// client commits, never before and never if it rolls back.
func (s *core) announce(ctx context.Context, client *ent.Client, a Announcement) error {
	b := s.Broker
	if b == nil {
		return nil
	}
	if b.NotifyChannel != "" {
		payload, err := json.Marshal(a)
		if err != nil {
			return err
		}
		if _, err := client.ExecContext(ctx, "SELECT pg_notify($1, $2)", b.NotifyChannel, string(payload)); err != nil {
			return fmt.Errorf("announcing event: %w", err)
		}
		return nil
	}
	tx := ent.TxFromContext(ctx)
	if tx == nil {
		b.Publish(a)
		return nil
	}
	if list, ok := b.pending.Load(tx); ok {
		*list.(*[]Announcement) = append(*list.(*[]Announcement), a)
		return nil
	}
	// One hook per transaction publishes its announcements in order
	// (ent runs the first-registered hook outermost, so one hook per
	// announcement would publish them last first).
	list := &[]Announcement{a}
	b.pending.Store(tx, list)
	tx.OnCommit(func(next ent.Committer) ent.Committer {
		return ent.CommitFunc(func(ctx context.Context, tx *ent.Tx) error {
			defer b.pending.Delete(tx)
			err := next.Commit(ctx, tx)
			if err == nil {
				for _, a := range *list {
					b.Publish(a)
				}
			}
			return err
		})
	})
	tx.OnRollback(func(next ent.Rollbacker) ent.Rollbacker {
		return ent.RollbackFunc(func(ctx context.Context, tx *ent.Tx) error {
			b.pending.Delete(tx)
			return next.Rollback(ctx, tx)
		})
	})
	return nil
}
