package filetext

import (
	"context"
	"database/sql"
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
	// Queue is River's queue of file readings.
	Queue = "file_text"
	// DefaultWorkers is how many files one process reads at once: each
	// holds its file in memory.
	DefaultWorkers = 2
	// attempts: a file that cannot be read is not retried (ReadFileText);
	// River retries a failing store or database.
	attempts = 5
)

// Config says how files are read.
type Config struct {
	DB *database.DB
	// Files is the file store the files are read from.
	Files *filestore.Store
	// Workers is how many files this process reads at once; zero makes
	// it only queue them.
	Workers int
	// PollInterval is how often an idle worker looks for files (zero:
	// River's default, 1s).
	PollInterval time.Duration
}

// Jobs queues file readings (recruiting.FileTextQueue) and, when it works,
// reads the files: on a River client of its own (Start), or, in a server,
// on the one client of the process (Set).
type Jobs struct {
	*jobs.Client
}

// readArgs is River's job of one file's reading.
type readArgs struct {
	FileID string `json:"file_id"`
}

func (readArgs) Kind() string { return "read_file_text" }

// New returns the jobs over cfg.DB.
func New(cfg Config) (*Jobs, error) {
	service := recruiting.New(recruiting.Dependencies{Client: cfg.DB.Client, Dialect: cfg.DB.Dialect, Files: cfg.Files})
	workers := cfg.Workers
	if cfg.Files == nil {
		workers = 0
	}
	client, err := jobs.NewClient(cfg.DB, jobs.Set{
		Queue:    Queue,
		Workers:  workers,
		Register: func(w *river.Workers) error { return river.AddWorkerSafely(w, &worker{service: service}) },
	}, cfg.PollInterval)
	if err != nil {
		return nil, err
	}
	return &Jobs{Client: client}, nil
}

// EnqueueFileText queues the reading of a file in client's transaction
// (recruiting.FileTextQueue).
func (j *Jobs) EnqueueFileText(ctx context.Context, client *ent.Client, fileID string) error {
	return j.InsertTx(ctx, client, readArgs{FileID: fileID}, river.InsertOpts{MaxAttempts: attempts})
}

// EnqueueFileTextSQL is EnqueueFileText in a database/sql transaction
// (the bench's hand-written floor).
func (j *Jobs) EnqueueFileTextSQL(ctx context.Context, tx *sql.Tx, fileID string) error {
	return j.InsertSQLTx(ctx, tx, readArgs{FileID: fileID}, river.InsertOpts{MaxAttempts: attempts})
}

// worker reads one file.
type worker struct {
	river.WorkerDefaults[readArgs]
	service *recruiting.Service
}

// Timeout leaves the reading its own Timeout, then the store and the
// database their time.
func (w *worker) Timeout(*river.Job[readArgs]) time.Duration { return Timeout + 30*time.Second }

func (w *worker) Work(ctx context.Context, job *river.Job[readArgs]) error {
	return w.service.ReadFileText(ctx, job.Args.FileID, Read)
}
