package recruiting

import (
	"context"
	"fmt"
	"slices"
	"sync"

	"github.com/hiregraph/hiregraph/ent"
	"github.com/hiregraph/hiregraph/ent/position"
	"github.com/hiregraph/hiregraph/internal/permission"
	"github.com/hiregraph/hiregraph/internal/viewer"
)

type readerKey struct{}

// ReadingFor marks ctx as reading events for a receiver that holds perms
// (a webhook endpoint) rather than for the viewer, who may hold more.
func ReadingFor(ctx context.Context, perms []string) context.Context {
	return context.WithValue(ctx, readerKey{}, perms)
}

// readerHas is what the reader of ctx holds: the receiver ReadingFor
// names, else the viewer; the service's own jobs (no viewer) hold all.
func readerHas(ctx context.Context) func(string) bool {
	if perms, ok := ctx.Value(readerKey{}).([]string); ok {
		return func(p string) bool { return slices.Contains(perms, p) }
	}
	v, ok := viewer.FromContext(ctx)
	if !ok {
		return func(string) bool { return true }
	}
	return v.Has
}

// redactedClients are the activity clients RedactEvents has intercepted.
var redactedClients sync.Map

// RedactEvents makes every read of activities through the service's client
// show them as their reader may see them: the object.data of an event and
// the changes of an activity pass redactEventData and redactChanges. It
// is an interceptor rather than a step of each door, so the timeline
// (activities.changes), the change feed, subscriptions, webhooks and
// whatever reads activities next all show one view. New calls it; a
// client that several services share (a server's, its background jobs')
// gets the interceptor once.
func (s *core) RedactEvents() {
	if _, done := redactedClients.LoadOrStore(s.Client.Activity, true); done {
		return
	}
	s.Client.Activity.Intercept(ent.InterceptFunc(func(next ent.Querier) ent.Querier {
		return ent.QuerierFunc(func(ctx context.Context, q ent.Query) (ent.Value, error) {
			v, err := next.Query(ctx, q)
			acts, ok := v.([]*ent.Activity)
			if err != nil || !ok || len(acts) == 0 {
				return v, err
			}
			return acts, s.redactActivities(ctx, acts)
		})
	}))
}

// redactActivities redacts acts in place for the reader of ctx. Reads of
// a few columns (the webhook relay's) carry nothing to redact and cost
// no query.
func (s *core) redactActivities(ctx context.Context, acts []*ent.Activity) error {
	if !slices.ContainsFunc(acts, func(a *ent.Activity) bool { return a.Data != nil || a.Changes != nil }) {
		return nil
	}
	vis, err := s.LoadVisibility(ctx)
	if err != nil {
		return err
	}
	r := eventReader{has: readerHas(ctx), vis: vis}
	for _, a := range acts {
		if a.Changes != nil {
			a.Changes = redactChanges(r, a.Changes)
		}
		if a.Data == nil {
			continue
		}
		if a.Data, err = redactEventData(r, a.ObjectType, a.Data); err != nil {
			return fmt.Errorf("event %s: %w", a.ID, err)
		}
	}
	return nil
}

// EventShown reports whether the reader of ctx may hear of ev at all: an
// event of a discreet position needs positions:view_discreet. For a
// viewer the privacy rules decide this when the event is read; a receiver
// named by ReadingFor (a webhook endpoint) is checked here, at delivery,
// so a position made discreet since stops its events.
func EventShown(ctx context.Context, client *ent.Client, ev *ent.Activity) (bool, error) {
	if ev.PositionID == nil || readerHas(ctx)(permission.ViewDiscreetPositions) {
		return true, nil
	}
	discreet, err := client.Position.Query().Where(position.ID(*ev.PositionID), position.IsDiscreet(true)).Exist(ctx)
	if err != nil {
		return false, fmt.Errorf("reading whether event %s is of a discreet position: %w", ev.ID, err)
	}
	return !discreet, nil
}
