package recruiting

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"net/http"
	"strings"
	"time"

	entsql "entgo.io/ent/dialect/sql"

	"github.com/hiregraph/hiregraph/ent"
	"github.com/hiregraph/hiregraph/ent/candidate"
	"github.com/hiregraph/hiregraph/ent/person"
	"github.com/hiregraph/hiregraph/ent/position"
	"github.com/hiregraph/hiregraph/ent/schema"
	"github.com/hiregraph/hiregraph/ent/schema/rule"
	"github.com/hiregraph/hiregraph/ent/schema/schematype"
	"github.com/hiregraph/hiregraph/internal/apierror"
	"github.com/hiregraph/hiregraph/internal/permission"
)

// Verbs of a candidate's lifecycle (README, Candidate transitions).
const (
	VerbCandidateCreated    = "candidate.created"
	VerbCandidateUpdated    = "candidate.updated"
	VerbCandidateMoved      = "candidate.moved"
	VerbCandidateRejected   = "candidate.rejected"
	VerbCandidateRevived    = "candidate.revived"
	VerbCandidateHired      = "candidate.hired"
	VerbCandidateUnhired    = "candidate.unhired"
	VerbCandidateWithdrawn  = "candidate.withdrawn"
	VerbCandidateAssigned   = "candidate.assigned"
	VerbCandidateUnassigned = "candidate.unassigned"
	VerbPersonUpdated       = "person.updated"
)

// Error codes of candidate operations.
const (
	CodeCandidateExists     = "candidate_exists"
	CodePersonNotFound      = "person_not_found"
	CodeIllegalTransition   = "illegal_transition"
	CodeReasonNotFound      = "rejection_reason_not_found"
	CodeOpeningNotFound     = "opening_not_found"
	CodeOpeningFilled       = "opening_filled"
	CodeOpeningNotAvailable = "opening_not_available"
	CodeUserNotFound        = "user_not_found"
)

// PersonInput holds a person's fields. On create, FirstName is required;
// on update, null fields stay as they are and "" clears an optional one.
type PersonInput struct {
	FirstName  *string `json:"first_name"`
	MiddleName *string `json:"middle_name"`
	LastName   *string `json:"last_name"`
	Email      *string `json:"email"`
	Phone      *string `json:"phone"`
}

// CreateCandidateInput starts a hiring process.
type CreateCandidateInput struct {
	PositionID string      `json:"position_uid"`
	Person     PersonInput `json:"person"`
	// Source says where the candidate came from: careers site, referral,
	// sourcing and so on; free text.
	Source *string `json:"source"`
}

// CreateCandidate starts a hiring process for the person with the input's
// e-mail address, at the first step of the position's pipeline. A person of
// the company with that address (in any case) is reused, never recorded
// twice, even when two requests race: the unique (company, e-mail) index
// decides and the loser reads the winner's person. It needs the write scope.
func (s *CandidateService) CreateCandidate(ctx context.Context, in CreateCandidateInput) (*ent.Candidate, error) {
	if err := Require(ctx, permission.SourceCandidates); err != nil {
		return nil, err
	}
	return s.createCandidate(ctx, in, nil)
}

// CreateCandidateAs is CreateCandidate for a caller that authenticated
// the request itself and acts for someone else, such as a careers site for
// an applicant: it skips the write-scope check and records actor on the
// timeline. ctx must carry the company's viewer.
func (s *CandidateService) CreateCandidateAs(ctx context.Context, in CreateCandidateInput, actor Actor) (*ent.Candidate, error) {
	return s.createCandidate(ctx, in, &actor)
}

func (s *CandidateService) createCandidate(ctx context.Context, in CreateCandidateInput, actor *Actor) (*ent.Candidate, error) {
	source := ""
	var sourceErr error
	if in.Source != nil {
		source = strings.TrimSpace(*in.Source)
		if len([]rune(source)) > 200 {
			sourceErr = apierror.Invalid("source", "source may be at most 200 characters")
		}
	}
	if err := apierror.Join(validateNewPerson(in.Person), sourceErr); err != nil {
		return nil, err
	}
	var created *ent.Candidate
	err := s.WithTx(ctx, func(ctx context.Context, client *ent.Client) error {
		if err := takesCandidates(ctx, client, in.PositionID); err != nil {
			return err
		}
		steps, err := s.pipelineOf(ctx, client, in.PositionID)
		if err != nil {
			return err
		}
		per, err := s.findOrCreatePerson(ctx, client, in.Person)
		if err != nil {
			return err
		}
		now := s.now()
		c, err := insertCandidate(ctx, client, per, in.PositionID, steps[0], source, now)
		if err != nil {
			return err
		}
		by := actorOf(ctx)
		if actor != nil {
			by = *actor
		}
		if err := startStay(ctx, client, c, steps[0], actorRef(by), now); err != nil {
			return err
		}
		// What the new candidate counts for, from what this transaction
		// wrote: nothing needs reading.
		first := []*ent.CandidateStep{{Name: steps[0].Name, Kind: stepType(steps[0].Kind)}}
		if err := insertRollupDeltas(ctx, client, c, rollupOf(c, first)); err != nil {
			return err
		}
		created = c
		return s.record(ctx, client, Activity{
			Verb: VerbCandidateCreated, ObjectType: "Candidate", ObjectID: c.ID, Candidate: c, Actor: actor, Object: c,
			Changes: append(append(Change("status", nil, c.Status), Change("step", nil, steps[0].Name)...), Change("person", nil, per.ID)...),
		})
	})
	return created, err
}

// takesCandidates refuses a candidate for a missing position and for a
// template: a template is the blueprint positions are cloned from, with no
// board of its own, so a candidacy there would wait unseen. It reads the
// one column it decides on, not the position's details and workflow.
func takesCandidates(ctx context.Context, client *ent.Client, positionID string) error {
	p, err := findPosition(ctx, client, positionID, position.FieldIsTemplate)
	if err != nil {
		return err
	}
	if p.IsTemplate {
		return apierror.New(http.StatusUnprocessableEntity, CodePositionIsTemplate,
			"position %s is a template; add candidates to a position cloned from it", positionID)
	}
	return nil
}

// insertCandidate records a candidacy at first, the position's first
// step, or refuses it with candidate_exists when the person has a live one
// for the position (a deleted one does not count). The unique index of
// live candidacies decides, so of racing creates exactly one succeeds and
// the others answer what a later repeat does. The insert does nothing on
// that conflict (on PostgreSQL it waits for the racing transaction first),
// which keeps this transaction usable where a unique violation would abort
// it, and ent, finding no returned row, answers sql.ErrNoRows. Save honours
// the conflict clause set on create and returns the candidate as inserted,
// so nothing is read back.
func insertCandidate(ctx context.Context, client *ent.Client, per *ent.Person, positionID string, first *ent.PipelineStep, source string, now time.Time) (*ent.Candidate, error) {
	create := client.Candidate.Create().
		SetPersonID(per.ID).SetPositionID(positionID).SetSource(source).
		SetCurrentStepID(first.ID).SetCurrentSteps([]schematype.Step{{Name: first.Name, Type: stepType(first.Kind)}}).SetCompletedSteps([]schematype.Step{}).
		SetTimeCreated(now).SetTimeLastStatusChanged(now).SetTimeHiringProcessUpdated(now)
	create.OnConflict(entsql.ConflictColumns(candidate.FieldPersonID, candidate.FieldPositionID), entsql.ConflictWhere(entsql.ExprP(schema.LiveCandidacy))).
		DoNothing()
	c, err := create.Save(ctx)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, candidateExists(ctx, client, per, positionID)
	}
	if err != nil {
		return nil, fmt.Errorf("saving candidate: %w", err)
	}
	return c, nil
}

// candidateExists is the error of a create that found the person's live
// candidacy for the position.
func candidateExists(ctx context.Context, client *ent.Client, per *ent.Person, positionID string) error {
	existing, err := client.Candidate.Query().
		Where(candidate.PersonID(per.ID), candidate.PositionID(positionID), candidate.Deleted(false)).
		OnlyID(ctx)
	if err != nil {
		return fmt.Errorf("reading the live candidacy a create conflicted with: %w", err)
	}
	return apierror.New(http.StatusConflict, CodeCandidateExists,
		"%s is already a candidate for this position: %s", per.FirstName, existing)
}

func validateNewPerson(in PersonInput) error {
	if in.FirstName == nil || strings.TrimSpace(*in.FirstName) == "" {
		in.FirstName = nil // reported here, not again by validatePerson
		return apierror.Join(apierror.Invalid("person.first_name", "person.first_name is required"), validatePerson(in))
	}
	return validatePerson(in)
}

// validatePerson reports every field of in at fault, so a form can mark
// them all at once.
func validatePerson(in PersonInput) error {
	var errs []error
	for _, f := range []struct {
		name  string
		value *string
		max   int
	}{
		{"person.first_name", in.FirstName, 100}, {"person.middle_name", in.MiddleName, 100}, {"person.last_name", in.LastName, 100},
		{"person.email", in.Email, 320}, {"person.phone", in.Phone, 50},
	} {
		if f.value != nil && len([]rune(*f.value)) > f.max {
			errs = append(errs, apierror.Invalid(f.name, "%s may be at most %d characters", f.name, f.max))
		} else if f.name == "person.first_name" && f.value != nil && strings.TrimSpace(*f.value) == "" {
			errs = append(errs, apierror.Invalid(f.name, "%s cannot be empty", f.name))
		} else if f.name == "person.email" && f.value != nil {
			errs = append(errs, validateEmail(f.name, strings.TrimSpace(*f.value)))
		}
	}
	return apierror.Join(errs...)
}

// FindPersonByEmail returns the company's person with the e-mail address,
// in any case, or nil.
func findPersonByEmail(ctx context.Context, client *ent.Client, email string) (*ent.Person, error) {
	key := rule.NormalEmail(email)
	if key == "" {
		return nil, nil
	}
	p, err := client.Person.Query().Where(person.EmailNormalized(key)).Only(ctx)
	if ent.IsNotFound(err) {
		return nil, nil
	}
	return p, err
}

// findOrCreatePerson returns the person with the input's e-mail address,
// creating it when the company has none.
func (s *CandidateService) findOrCreatePerson(ctx context.Context, client *ent.Client, in PersonInput) (*ent.Person, error) {
	email := ""
	if in.Email != nil {
		email = strings.TrimSpace(*in.Email)
	}
	if p, err := findPersonByEmail(ctx, client, email); p != nil || err != nil {
		return p, err
	}
	return s.insertPerson(ctx, client, in, email)
}

// insertPerson records a new person. With an e-mail address the insert does
// nothing on a conflict of the (company, e-mail) index, so when a concurrent
// request created the person since the look-up, this transaction stays
// usable (PostgreSQL aborts one on a plain unique violation) and the re-read
// returns that person.
func (s *CandidateService) insertPerson(ctx context.Context, client *ent.Client, in PersonInput, email string) (*ent.Person, error) {
	now := s.now()
	create := client.Person.Create().
		SetFirstName(strings.TrimSpace(*in.FirstName)).
		SetTimeCreated(now).SetTimeLastActivity(now)
	setOptional(in.MiddleName, create.SetMiddleName)
	setOptional(in.LastName, create.SetLastName)
	setOptional(in.Phone, create.SetPhone)
	if email == "" {
		p, err := create.Save(ctx)
		if err != nil {
			return nil, fmt.Errorf("saving person: %w", err)
		}
		return p, nil
	}
	create.SetEmail(email).OnConflictColumns(person.FieldCompanyID, person.FieldEmailNormalized).DoNothing()
	// On a conflict nothing is inserted and ent, finding no returned row,
	// answers sql.ErrNoRows: that is the lost race, not a failure. Save
	// returns the person inserted, so only the lost race reads.
	p, err := create.Save(ctx)
	if err == nil {
		return p, nil
	}
	if !errors.Is(err, sql.ErrNoRows) {
		return nil, fmt.Errorf("saving person: %w", err)
	}
	p, err = findPersonByEmail(ctx, client, email)
	if err == nil && p == nil {
		err = fmt.Errorf("person %q vanished after its insert", email)
	}
	return p, err
}

func setOptional[T any](v *string, set func(string) T) {
	if v != nil && strings.TrimSpace(*v) != "" {
		set(strings.TrimSpace(*v))
	}
}
