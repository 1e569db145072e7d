package recruiting

import (
	"context"
	"fmt"

	"github.com/hiregraph/hiregraph/ent"
	"github.com/hiregraph/hiregraph/ent/interview"
)

// NextInterview is c's next interview (NextInterviews); nil when none.
// Within a GraphQL operation it is loaded for every candidate the
// operation read, at once.
func (s *InterviewService) NextInterview(ctx context.Context, c *ent.Candidate) (*ent.Interview, error) {
	reads := readsOf(ctx)
	if reads == nil {
		next, err := s.NextInterviews(ctx, []string{c.ID})
		return next[c.ID], err
	}
	return get(&reads.nextInterviews, c.ID, wholeReads(reads, &reads.candidates, candidateID, anyCandidate), func(ids []string) (map[string]*ent.Interview, error) {
		return s.NextInterviews(ctx, ids)
	})
}

// NextInterviews returns, by candidate, the next interview among those
// the viewer sees of each candidate of ids that has one: the earliest
// scheduled interview that has not ended by the server's clock. One query
// for all of them; a candidate has few interviews to come, so reading
// them all and keeping each candidate's first costs less than numbering
// them in the database.
func (s *InterviewService) NextInterviews(ctx context.Context, ids []string) (map[string]*ent.Interview, error) {
	rows, err := s.clientOf(ctx).Interview.Query().
		Where(interview.CandidateIDIn(ids...), interview.StatusEQ(interview.StatusScheduled), interview.TimeEndGT(s.now())).
		Order(ent.Asc(interview.FieldTimeStart), ent.Asc(interview.FieldID)).
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
