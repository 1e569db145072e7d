package recruiting

import (
	"context"
	"fmt"

	"github.com/hiregraph/hiregraph/ent"
	"github.com/hiregraph/hiregraph/ent/interview"
)

// interviewTimeColumns are the columns of an interview that say when it
// is: all a board card shows of a candidate's next interview. Reading
// only them spares a board of 100 cards converting a dozen more columns
// per interview, most of them times the SQLite driver parses.
var interviewTimeColumns = []string{
	interview.FieldID, interview.FieldCandidateID, interview.FieldStatus,
	interview.FieldTimeStart, interview.FieldTimeEnd, interview.FieldTimeZone,
}

// NextInterview is c's next interview (NextInterviews); nil when none.
// timesOnly reads only the columns that say when it is (its id, status,
// start, end and time zone), for a reader that shows nothing else. Within
// a GraphQL operation it is loaded for every candidate the operation
// read, at once.
func (s *InterviewService) NextInterview(ctx context.Context, c *ent.Candidate, timesOnly bool) (*ent.Interview, error) {
	var columns []string
	if timesOnly {
		columns = interviewTimeColumns
	}
	batchOf := func(r *operationReads) *batch[*ent.Interview] { return &r.nextInterviews }
	if timesOnly {
		batchOf = func(r *operationReads) *batch[*ent.Interview] { return &r.nextInterviewTimes }
	}
	return perRecord(ctx, c.ID, batchOf, candidatesRead, func(ctx context.Context, ids []string) (map[string]*ent.Interview, error) {
		return s.NextInterviews(ctx, ids, columns...)
	})
}

// NextInterviews returns, by candidate, the next interview among those
// the viewer sees of each candidate of ids that has one: the earliest
// scheduled interview that has not ended by the server's clock, with the
// given columns (all when none). One query for all of them; a candidate
// has few interviews to come, so reading them all and keeping each
// candidate's first costs less than numbering them in the database.
func (s *InterviewService) NextInterviews(ctx context.Context, ids []string, columns ...string) (map[string]*ent.Interview, error) {
	rows, err := s.clientOf(ctx).Interview.Query().
		Where(interview.CandidateIDIn(ids...), interview.StatusEQ(interview.StatusScheduled), interview.TimeEndGT(s.now())).
		Order(ent.Asc(interview.FieldTimeStart), ent.Asc(interview.FieldID)).
		Select(columns...).
		All(ctx)
	if err != nil {
		return nil, fmt.Errorf("reading next interviews: %w", err)
	}
	out := make(map[string]*ent.Interview, len(ids))
	for _, iv := range rows {
		if _, seen := out[iv.CandidateID]; !seen {
			out[iv.CandidateID] = iv
		}
	}
	return out, nil
}
