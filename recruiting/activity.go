package recruiting

import (
	"context"
	"fmt"
	"time"

	"github.com/hiregraph/hiregraph/ent"
	"github.com/hiregraph/hiregraph/ent/candidate"
	"github.com/hiregraph/hiregraph/ent/person"
)

// recordActivity notes that something happened on a candidate at time at:
// it moves the candidate's time_hiring_process_updated and its person's
// time_last_activity (the "any activity" filters of spec 4.5), never back.
func recordActivity(ctx context.Context, client *ent.Client, c *ent.Candidate, at time.Time) error {
	if err := client.Candidate.Update().
		Where(candidate.ID(c.ID), candidate.TimeHiringProcessUpdatedLT(at)).
		SetTimeHiringProcessUpdated(at).
		Exec(ctx); err != nil {
		return fmt.Errorf("recording candidate activity: %w", err)
	}
	if err := client.Person.Update().
		Where(person.ID(c.PersonID), person.TimeLastActivityLT(at)).
		SetTimeLastActivity(at).
		Exec(ctx); err != nil {
		return fmt.Errorf("recording person activity: %w", err)
	}
	return nil
}
