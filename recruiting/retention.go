package recruiting

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/hiregraph/hiregraph/ent"
	"github.com/hiregraph/hiregraph/ent/candidate"
	"github.com/hiregraph/hiregraph/ent/company"
	"github.com/hiregraph/hiregraph/ent/person"
	"github.com/hiregraph/hiregraph/ent/privacy"
	"github.com/hiregraph/hiregraph/ent/schema/schematype"
	"github.com/hiregraph/hiregraph/internal/apierror"
	"github.com/hiregraph/hiregraph/internal/permission"
	"github.com/hiregraph/hiregraph/internal/viewer"
)

// Why retention erases a person (RetentionDue.Reason).
const (
	// RetentionInactive: every candidacy closed, none with activity for
	// the company's retention days.
	RetentionInactive = "INACTIVE"
	// RetentionConsentExpired: every candidacy closed, and the consent of
	// an application ran out, however recent its activity.
	RetentionConsentExpired = "CONSENT_EXPIRED"
)

// RetentionDue is a person retention erases, and why.
type RetentionDue struct {
	PersonID     string   `json:"person_uid"`
	CandidateIDs []string `json:"candidate_uids"`
	// Reason is RetentionInactive or RetentionConsentExpired.
	Reason string `json:"reason"`
}

// consentYears is how long an applicant's consent runs: the form
// (ConsentText) says the company keeps the application up to two years.
const consentYears = 2

// consentExpiry is when a consent given at t ends.
func consentExpiry(t time.Time) time.Time { return t.AddDate(consentYears, 0, 0) }

// consentExpiresOf is when an application's consent ends; applications
// older than time_consent_expires ran the form's two years.
func consentExpiresOf(a *ent.Application) time.Time {
	if a.TimeConsentExpires != nil {
		return *a.TimeConsentExpires
	}
	return consentExpiry(a.TimeConsented)
}

// SetRetention sets the company's retention days (nil: off). It needs
// people:erase, as retention erases people.
func (s *PrivacyService) SetRetention(ctx context.Context, days *int) (*ent.Company, error) {
	if err := Require(ctx, permission.ErasePeople); err != nil {
		return nil, err
	}
	if days != nil && *days < 1 {
		return nil, apierror.Invalid("days", "days must be at least 1, or null to turn retention off")
	}
	var out *ent.Company
	err := s.WithTx(ctx, func(ctx context.Context, client *ent.Client) error {
		// Companies are the operator's, so only the service writes one.
		allow := privacy.DecisionContext(ctx, privacy.Allow)
		before, err := client.Company.Query().Where(company.ID(viewerCompany(ctx)), lockedForWrite).Only(allow)
		if err != nil {
			return fmt.Errorf("loading company: %w", err)
		}
		upd := client.Company.UpdateOne(before).ClearRetentionDays()
		if days != nil {
			upd.SetRetentionDays(*days)
		}
		if out, err = upd.Save(allow); err != nil {
			return fmt.Errorf("setting retention: %w", err)
		}
		change := schematype.FieldChange{Field: company.FieldRetentionDays, Before: before.RetentionDays, After: out.RetentionDays}
		return s.record(ctx, client, Activity{Verb: VerbRetentionChanged, ObjectType: "Company", ObjectID: out.ID,
			Changes: []schematype.FieldChange{change}})
	})
	if err != nil {
		return nil, err
	}
	return out.Unwrap(), nil
}

// VerbRetentionChanged is the event of a company's retention setting
// changed: who erases people automatically, and after how long, is
// audited like the erasures themselves.
const VerbRetentionChanged = "company.retention_changed"

// RunRetention erases the company's people retention finds due, each in a
// transaction of its own as ErasePerson does, in the caller's name; with
// dryRun it only lists them. It needs people:erase.
func (s *PrivacyService) RunRetention(ctx context.Context, dryRun bool) ([]*RetentionDue, error) {
	if err := Require(ctx, permission.ErasePeople); err != nil {
		return nil, err
	}
	company := viewerCompany(ctx)
	due, cutoff, err := s.retentionDue(viewer.NewContext(ctx, viewer.ForService(company)), company)
	if err != nil || dryRun {
		return due, err
	}
	erased := due[:0]
	for _, d := range due {
		ok, err := s.eraseIfStillDue(ctx, d.PersonID, cutoff)
		if err != nil {
			return nil, fmt.Errorf("erasing person %s: %w", d.PersonID, err)
		}
		if ok {
			erased = append(erased, d)
		}
	}
	return erased, nil
}

// errNoLongerDue rolls back the erasure of a person who applied again, or
// was moved back, between retention's list and their erasure.
var errNoLongerDue = errors.New("no longer due for retention")

// eraseIfStillDue erases the person when, with their candidates locked,
// retention still finds them due: the list was read without locks, and an
// application that arrived since must not be erased with the old ones.
func (s *PrivacyService) eraseIfStillDue(ctx context.Context, personID string, cutoff time.Time) (bool, error) {
	_, err := s.erasePerson(ctx, personID, func(ctx context.Context, client *ent.Client, locked []*ent.Candidate) error {
		var live []string
		for _, c := range locked {
			if !c.Deleted {
				live = append(live, c.ID)
			}
		}
		cands, err := client.Candidate.Query().Where(candidate.IDIn(live...)).
			WithApplications().Order(ent.Asc(candidate.FieldID)).All(ctx)
		if err != nil {
			return fmt.Errorf("re-reading candidacies: %w", err)
		}
		if len(cands) == 0 {
			return errNoLongerDue
		}
		if _, ok := personDue(cands, cutoff, s.now()); !ok {
			return errNoLongerDue
		}
		return nil
	})
	if errors.Is(err, errNoLongerDue) {
		return false, nil
	}
	return err == nil, err
}

// ApplyRetention runs retention in every company that set it (the
// periodic retention job), as the service: the erasures' person.erased
// events name the system as their actor. It returns how many people it
// erased; a company that fails is logged and the others still run.
func (s *PrivacyService) ApplyRetention(ctx context.Context) (int, error) {
	ids, err := s.Client.Company.Query().Where(company.RetentionDaysNotNil()).IDs(privacy.DecisionContext(ctx, privacy.Allow))
	if err != nil {
		return 0, fmt.Errorf("listing companies with retention: %w", err)
	}
	erased := 0
	for _, id := range ids {
		ctx := viewer.NewContext(ctx, viewer.ForService(id))
		due, cutoff, err := s.retentionDue(ctx, id)
		if err != nil {
			slog.ErrorContext(ctx, "retention", "company", id, "error", err)
			continue
		}
		for _, d := range due {
			ok, err := s.eraseIfStillDue(ctx, d.PersonID, cutoff)
			if err != nil {
				slog.ErrorContext(ctx, "retention: erasing a person", "company", id, "person", d.PersonID, "error", err)
				continue
			}
			if ok {
				erased++
			}
		}
	}
	return erased, nil
}

// retentionDue lists the people of the company retention would erase now
// (docs/personal-data.md, Retention): those whose every candidacy not yet
// erased is rejected or withdrawn, and each of those either had no
// activity for the company's retention days or holds an application whose
// consent expired. A person with a candidacy still open (or hired) keeps
// everything. None while the company has no retention days. cutoff is the
// last activity time that still counts as recent.
func (s *PrivacyService) retentionDue(ctx context.Context, companyID string) (due []*RetentionDue, cutoff time.Time, err error) {
	c, err := s.Client.Company.Get(ctx, companyID)
	if err != nil {
		return nil, cutoff, fmt.Errorf("loading company: %w", err)
	}
	due = []*RetentionDue{}
	if c.RetentionDays == nil {
		return due, cutoff, nil
	}
	now := s.now()
	cutoff = now.AddDate(0, 0, -*c.RetentionDays)
	closed := candidate.And(candidate.Deleted(false), candidate.StatusIn(candidate.StatusRejected, candidate.StatusWithdrawn))
	cands, err := s.Client.Candidate.Query().
		Where(candidate.Deleted(false), candidate.HasPersonWith(person.HasCandidatesWith(closed))).
		WithApplications().Order(candidate.ByPersonID(), candidate.ByID()).All(ctx)
	if err != nil {
		return nil, cutoff, fmt.Errorf("loading closed candidacies: %w", err)
	}
	for start := 0; start < len(cands); {
		end := start
		for end < len(cands) && cands[end].PersonID == cands[start].PersonID {
			end++
		}
		if d, ok := personDue(cands[start:end], cutoff, now); ok {
			due = append(due, d)
		}
		start = end
	}
	return due, cutoff, nil
}

// personDue decides on one person from their candidacies not yet erased.
func personDue(cands []*ent.Candidate, cutoff, now time.Time) (*RetentionDue, bool) {
	d := &RetentionDue{PersonID: cands[0].PersonID, Reason: RetentionInactive}
	for _, c := range cands {
		if c.Status != candidate.StatusRejected && c.Status != candidate.StatusWithdrawn {
			return nil, false
		}
		d.CandidateIDs = append(d.CandidateIDs, c.ID)
		if consentExpired(c, now) {
			d.Reason = RetentionConsentExpired
			continue
		}
		if !c.TimeHiringProcessUpdated.Before(cutoff) {
			return nil, false
		}
	}
	return d, true
}

// consentExpired tells whether the consent of one of the candidate's
// applications has run out.
func consentExpired(c *ent.Candidate, now time.Time) bool {
	for _, a := range c.Edges.Applications {
		if !consentExpiresOf(a).After(now) {
			return true
		}
	}
	return false
}
