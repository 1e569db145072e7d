package jobs_test

import (
	"context"
	"testing"
	"time"

	"github.com/riverqueue/river"

	"github.com/hiregraph/hiregraph/internal/jobs"
)

type pingArgs struct{}

func (pingArgs) Kind() string { return "ping" }

type pingWorker struct {
	river.WorkerDefaults[pingArgs]
}

func (pingWorker) Work(context.Context, *river.Job[pingArgs]) error { return nil }

func register(w *river.Workers) error { return river.AddWorkerSafely(w, pingWorker{}) }

// Sets that run here give the client their queues and schedules; sets
// that only enqueue give nothing, and a client of only those works none.
func TestConfigure(t *testing.T) {
	every := river.NewPeriodicJob(river.PeriodicInterval(time.Hour),
		func() (river.JobArgs, *river.InsertOpts) { return pingArgs{}, nil }, nil)
	var rc river.Config
	work, err := jobs.Configure(&rc,
		jobs.Set{Queue: "a", Workers: 3, Register: register, Periodic: []*river.PeriodicJob{every}},
		jobs.Set{Queue: "b", Workers: 0, Register: func(*river.Workers) error { t.Error("registered an idle set"); return nil }})
	if err != nil || !work {
		t.Fatalf("Configure = %v, %v", work, err)
	}
	if len(rc.Queues) != 1 || rc.Queues["a"].MaxWorkers != 3 || len(rc.PeriodicJobs) != 1 || rc.Workers == nil {
		t.Errorf("config: queues %v, %d periodic jobs", rc.Queues, len(rc.PeriodicJobs))
	}

	var idle river.Config
	if work, err := jobs.Configure(&idle, jobs.Set{Queue: "b"}); err != nil || work || idle.Workers != nil {
		t.Errorf("an enqueue-only set: work %v, err %v, workers %v", work, err, idle.Workers)
	}
}
