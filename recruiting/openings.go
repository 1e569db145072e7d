package recruiting

import (
	"context"
	"slices"
	"strings"
	"time"

	"github.com/hiregraph/hiregraph/ent"
	"github.com/hiregraph/hiregraph/ent/candidate"
	"github.com/hiregraph/hiregraph/ent/opening"
	"github.com/hiregraph/hiregraph/ent/predicate"
	"github.com/hiregraph/hiregraph/internal/apierror"
)

// OpeningFilter holds the filters of spec 4.4. The REST list and the
// GraphQL openings connection both apply it. "Before" and "after" are
// strict.
type OpeningFilter struct {
	// Status matches approval statuses (NA, APPROVED, REJECTED, STARTED,
	// PAUSED) and opening states (OPEN, PENDING, FILLED, CLOSED), any case;
	// an opening matching any value is returned.
	Status                     []string
	PositionID                 *string
	HiredCandidateID           *string
	TimeCreatedBefore          *time.Time
	TimeCreatedAfter           *time.Time
	TimeLastStatusChangeBefore *time.Time
	TimeLastStatusChangeAfter  *time.Time
	TimeUpdatedBefore          *time.Time
	TimeUpdatedAfter           *time.Time
}

// ApplyTo is Apply for an optional filter: a nil filter selects everything.
func (f *OpeningFilter) ApplyTo(q *ent.OpeningQuery) (*ent.OpeningQuery, error) {
	if f == nil {
		return q, nil
	}
	return f.Apply(q)
}

// Apply narrows q to the openings the filter selects.
func (f OpeningFilter) Apply(q *ent.OpeningQuery) (*ent.OpeningQuery, error) {
	ps, err := f.predicates()
	if err != nil {
		return nil, err
	}
	return q.Where(ps...), nil
}

func (f OpeningFilter) predicates() ([]predicate.Opening, error) {
	var ps []predicate.Opening
	if len(f.Status) > 0 {
		p, err := openingStatusPredicate(f.Status)
		if err != nil {
			return nil, err
		}
		ps = append(ps, p)
	}
	if f.PositionID != nil {
		ps = append(ps, opening.PositionID(*f.PositionID))
	}
	if f.HiredCandidateID != nil {
		ps = append(ps, opening.HasHiresWith(candidate.ID(*f.HiredCandidateID)))
	}
	ps = appendRange(ps, f.TimeCreatedBefore, f.TimeCreatedAfter, opening.TimeCreatedLT, opening.TimeCreatedGT)
	ps = appendRange(ps, f.TimeLastStatusChangeBefore, f.TimeLastStatusChangeAfter, opening.TimeLastStatusChangeLT, opening.TimeLastStatusChangeGT)
	ps = appendRange(ps, f.TimeUpdatedBefore, f.TimeUpdatedAfter, opening.TimeUpdatedLT, opening.TimeUpdatedGT)
	return ps, nil
}

func openingStatusPredicate(values []string) (predicate.Opening, error) {
	var approvals []opening.ApprovalStatus
	var states []opening.Status
	for _, v := range values {
		if a, ok := ApprovalStatuses.Match(v); ok {
			approvals = append(approvals, a)
		} else if st, ok := OpeningStates.Match(v); ok {
			states = append(states, st)
		} else {
			accepted := append(slices.Clone(ApprovalStatuses.Spellings()), OpeningStates.Spellings()...)
			return nil, apierror.BadRequest("status", "status %q is not one of %s", v, strings.Join(accepted, ", "))
		}
	}
	return opening.Or(opening.ApprovalStatusIn(approvals...), opening.StatusIn(states...)), nil
}

// appendRange adds the strict before/after bounds that are set.
func appendRange[P any](ps []P, before, after *time.Time, lt, gt func(time.Time) P) []P {
	if before != nil {
		ps = append(ps, lt(*before))
	}
	if after != nil {
		ps = append(ps, gt(*after))
	}
	return ps
}

var openingList = keysetList[*ent.Opening]{
	name: "openings",
	key:  func(o *ent.Opening) Cursor { return Cursor{o.TimeCreated, o.ID} },
}

// ListOpenings returns one page of the openings the filter selects, in
// creation order, with their approval processes and hires (spec 4.4).
func (s *PositionService) ListOpenings(ctx context.Context, f OpeningFilter, page PageRequest) (Page[*ent.Opening], error) {
	return readPage[predicate.Opening, opening.OrderOption](ctx, s.core, openingList, withOpeningDetails(s.Client.Opening.Query()), f.Apply, page)
}
