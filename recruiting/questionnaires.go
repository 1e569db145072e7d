package recruiting

import (
	"context"
	"fmt"

	"entgo.io/ent/dialect/sql"

	"github.com/hiregraph/hiregraph/ent"
	"github.com/hiregraph/hiregraph/ent/predicate"
	"github.com/hiregraph/hiregraph/ent/questionnaire"
)

// ListQuestionnaires returns one page of the company's questionnaires
// (spec 4.6), in creation order, and the cursor of the next page.
func (s *Service) ListQuestionnaires(ctx context.Context, page PageRequest) ([]*ent.Questionnaire, *Cursor, error) {
	q := s.Client.Questionnaire.Query()
	return fetchPage(ctx, page, func(q *ent.Questionnaire) Cursor { return Cursor{q.TimeCreated, q.ID} },
		func(after func(*sql.Selector), n int) ([]*ent.Questionnaire, error) {
			if after != nil {
				q.Where(predicate.Questionnaire(after))
			}
			rows, err := q.Order(questionnaire.ByTimeCreated(), questionnaire.ByID()).Limit(n).All(ctx)
			if err != nil {
				return nil, fmt.Errorf("listing questionnaires: %w", err)
			}
			return rows, nil
		})
}
