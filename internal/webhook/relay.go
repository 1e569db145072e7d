package webhook

import (
	"context"
	"fmt"
	"log/slog"
	"slices"
	"time"

	"entgo.io/ent/dialect"
	entsql "entgo.io/ent/dialect/sql"

	"github.com/hiregraph/hiregraph/ent"
	"github.com/hiregraph/hiregraph/ent/activity"
	"github.com/hiregraph/hiregraph/ent/webhookendpoint"
	"github.com/hiregraph/hiregraph/internal/viewer"
	"github.com/hiregraph/hiregraph/recruiting"
)

// The relay turns committed events into deliveries (the outbox pattern): a
// write only records its event, and the relay queues one River job per
// endpoint that wants it, after the commit, so a write's latency does not
// grow with the company's endpoints. Each endpoint keeps its place in the
// company's feed (queued_through); the relay queues the events after it and
// moves it on in one transaction, so an event is queued once per endpoint
// whichever process relays it, and one that commits while no process runs
// is queued by the next that does.

// Relay settings.
const (
	// DefaultRelayInterval is how often the relay looks for events to
	// queue without being woken: after a lost wake-up (another process's
	// NOTIFY missed while reconnecting) an event waits at most this long.
	DefaultRelayInterval = time.Second
	// relayBatch bounds the events one relay transaction reads.
	relayBatch = 500
	// relayGather is how long a wake-up waits for more: one pass per
	// write would cost more than the write's own event (on SQLite it
	// holds the one writer too), while workers poll for the jobs every
	// second anyway.
	relayGather = 100 * time.Millisecond
)

// relay queues events for delivery until ctx ends: soon after an event
// commits, woken by the broker's announcement, and every relayInterval.
func (d *Deliverer) relay(ctx context.Context) {
	var wake <-chan recruiting.Announcement
	unsubscribe := func() {}
	subscribe := func() {
		if d.broker != nil {
			wake, unsubscribe = d.broker.Subscribe(func(recruiting.Announcement) bool { return true })
		}
	}
	subscribe()
	defer func() { unsubscribe() }()
	tick := time.NewTicker(d.relayInterval)
	defer tick.Stop()
	d.relayAll(ctx)
	for {
		select {
		case <-ctx.Done():
			return
		case <-tick.C:
			d.relayAll(ctx)
		case a, ok := <-wake:
			companies, open := gather(ctx, wake, a, ok)
			if !open {
				// Dropped for lagging: what it missed is in the database.
				subscribe()
				d.relayAll(ctx)
				continue
			}
			for _, c := range companies {
				d.logRelayError(ctx, d.relayCompany(ctx, c))
			}
		}
	}
}

// gather collects the companies of the announcements that arrive within
// relayGather, first's included, so a burst of writes is relayed in one
// pass. open is false when the broker closed the channel.
func gather(ctx context.Context, wake <-chan recruiting.Announcement, first recruiting.Announcement, ok bool) (companies []string, open bool) {
	timer := time.NewTimer(relayGather)
	defer timer.Stop()
	for {
		if !ok {
			return companies, false
		}
		if !slices.Contains(companies, first.CompanyID) {
			companies = append(companies, first.CompanyID)
		}
		select {
		case first, ok = <-wake:
		case <-timer.C:
			return companies, true
		case <-ctx.Done():
			return companies, true
		}
	}
}

func (d *Deliverer) logRelayError(ctx context.Context, err error) {
	if err != nil && ctx.Err() == nil {
		slog.WarnContext(ctx, "queueing webhook deliveries", "error", err)
	}
}

// relayAll relays every company with an active endpoint behind its latest
// event.
func (d *Deliverer) relayAll(ctx context.Context) {
	companies, err := d.companiesBehind(ctx)
	d.logRelayError(ctx, err)
	for _, c := range companies {
		d.logRelayError(ctx, d.relayBehind(companyContext(ctx, c)))
	}
}

// companiesBehind lists the companies with an active endpoint that a
// settled event is after.
func (d *Deliverer) companiesBehind(ctx context.Context) ([]string, error) {
	settled := ""
	if d.dialect == dialect.Postgres {
		settled = ` AND a.` + activity.FieldTxid + ` < ` + recruiting.SnapshotXmin
	}
	rows, err := d.client.QueryContext(ctx, `SELECT DISTINCT w.`+webhookendpoint.FieldCompanyID+` FROM `+webhookendpoint.Table+` w
WHERE w.`+webhookendpoint.FieldActive+` = TRUE AND EXISTS (SELECT 1 FROM `+activity.Table+` a
WHERE a.`+activity.FieldCompanyID+` = w.`+webhookendpoint.FieldCompanyID+` AND a.`+activity.FieldSequence+` IS NOT NULL
AND (a.`+activity.FieldTxid+`, a.`+activity.FieldSequence+`) > (w.`+webhookendpoint.FieldQueuedThroughTxid+`, w.`+webhookendpoint.FieldQueuedThrough+`)`+settled+`)`)
	if err != nil {
		return nil, fmt.Errorf("finding endpoints behind: %w", err)
	}
	defer rows.Close()
	var companies []string
	if err := entsql.ScanSlice(rows, &companies); err != nil {
		return nil, fmt.Errorf("reading endpoints behind: %w", err)
	}
	return companies, nil
}

// relayCompany relays a company that a write announced. Most writes are of
// companies without endpoints: a read (off the writer's connection on
// SQLite) settles them. (relayAll skips the read: companiesBehind found
// the endpoints.)
func (d *Deliverer) relayCompany(ctx context.Context, companyID string) error {
	ctx = companyContext(ctx, companyID)
	has, err := d.client.WebhookEndpoint.Query().Where(webhookendpoint.Active(true)).Exist(ctx)
	if err != nil || !has {
		return err
	}
	return d.relayBehind(ctx)
}

// companyContext scopes ctx to one company, as the relay acts for each in
// turn.
func companyContext(ctx context.Context, companyID string) context.Context {
	return viewer.NewContext(ctx, viewer.ForService(companyID))
}

// relayBehind queues the events of ctx's company for its active endpoints
// until none is left behind.
func (d *Deliverer) relayBehind(ctx context.Context) error {
	for {
		more, err := d.relayBatch(ctx)
		if err != nil || !more {
			return err
		}
	}
}

// relayBatch queues, in one transaction, up to relayBatch events after the
// company's endpoints' places and moves each place past them. It locks the
// endpoints first (PostgreSQL; SQLite has one writer), so two processes
// never queue the same events, and a process that dies mid-way queued
// nothing. It answers whether more events may be waiting.
func (d *Deliverer) relayBatch(ctx context.Context) (more bool, err error) {
	tx, err := d.client.Tx(ctx)
	if err != nil {
		return false, err
	}
	defer func() {
		if err != nil {
			tx.Rollback()
		}
	}()
	q := tx.WebhookEndpoint.Query().Where(webhookendpoint.Active(true)).Order(ent.Asc(webhookendpoint.FieldID)).
		Select(webhookendpoint.FieldID, webhookendpoint.FieldEventTypes, webhookendpoint.FieldQueuedThroughTxid, webhookendpoint.FieldQueuedThrough)
	if d.dialect == dialect.Postgres {
		q.ForUpdate()
	}
	endpoints, err := q.All(ctx)
	if err != nil {
		return false, fmt.Errorf("locking the webhook endpoints: %w", err)
	}
	if len(endpoints) == 0 {
		return false, tx.Commit()
	}
	from := slices.MinFunc(endpoints, func(a, b *ent.WebhookEndpoint) int { return queuedThrough(a).Compare(queuedThrough(b)) })
	// Only settled events: none can commit before them any more, so an
	// endpoint's place never passes an event still to come.
	events, err := recruiting.SettledEventsAfter(tx.Client(), queuedThrough(from)).Limit(relayBatch).
		Select(activity.FieldCompanyID, activity.FieldTxid, activity.FieldSequence, activity.FieldVerb).All(ctx)
	if err != nil {
		return false, fmt.Errorf("reading events to queue: %w", err)
	}
	if len(events) == 0 {
		return false, tx.Commit()
	}
	last := recruiting.PlaceOf(events[len(events)-1])
	var deliveries []deliveryArgs
	var moved []string
	for _, ep := range endpoints {
		if queuedThrough(ep).Compare(last) >= 0 {
			continue
		}
		moved = append(moved, ep.ID)
		for _, ev := range events {
			if queuedThrough(ep).Compare(recruiting.PlaceOf(ev)) < 0 && wants(ep.EventTypes, ev.Verb) {
				deliveries = append(deliveries, deliveryArgs{CompanyID: ev.CompanyID, EndpointID: ep.ID, EventID: ev.ID})
			}
		}
	}
	if err := d.enqueue(ctx, tx.Client(), deliveries); err != nil {
		return false, err
	}
	if err := tx.WebhookEndpoint.Update().Where(webhookendpoint.IDIn(moved...)).SetQueuedThroughTxid(last.Txid).SetQueuedThrough(last.Sequence).Exec(ctx); err != nil {
		return false, fmt.Errorf("moving the endpoints' places: %w", err)
	}
	if err := tx.Commit(); err != nil {
		return false, fmt.Errorf("committing queued deliveries: %w", err)
	}
	return len(events) == relayBatch, nil
}

// queuedThrough is the place in the feed of the last event queued for ep.
func queuedThrough(ep *ent.WebhookEndpoint) recruiting.FeedPlace {
	return recruiting.FeedPlace{Txid: ep.QueuedThroughTxid, Sequence: ep.QueuedThrough}
}
