package rest

import (
	"net/http"

	"github.com/hiregraph/hiregraph/ent"
	"github.com/hiregraph/hiregraph/ent/schema/schematype"
	"github.com/hiregraph/hiregraph/internal/apitime"
	"github.com/hiregraph/hiregraph/recruiting"
)

// openingJSON is the opening object of spec 2.5.
type openingJSON struct {
	UID                  string               `json:"uid"`
	PositionUID          string               `json:"position_uid,omitempty"` // in the openings list only (spec 2.5)
	Name                 string               `json:"name"`
	ApprovalProcess      *approvalProcessJSON `json:"approval_process"`
	HiredCandidateUID    *string              `json:"hired_candidate_uid"` // the oldest hire
	TimeExpectedHire     *string              `json:"time_expected_hire"`
	Headcount            int                  `json:"headcount"`
	Reason               string               `json:"reason"`
	Status               string               `json:"status"`
	TimeCreated          string               `json:"time_created"`
	TimeLastStatusChange string               `json:"time_last_status_change"`
	TimeOpened           string               `json:"time_opened"`
	TimeUpdated          string               `json:"time_updated"`
	// CustomFields is in the clone response only (spec 2.5).
	CustomFields *schematype.StringMap `json:"custom_fields,omitempty"`
}

// approvalProcessJSON is the approval process object of spec 2.6.
type approvalProcessJSON struct {
	UID           string  `json:"uid"`
	Name          string  `json:"name"`
	TimeStarted   string  `json:"time_started"`
	TimeCompleted *string `json:"time_completed"`
	Status        string  `json:"status"`
}

// newOpeningJSON renders o; its approval process and hires must be loaded.
func newOpeningJSON(o *ent.Opening) openingJSON {
	out := openingJSON{
		UID:                  o.ID,
		PositionUID:          o.PositionID,
		Name:                 o.Name,
		HiredCandidateUID:    recruiting.FirstHireID(o),
		TimeExpectedHire:     apitime.FormatPtr(o.TimeExpectedHire),
		Headcount:            o.Headcount,
		Reason:               recruiting.OpeningReasons.Spell(o.Reason),
		Status:               recruiting.OpeningStates.Spell(o.Status),
		TimeCreated:          apitime.Format(o.TimeCreated),
		TimeLastStatusChange: apitime.Format(o.TimeLastStatusChange),
		TimeOpened:           apitime.Format(o.TimeOpened),
		TimeUpdated:          apitime.Format(o.TimeUpdated),
	}
	if ap := o.Edges.ApprovalProcess; ap != nil {
		// The status is the opening's approval status, the value the
		// openings filter matches.
		out.ApprovalProcess = &approvalProcessJSON{
			UID: ap.ID, Name: ap.Name, TimeStarted: apitime.Format(ap.TimeStarted),
			TimeCompleted: apitime.FormatPtr(ap.TimeCompleted), Status: recruiting.ApprovalStatuses.Spell(o.ApprovalStatus),
		}
	}
	return out
}

// listOpenings serves GET /openings (spec 4.4).
func (a *API) listOpenings(w http.ResponseWriter, r *http.Request) error {
	q := newQueryReader(r.URL.Query())
	f := recruiting.OpeningFilter{
		Status:                     q.list("status"),
		PositionID:                 q.str("position_uid"),
		HiredCandidateID:           q.str("hired_candidate_uid"),
		TimeCreatedBefore:          q.time("time_created:before", "time_created_before"),
		TimeCreatedAfter:           q.time("time_created:after", "time_created_after"),
		TimeLastStatusChangeBefore: q.time("time_last_status_change:before"),
		TimeLastStatusChangeAfter:  q.time("time_last_status_change:after"),
		TimeUpdatedBefore:          q.time("time_updated:before"),
		TimeUpdatedAfter:           q.time("time_updated:after"),
	}
	page := q.page()
	if q.err != nil {
		return q.err
	}
	rows, err := a.Service.ListOpenings(r.Context(), f, page)
	return writeList(w, q, a.Links.Base(r.Context())+"/v1/openings", "openings", rows, err, newOpeningJSON)
}
