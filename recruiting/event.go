package recruiting

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"

	"entgo.io/ent/dialect"

	"github.com/hiregraph/hiregraph/ent"
	"github.com/hiregraph/hiregraph/ent/activity"
)

// makeEvent makes the activity that create writes an event: it gives it
// its place in the change feed and the shape of the record acted on.
func (s *core) makeEvent(ctx context.Context, client *ent.Client, create *ent.ActivityCreate, a Activity) error {
	companyID := viewerCompany(ctx)
	if companyID == "" {
		return fmt.Errorf("event %s: no company to number it in", a.Verb)
	}
	at, err := s.nextPlace(ctx, client, companyID)
	if err != nil {
		return err
	}
	object, err := eventObjectOf(a.Object)
	if err != nil {
		return fmt.Errorf("event %s: %w", a.Verb, err)
	}
	data, err := json.Marshal(object)
	if err != nil {
		return fmt.Errorf("encoding the %s of event %s: %w", a.ObjectType, a.Verb, err)
	}
	create.SetTxid(at.Txid).SetSequence(at.Sequence).SetData(data)
	return nil
}

// Events is the query of the company's events: the activities with a place
// in the change feed (those recorded before events existed have none).
func Events(client *ent.Client) *ent.ActivityQuery {
	return client.Activity.Query().Where(activity.SequenceNotNil())
}

// Id prefixes of events, and of the activities they are
// (ent/schema/activity.go).
const (
	EventPrefix    = "evt"
	activityPrefix = "act"
)

// EventIDOf is the id of the event the activity activityID is: the
// activity's ULID under the events' prefix. Derived rather than stored, it
// is the same on every retry, redelivery and replica, costs the write
// nothing and leads back to the activity without a lookup; a prefix of its
// own keeps clients that key records by id (Relay, Apollo) from taking an
// event and its activity for one record.
func EventIDOf(activityID string) string {
	_, ulid, _ := strings.Cut(activityID, "_")
	return EventPrefix + "_" + ulid
}

// ActivityOfEvent is the id of the activity the event id is. It takes the
// activity's own id too, as events were spelled before they had a prefix
// of their own (deprecated), and answers any other id as it is: it names
// no activity.
func ActivityOfEvent(id string) string {
	if ulid, ok := strings.CutPrefix(id, EventPrefix+"_"); ok {
		return activityPrefix + "_" + ulid
	}
	return id
}

// canonicalEventID spells an event id given as its activity's id (the
// deprecated spelling) as the event's own.
func canonicalEventID(id string) string {
	if strings.HasPrefix(id, activityPrefix+"_") {
		return EventIDOf(id)
	}
	return id
}

// announcementOf is what the broker tells subscribers and the webhook relay
// of the event act.
func announcementOf(act *ent.Activity) Announcement {
	return Announcement{
		CompanyID: act.CompanyID, EventID: act.ID, Type: act.Verb, ObjectType: act.ObjectType,
		CandidateID: deref(act.CandidateID), PositionID: deref(act.PositionID),
	}
}

func deref(s *string) string {
	if s == nil {
		return ""
	}
	return *s
}

// nextPlace is the place in the feed of an event the transaction of
// client writes, in one statement that locks nothing (README, Events and
// webhooks). On PostgreSQL: the transaction's id and a number from a
// sequence, so writers of one company never wait for each other; readers
// order by both and hold back what a transaction still under way could
// precede (Settled). On SQLite, whose one writer serializes writes, the
// company's next number, so events are numbered in commit order.
func (s *core) nextPlace(ctx context.Context, client *ent.Client, companyID string) (FeedPlace, error) {
	query, args := `SELECT 0, COALESCE(MAX(`+activity.FieldSequence+`), 0) + 1 FROM `+activity.Table+`
WHERE `+activity.FieldCompanyID+` = $1 AND `+activity.FieldTxid+` = 0`, []any{companyID}
	if s.Dialect == dialect.Postgres {
		query, args = `SELECT pg_current_xact_id()::text::bigint, nextval('`+eventSequence+`')`, nil
	}
	rows, err := client.QueryContext(ctx, query, args...)
	if err != nil {
		return FeedPlace{}, fmt.Errorf("numbering the event: %w", err)
	}
	defer rows.Close()
	var at FeedPlace
	if !rows.Next() {
		return FeedPlace{}, fmt.Errorf("numbering the event: no row (%v)", rows.Err())
	}
	if err := rows.Scan(&at.Txid, &at.Sequence); err != nil {
		return FeedPlace{}, fmt.Errorf("reading the event's number: %w", err)
	}
	return at, rows.Close()
}

// eventSequence is the PostgreSQL sequence events take their numbers from
// (migration 20261127_events_without_counter).
const eventSequence = "activity_sequence"
