package rest

import (
	"net/http"

	"github.com/hiregraph/hiregraph/ent"
	"github.com/hiregraph/hiregraph/ent/schema/schematype"
)

// questionnaireJSON is the questionnaire object of spec 2.11, with the
// spec's spelling of speicifc_type.
type questionnaireJSON struct {
	UID          string                `json:"uid"`
	SpecificType string                `json:"speicifc_type"`
	Name         string                `json:"name"`
	EnabledFor   string                `json:"enabled_for"`
	ShowAs       string                `json:"show_as"`
	Questions    []schematype.Question `json:"questions"`
}

func newQuestionnaireJSON(q *ent.Questionnaire) questionnaireJSON {
	questions := q.Questions
	if questions == nil {
		questions = []schematype.Question{}
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
	return writeList(w, q, a.Service.BaseURL(r.Context())+"/v1/questionnaires", "questionnaires", rows, err, newQuestionnaireJSON)
}
