package rest

import (
	"net/http"

	"github.com/go-chi/chi/v5"

	"github.com/hiregraph/hiregraph/internal/apitime"
)

// erasedPersonJSON is an erased person: the spec shows no person object,
// and nothing personal is left to show.
type erasedPersonJSON struct {
	UID        string `json:"uid"`
	TimeErased string `json:"time_erased"`
}

// erasePerson serves POST /people/{uid}/erase (docs/personal-data.md),
// outside the spec's endpoints: the person's candidates read as deleted
// afterwards.
func (a *API) erasePerson(w http.ResponseWriter, r *http.Request) error {
	p, err := a.Service.ErasePerson(r.Context(), chi.URLParam(r, "uid"))
	if err != nil {
		return err
	}
	WriteJSON(w, http.StatusOK, erasedPersonJSON{UID: p.ID, TimeErased: apitime.Format(*p.TimeErased)})
	return nil
}
