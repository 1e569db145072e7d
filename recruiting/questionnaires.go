package recruiting

import (
	"context"

	"github.com/hiregraph/hiregraph/ent"
	"github.com/hiregraph/hiregraph/ent/predicate"
	"github.com/hiregraph/hiregraph/ent/questionnaire"
)

var questionnaireList = keysetList[*ent.Questionnaire]{
	name: "questionnaires",
	key:  func(q *ent.Questionnaire) Cursor { return Cursor{q.TimeCreated, q.ID} },
}

// ListQuestionnaires returns one page of the company's questionnaires
// (spec 4.6), in creation order.
func (s *PositionService) ListQuestionnaires(ctx context.Context, page PageRequest) (Page[*ent.Questionnaire], error) {
	return readPage[predicate.Questionnaire, questionnaire.OrderOption](ctx, s.core, questionnaireList, s.Client.Questionnaire.Query(), noFilter, page)
}
