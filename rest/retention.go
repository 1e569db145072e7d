package rest

import (
	"net/http"

	"github.com/hiregraph/hiregraph/recruiting"
)

// retentionRunJSON is what a retention run erased, or with dry_run would.
type retentionRunJSON struct {
	DryRun bool                       `json:"dry_run"`
	People []*recruiting.RetentionDue `json:"people"`
}

// runRetention serves POST /retention/run[?dry_run=true]
// (docs/personal-data.md, Retention).
func (a *API) runRetention(w http.ResponseWriter, r *http.Request) error {
	q := newQueryReader(r.URL.Query())
	dry := q.bool("dry_run")
	if q.err != nil {
		return q.err
	}
	dryRun := dry != nil && *dry
	due, err := a.Service.RunRetention(r.Context(), dryRun)
	if err != nil {
		return err
	}
	WriteJSON(w, http.StatusOK, retentionRunJSON{DryRun: dryRun, People: due})
	return nil
}
