package recruiting

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/hiregraph/hiregraph/ent"
	"github.com/hiregraph/hiregraph/ent/opening"
	"github.com/hiregraph/hiregraph/ent/position"
	"github.com/hiregraph/hiregraph/ent/predicate"
	"github.com/hiregraph/hiregraph/internal/apierror"
)

// PositionFilter holds the filters of GET /v1/positions. Before and after
// are strict.
type PositionFilter struct {
	// Status matches open, on hold and closed, in any case, with spaces
	// or underscores; a position matching any value is listed.
	Status            []string
	IsPublished       *bool
	TimeCreatedBefore *time.Time
	TimeCreatedAfter  *time.Time
	TimeUpdatedBefore *time.Time
	TimeUpdatedAfter  *time.Time
}

// Apply narrows q to the positions the filter selects. Templates are never
// listed: they are the company's forms for new positions, not positions it
// hires for (GET /v1/positions/{uid} reads them).
func (f PositionFilter) Apply(q *ent.PositionQuery) (*ent.PositionQuery, error) {
	ps := []predicate.Position{position.IsTemplate(false)}
	if len(f.Status) > 0 {
		statuses := make([]position.Status, 0, len(f.Status))
		for _, v := range f.Status {
			st, ok := PositionStatuses.Match(v)
			if !ok {
				return nil, apierror.BadRequest("status", "status %q is not one of %s", v, strings.Join(PositionStatuses.Spellings(), ", "))
			}
			statuses = append(statuses, st)
		}
		ps = append(ps, position.StatusIn(statuses...))
	}
	if f.IsPublished != nil {
		ps = append(ps, position.IsPublished(*f.IsPublished))
	}
	ps = appendRange(ps, f.TimeCreatedBefore, f.TimeCreatedAfter, position.TimeCreatedLT, position.TimeCreatedGT)
	ps = appendRange(ps, f.TimeUpdatedBefore, f.TimeUpdatedAfter, position.TimeUpdatedLT, position.TimeUpdatedGT)
	return q.Where(ps...), nil
}

var positionList = keysetList[*ent.Position]{
	name: "positions",
	key:  func(p *ent.Position) Cursor { return Cursor{p.TimeCreated, p.ID} },
}

// withOpenings loads what the position object of spec 2.1 shows: the
// location, and the openings with their approval processes in creation
// order (one query each for a whole page).
func withOpenings(q *ent.PositionQuery) *ent.PositionQuery {
	return q.WithLocation().
		WithOpenings(func(q *ent.OpeningQuery) { withOpeningDetails(q).Order(opening.ByTimeCreated(), opening.ByID()) })
}

// ListPositions returns one page of the company's positions (templates
// left out) in creation order, with their locations and openings.
func (s *PositionService) ListPositions(ctx context.Context, f PositionFilter, page PageRequest) (Page[*ent.Position], error) {
	return readPage[predicate.Position, position.OrderOption](ctx, s.core, positionList, withOpenings(s.Client.Position.Query()), f.Apply, page)
}

// Position reads one position of the company, templates included, with
// its location and openings.
func (s *PositionService) Position(ctx context.Context, id string) (*ent.Position, error) {
	if err := RequireRead(ctx); err != nil {
		return nil, err
	}
	p, err := withOpenings(s.Client.Position.Query()).Where(position.ID(id)).Only(ctx)
	if ent.IsNotFound(err) {
		return nil, apierror.NotFound("position_not_found", "no position has the uid %q", id)
	}
	if err != nil {
		return nil, fmt.Errorf("loading position: %w", err)
	}
	return p, nil
}

// positionCandidateList has a name of its own: its cursors are not those of
// the company's candidates list.
var positionCandidateList = keysetList[*ent.Candidate]{
	name: "position_candidates",
	key:  func(c *ent.Candidate) Cursor { return Cursor{c.TimeCreated, c.ID} },
}
