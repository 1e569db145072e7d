package recruiting

import (
	"context"
	"fmt"
	"strings"
	"time"

	"entgo.io/ent/dialect/sql"

	"github.com/hiregraph/hiregraph/ent"
	"github.com/hiregraph/hiregraph/ent/candidate"
	"github.com/hiregraph/hiregraph/ent/person"
	"github.com/hiregraph/hiregraph/ent/position"
	"github.com/hiregraph/hiregraph/ent/predicate"
	"github.com/hiregraph/hiregraph/internal/apierror"
)

// CandidateFilter holds the filters of spec 4.5. The REST list and the
// GraphQL candidates connection both apply it. "Before" and "after" are
// strict.
type CandidateFilter struct {
	// Status matches In progress, Rejected, Hired and Withdrawn, in any
	// case and with spaces or underscores.
	Status []string
	// StatusIn matches the statuses as the enum spells them (GraphQL
	// only; Status stays there, deprecated, for a release).
	StatusIn                       []candidate.Status
	TimeCreatedBefore              *time.Time
	TimeCreatedAfter               *time.Time
	TimeLastStatusChangeBefore     *time.Time
	TimeLastStatusChangeAfter      *time.Time
	TimeHiringProcessUpdatedBefore *time.Time
	TimeHiringProcessUpdatedAfter  *time.Time
	// The person filters look at the person's latest activity across all
	// of their candidates.
	TimePersonLastActivityBefore *time.Time
	TimePersonLastActivityAfter  *time.Time
	// Deleted, when set, keeps only deleted (true) or live (false)
	// candidates; unset lists both, so syncing clients see deletions.
	Deleted *bool
	// Search matches the start of the person's first name, last name or
	// e-mail address, in any case (GraphQL only).
	Search *string
	// PositionID and StepID keep the candidates of one position, or now
	// at one pipeline step (GraphQL only).
	PositionID *string
	StepID     *string
}

// ApplyTo is Apply for an optional filter: a nil filter selects everything.
func (f *CandidateFilter) ApplyTo(q *ent.CandidateQuery) (*ent.CandidateQuery, error) {
	if f == nil {
		return q, nil
	}
	return f.Apply(q)
}

// Apply narrows q to the candidates the filter selects.
func (f CandidateFilter) Apply(q *ent.CandidateQuery) (*ent.CandidateQuery, error) {
	var ps []predicate.Candidate
	if len(f.Status) > 0 && len(f.StatusIn) > 0 {
		return nil, apierror.BadRequest("statusIn", "give statusIn or status, not both")
	}
	if len(f.StatusIn) > 0 {
		ps = append(ps, candidate.StatusIn(f.StatusIn...))
	}
	if len(f.Status) > 0 {
		statuses := make([]candidate.Status, 0, len(f.Status))
		for _, v := range f.Status {
			st, ok := CandidateStatuses.Match(v)
			if !ok {
				return nil, apierror.BadRequest("status", "status %q is not one of %s", v, strings.Join(CandidateStatuses.Spellings(), ", "))
			}
			statuses = append(statuses, st)
		}
		ps = append(ps, candidate.StatusIn(statuses...))
	}
	ps = appendRange(ps, f.TimeCreatedBefore, f.TimeCreatedAfter, candidate.TimeCreatedLT, candidate.TimeCreatedGT)
	ps = appendRange(ps, f.TimeLastStatusChangeBefore, f.TimeLastStatusChangeAfter, candidate.TimeLastStatusChangedLT, candidate.TimeLastStatusChangedGT)
	ps = appendRange(ps, f.TimeHiringProcessUpdatedBefore, f.TimeHiringProcessUpdatedAfter, candidate.TimeHiringProcessUpdatedLT, candidate.TimeHiringProcessUpdatedGT)
	if personPs := appendRange(nil, f.TimePersonLastActivityBefore, f.TimePersonLastActivityAfter, person.TimeLastActivityLT, person.TimeLastActivityGT); len(personPs) > 0 {
		ps = append(ps, candidate.HasPersonWith(personPs...))
	}
	if f.Deleted != nil {
		ps = append(ps, candidate.Deleted(*f.Deleted))
	}
	if f.PositionID != nil {
		ps = append(ps, candidate.PositionID(*f.PositionID))
	}
	if f.StepID != nil {
		ps = append(ps, candidate.CurrentStepID(*f.StepID))
	}
	if f.Search != nil && strings.TrimSpace(*f.Search) != "" {
		ps = append(ps, candidate.HasPersonWith(personPrefix(strings.TrimSpace(*f.Search))))
	}
	return q.Where(ps...), nil
}

var candidateList = keysetList[*ent.Candidate]{
	name: "candidates",
	key:  func(c *ent.Candidate) Cursor { return Cursor{c.TimeCreated, c.ID} },
}

// ListCandidates returns one page of the candidates the filter selects, in
// creation order (spec 4.5).
func (s *CandidateService) ListCandidates(ctx context.Context, f CandidateFilter, page PageRequest) (Page[*ent.Candidate], error) {
	return readPage[predicate.Candidate, candidate.OrderOption](ctx, s.core, candidateList, s.candidatesFor(page), f.Apply, page)
}

// candidatesFor starts the query of a page of candidates, which loads the
// fields the page asks for.
func (s *CandidateService) candidatesFor(page PageRequest) *ent.CandidateQuery {
	return s.Client.Candidate.Query().Select(page.Fields...).CandidateQuery
}

// personPrefix matches people whose first name, last name or e-mail
// address starts with prefix, in any case. LIKE's wildcards in prefix are
// escaped, so "50%" finds "50%" only.
func personPrefix(prefix string) predicate.Person {
	lower := strings.ToLower(prefix)
	escaped := strings.NewReplacer(`\`, `\\`, "%", `\%`, "_", `\_`).Replace(lower) + "%"
	return predicate.Person(func(s *sql.Selector) {
		like := func(col string) *sql.Predicate {
			return sql.P(func(b *sql.Builder) {
				b.WriteString("LOWER(" + s.C(col) + ") LIKE ").Arg(escaped).WriteString(` ESCAPE '\'`)
			})
		}
		s.Where(sql.Or(like(person.FieldFirstName), like(person.FieldLastName), sql.HasPrefix(s.C(person.FieldEmailNormalized), lower)))
	})
}

// ListPositionCandidates returns one page of a position's candidates, with
// the filters of the candidates list (spec 4.5). An unknown position, or
// another company's, is position_not_found.
func (s *CandidateService) ListPositionCandidates(ctx context.Context, positionID string, f CandidateFilter, page PageRequest) (Page[*ent.Candidate], error) {
	if err := openList(ctx); err != nil {
		return Page[*ent.Candidate]{}, err
	}
	exists, err := s.Client.Position.Query().Where(position.ID(positionID)).Exist(ctx)
	if err != nil {
		return Page[*ent.Candidate]{}, fmt.Errorf("loading position: %w", err)
	}
	if !exists {
		return Page[*ent.Candidate]{}, apierror.NotFound("position_not_found", "no position has the uid %q", positionID)
	}
	q := s.candidatesFor(page).Where(candidate.PositionID(positionID))
	return readPage[predicate.Candidate, candidate.OrderOption](ctx, s.core, positionCandidateList, q, f.Apply, page)
}
