package recruiting

import (
	"context"
	"fmt"
	"strconv"

	"github.com/hiregraph/hiregraph/apierror"
	"github.com/hiregraph/hiregraph/ent"
	"github.com/hiregraph/hiregraph/ent/activity"
	"github.com/hiregraph/hiregraph/viewer"
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
// first event), oldest first. The cursor is the sequence number of the last
// event read: sequence numbers are gap-free and taken in commit order
// (event.go), so a client that stores the cursor misses nothing when it
// comes back, however long it was away.
func (s *Service) Events(ctx context.Context, after string, types []string, limit int) (*FeedPage, error) {
	if err := Require(ctx, viewer.ScopeRead); err != nil {
		return nil, err
	}
	// The feed carries every position's records and is gap-free only for a
	// viewer who sees them all.
	if v, _ := viewer.FromContext(ctx); v.AssignedOnly() {
		return nil, apierror.Forbidden("the change feed's events need a role that sees every position")
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
	// With a types filter, an empty page resumes after the latest event,
	// read before the page so an event committed meanwhile is not skipped.
	var latest int64
	if len(types) > 0 {
		if latest, err = s.lastSequence(ctx); err != nil {
			return nil, err
		}
	}
	q := Events(s.Client).Where(activity.SequenceGT(from)).Order(ent.Asc(activity.FieldSequence)).Limit(limit + 1)
	if len(types) > 0 {
		q.Where(activity.VerbIn(types...))
	}
	rows, err := q.All(ctx)
	if err != nil {
		return nil, fmt.Errorf("reading the change feed: %w", err)
	}
	page := &FeedPage{Events: rows, HasMore: len(rows) > limit, Cursor: strconv.FormatInt(from, 10)}
	if page.HasMore {
		page.Events = rows[:limit]
	}
	if n := len(page.Events); n > 0 {
		page.Cursor = strconv.FormatInt(*page.Events[n-1].Sequence, 10)
	} else {
		page.Cursor = strconv.FormatInt(max(from, latest), 10)
	}
	return page, nil
}

// lastSequence is the number of the company's latest committed event.
func (s *Service) lastSequence(ctx context.Context) (int64, error) {
	ev, err := Events(s.Client).Order(ent.Desc(activity.FieldSequence)).First(ctx)
	if ent.IsNotFound(err) {
		return 0, nil
	}
	if err != nil {
		return 0, fmt.Errorf("reading the latest event: %w", err)
	}
	return *ev.Sequence, nil
}

// parseFeedCursor reads a cursor of the feed: the decimal sequence number of
// the last event a client read.
func parseFeedCursor(after string) (int64, error) {
	if after == "" {
		return 0, nil
	}
	n, err := strconv.ParseInt(after, 10, 64)
	if err != nil || n < 0 {
		return 0, apierror.BadRequest("after", "after must be a cursor the feed returned (a whole number), got %q", after)
	}
	return n, nil
}
