// Package personaldata runs the jobs that act on people's data in the
// background, on River in the service's own database: person exports
// (recruiting.Service.RunExport) and the periodic retention
// (recruiting.Service.ApplyRetention).
package personaldata

import (
	"cmp"
	"context"
	"log/slog"
	"time"

	"github.com/riverqueue/river"

	"github.com/hiregraph/hiregraph/ent"
	"github.com/hiregraph/hiregraph/internal/database"
	"github.com/hiregraph/hiregraph/internal/filestore"
	"github.com/hiregraph/hiregraph/internal/jobs"
	"github.com/hiregraph/hiregraph/recruiting"
)

// Job settings.
const (
	// Queue is River's queue of these jobs.
	Queue = "personal_data"
	// DefaultWorkers is how many exports one process writes at once: an
	// export holds the person's files in memory.
	DefaultWorkers = 2
	// DefaultRetentionInterval is how often retention runs.
	DefaultRetentionInterval = time.Hour
	// exportAttempts: a failed export is marked FAILED by the job itself,
	// so River retries only a job whose process died.
	exportAttempts = 3
	// exportTimeout bounds one export and one run of retention.
	exportTimeout = 4 * time.Minute
)

// Config says how the jobs run.
type Config struct {
	DB *database.DB
	// Files is the file store exports read files from and write archives
	// to, and erasures delete files from.
	Files *filestore.Store
	// Now is the clock; tests replace it.
	Now func() time.Time
	// Workers is how many jobs this process runs at once; zero makes it
	// only queue exports, for a process that runs them.
	Workers int
	// PollInterval is how often an idle worker looks for jobs (zero:
	// River's default, 1s).
	PollInterval time.Duration
	// RetentionInterval is how often retention runs (zero:
	// DefaultRetentionInterval).
	RetentionInterval time.Duration
}

// Jobs queues exports and, when it works, runs them and retention: on a
// River client of its own (Start), or, in a server, on the one client of
// the process (Set).
type Jobs struct {
	*jobs.Client
}

// exportArgs is River's job of one export; the worker reads the export as
// it is when it runs.
type exportArgs struct {
	ExportID string `json:"export_id"`
}

func (exportArgs) Kind() string { return "person_export" }

// retentionArgs is River's periodic job of retention, for every company.
type retentionArgs struct{}

func (retentionArgs) Kind() string { return "retention" }

// New returns the jobs over cfg.DB.
func New(cfg Config) (*Jobs, error) {
	service := recruiting.New(recruiting.Dependencies{Client: cfg.DB.Client, Dialect: cfg.DB.Dialect, Files: cfg.Files, Now: cfg.Now})
	client, err := jobs.NewClient(cfg.DB, jobs.Set{
		Queue:   Queue,
		Workers: cfg.Workers,
		Register: func(w *river.Workers) error {
			if err := river.AddWorkerSafely(w, &exportWorker{service: service}); err != nil {
				return err
			}
			return river.AddWorkerSafely(w, &retentionWorker{service: service})
		},
		// River runs periodic jobs on one process of all, its leader.
		Periodic: []*river.PeriodicJob{river.NewPeriodicJob(
			river.PeriodicInterval(cmp.Or(cfg.RetentionInterval, DefaultRetentionInterval)),
			func() (river.JobArgs, *river.InsertOpts) { return retentionArgs{}, &river.InsertOpts{Queue: Queue} },
			&river.PeriodicJobOpts{RunOnStart: true},
		)},
	}, cfg.PollInterval)
	if err != nil {
		return nil, err
	}
	return &Jobs{Client: client}, nil
}

// EnqueueExport queues the export in client's transaction
// (recruiting.ExportQueue).
func (j *Jobs) EnqueueExport(ctx context.Context, client *ent.Client, exportID string) error {
	return j.InsertTx(ctx, client, exportArgs{ExportID: exportID}, river.InsertOpts{MaxAttempts: exportAttempts})
}

// exportWorker writes one export's archive.
type exportWorker struct {
	river.WorkerDefaults[exportArgs]
	service *recruiting.Service
}

// Timeout lets an export outlast the client's default, which the webhook
// deliveries sharing the client set to their short calls; it stays below
// the rescue of stuck jobs (webhook.DefaultRescueAfter).
func (w *exportWorker) Timeout(*river.Job[exportArgs]) time.Duration { return exportTimeout }

func (w *exportWorker) Work(ctx context.Context, job *river.Job[exportArgs]) error {
	return w.service.RunExport(ctx, job.Args.ExportID)
}

// retentionWorker runs retention in every company that set it.
type retentionWorker struct {
	river.WorkerDefaults[retentionArgs]
	service *recruiting.Service
}

// Timeout: as exportWorker's.
func (w *retentionWorker) Timeout(*river.Job[retentionArgs]) time.Duration { return exportTimeout }

func (w *retentionWorker) Work(ctx context.Context, _ *river.Job[retentionArgs]) error {
	n, err := w.service.ApplyRetention(ctx)
	if n > 0 {
		slog.InfoContext(ctx, "retention erased people", "count", n)
	}
	return err
}
