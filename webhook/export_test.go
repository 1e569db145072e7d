package webhook

import (
	"context"

	"github.com/riverqueue/river"
	"github.com/riverqueue/river/rivertype"
)

// UnfinishedJobs lists the deliveries River has yet to complete or give up
// on, for tests that move its clock to their next attempt.
func (d *Deliverer) UnfinishedJobs(ctx context.Context) ([]*rivertype.JobRow, error) {
	res, err := d.river.JobList(ctx, river.NewJobListParams().
		States(rivertype.JobStateAvailable, rivertype.JobStateRunning, rivertype.JobStateRetryable, rivertype.JobStateScheduled).
		First(10000))
	if err != nil {
		return nil, err
	}
	return res.Jobs, nil
}
