package recruiting

import (
	"cmp"
	"context"
	"fmt"
	"strconv"
	"strings"

	"entgo.io/ent/dialect"
	"entgo.io/ent/dialect/sql"

	"github.com/hiregraph/hiregraph/ent"
	"github.com/hiregraph/hiregraph/ent/activity"
	"github.com/hiregraph/hiregraph/ent/predicate"
	"github.com/hiregraph/hiregraph/internal/apierror"
	"github.com/hiregraph/hiregraph/internal/viewer"
)

// maxFeedTypes bounds the types filter of one feed request.
const maxFeedTypes = 50

// FeedPage is one page of the change feed. Cursor is where the next request
// resumes; it moves past the events read even when none of them matched
// the types asked for.
type FeedPage struct {
	Events  []*ent.Activity
	Cursor  string
	HasMore bool
}

// Events reads the company's change feed after cursor (empty: from the
// first event), in feed order: by the writing transaction's id, then by
// number. A page holds only settled events (Settled), so an event that
// commits later never takes a place before a cursor handed out: a client
// that stores the cursor misses nothing when it comes back, however long
// it was away.
func (s *EventService) Events(ctx context.Context, after string, types []string, limit int) (*FeedPage, error) {
	if err := requireFeed(ctx); err != nil {
		return nil, err
	}
	if err := checkPageSize("limit", limit); err != nil {
		return nil, err
	}
	from, err := parseFeedCursor(after)
	if err != nil {
		return nil, err
	}
	if len(types) > maxFeedTypes {
		return nil, apierror.BadRequest("types", "types may name at most %d event types, got %d", maxFeedTypes, len(types))
	}
	// With a types filter, an empty page resumes at the end of the settled
	// feed, read before the page so an event settled meanwhile is not
	// skipped.
	var end FeedPlace
	if len(types) > 0 {
		if end, err = s.FeedEnd(ctx, s.Client); err != nil {
			return nil, err
		}
	}
	q := SettledEventsAfter(s.Client, from).Limit(limit + 1)
	if len(types) > 0 {
		q.Where(activity.VerbIn(types...))
	}
	rows, err := q.All(ctx)
	if err != nil {
		return nil, fmt.Errorf("reading the change feed: %w", err)
	}
	page := &FeedPage{Events: rows, HasMore: len(rows) > limit, Cursor: from.String()}
	if page.HasMore {
		page.Events = rows[:limit]
	}
	if reads := readsOf(ctx); reads != nil {
		reads.rememberEvents(page.Events)
	}
	if n := len(page.Events); n > 0 {
		page.Cursor = PlaceOf(page.Events[n-1]).String()
	} else if from.Compare(end) < 0 {
		page.Cursor = end.String()
	}
	return page, nil
}

// Event reads one event of the feed by its id (EventIDOf, or its
// activity's id), with the feed's permissions; an id of no event of the
// company is ent's not-found error.
func (s *EventService) Event(ctx context.Context, id string) (*EventPayload, error) {
	if err := requireFeed(ctx); err != nil {
		return nil, err
	}
	ev, err := eventByID(ctx, s.Client, id)
	if err != nil {
		return nil, err
	}
	return NewEventPayload(ev), nil
}

// EventActivity is the activity ev announces, as the viewer may read it:
// nil when the rules hide it from them (a subscriber hears some events of
// records it reads whose activity it may not).
// Within a GraphQL operation it is loaded for every event of the feed's
// pages the operation read, at once.
func (s *EventService) EventActivity(ctx context.Context, ev *EventPayload) (*ent.Activity, error) {
	return perRecord(ctx, ev.ActivityID, func(r *operationReads) *batch[*ent.Activity] { return &r.eventActivities }, eventsRead, s.activities)
}

// activities reads the activities of ids the viewer may read, by id; those
// the rules hide are missing.
func (s *EventService) activities(ctx context.Context, ids []string) (map[string]*ent.Activity, error) {
	rows, err := s.Client.Activity.Query().Where(activity.IDIn(ids...)).All(ctx)
	if err != nil {
		return nil, fmt.Errorf("reading the events' activities: %w", err)
	}
	out := make(map[string]*ent.Activity, len(rows))
	for _, a := range rows {
		out[a.ID] = a
	}
	return out, nil
}

// requireFeed refuses a viewer who may not read the change feed: it
// carries every position's records and is gap-free only for a viewer who
// sees them all.
func requireFeed(ctx context.Context) error {
	if err := RequireRead(ctx); err != nil {
		return err
	}
	if v, _ := viewer.FromContext(ctx); !v.SeesEverything() {
		return apierror.Forbidden("the change feed's events need a role that sees every position and candidate")
	}
	return nil
}

// FeedPlace is an event's place in its company's feed, and a cursor: the
// place of the last event read.
type FeedPlace struct {
	Txid, Sequence int64
}

// PlaceOf is the place of the event ev (from Events).
func PlaceOf(ev *ent.Activity) FeedPlace {
	return FeedPlace{Txid: deref64(ev.Txid), Sequence: deref64(ev.Sequence)}
}

func deref64(n *int64) int64 {
	if n == nil {
		return 0
	}
	return *n
}

// Compare orders places as the feed does (cmp.Compare's result).
func (p FeedPlace) Compare(q FeedPlace) int {
	return cmp.Or(cmp.Compare(p.Txid, q.Txid), cmp.Compare(p.Sequence, q.Sequence))
}

// String is the place as a cursor: "txid.sequence", or the sequence alone
// when txid is 0 (SQLite, and events from before transaction ids were
// kept), which is what every cursor looked like before.
func (p FeedPlace) String() string {
	if p.Txid == 0 {
		return strconv.FormatInt(p.Sequence, 10)
	}
	return strconv.FormatInt(p.Txid, 10) + "." + strconv.FormatInt(p.Sequence, 10)
}

// parseFeedCursor reads a cursor of the feed (FeedPlace.String).
func parseFeedCursor(after string) (FeedPlace, error) {
	if after == "" {
		return FeedPlace{}, nil
	}
	txid, seq, found := strings.Cut(after, ".")
	if !found {
		txid, seq = "0", after
	}
	t, errT := strconv.ParseInt(txid, 10, 64)
	n, errN := strconv.ParseInt(seq, 10, 64)
	if errT != nil || errN != nil || t < 0 || n < 0 {
		return FeedPlace{}, apierror.BadRequest("after", "after must be a cursor the feed returned, got %q", after)
	}
	return FeedPlace{Txid: t, Sequence: n}, nil
}

// SettledEventsAfter is the query of the company's settled events after
// from, in feed order.
func SettledEventsAfter(client *ent.Client, from FeedPlace) *ent.ActivityQuery {
	return Events(client).
		Where(Settled(), func(s *sql.Selector) {
			s.Where(sql.CompositeGT([]string{s.C(activity.FieldTxid), s.C(activity.FieldSequence)}, from.Txid, from.Sequence))
		}).
		Order(ent.Asc(activity.FieldTxid), ent.Asc(activity.FieldSequence))
}

// Settled keeps the events whose place no event can come before any more.
// On PostgreSQL events are numbered without a lock, so they may commit out
// of order: an event is settled once every transaction with a lower id has
// ended (its id is below the snapshot's xmin), since only those could
// still commit an event before it. The test runs in the reading statement,
// so it agrees with what that statement sees. On SQLite events commit in
// the order of their places: every committed event is settled.
func Settled() predicate.Activity {
	return func(s *sql.Selector) {
		if s.Dialect() == dialect.Postgres {
			s.Where(sql.ExprP(s.C(activity.FieldTxid) + " < " + SnapshotXmin))
		}
	}
}

// SnapshotXmin is the id of the oldest transaction still under way when
// the statement's snapshot was taken, as a bigint like activities.txid.
const SnapshotXmin = "pg_snapshot_xmin(pg_current_snapshot())::text::bigint"

// FeedEnd is a cursor at the end of the company's settled feed: every
// event after it is still to settle, so a reader starting there gets what
// commits from now on (and, on PostgreSQL, what committed behind a
// transaction still under way).
func (s *EventService) FeedEnd(ctx context.Context, client *ent.Client) (FeedPlace, error) {
	if s.Dialect == dialect.Postgres {
		rows, err := client.QueryContext(ctx, "SELECT "+SnapshotXmin)
		if err != nil {
			return FeedPlace{}, fmt.Errorf("reading the end of the change feed: %w", err)
		}
		defer rows.Close()
		var xmin int64
		if err := sql.ScanOne(rows, &xmin); err != nil {
			return FeedPlace{}, fmt.Errorf("reading the end of the change feed: %w", err)
		}
		return FeedPlace{Txid: xmin}, nil
	}
	ev, err := Events(client).Order(ent.Desc(activity.FieldTxid), ent.Desc(activity.FieldSequence)).First(ctx)
	if ent.IsNotFound(err) {
		return FeedPlace{}, nil
	}
	if err != nil {
		return FeedPlace{}, fmt.Errorf("reading the latest event: %w", err)
	}
	return PlaceOf(ev), nil
}
