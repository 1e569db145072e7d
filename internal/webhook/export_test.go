package webhook

import (
	"context"

	"github.com/riverqueue/river"
	"github.com/riverqueue/river/rivertype"
)

// UnfinishedJobs lists the deliveries River has yet to complete or give up
// on, for tests that move its clock to their next attempt.
func (d *Deliverer) UnfinishedJobs(ctx context.Context) ([]*rivertype.JobRow, error) {
	return d.Jobs(ctx, rivertype.JobStateAvailable, rivertype.JobStateRunning, rivertype.JobStateRetryable, rivertype.JobStateScheduled)
}

// Jobs lists the deliveries in the given states.
func (d *Deliverer) Jobs(ctx context.Context, states ...rivertype.JobState) ([]*rivertype.JobRow, error) {
	res, err := d.river.JobList(ctx, river.NewJobListParams().States(states...).First(10000))
	if err != nil {
		return nil, err
	}
	return res.Jobs, nil
}
