package recruiting

import (
	"context"
	"fmt"
	"slices"
	"time"

	"entgo.io/ent/privacy"

	"github.com/hiregraph/hiregraph/ent"
	"github.com/hiregraph/hiregraph/ent/interview"
	"github.com/hiregraph/hiregraph/ent/user"
	"github.com/hiregraph/hiregraph/internal/mail"
	"github.com/hiregraph/hiregraph/internal/viewer"
)

// InterviewMail is one invitation e-mail of an interview's change: to the
// interviewer UserID or, when UserID is empty, to the candidate. Sequence
// is the SEQUENCE the change left, so a mail whose interview has changed
// again before it went out is not sent: that change queued its own.
type InterviewMail struct {
	InterviewID string `json:"interview_id"`
	Sequence    int    `json:"sequence"`
	UserID      string `json:"user_id,omitempty"`
}

// queueInvitations queues the invitations of iv as a change left it, in
// the change's transaction: to each interviewer, to the candidate, and to
// the interviewers it had before (before) and no longer has, whose
// calendars get a CANCEL.
func (s *InterviewService) queueInvitations(ctx context.Context, client *ent.Client, iv *ent.Interview, before []string) error {
	if s.Mail == nil {
		return nil
	}
	recipients := []string{""} // the candidate
	for _, u := range iv.Edges.Interviewers {
		recipients = append(recipients, u.ID)
	}
	for _, id := range before {
		if !slices.Contains(recipients, id) {
			recipients = append(recipients, id)
		}
	}
	for _, to := range recipients {
		m := InterviewMail{InterviewID: iv.ID, Sequence: iv.Sequence, UserID: to}
		if err := s.Mail.EnqueueInvitation(ctx, client, m); err != nil {
			return fmt.Errorf("queueing invitation: %w", err)
		}
	}
	return nil
}

// DeliverInvitation sends m through send, as the interview is now: a
// REQUEST to its interviewers and candidate, a CANCEL once it is
// cancelled and to an interviewer taken off it. A mail that a later change
// superseded, or to a candidate without an e-mail address, is not sent.
func (s *InterviewService) DeliverInvitation(ctx context.Context, m InterviewMail, send func(context.Context, mail.Message) error) error {
	ctx = privacy.DecisionContext(ctx, privacy.Allow)
	iv, err := s.Client.Interview.Query().Where(interview.ID(m.InterviewID)).
		WithCandidate(func(q *ent.CandidateQuery) { q.WithPerson() }).
		WithPosition().WithOrganizer().
		WithInterviewers(func(q *ent.UserQuery) { q.Order(ent.Asc(user.FieldID)) }).
		Only(ctx)
	if ent.IsNotFound(err) {
		return nil
	}
	if err != nil {
		return fmt.Errorf("loading interview %s: %w", m.InterviewID, err)
	}
	if iv.Sequence != m.Sequence {
		return nil
	}
	ctx = viewer.NewContext(ctx, viewer.ForService(iv.CompanyID))
	msg, ok, err := s.invitationMail(ctx, iv, m)
	if err != nil || !ok {
		return err
	}
	return send(ctx, msg)
}

// invitationMail is the e-mail of m; false when its recipient has no
// address.
func (s *InterviewService) invitationMail(ctx context.Context, iv *ent.Interview, m InterviewMail) (mail.Message, bool, error) {
	cancelled := iv.Status == interview.StatusCancelled
	audience, to, toName := ForCandidate, "", ""
	if m.UserID == "" {
		p := candidatePerson(iv)
		if p == nil || p.Email == "" {
			return mail.Message{}, false, nil
		}
		to, toName = p.Email, personName(p)
	} else {
		u, err := s.Client.User.Get(ctx, m.UserID)
		if err != nil {
			return mail.Message{}, false, fmt.Errorf("loading interviewer %s: %w", m.UserID, err)
		}
		audience, to, toName = ForInterviewers, u.Email, userName(u)
		cancelled = cancelled || !slices.ContainsFunc(iv.Edges.Interviewers, func(i *ent.User) bool { return i.ID == u.ID })
	}
	icsText, method := invitation(iv, audience, cancelled)
	subject := "Invitation: " + interviewSummary(iv)
	switch {
	case cancelled:
		subject = "Cancelled: " + interviewSummary(iv)
	case iv.Sequence > 0:
		subject = "Updated invitation: " + interviewSummary(iv)
	}
	recipient := m.UserID
	if recipient == "" {
		recipient = "candidate"
	}
	msg := mail.Message{
		ID:             fmt.Sprintf("%s.%d.%s", iv.ID, iv.Sequence, recipient),
		To:             to,
		ToName:         toName,
		Subject:        subject,
		Text:           invitationText(iv, audience, subject),
		Calendar:       icsText,
		CalendarMethod: method,
		Date:           iv.TimeUpdated,
	}
	if o := iv.Edges.Organizer; o != nil {
		msg.FromName, msg.ReplyTo = userName(o), o.Email
	}
	return msg, true, nil
}

// invitationText is the plain-text part beside the calendar, for mail
// clients that show no invitations.
func invitationText(iv *ent.Interview, audience Audience, subject string) string {
	when := iv.TimeStart.UTC().Format("Monday 2 January 2006, 15:04 MST")
	if loc, err := time.LoadLocation(iv.TimeZone); err == nil {
		when = iv.TimeStart.In(loc).Format("Monday 2 January 2006, 15:04 MST")
	}
	text := subject + "\n\nWhen: " + when
	if iv.Location != "" {
		text += "\nWhere: " + iv.Location
	}
	if d := interviewDescription(iv, audience); d != "" {
		text += "\n\n" + d
	}
	return text + "\n"
}
