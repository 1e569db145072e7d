// Package jobs describes the background jobs of a process, so that one
// River client runs them all. River elects one leader among the clients
// of a database, and only the leader rescues the jobs of dead processes
// and schedules periodic jobs, each with its own client's settings: with
// two working clients in one process, the rescue and the schedules of the
// one not elected would never run.
package jobs

import (
	"fmt"

	"github.com/riverqueue/river"
)

// Set is one kind of work: a queue, how many of its jobs a process runs
// at once (zero: none, the process only enqueues), its workers and its
// periodic jobs.
type Set struct {
	Queue    string
	Workers  int
	Register func(*river.Workers) error
	Periodic []*river.PeriodicJob
}

// Configure gives rc the workers, queues and periodic jobs of the sets
// that run here, and tells whether any does; a client with none only
// enqueues.
func Configure(rc *river.Config, sets ...Set) (bool, error) {
	workers := river.NewWorkers()
	queues := map[string]river.QueueConfig{}
	for _, s := range sets {
		if s.Workers <= 0 {
			continue
		}
		if err := s.Register(workers); err != nil {
			return false, fmt.Errorf("workers of queue %s: %w", s.Queue, err)
		}
		queues[s.Queue] = river.QueueConfig{MaxWorkers: s.Workers}
		rc.PeriodicJobs = append(rc.PeriodicJobs, s.Periodic...)
	}
	if len(queues) == 0 {
		return false, nil
	}
	rc.Workers, rc.Queues = workers, queues
	return true, nil
}
