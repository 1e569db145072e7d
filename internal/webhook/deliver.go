package webhook

import (
	"bytes"
	"cmp"
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"math/rand/v2"
	"net/http"
	"net/netip"
	"slices"
	"time"

	"github.com/riverqueue/river"

	"github.com/hiregraph/hiregraph/ent"
	"github.com/hiregraph/hiregraph/ent/activity"
	"github.com/hiregraph/hiregraph/ent/schema/uid"
	"github.com/hiregraph/hiregraph/ent/webhookendpoint"
	"github.com/hiregraph/hiregraph/internal/auth"
	"github.com/hiregraph/hiregraph/internal/database"
	"github.com/hiregraph/hiregraph/internal/jobs"
	"github.com/hiregraph/hiregraph/internal/outbound"
	"github.com/hiregraph/hiregraph/internal/viewer"
	"github.com/hiregraph/hiregraph/recruiting"
)

// Delivery settings.
const (
	// DefaultTimeout bounds one call to an endpoint: a receiver should
	// acknowledge and work later.
	DefaultTimeout = 10 * time.Second
	// MaxAttempts is how often an event is tried: the retries' backoff
	// (Backoff) adds up to about 20 hours before the endpoint is marked
	// failing.
	MaxAttempts = 13
	// Queue is River's queue of deliveries.
	Queue = "webhooks"
	// DefaultWorkers is how many deliveries one process sends at once.
	DefaultWorkers = 10
	// DefaultRetryBase is the wait before the first retry (Backoff).
	DefaultRetryBase = 30 * time.Second
	// DefaultRescueAfter is how long a delivery may stay running before
	// River takes its process for dead and runs it again.
	DefaultRescueAfter = 5 * time.Minute
)

// Config says how webhooks are delivered.
type Config struct {
	DB     *database.DB
	Sealer *auth.Sealer
	// AllowNets are non-public networks endpoints may be at.
	AllowNets []netip.Prefix
	// AllowHTTPNets are the networks endpoints may be called at over plain
	// http:// (a developer's machine); anywhere else a delivery needs
	// https, as it carries people's data.
	AllowHTTPNets []netip.Prefix
	// Timeout bounds a call; zero means DefaultTimeout.
	Timeout time.Duration
	// Workers is how many deliveries this process sends at once; zero
	// makes it only enqueue them, for a process that sends them.
	Workers int
	// Jobs are the process's other background jobs, run on the
	// deliverer's River client (package jobs says why one client).
	Jobs []jobs.Set
	// PollInterval is how often an idle worker looks for deliveries
	// (zero: River's default, 1s).
	PollInterval time.Duration
	// RescueAfter: see DefaultRescueAfter (zero means it).
	RescueAfter time.Duration
	// MaxAttempts and RetryBase change the retries (zero: MaxAttempts and
	// DefaultRetryBase); tests shorten them.
	MaxAttempts int
	RetryBase   time.Duration
	// Now is the clock; tests replace it. River schedules retries and
	// finds them due by it too, so a test can move a day of retries
	// forward in seconds.
	Now func() time.Time
	// Broker wakes the relay when events commit (relay.go); nil leaves it
	// to poll.
	Broker *recruiting.Broker
	// RelayInterval is how often the relay looks for events to queue
	// besides its wake-ups (zero: DefaultRelayInterval).
	RelayInterval time.Duration
}

// Deliverer queues deliveries (its relay) and sends them.
type Deliverer struct {
	river   *river.Client[*sql.Tx]
	client  *ent.Client
	dialect string
	sealer  *auth.Sealer
	http    *outbound.Client
	timeout time.Duration
	now     func() time.Time
	work    bool
	// attempts and retryBase: Config's MaxAttempts and RetryBase.
	attempts  int
	retryBase time.Duration

	broker        *recruiting.Broker
	relayInterval time.Duration
	// stopRelay ends the relay Start began and waits for it.
	stopRelay func()
}

// deliveryArgs is River's job: one event to one endpoint. The job holds
// ids only; the worker reads the event and the endpoint as they are when
// it runs (a deleted or deactivated endpoint gets nothing).
type deliveryArgs struct {
	CompanyID  string `json:"company_id"`
	EndpointID string `json:"endpoint_id"`
	// EventID is the id of the event's activity (the row it is), as jobs
	// queued by every release name it.
	EventID string `json:"event_id"`
}

func (deliveryArgs) Kind() string { return "webhook_delivery" }

// New returns a deliverer over cfg.DB.
func New(cfg Config) (*Deliverer, error) {
	d := &Deliverer{
		client:  cfg.DB.Client,
		dialect: cfg.DB.Dialect,
		sealer:  cfg.Sealer,
		timeout: cfg.Timeout,
		now:     cfg.Now,

		attempts:  cmp.Or(cfg.MaxAttempts, MaxAttempts),
		retryBase: cmp.Or(cfg.RetryBase, DefaultRetryBase),

		broker:        cfg.Broker,
		relayInterval: cmp.Or(cfg.RelayInterval, DefaultRelayInterval),
		stopRelay:     func() {},
	}
	if d.timeout <= 0 {
		d.timeout = DefaultTimeout
	}
	if d.now == nil {
		d.now = time.Now
	}
	d.http = outbound.New(outbound.Config{AllowNets: cfg.AllowNets, Timeout: d.timeout, HTTPSOnly: true, HTTPNets: cfg.AllowHTTPNets})
	// A call ends within the timeout; the margin covers reading the
	// event and writing the attempt's log.
	jobTimeout := d.timeout + 5*time.Second
	rc := &river.Config{
		Logger: slog.Default(),
		// The database's own listen/notify is not needed: idle workers
		// poll, which works the same through lib/pq and SQLite.
		PollOnly:             true,
		FetchPollInterval:    cfg.PollInterval,
		JobTimeout:           jobTimeout,
		RescueStuckJobsAfter: max(cmp.Or(cfg.RescueAfter, DefaultRescueAfter), jobTimeout+time.Second),
	}
	if cfg.Now != nil {
		rc.Test.Time = riverClock(cfg.Now)
	}
	deliveries := jobs.Set{Queue: Queue, Workers: cfg.Workers, Register: func(w *river.Workers) error {
		return river.AddWorkerSafely(w, &worker{d: d})
	}}
	work, err := jobs.Configure(rc, append([]jobs.Set{deliveries}, cfg.Jobs...)...)
	if err != nil {
		return nil, err
	}
	d.work = work
	rclient, err := river.NewClient(database.RiverDriver(cfg.DB.Dialect, cfg.DB.SQL), rc)
	if err != nil {
		return nil, fmt.Errorf("starting River: %w", err)
	}
	d.river = rclient
	return d, nil
}

// Start queues committed events for delivery (the relay) and, when the
// deliverer works them, sends deliveries, until Stop or ctx ends.
func (d *Deliverer) Start(ctx context.Context) error {
	if d.work {
		if err := d.river.Start(ctx); err != nil {
			return err
		}
	}
	ctx, cancel := context.WithCancel(ctx)
	done := make(chan struct{})
	go func() {
		defer close(done)
		d.relay(ctx)
	}()
	d.stopRelay = func() {
		cancel()
		<-done
	}
	return nil
}

// Stop ends the relay and waits for deliveries under way to end (or ctx
// to), then stops.
func (d *Deliverer) Stop(ctx context.Context) error {
	d.stopRelay()
	if !d.work {
		return nil
	}
	return d.river.Stop(ctx)
}

// wants tells whether an endpoint subscribed to types (none: all) gets
// an event of type eventType.
func wants(types []string, eventType string) bool {
	return len(types) == 0 || slices.Contains(types, eventType)
}

// Redeliver enqueues ev for ep again (recruiting.Deliveries).
func (d *Deliverer) Redeliver(ctx context.Context, client *ent.Client, ep *ent.WebhookEndpoint, ev *ent.Activity) error {
	return d.enqueue(ctx, client, []deliveryArgs{{CompanyID: ev.CompanyID, EndpointID: ep.ID, EventID: ev.ID}})
}

// enqueue inserts deliveries in client's transaction, in one statement: no
// job is unique, so River's fast path (no conflict handling, nothing read
// back) fits.
func (d *Deliverer) enqueue(ctx context.Context, client *ent.Client, deliveries []deliveryArgs) error {
	if len(deliveries) == 0 {
		return nil
	}
	tx, ok := ent.SQLTx(client)
	if !ok {
		return errors.New("enqueueing a webhook delivery outside a transaction")
	}
	opts := &river.InsertOpts{Queue: Queue, MaxAttempts: d.attempts}
	params := make([]river.InsertManyParams, len(deliveries))
	for i, args := range deliveries {
		params[i] = river.InsertManyParams{Args: args, InsertOpts: opts}
	}
	if _, err := d.river.InsertManyFastTx(ctx, tx, params); err != nil {
		return fmt.Errorf("enqueueing webhook deliveries: %w", err)
	}
	return nil
}

// Ping posts a test event to ep now and logs the attempt
// (recruiting.Deliveries).
func (d *Deliverer) Ping(ctx context.Context, ep *ent.WebhookEndpoint) (*ent.WebhookAttempt, error) {
	now := d.now().UTC()
	id := uid.New(recruiting.EventPrefix)
	body, err := json.Marshal(recruiting.EventPayload{
		ID: id, Type: "ping", TimeCreated: now.Format(time.RFC3339),
		Actor:  recruiting.EventActor{Type: "SYSTEM"},
		Object: recruiting.EventObject{Type: "WebhookEndpoint", ID: ep.ID, Data: json.RawMessage("null")},
	})
	if err != nil {
		return nil, err
	}
	return d.send(ctx, ep, id, "ping", body, 1)
}

// Backoff is the wait before retry n (1 for the first): base (30 seconds)
// doubling up to 6 hours, each ±20% so that endpoints coming back are not
// hit by every retry at once. With MaxAttempts the retries span about 20
// hours.
func Backoff(n int, base time.Duration) time.Duration {
	wait := 6 * time.Hour
	if n <= 10 {
		wait = min(base<<(n-1), wait)
	}
	jitter := 0.8 + 0.4*rand.Float64()
	return time.Duration(float64(wait) * jitter)
}

// send posts body to ep signed with its secrets and logs the attempt.
func (d *Deliverer) send(ctx context.Context, ep *ent.WebhookEndpoint, eventID, eventType string, body []byte, attempt int) (*ent.WebhookAttempt, error) {
	sent := d.now()
	secrets, err := d.secrets(ep, sent)
	if err != nil {
		return nil, err
	}
	sig, err := Sign(secrets, eventID, sent, body)
	if err != nil {
		return nil, err
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, ep.URL, bytes.NewReader(body))
	if err != nil {
		return nil, fmt.Errorf("building the request: %w", err)
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("User-Agent", "Hiregraph-Webhooks")
	req.Header.Set(HeaderID, eventID)
	req.Header.Set(HeaderTimestamp, fmt.Sprint(sent.Unix()))
	req.Header.Set(HeaderSignature, sig)
	start := time.Now()
	resp, callErr := d.http.Do(req)
	create := d.client.WebhookAttempt.Create().
		SetCompanyID(ep.CompanyID).
		SetEndpointID(ep.ID).
		SetEventID(eventID).
		SetEventType(eventType).
		SetAttempt(attempt).
		SetLatencyMs(time.Since(start).Milliseconds()).
		SetTimeCreated(sent)
	switch {
	case callErr != nil:
		slog.WarnContext(ctx, "webhook delivery failed", "endpoint", ep.ID, "event", eventID, "attempt", attempt, "error", callErr)
		create.SetError(publicError(callErr))
	case resp.Status < 200 || resp.Status > 299:
		create.SetStatus(resp.Status).SetError(fmt.Sprintf("the endpoint answered %d", resp.Status))
	default:
		create.SetStatus(resp.Status).SetSuccess(true)
	}
	a, err := create.Save(ctx)
	if err != nil {
		return nil, fmt.Errorf("logging the webhook attempt: %w", err)
	}
	return a, nil
}

// publicError says why a call failed in words safe to show the company:
// not what the network said, which could map the service's network.
func publicError(err error) string {
	for _, known := range []error{outbound.ErrBlockedAddress, outbound.ErrPlainHTTP, outbound.ErrTimeout, outbound.ErrTooLarge, outbound.ErrUnreachable} {
		if errors.Is(err, known) {
			return known.Error()
		}
	}
	return "the call failed"
}

// secrets are the secrets that sign a payload at now: the current one and,
// during a rotation's overlap, the previous.
func (d *Deliverer) secrets(ep *ent.WebhookEndpoint, now time.Time) ([]string, error) {
	current, err := d.sealer.Open(ep.SealedSecret)
	if err != nil {
		return nil, fmt.Errorf("opening the webhook secret: %w", err)
	}
	out := []string{string(current)}
	if len(ep.SealedPreviousSecret) > 0 && ep.PreviousSecretExpires != nil && now.Before(*ep.PreviousSecretExpires) {
		prev, err := d.sealer.Open(ep.SealedPreviousSecret)
		if err != nil {
			return nil, fmt.Errorf("opening the previous webhook secret: %w", err)
		}
		out = append(out, string(prev))
	}
	return out, nil
}

// worker sends one delivery: River runs it, retries it with Backoff when
// it fails, and gives up after MaxAttempts.
type worker struct {
	river.WorkerDefaults[deliveryArgs]
	d *Deliverer
}

func (w *worker) NextRetry(job *river.Job[deliveryArgs]) time.Time {
	return w.d.now().Add(Backoff(job.Attempt, w.d.retryBase))
}

// riverClock is Config.Now as River's clock.
type riverClock func() time.Time

func (c riverClock) Now() time.Time { return c() }

func (c riverClock) NowOrNil() *time.Time {
	t := c()
	return &t
}

func (w *worker) Work(ctx context.Context, job *river.Job[deliveryArgs]) error {
	ctx = viewer.NewContext(ctx, viewer.ForService(job.Args.CompanyID))
	client := w.d.client
	ep, err := client.WebhookEndpoint.Get(ctx, job.Args.EndpointID)
	if ent.IsNotFound(err) {
		return nil // deleted since: nothing to send
	}
	if err != nil {
		return err
	}
	if !ep.Active {
		return nil
	}
	// The payload is read as a user holding the endpoint's permissions
	// would read it now, not as it was when the event was queued.
	ctx = recruiting.ReadingFor(ctx, ep.Permissions)
	ev, err := recruiting.Events(client).Where(activity.ID(job.Args.EventID)).Only(ctx)
	if ent.IsNotFound(err) {
		return nil
	}
	if err != nil {
		return err
	}
	if shown, err := recruiting.EventShown(ctx, client, ev); err != nil || !shown {
		return err
	}
	payload := recruiting.NewEventPayload(ev)
	body, err := json.Marshal(payload)
	if err != nil {
		return err
	}
	a, err := w.d.send(ctx, ep, payload.ID, ev.Verb, body, job.Attempt)
	// Deleted during the call: its log went with it. The attempt's write
	// then fails on the check of its endpoint (rule.CheckEdges) or, had it
	// passed, on the foreign key.
	if err != nil && w.endpointDeleted(ctx, ep.ID) {
		return nil
	}
	if err != nil {
		return err
	}
	if a.Success {
		if ep.Failing {
			return client.WebhookEndpoint.UpdateOne(ep).SetFailing(false).Exec(ctx)
		}
		return nil
	}
	if job.Attempt >= job.MaxAttempts {
		if err := client.WebhookEndpoint.UpdateOne(ep).SetFailing(true).Exec(ctx); err != nil {
			return err
		}
	}
	return fmt.Errorf("delivery %d of event %s to %s: %s", job.Attempt, payload.ID, ep.ID, a.Error)
}

// endpointDeleted tells whether the endpoint id is gone (false when that
// cannot be read: the job then retries).
func (w *worker) endpointDeleted(ctx context.Context, id string) bool {
	exists, err := w.d.client.WebhookEndpoint.Query().Where(webhookendpoint.ID(id)).Exist(ctx)
	return err == nil && !exists
}
