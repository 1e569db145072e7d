package recruiting

import (
	"context"
	"fmt"

	"github.com/hiregraph/hiregraph/ent"
	"github.com/hiregraph/hiregraph/ent/questionnaire"
	"github.com/hiregraph/hiregraph/ent/schema/schematype"
	"github.com/hiregraph/hiregraph/internal/permission"
)

// ApplicationAnswers are an application's answers as its reader may see
// them. Answers never holds an answer to a question marked demographic;
// Demographic holds those, and is nil without demographics:view.
type ApplicationAnswers struct {
	Answers, Demographic []schematype.NamedValue
}

// AnswersOf returns the answers of app for the reader of ctx. Applications
// store demographic answers apart when they arrive; one sent before its
// question was marked holds the answer among the others, where the
// question's title tells it apart, so marking a question demographic
// hides its past answers too.
func (s *CandidateService) AnswersOf(ctx context.Context, app *ent.Application) (ApplicationAnswers, error) {
	marks, err := onceInOperation(ctx, func(m *visibilityMemo) **questionMarks { return &m.questions }, func() (*questionMarks, error) { return s.loadQuestionMarks(ctx) })
	if err != nil {
		return ApplicationAnswers{}, err
	}
	out := ApplicationAnswers{Answers: []schematype.NamedValue{}}
	marked := []schematype.NamedValue{}
	for _, a := range app.Answers {
		if marks.demographic[a.Name] {
			marked = append(marked, a)
		} else {
			out.Answers = append(out.Answers, a)
		}
	}
	if readerHas(ctx)(permission.ViewDemographics) {
		out.Demographic = append([]schematype.NamedValue{}, app.DemographicAnswers...)
		out.Demographic = append(out.Demographic, marked...)
	}
	return out, nil
}

// questionMarks knows the titles of the company's questions marked
// demographic.
type questionMarks struct {
	demographic map[string]bool
}

func (s *CandidateService) loadQuestionMarks(ctx context.Context) (*questionMarks, error) {
	qs, err := s.clientOf(ctx).Questionnaire.Query().Select(questionnaire.FieldQuestions).All(ctx)
	if err != nil {
		return nil, fmt.Errorf("loading the demographic questions: %w", err)
	}
	marks := &questionMarks{demographic: map[string]bool{}}
	for _, q := range qs {
		for _, question := range q.Questions {
			if question.Demographic {
				marks.demographic[question.Title] = true
			}
		}
	}
	return marks, nil
}
