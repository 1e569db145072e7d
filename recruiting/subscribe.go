package recruiting

import (
	"context"
	"log/slog"
	"sync/atomic"

	"github.com/hiregraph/hiregraph/ent"
	"github.com/hiregraph/hiregraph/ent/activity"
	"github.com/hiregraph/hiregraph/ent/candidate"
	"github.com/hiregraph/hiregraph/ent/note"
	"github.com/hiregraph/hiregraph/ent/privacy"
	"github.com/hiregraph/hiregraph/internal/apierror"
	"github.com/hiregraph/hiregraph/internal/viewer"
)

// MaxSubscriptionsPerConnection bounds the subscriptions one WebSocket
// connection holds open at once; MaxSubscriptionsPerCredential those of
// all the connections of one API key or user.
const (
	MaxSubscriptionsPerConnection = 10
	MaxSubscriptionsPerCredential = 100
)

// CodeTooManySubscriptions refuses a subscription beyond the limit.
const CodeTooManySubscriptions = "too_many_subscriptions"

type slotsKey struct{}

// subscriptionSlots count the subscriptions open on one connection, and on
// every connection of its credential.
type subscriptionSlots struct {
	connection, credential *atomic.Int32
}

// take counts one more subscription, or refuses it past either limit.
func (s subscriptionSlots) take() error {
	if s.connection.Add(1) > MaxSubscriptionsPerConnection {
		s.connection.Add(-1)
		return apierror.New(429, CodeTooManySubscriptions, "a connection may hold at most %d subscriptions", MaxSubscriptionsPerConnection)
	}
	if s.credential.Add(1) > MaxSubscriptionsPerCredential {
		s.release()
		return apierror.New(429, CodeTooManySubscriptions, "the connections of one API key or user may hold at most %d subscriptions", MaxSubscriptionsPerCredential)
	}
	return nil
}

func (s subscriptionSlots) release() {
	s.connection.Add(-1)
	s.credential.Add(-1)
}

// WithSubscriptionSlots marks ctx as one connection's: the subscriptions
// started in it share MaxSubscriptionsPerConnection, and those of all the
// credential's connections share credential's count.
func WithSubscriptionSlots(ctx context.Context, credential *atomic.Int32) context.Context {
	return context.WithValue(ctx, slotsKey{}, subscriptionSlots{connection: new(atomic.Int32), credential: credential})
}

// SubscribeCandidate streams the events of a candidate's timeline (notes,
// messages, moves…) as they commit.
func (s *EventService) SubscribeCandidate(ctx context.Context, candidateID string) (<-chan *EventPayload, error) {
	if err := RequireRead(ctx); err != nil {
		return nil, err
	}
	if _, err := s.Client.Candidate.Get(ctx, candidateID); ent.IsNotFound(err) {
		return nil, apierror.NotFound(apierror.CodeCandidateNotFound, "no candidate has the uid %q", candidateID)
	} else if err != nil {
		return nil, err
	}
	return s.subscribe(ctx, func(a Announcement) bool { return a.CandidateID == candidateID })
}

// SubscribePosition streams the changes of a position's pipeline: events
// about its candidates themselves (created, moved, rejected, hired…) and
// about what a board shows on their cards (interviews, scorecards).
func (s *EventService) SubscribePosition(ctx context.Context, positionID string) (<-chan *EventPayload, error) {
	if err := RequireRead(ctx); err != nil {
		return nil, err
	}
	if _, err := s.Client.Position.Get(ctx, positionID); ent.IsNotFound(err) {
		return nil, apierror.NotFound(apierror.CodeNotFound, "no position has the uid %q", positionID)
	} else if err != nil {
		return nil, err
	}
	return s.subscribe(ctx, func(a Announcement) bool {
		return a.PositionID == positionID && pipelineObjects[a.ObjectType]
	})
}

// pipelineObjects are the kinds of record whose events a position's
// pipeline subscription hears.
var pipelineObjects = map[string]bool{"Candidate": true, "Interview": true, "Scorecard": true}

// subscribe streams the viewer's company's events that match until ctx
// ends, each read with the viewer's rights.
func (s *EventService) subscribe(ctx context.Context, match func(Announcement) bool) (<-chan *EventPayload, error) {
	if s.Broker == nil {
		return nil, apierror.New(503, "subscriptions_unavailable", "this server does not run subscriptions")
	}
	v, _ := viewer.FromContext(ctx)
	slots, limited := ctx.Value(slotsKey{}).(subscriptionSlots)
	if limited {
		if err := slots.take(); err != nil {
			return nil, err
		}
	}
	in, cancel := s.Broker.Subscribe(func(a Announcement) bool { return a.CompanyID == v.CompanyID && match(a) })
	out := make(chan *EventPayload)
	go func() {
		defer close(out)
		defer cancel()
		if limited {
			defer slots.release()
		}
		for {
			select {
			case <-ctx.Done():
				return
			case a, ok := <-in:
				if !ok {
					// Too far behind: the client sees the subscription
					// complete and resumes from the change feed.
					slog.InfoContext(ctx, "ending a subscription that fell behind", "company", v.CompanyID)
					return
				}
				ev, err := s.announcedEvent(ctx, v, a)
				if err != nil {
					slog.WarnContext(ctx, "reading an announced event", "event", a.EventID, "error", err)
					continue
				}
				if ev == nil {
					continue
				}
				select {
				case out <- NewEventPayload(ev):
				case <-ctx.Done():
					return
				}
			}
		}
	}()
	return out, nil
}

// announcedEvent reads the event a announces for the subscriber v, or nil
// when v may not see it. A role limited to its assigned positions may not
// read events at large (they carry every position's records); it gets
// those of candidates the same rule lets it read, checked at each event,
// so a viewer taken off a position stops hearing of it.
func (s *EventService) announcedEvent(ctx context.Context, v viewer.Viewer, a Announcement) (*ent.Activity, error) {
	if v.SeesEverything() {
		// The privacy rules hide some events from some readers (a
		// private note's): hidden is not an error.
		ev, err := Events(s.Client).Where(activity.ID(a.EventID)).Only(ctx)
		if ent.IsNotFound(err) {
			return nil, nil
		}
		return ev, err
	}
	if a.CandidateID == "" {
		return nil, nil
	}
	visible, err := s.Client.Candidate.Query().Where(candidate.ID(a.CandidateID)).Exist(ctx)
	if err != nil || !visible {
		return nil, err
	}
	ev, err := Events(s.Client).
		Where(activity.ID(a.EventID), activity.CompanyID(v.CompanyID)).
		Only(privacy.DecisionContext(ctx, privacy.Allow))
	if err != nil || ev.ObjectType != "Note" {
		return ev, err
	}
	// Read past the privacy rules, a private note's event shows only to
	// who reads the note.
	if readable, err := s.Client.Note.Query().Where(note.ID(ev.ObjectID)).Exist(ctx); err != nil || !readable {
		return nil, err
	}
	return ev, nil
}
