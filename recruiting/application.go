package recruiting

import (
	"context"
	"fmt"
	"time"

	"entgo.io/ent/dialect"
	"github.com/oklog/ulid/v2"

	"github.com/hiregraph/hiregraph/ent"
	"github.com/hiregraph/hiregraph/ent/application"
	"github.com/hiregraph/hiregraph/ent/candidate"
	"github.com/hiregraph/hiregraph/ent/candidatefile"
	"github.com/hiregraph/hiregraph/internal/apierror"
	"github.com/hiregraph/hiregraph/internal/viewer"
)

// RepeatWindow is how long a repeated application of the same e-mail to
// the same position is taken as the same application (a double click, a
// retry after a lost answer) rather than a new one.
const RepeatWindow = 24 * time.Hour

// Applied is the answer to an application.
type Applied struct {
	ApplicationUID string `json:"application_uid"`
	Message        string `json:"message"`
}

func appliedMessage(firstName, positionName string) string {
	return fmt.Sprintf("Thank you, %s: your application for %s was received. We will be in touch by e-mail.", firstName, positionName)
}

// Apply takes an application from a careers site (ctx is the careers
// context of company): it checks every field, stores the files, and makes
// the candidate (createCandidate: the person found by e-mail or made, at
// the position's first step) with the application, its files and an
// activity, in one transaction. A repeat within RepeatWindow answers the
// first application again and writes nothing.
func (s *CareersService) Apply(ctx context.Context, company *ent.Company, positionID string, in ApplyInput) (*Applied, error) {
	p, err := s.openForApplications(ctx, positionID)
	if err != nil {
		return nil, err
	}
	if in.Website != "" {
		// The honeypot was filled in: a bot. It gets the answer a person
		// would, so it learns nothing, and nothing is stored.
		return &Applied{ApplicationUID: "app_" + ulid.Make().String(), Message: appliedMessage(in.FirstName, p.Name)}, nil
	}
	app, err := checkApplication(in, formQuestions(p))
	if err != nil {
		return nil, err
	}
	// The careers site acts for the applicant: it may write this one
	// application of its company and nothing else.
	ctx = viewer.NewContext(ctx, viewer.ForKey(company.ID, "", []string{viewer.ScopeRead, viewer.ScopeWrite}))
	if prior, err := s.recentApplication(ctx, s.Client, app.Email, p.ID); err != nil || prior != nil {
		return prior, err
	}
	files, err := s.storeApplicationFiles(ctx, in)
	if err != nil {
		return nil, err
	}
	var out *Applied
	written := false
	err = s.WithTx(ctx, func(ctx context.Context, client *ent.Client) error {
		// Checked again inside the transaction, after any racing
		// application of the e-mail to the position has committed: many
		// submissions at once make one application.
		if err := s.lockApplication(ctx, client, app.Email, p.ID); err != nil {
			return err
		}
		if out, err = s.recentApplication(ctx, client, app.Email, p.ID); err != nil || out != nil {
			return err
		}
		out, err = s.writeApplication(ctx, client, p, app, files)
		written = err == nil
		return err
	})
	// A repeat answers the first application, whose files are stored
	// already: this one's go, as do those of a failed transaction.
	if err != nil || !written {
		s.forget(ctx, files...)
	}
	if err != nil {
		return nil, err
	}
	return out, nil
}

// lockApplication makes the applications of one e-mail address to one
// position wait for each other until the first commits, so that the
// repeat check after it sees a racing application. On PostgreSQL that is
// a transaction-scoped advisory lock on the (e-mail, position) key, taken
// first in the transaction: a transaction waiting for it holds no other
// lock, so it joins no deadlock. It is simpler than a row lock, which
// would need a row to exist (the person may be new) and would be taken
// out of the order other writes take rows in. SQLite needs none: its
// transactions write one at a time from their start (_txlock=immediate).
func (s *CareersService) lockApplication(ctx context.Context, client *ent.Client, email, positionID string) error {
	if s.Dialect != dialect.Postgres {
		return nil
	}
	if _, err := client.ExecContext(ctx, "SELECT pg_advisory_xact_lock(hashtextextended($1, 0))", email+"\n"+positionID); err != nil {
		return fmt.Errorf("locking the applications of %s to %s: %w", email, positionID, err)
	}
	return nil
}

// recentApplication finds an application of email to the position made
// within RepeatWindow.
func (s *CareersService) recentApplication(ctx context.Context, client *ent.Client, email, positionID string) (*Applied, error) {
	a, err := client.Application.Query().
		Where(application.Email(email), application.TimeCreatedGT(s.now().Add(-RepeatWindow)),
			application.HasCandidateWith(candidate.PositionID(positionID))).
		WithCandidate(func(q *ent.CandidateQuery) { q.WithPerson().WithPosition() }).
		Order(application.ByTimeCreated()).First(ctx)
	if ent.IsNotFound(err) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("looking for a repeated application: %w", err)
	}
	c := a.Edges.Candidate
	return &Applied{ApplicationUID: a.ID, Message: appliedMessage(c.Edges.Person.FirstName, c.Edges.Position.Name)}, nil
}

// storeApplicationFiles stores the resume and cover letter file, if sent.
// A refused file is reported on its field, as the form's other errors are.
func (s *CareersService) storeApplicationFiles(ctx context.Context, in ApplyInput) ([]*storedFile, error) {
	var out []*storedFile
	for _, f := range []struct {
		field string
		kind  candidatefile.Kind
		up    *Upload
	}{{"resume", candidatefile.KindResume, in.Resume}, {"cover_letter_file", candidatefile.KindCoverLetter, in.CoverLetterFile}} {
		if f.up == nil {
			continue
		}
		stored, err := s.storeUpload(ctx, f.field, f.kind, *f.up)
		if err != nil {
			s.forget(ctx, out...)
			if e, ok := apierror.As(err); ok && e.Field != "" && e.Fields == nil {
				e.Fields = map[string]string{e.Field: e.Message}
			}
			return nil, err
		}
		out = append(out, stored)
	}
	return out, nil
}
