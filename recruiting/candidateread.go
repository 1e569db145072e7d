package recruiting

import (
	"context"
	"strings"

	"github.com/hiregraph/hiregraph/ent"
	"github.com/hiregraph/hiregraph/ent/candidate"
	"github.com/hiregraph/hiregraph/ent/person"
	"github.com/hiregraph/hiregraph/ent/schema/rule"
	"github.com/hiregraph/hiregraph/internal/apierror"
)

// Candidate returns one candidate of the company; a deleted one too, as
// the list shows it. Another company's reads as missing.
func (s *CandidateService) Candidate(ctx context.Context, id string) (*ent.Candidate, error) {
	if err := RequireRead(ctx); err != nil {
		return nil, err
	}
	c, err := s.Client.Candidate.Get(ctx, id)
	if ent.IsNotFound(err) {
		return nil, apierror.NotFound(apierror.CodeCandidateNotFound, "no candidate has the uid %q", id)
	}
	return c, err
}

// FindDuplicates returns the company's people with the e-mail address, in
// any case: the one createCandidate would reuse, and any duplicates
// recorded before the unique key existed. Oldest first.
func (s *CandidateService) FindDuplicates(ctx context.Context, email string) ([]*ent.Person, error) {
	q, err := duplicatesOf(ctx, s.Client, email)
	if err != nil {
		return nil, err
	}
	return q.Order(person.ByTimeCreated(), person.ByID()).All(ctx)
}

// duplicatesOf checks email and returns the query of the company's people
// with that address, in any case.
func duplicatesOf(ctx context.Context, client *ent.Client, email string) (*ent.PersonQuery, error) {
	if err := RequireRead(ctx); err != nil {
		return nil, err
	}
	email = strings.TrimSpace(email)
	if email == "" {
		return nil, apierror.BadRequest("email", "email is required")
	}
	if err := validateEmail("email", email); err != nil {
		return nil, apierror.BadRequest("email", "email must be an e-mail address like ada@example.com, got %q", email)
	}
	key := rule.NormalEmail(email)
	return client.Person.Query().Where(person.Or(person.EmailNormalized(key), person.EmailEqualFold(key))), nil
}

// DuplicateCandidates returns the candidates of the people FindDuplicates
// finds, newest first.
func (s *CandidateService) DuplicateCandidates(ctx context.Context, email string) ([]*ent.Candidate, error) {
	people, err := s.FindDuplicates(ctx, email)
	if err != nil || len(people) == 0 {
		return []*ent.Candidate{}, err
	}
	ids := make([]string, len(people))
	for i, p := range people {
		ids[i] = p.ID
	}
	return s.Client.Candidate.Query().
		Where(candidate.PersonIDIn(ids...)).
		Order(candidate.ByTimeCreated(), candidate.ByID()).
		All(ctx)
}
