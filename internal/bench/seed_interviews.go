package bench

import (
	"context"
	"fmt"
	"time"

	"github.com/schollz/progressbar/v3"

	"github.com/hiregraph/hiregraph/ent"
	"github.com/hiregraph/hiregraph/ent/candidate"
	"github.com/hiregraph/hiregraph/ent/interview"
	"github.com/hiregraph/hiregraph/ent/user"
)

// Interviews the seed gives a candidate with interviews: one that ended
// before the seed, with a scorecard by each of its interviewers, and one
// ahead (the board's next interview), in the candidate's step.
const (
	pastInterviewAgo   = 7 * 24 * time.Hour
	nextInterviewAhead = 365 * 24 * time.Hour
	interviewLength    = time.Hour
	pastInterviewers   = 2
)

// seedInterviews gives every other in-progress candidate of each bench
// position the two interviews above, with the company's users as interviewers in turns,
// and the scorecards of the past one, showing progress on bar.
func seedInterviews(ctx context.Context, client *ent.Client, company string, bar *progressbar.ProgressBar) error {
	users, err := client.User.Query().Where(user.CompanyID(company)).IDs(ctx)
	if err != nil || len(users) < pastInterviewers {
		return fmt.Errorf("finding interviewers (%d users): %w", len(users), err)
	}
	templates, err := seedTemplates(ctx, client, company)
	if err != nil {
		return fmt.Errorf("seeding scorecard templates: %w", err)
	}
	now := time.Now().UTC().Truncate(time.Minute)
	after, n, perPosition := "", 0, map[string]int{}
	for {
		// Read by primary key alone and filtered here: at 1M the filters
		// in the query had SQLite scan the candidates afresh each batch.
		page, err := client.Candidate.Query().Where(candidate.IDGT(after)).Order(candidate.ByID()).Limit(batchSize).
			Select(candidate.FieldID, candidate.FieldCompanyID, candidate.FieldPositionID, candidate.FieldStatus, candidate.FieldCurrentStepID).All(ctx)
		if err != nil {
			return fmt.Errorf("reading candidates after %q: %w", after, err)
		}
		if len(page) == 0 {
			return bar.Finish()
		}
		after = page[len(page)-1].ID
		var cands []*ent.Candidate
		for _, c := range page {
			if _, bench := templates[c.PositionID]; bench && c.CompanyID == company && c.Status == candidate.StatusInProgress {
				cands = append(cands, c)
			}
		}
		err = inTx(ctx, client, func(ctx context.Context, tx *ent.Client) error {
			return seedInterviewsOf(ctx, tx, company, cands, users, templates, now, &n, perPosition)
		})
		if err != nil {
			return fmt.Errorf("seeding interviews after %q: %w", after, err)
		}
		_ = bar.Add(len(cands))
	}
}

// seedInterviewsOf writes the interviews of every other candidate of
// each position among cands (counted on by perPosition; n counts them
// all), their interviewer rows and the past ones' scorecards on the
// templates (attribute ids by position).
func seedInterviewsOf(ctx context.Context, tx *ent.Client, company string, cands []*ent.Candidate, users []string, templates map[string][]string,
	now time.Time, n *int, perPosition map[string]int) error {
	var builders []*ent.InterviewCreate
	var interviewers [][]string
	for _, c := range cands {
		*n++
		perPosition[c.PositionID]++
		if perPosition[c.PositionID]%2 == 1 {
			continue
		}
		past := now.Add(-pastInterviewAgo).Add(time.Duration(*n%600) * time.Minute)
		next := now.Add(nextInterviewAhead).Add(time.Duration(*n%600) * time.Minute)
		for _, start := range []time.Time{past, next} {
			builders = append(builders, tx.Interview.Create().SetCompanyID(company).
				SetCandidateID(c.ID).SetPositionID(c.PositionID).SetNillableStepID(c.CurrentStepID).
				SetOrganizerID(users[*n%len(users)]).SetStatus(interview.StatusScheduled).
				SetTimeStart(start).SetTimeEnd(start.Add(interviewLength)).SetTimeZone("Europe/Berlin").
				SetVideoURL("https://meet.example/bench"))
		}
		var panel []string
		for i := range pastInterviewers {
			panel = append(panel, users[(*n+i)%len(users)])
		}
		interviewers = append(interviewers, panel, panel[:1])
	}
	if len(builders) == 0 {
		return nil
	}
	saved, err := tx.Interview.CreateBulk(builders...).Save(ctx)
	if err != nil {
		return err
	}
	var rows []*ent.InterviewInterviewerCreate
	for i, iv := range saved {
		for _, u := range interviewers[i] {
			rows = append(rows, tx.InterviewInterviewer.Create().SetInterviewID(iv.ID).SetUserID(u))
		}
	}
	if err := tx.InterviewInterviewer.CreateBulk(rows...).Exec(ctx); err != nil {
		return err
	}
	return seedScorecards(ctx, tx, company, saved, interviewers, templates, now)
}
