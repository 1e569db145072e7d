package jobs

import (
	"context"
	"database/sql"
	"fmt"
	"log/slog"
	"time"

	"github.com/riverqueue/river"

	"github.com/hiregraph/hiregraph/ent"
	"github.com/hiregraph/hiregraph/internal/database"
)

// Client is one set of jobs on a River client of its own: it enqueues
// the set's jobs in a write's transaction and, when the set works here and
// the process has no shared client, runs them (Start). In a server the
// set runs on the process's one client instead (Set), and this client
// only enqueues.
type Client struct {
	river *river.Client[*sql.Tx]
	set   Set
	work  bool
}

// NewClient returns the client of set over db; idle workers look for jobs
// every pollInterval (zero: River's default, 1s).
func NewClient(db *database.DB, set Set, pollInterval time.Duration) (*Client, error) {
	// Idle workers poll, as the webhook deliverer's do.
	rc := &river.Config{Logger: slog.Default(), PollOnly: true, FetchPollInterval: pollInterval}
	work, err := Configure(rc, set)
	if err != nil {
		return nil, err
	}
	rclient, err := river.NewClient(database.RiverDriver(db.Dialect, db.SQL), rc)
	if err != nil {
		return nil, fmt.Errorf("starting River for queue %s: %w", set.Queue, err)
	}
	return &Client{river: rclient, set: set, work: work}, nil
}

// Set is these jobs for the process's one River client
// (webhook.Config.Jobs); a process that runs them there does not Start
// this client.
func (c *Client) Set() Set { return c.set }

// Start runs the jobs, when they work here, on this client until Stop or
// ctx ends.
func (c *Client) Start(ctx context.Context) error {
	if !c.work {
		return nil
	}
	return c.river.Start(ctx)
}

// Stop waits for jobs under way to end (or ctx to), then stops.
func (c *Client) Stop(ctx context.Context) error {
	if !c.work {
		return nil
	}
	return c.river.Stop(ctx)
}

// InsertTx queues a job of args in client's transaction, so that it runs
// only if the write commits; opts.Queue defaults to the set's queue.
func (c *Client) InsertTx(ctx context.Context, client *ent.Client, args river.JobArgs, opts river.InsertOpts) error {
	tx, ok := ent.SQLTx(client)
	if !ok {
		return fmt.Errorf("enqueueing %s outside a transaction", args.Kind())
	}
	return c.InsertSQLTx(ctx, tx, args, opts)
}

// InsertSQLTx is InsertTx in a database/sql transaction (the bench's
// hand-written floor queues the same jobs as the service).
func (c *Client) InsertSQLTx(ctx context.Context, tx *sql.Tx, args river.JobArgs, opts river.InsertOpts) error {
	if opts.Queue == "" {
		opts.Queue = c.set.Queue
	}
	if _, err := c.river.InsertTx(ctx, tx, args, &opts); err != nil {
		return fmt.Errorf("enqueueing %s: %w", args.Kind(), err)
	}
	return nil
}
