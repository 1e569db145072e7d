package hiregraphtest

import (
	"context"
	"testing"
	"time"

	"github.com/hiregraph/hiregraph/internal/personaldata"
	"github.com/hiregraph/hiregraph/internal/server"
)

// RunPersonalData is a config adjustment (NewWithConfig) that makes the
// server write person exports and run retention every retention (zero:
// hourly), polling often, stopped when t ends.
func RunPersonalData(t testing.TB, retention time.Duration) func(*server.Config) {
	return func(cfg *server.Config) {
		jobs, err := personaldata.New(personaldata.Config{DB: cfg.DB, Files: cfg.Files, Now: cfg.Now, Workers: 2,
			PollInterval: 100 * time.Millisecond, RetentionInterval: retention})
		if err != nil {
			t.Fatal(err)
		}
		runJobs(t, jobs)
		cfg.PersonalData = jobs
	}
}

// startStopper is a set of background jobs.
type startStopper interface {
	Start(ctx context.Context) error
	Stop(ctx context.Context) error
}

// runJobs starts jobs and stops them when t ends.
func runJobs(t testing.TB, jobs startStopper) {
	if err := jobs.Start(context.Background()); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		jobs.Stop(ctx)
	})
}
