package rest

import (
	"net/http"

	"github.com/go-chi/chi/v5"

	"github.com/hiregraph/hiregraph/recruiting"
)

// interviewCalendar serves GET /interviews/{uid}.ics: the interview's
// iCalendar invitation as its interviewers get it, to anyone who reads the
// interview. Its Content-Type carries the iTIP method (REQUEST, or CANCEL
// once cancelled), as a mail part would.
func (a *API) interviewCalendar(w http.ResponseWriter, r *http.Request) error {
	body, method, err := a.Service.Invitation(r.Context(), chi.URLParam(r, "uid"), recruiting.ForInterviewers)
	if err != nil {
		return err
	}
	w.Header().Set("Content-Type", "text/calendar; charset=utf-8; method="+method)
	w.Header().Set("Content-Disposition", `attachment; filename="interview.ics"`)
	w.WriteHeader(http.StatusOK)
	_, err = w.Write(body)
	return err
}
