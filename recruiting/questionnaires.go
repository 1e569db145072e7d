package recruiting

import (
	"context"
	"fmt"

	"github.com/hiregraph/hiregraph/ent"
	"github.com/hiregraph/hiregraph/ent/predicate"
	"github.com/hiregraph/hiregraph/ent/questionnaire"
	"github.com/hiregraph/hiregraph/viewer"
)

// ListQuestionnaires returns one page of the company's questionnaires
// (spec 4.6), in creation order, and the cursor of the next page.
func (s *Service) ListQuestionnaires(ctx context.Context, page PageRequest) ([]*ent.Questionnaire, *Cursor, error) {
	if err := Require(ctx, viewer.ScopeRead); err != nil {
		return nil, nil, err
	}
	q := s.Client.Questionnaire.Query()
	if page.After != nil {
		q.Where(predicate.Questionnaire(afterCursor(*page.After)))
	}
	rows, err := q.Order(questionnaire.ByTimeCreated(), questionnaire.ByID()).Limit(page.Limit + 1).All(ctx)
	if err != nil {
		return nil, nil, fmt.Errorf("listing questionnaires: %w", err)
	}
	rows, next := nextCursor(rows, page.Limit, func(q *ent.Questionnaire) Cursor { return Cursor{q.TimeCreated, q.ID} })
	return rows, next, nil
}
