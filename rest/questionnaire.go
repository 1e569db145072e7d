package rest

import (
	"net/http"

	"github.com/hiregraph/hiregraph/ent"
	"github.com/hiregraph/hiregraph/ent/schema/schematype"
)

// questionnaireJSON is the questionnaire object of spec 2.11, with the
// spec's spelling of speicifc_type.
type questionnaireJSON struct {
	UID          string         `json:"uid"`
	SpecificType string         `json:"speicifc_type"`
	Name         string         `json:"name"`
	EnabledFor   string         `json:"enabled_for"`
	ShowAs       string         `json:"show_as"`
	Questions    []questionJSON `json:"questions"`
}

// questionJSON is a question as spec 2.11 shows it: without required,
// which only careers sites' apply forms use.
type questionJSON struct {
	Title       string                      `json:"title"`
	Explanation string                      `json:"explanation"`
	Options     []schematype.QuestionOption `json:"options,omitempty"`
}

func newQuestionnaireJSON(q *ent.Questionnaire) questionnaireJSON {
	questions := make([]questionJSON, len(q.Questions))
	for i, question := range q.Questions {
		questions[i] = questionJSON{Title: question.Title, Explanation: question.Explanation, Options: question.Options}
	}
	return questionnaireJSON{UID: q.ID, SpecificType: q.SpecificType, Name: q.Name, EnabledFor: q.EnabledFor, ShowAs: q.ShowAs, Questions: questions}
}

// listQuestionnaires serves GET /questionnaires (spec 4.6).
func (a *API) listQuestionnaires(w http.ResponseWriter, r *http.Request) error {
	q := newQueryReader(r.URL.Query())
	page := q.page()
	if q.err != nil {
		return q.err
	}
	rows, err := a.Service.ListQuestionnaires(r.Context(), page)
	return writeList(w, q, a.Links.Base(r.Context())+"/v1/questionnaires", "questionnaires", rows, err, newQuestionnaireJSON)
}
