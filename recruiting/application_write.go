package recruiting

import (
	"context"
	"fmt"

	"github.com/hiregraph/hiregraph/ent"
	"github.com/hiregraph/hiregraph/ent/activity"
	"github.com/hiregraph/hiregraph/ent/candidate"
	"github.com/hiregraph/hiregraph/ent/person"
	"github.com/hiregraph/hiregraph/ent/schema/rule"
	"github.com/hiregraph/hiregraph/internal/apierror"
)

// VerbCandidateApplied is the timeline's "applied via careers site": an
// application arrived for the candidate.
const VerbCandidateApplied = "candidate.applied"

// careersSite is the actor of what a careers site does for an applicant.
var careersSite = Actor{Type: activity.ActorTypeCareersSite, Name: "careers site"}

// writeApplication makes the applicant a candidate of the position through
// createCandidate (the person found by e-mail or made, the first step, the
// candidate.created activity), or finds the candidate the person already
// is, then records the application, its files and the candidate.applied
// activity. It runs in the caller's transaction.
func (s *CareersService) writeApplication(ctx context.Context, client *ent.Client, p *ent.Position, app *checkedApplication, files []*storedFile) (*Applied, error) {
	// The candidate.applied activity below indexes the candidate with
	// its application and files.
	c, err := s.applicant(withIndexLater(ctx), client, p, app)
	if err != nil {
		return nil, err
	}
	now := s.now()
	a, err := client.Application.Create().
		SetCandidateID(c.ID).SetEmail(app.Email).SetSource(app.Source).SetLinkedinURL(app.LinkedInURL).
		SetCoverLetter(app.CoverLetter).SetAnswers(app.answers).SetDemographicAnswers(app.demographicAnswers).SetConsentText(app.ConsentText).
		SetTimeConsented(now).SetTimeConsentExpires(consentExpiry(now)).SetTimeCreated(now).
		Save(ctx)
	if err != nil {
		return nil, fmt.Errorf("saving application: %w", err)
	}
	for _, f := range files {
		if _, err := s.createFileRow(ctx, client, c.ID, f, now); err != nil {
			return nil, err
		}
	}
	err = s.record(ctx, client, Activity{
		Verb: VerbCandidateApplied, ObjectType: "Application", ObjectID: a.ID, Candidate: c, Actor: &careersSite,
		Changes: Change("source", nil, app.Source),
	})
	if err != nil {
		return nil, err
	}
	return &Applied{ApplicationUID: a.ID, Message: appliedMessage(app.FirstName, p.Name)}, nil
}

// applicant is the candidate an application joins: a new one, or the
// person's hiring process for the position when there is one already (an
// application after RepeatWindow adds to it, never duplicates it).
func (s *CareersService) applicant(ctx context.Context, client *ent.Client, p *ent.Position, app *checkedApplication) (*ent.Candidate, error) {
	c, err := s.candidates.CreateCandidateAs(ctx, CreateCandidateInput{
		PositionID: p.ID,
		Person:     PersonInput{FirstName: &app.FirstName, LastName: &app.LastName, Email: &app.Email, Phone: &app.Phone},
		Source:     &app.Source,
	}, careersSite)
	if e, ok := apierror.As(err); ok && e.Code == CodeCandidateExists {
		// Locked, as the candidacy's other writes do: the application's
		// activity re-indexes it.
		c, err = client.Candidate.Query().
			Where(candidate.PositionID(p.ID), candidate.Deleted(false), candidate.HasPersonWith(person.EmailNormalized(rule.NormalEmail(app.Email))), lockedForWrite).
			First(ctx)
	}
	if err != nil {
		return nil, fmt.Errorf("making the applicant a candidate: %w", err)
	}
	return c, nil
}
