package rest

import (
	"net/http"

	"github.com/go-chi/chi/v5"

	"github.com/hiregraph/hiregraph/ent"
	"github.com/hiregraph/hiregraph/ent/candidate"
	"github.com/hiregraph/hiregraph/ent/schema/schematype"
	"github.com/hiregraph/hiregraph/internal/apitime"
	"github.com/hiregraph/hiregraph/recruiting"
)

// candidateJSON is the candidate object of spec 2.7.
type candidateJSON struct {
	UID                   string              `json:"uid"`
	Deleted               bool                `json:"deleted"`
	PositionUID           string              `json:"position_uid"`
	TimeCreated           string              `json:"time_created"`
	TimeLastStatusChanged string              `json:"time_last_status_changed"`
	CurrentSteps          []currentStepJSON   `json:"current_steps"`
	CompletedSteps        []completedStepJSON `json:"completed_steps"`
	Address               schematype.Address  `json:"address"`
	Status                string              `json:"status"`
}

type currentStepJSON struct {
	Name          string  `json:"name"`
	Type          string  `json:"type"`
	TimeScheduled *string `json:"time_scheduled"`
}

type completedStepJSON struct {
	currentStepJSON
	TimeCompleted *string `json:"time_completed"`
}

// candidateJSONFields are the fields newCandidateJSON reads: a list of
// candidates loads these ten of a row's sixteen.
var candidateJSONFields = []string{candidate.FieldDeleted, candidate.FieldPositionID, candidate.FieldTimeCreated,
	candidate.FieldTimeLastStatusChanged, candidate.FieldCurrentSteps, candidate.FieldCompletedSteps,
	candidate.FieldStatus, candidate.FieldAddress, candidate.FieldCurrentStepID}

// candidateRenderer renders candidates of cands: the time_scheduled of the
// current step of a candidate on a pipeline is when its next interview at
// that step starts, read for all of cands in one query. Without one it is
// what the step's stay recorded: null for a stay entered in Hiregraph, the
// imported time for candidates brought over from the legacy service.
func (a *API) candidateRenderer(r *http.Request, cands []*ent.Candidate) (func(*ent.Candidate) candidateJSON, error) {
	starts, err := a.Service.NextInterviewStarts(r.Context(), cands)
	if err != nil {
		return nil, err
	}
	return func(c *ent.Candidate) candidateJSON {
		out := newCandidateJSON(c)
		if at, ok := starts[c.ID]; ok && len(out.CurrentSteps) > 0 {
			out.CurrentSteps[len(out.CurrentSteps)-1].TimeScheduled = apitime.FormatPtr(&at)
		}
		return out
	}, nil
}

// writeCandidates writes a page of candidates (GET /candidates and a
// position's candidates).
func (a *API) writeCandidates(w http.ResponseWriter, r *http.Request, q *queryReader, baseURL string, page recruiting.Page[*ent.Candidate], err error) error {
	if err != nil {
		return err
	}
	render, err := a.candidateRenderer(r, page.Rows)
	if err != nil {
		return err
	}
	return writeList(w, q, baseURL, "candidates", page, nil, render)
}

func newCandidateJSON(c *ent.Candidate) candidateJSON {
	out := candidateJSON{
		UID: c.ID, Deleted: c.Deleted, PositionUID: c.PositionID,
		TimeCreated: apitime.Format(c.TimeCreated), TimeLastStatusChanged: apitime.Format(c.TimeLastStatusChanged),
		CurrentSteps: make([]currentStepJSON, len(c.CurrentSteps)), CompletedSteps: make([]completedStepJSON, len(c.CompletedSteps)),
		Status: recruiting.CandidateStatuses.Spell(c.Status),
	}
	for i, s := range c.CurrentSteps {
		out.CurrentSteps[i] = currentStepJSON{Name: s.Name, Type: s.Type, TimeScheduled: apitime.FormatPtr(s.TimeScheduled)}
	}
	for i, s := range c.CompletedSteps {
		out.CompletedSteps[i] = completedStepJSON{
			currentStepJSON: currentStepJSON{Name: s.Name, Type: s.Type, TimeScheduled: apitime.FormatPtr(s.TimeScheduled)},
			TimeCompleted:   apitime.FormatPtr(s.TimeCompleted),
		}
	}
	if c.Address != nil {
		out.Address = *c.Address
	}
	return out
}

// listCandidates serves GET /candidates (spec 4.5).
func (a *API) listCandidates(w http.ResponseWriter, r *http.Request) error {
	q := newQueryReader(r.URL.Query())
	f := candidateFilter(q)
	page := q.page()
	if q.err != nil {
		return q.err
	}
	base := a.Links.Base(r.Context()) + "/v1/candidates"
	if search := q.str("q"); search != nil {
		return a.searchCandidates(w, r, q, base, *search, f, page)
	}
	page.Fields = candidateJSONFields
	rows, err := a.Service.ListCandidates(r.Context(), f, page)
	return a.writeCandidates(w, r, q, base, rows, err)
}

// searchCandidates serves GET /candidates?q=: the search of GraphQL's
// search query, best first, in the list's shape and with its filters.
func (a *API) searchCandidates(w http.ResponseWriter, r *http.Request, q *queryReader, base, search string, f recruiting.CandidateFilter, page recruiting.PageRequest) error {
	hits, err := a.Service.Search(r.Context(), search, &f, page)
	rows := recruiting.Page[*ent.Candidate]{Rows: make([]*ent.Candidate, len(hits.Rows)), Next: hits.Next}
	for i, h := range hits.Rows {
		rows.Rows[i] = h.Candidate
	}
	return a.writeCandidates(w, r, q, base, rows, err)
}

// candidateFilter reads the filters of spec 4.5, which every candidates
// list takes.
func candidateFilter(q *queryReader) recruiting.CandidateFilter {
	return recruiting.CandidateFilter{
		Status:                         q.list("status"),
		TimeCreatedBefore:              q.time("time_created:before", "time_created_before"),
		TimeCreatedAfter:               q.time("time_created:after", "time_created_after"),
		TimeLastStatusChangeBefore:     q.time("time_last_status_change:before"),
		TimeLastStatusChangeAfter:      q.time("time_last_status_change:after"),
		TimeHiringProcessUpdatedBefore: q.time("time_hiring_process_updated:before"),
		TimeHiringProcessUpdatedAfter:  q.time("time_hiring_process_updated:after"),
		TimePersonLastActivityBefore:   q.time("time_person_last_activity:before"),
		TimePersonLastActivityAfter:    q.time("time_person_last_activity:after"),
		Deleted:                        q.bool("deleted"),
	}
}

// getCandidate serves GET /candidates/{uid}: the candidate object of spec
// 2.7, as the list shows it.
func (a *API) getCandidate(w http.ResponseWriter, r *http.Request) error {
	c, err := a.Service.Candidate(r.Context(), chi.URLParam(r, "uid"))
	if err != nil {
		return err
	}
	render, err := a.candidateRenderer(r, []*ent.Candidate{c})
	if err != nil {
		return err
	}
	WriteJSON(w, http.StatusOK, render(c))
	return nil
}

// findDuplicates serves GET /sourcing/candidates/find_duplicates?email=:
// the candidates of the company's people with the address, in any case.
func (a *API) findDuplicates(w http.ResponseWriter, r *http.Request) error {
	cands, err := a.Service.DuplicateCandidates(r.Context(), r.URL.Query().Get("email"))
	if err != nil {
		return err
	}
	render, err := a.candidateRenderer(r, cands)
	if err != nil {
		return err
	}
	out := make([]candidateJSON, len(cands))
	for i, c := range cands {
		out[i] = render(c)
	}
	WriteJSON(w, http.StatusOK, map[string]any{"candidates": out})
	return nil
}
