package recruiting

import (
	"context"
	"fmt"
	"time"

	"github.com/hiregraph/hiregraph/ent"
	"github.com/hiregraph/hiregraph/ent/interview"
	"github.com/hiregraph/hiregraph/ent/interviewinterviewer"
	"github.com/hiregraph/hiregraph/ent/user"
	"github.com/hiregraph/hiregraph/internal/viewer"
)

// Agenda is the query of the interviews the user the request acts for
// interviews at (cancelled ones only with includeCancelled), among those
// they see; none for an API key acting for no one.
func (s *InterviewService) Agenda(ctx context.Context, includeCancelled bool) *ent.InterviewQuery {
	v, _ := viewer.FromContext(ctx)
	q := s.Client.Interview.Query().Where(interview.HasInterviewerRowsWith(interviewinterviewer.UserID(v.UserID)))
	if !includeCancelled {
		q.Where(interview.StatusEQ(interview.StatusScheduled))
	}
	return q
}

// NextInterviewStarts returns, for each of cands with one, when the next
// interview at its current step starts: the earliest scheduled interview
// of the candidate at that step that has not ended. One query for all of
// them.
func (s *InterviewService) NextInterviewStarts(ctx context.Context, cands []*ent.Candidate) (map[string]time.Time, error) {
	stepOf := make(map[string]string, len(cands))
	for _, c := range cands {
		if c.CurrentStepID != nil {
			stepOf[c.ID] = *c.CurrentStepID
		}
	}
	if len(stepOf) == 0 {
		return nil, nil
	}
	ids := make([]string, 0, len(stepOf))
	for id := range stepOf {
		ids = append(ids, id)
	}
	rows, err := s.Client.Interview.Query().
		Where(interview.CandidateIDIn(ids...), interview.StatusEQ(interview.StatusScheduled), interview.TimeEndGT(s.now())).
		Order(ent.Asc(interview.FieldTimeStart)).
		Select(interview.FieldCandidateID, interview.FieldStepID, interview.FieldTimeStart).
		All(ctx)
	if err != nil {
		return nil, fmt.Errorf("reading interviews: %w", err)
	}
	out := make(map[string]time.Time, len(rows))
	for _, iv := range rows {
		_, seen := out[iv.CandidateID]
		if !seen && iv.StepID != nil && *iv.StepID == stepOf[iv.CandidateID] {
			out[iv.CandidateID] = iv.TimeStart
		}
	}
	return out, nil
}

// Invitation reads the interview id, as the viewer sees it, with what its
// invitation names, and returns the invitation for audience
// (InterviewInvitation). The mail of invitations sends the candidate's
// and the interviewers' after each schedule, reschedule and cancel.
func (s *InterviewService) Invitation(ctx context.Context, id string, audience Audience) (icsText []byte, method string, err error) {
	if _, err := findInterview(ctx, s.Client, id); err != nil {
		return nil, "", err
	}
	iv, err := s.Client.Interview.Query().Where(interview.ID(id)).
		WithCandidate(func(q *ent.CandidateQuery) { q.WithPerson() }).
		WithPosition().WithOrganizer().
		WithInterviewers(func(q *ent.UserQuery) { q.Order(ent.Asc(user.FieldID)) }).
		Only(ctx)
	if err != nil {
		return nil, "", fmt.Errorf("loading interview: %w", err)
	}
	icsText, method = InterviewInvitation(iv, audience)
	return icsText, method, nil
}

// InterviewCalendarURL is where the interviewers' invitation of iv is
// downloaded, with the same credentials as the API.
func (s *InterviewService) InterviewCalendarURL(ctx context.Context, iv *ent.Interview) string {
	return s.Links.InterviewCalendar(ctx, iv.ID)
}
