// Package reportrollup keeps the reports' rollup (recruiting,
// schema.ReportCount) small: a periodic River job folds the delta rows the
// writes insert into one row per key and day, and the server backfills the
// companies of a database written before the rollup when it starts.
package reportrollup

import (
	"context"
	"log/slog"
	"time"

	"github.com/riverqueue/river"

	"github.com/hiregraph/hiregraph/internal/database"
	"github.com/hiregraph/hiregraph/internal/jobs"
	"github.com/hiregraph/hiregraph/recruiting"
)

const (
	// Queue is River's queue of the compaction.
	Queue = "report_counts"
	// DefaultInterval is how often the deltas are folded: a report sums
	// the deltas of at most this long besides one row per key and day.
	DefaultInterval = 5 * time.Minute
	// timeout bounds one compaction.
	timeout = 4 * time.Minute
)

// compactArgs is River's periodic job of compaction, for every company.
type compactArgs struct{}

func (compactArgs) Kind() string { return "compact_report_counts" }

// Set is the compaction's jobs, to run on the process's River client.
func Set(db *database.DB, interval time.Duration) jobs.Set {
	service := recruiting.New(recruiting.Dependencies{Client: db.Client, Dialect: db.Dialect})
	return jobs.Set{
		Queue:    Queue,
		Workers:  1,
		Register: func(w *river.Workers) error { return river.AddWorkerSafely(w, &worker{service: service}) },
		// River runs periodic jobs on one process of all, its leader.
		Periodic: []*river.PeriodicJob{river.NewPeriodicJob(river.PeriodicInterval(interval),
			func() (river.JobArgs, *river.InsertOpts) { return compactArgs{}, &river.InsertOpts{Queue: Queue} },
			&river.PeriodicJobOpts{RunOnStart: true})},
	}
}

// worker folds the deltas.
type worker struct {
	river.WorkerDefaults[compactArgs]
	service *recruiting.Service
}

func (w *worker) Timeout(*river.Job[compactArgs]) time.Duration { return timeout }

func (w *worker) Work(ctx context.Context, _ *river.Job[compactArgs]) error {
	n, err := w.service.CompactReportCounts(ctx)
	if n > 0 {
		slog.DebugContext(ctx, "compacted report counts", "days", n)
	}
	return err
}

// Backfill counts, for the reports, the companies a database holds from
// before the rollup (recruiting.ReportService.BackfillReportCounts). The
// server runs it before it serves.
func Backfill(ctx context.Context, db *database.DB) error {
	service := recruiting.New(recruiting.Dependencies{Client: db.Client, Dialect: db.Dialect})
	n, err := service.BackfillReportCounts(ctx)
	if n > 0 {
		slog.InfoContext(ctx, "counted for reports", "companies", n)
	}
	return err
}
