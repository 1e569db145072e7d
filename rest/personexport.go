package rest

import (
	"context"
	"net/http"

	"github.com/go-chi/chi/v5"

	"github.com/hiregraph/hiregraph/ent"
	"github.com/hiregraph/hiregraph/internal/apitime"
)

// personExportJSON is an export of a person (docs/personal-data.md,
// Exporting a person); url and url_expires only once it is DONE.
type personExportJSON struct {
	UID           string  `json:"uid"`
	PersonUID     string  `json:"person_uid"`
	Status        string  `json:"status"`
	Failure       string  `json:"failure,omitempty"`
	Size          int64   `json:"size"`
	TimeCreated   string  `json:"time_created"`
	TimeCompleted *string `json:"time_completed"`
	URL           *string `json:"url"`
	URLExpires    *string `json:"url_expires"`
}

func (a *API) personExportJSON(ctx context.Context, e *ent.PersonExport) personExportJSON {
	out := personExportJSON{
		UID: e.ID, PersonUID: e.PersonID, Status: string(e.Status), Failure: e.Failure, Size: e.Size,
		TimeCreated: apitime.Format(e.TimeCreated),
	}
	if e.TimeCompleted != nil {
		t := apitime.Format(*e.TimeCompleted)
		out.TimeCompleted = &t
	}
	if link, expires, ok := a.Service.ExportURL(ctx, e); ok {
		exp := apitime.Format(expires)
		out.URL, out.URLExpires = &link, &exp
	}
	return out
}

// exportPerson serves POST /people/{uid}/export: 202, the export queued.
func (a *API) exportPerson(w http.ResponseWriter, r *http.Request) error {
	e, err := a.Service.ExportPerson(r.Context(), chi.URLParam(r, "uid"))
	if err != nil {
		return err
	}
	WriteJSON(w, http.StatusAccepted, a.personExportJSON(r.Context(), e))
	return nil
}

// getPersonExport serves GET /person-exports/{uid}.
func (a *API) getPersonExport(w http.ResponseWriter, r *http.Request) error {
	e, err := a.Service.PersonExport(r.Context(), chi.URLParam(r, "uid"))
	if err != nil {
		return err
	}
	WriteJSON(w, http.StatusOK, a.personExportJSON(r.Context(), e))
	return nil
}

// PersonExport serves an export's archive to whoever holds a signed link
// (recruiting.ExportURL), outside {base_url} as candidate files are.
func (a *API) PersonExport(w http.ResponseWriter, r *http.Request) {
	handle(a.downloadPersonExport)(w, r)
}

func (a *API) downloadPersonExport(w http.ResponseWriter, r *http.Request) error {
	q := r.URL.Query()
	e, content, err := a.Service.SignedExport(r.Context(), chi.URLParam(r, "uid"), q.Get("expires"), q.Get("signature"))
	if err != nil {
		return err
	}
	defer content.Close()
	sendAttachment(w, r, content, "application/zip", e.Size, "person-"+e.PersonID+".zip")
	return nil
}
