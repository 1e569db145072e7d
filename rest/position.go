package rest

import (
	"context"
	"net/http"
	"net/url"

	"github.com/go-chi/chi/v5"

	"github.com/hiregraph/hiregraph/ent"
	"github.com/hiregraph/hiregraph/ent/schema/schematype"
	"github.com/hiregraph/hiregraph/internal/apitime"
	"github.com/hiregraph/hiregraph/recruiting"
)

// positionJSON is the position object of spec 2.1, in the spec's order.
// Fields the company marks internal-use are left out.
type positionJSON struct {
	UID                  string                  `json:"uid"`
	Name                 string                  `json:"name"`
	Status               string                  `json:"status"`
	IsDiscreet           bool                    `json:"is_discreet"`
	IsPublished          bool                    `json:"is_published"`
	Department           *string                 `json:"department,omitempty"`
	Email                string                  `json:"email"`
	URLServiceHostedPage string                  `json:"url_service_hosted_page"`
	URLActivePage        string                  `json:"url_active_page"`
	EmploymentType       *string                 `json:"employment_type,omitempty"`
	ExperienceLevel      *string                 `json:"experience_level,omitempty"`
	InternalUseCustomID  *string                 `json:"internal_use_custom_id"`
	PictureURL           string                  `json:"picture_url"`
	TimeUpdated          string                  `json:"time_updated"`
	CompanyName          string                  `json:"company_name"`
	PositionURL          string                  `json:"position_url"`
	IsTalentPool         bool                    `json:"is_talent_pool"`
	Location             *locationJSON           `json:"location"`
	SalaryRange          *schematype.SalaryRange `json:"salary_range"`
	Categories           []schematype.NamedValue `json:"categories"`
	Details              []schematype.NamedValue `json:"details"`
	Openings             []openingJSON           `json:"openings"`
}

// locationJSON is the location object of spec 2.3. The uid is in the clone
// response only: the careers API never shows it (spec 2.2).
type locationJSON struct {
	UID                 *string `json:"uid,omitempty"`
	Name                string  `json:"name"`
	Country             string  `json:"country"`
	City                string  `json:"city"`
	State               string  `json:"state"`
	PostalCode          string  `json:"postal_code"`
	StreetName          string  `json:"street_name"`
	StreetNumber        string  `json:"street_number"`
	ArrivalInstructions *string `json:"arrival_instructions"`
	Timezone            string  `json:"timezone"`
}

// clonePosition serves POST /positions/{uid}/clone (spec 4.1).
func (a *API) clonePosition(w http.ResponseWriter, r *http.Request) error {
	var in recruiting.CloneInput
	if err := DecodeJSON(r, &in); err != nil {
		return err
	}
	p, err := a.Service.ClonePosition(r.Context(), chi.URLParam(r, "uid"), in)
	if err != nil {
		return err
	}
	return a.writePosition(w, r, http.StatusCreated, p)
}

// getPosition serves GET /positions/{uid}: the position object of spec 2.1
// with its openings, templates included.
func (a *API) getPosition(w http.ResponseWriter, r *http.Request) error {
	p, err := a.Service.Position(r.Context(), chi.URLParam(r, "uid"))
	if err != nil {
		return err
	}
	return a.writePosition(w, r, http.StatusOK, p)
}

// writePosition answers with p as the position object of spec 2.1, seen as
// the viewer may see it.
func (a *API) writePosition(w http.ResponseWriter, r *http.Request, status int, p *ent.Position) error {
	view, err := a.Service.ViewPosition(r.Context(), p)
	if err != nil {
		return err
	}
	company, err := a.Service.Company(r.Context())
	if err != nil {
		return err
	}
	WriteJSON(w, status, a.newPositionJSON(r.Context(), company, view))
	return nil
}

// listPositions serves GET /positions: the company's positions (not its
// templates) as spec 2.1 objects, paged like every list.
func (a *API) listPositions(w http.ResponseWriter, r *http.Request) error {
	q := newQueryReader(r.URL.Query())
	f := recruiting.PositionFilter{
		Status:            q.list("status"),
		IsPublished:       q.bool("is_published"),
		TimeCreatedBefore: q.time("time_created:before", "time_created_before"),
		TimeCreatedAfter:  q.time("time_created:after", "time_created_after"),
		TimeUpdatedBefore: q.time("time_updated:before", "time_updated_before"),
		TimeUpdatedAfter:  q.time("time_updated:after", "time_updated_after"),
	}
	page := q.page()
	if q.err != nil {
		return q.err
	}
	rows, err := a.Service.ListPositions(r.Context(), f, page)
	if err != nil {
		return err
	}
	vis, err := a.Service.LoadVisibility(r.Context())
	if err != nil {
		return err
	}
	company, err := a.Service.Company(r.Context())
	if err != nil {
		return err
	}
	return writeList(w, q, a.Links.Base(r.Context())+"/v1/positions", "positions", rows, nil, func(p *ent.Position) positionJSON {
		return a.newPositionJSON(r.Context(), company, vis.Position(p))
	})
}

// listPositionCandidates serves GET /positions/{uid}/candidates: the
// position's candidates, with the filters and shape of GET /candidates.
func (a *API) listPositionCandidates(w http.ResponseWriter, r *http.Request) error {
	q := newQueryReader(r.URL.Query())
	f := candidateFilter(q)
	page := q.page()
	if q.err != nil {
		return q.err
	}
	page.Fields = candidateJSONFields
	id := chi.URLParam(r, "uid")
	rows, err := a.Service.ListPositionCandidates(r.Context(), id, f, page)
	base := a.Links.Base(r.Context()) + "/v1/positions/" + url.PathEscape(id) + "/candidates"
	return a.writeCandidates(w, r, q, base, rows, err)
}

// newPositionJSON renders p; its location and openings (with approval
// processes) must be loaded.
func (a *API) newPositionJSON(ctx context.Context, company *ent.Company, p recruiting.PositionView) positionJSON {
	out := positionJSON{
		UID: p.ID, Name: p.Name, Status: recruiting.PositionStatuses.Spell(p.Status), IsDiscreet: p.IsDiscreet, IsPublished: p.IsPublished,
		Department: p.Department, Email: p.Email,
		URLServiceHostedPage: p.URLServiceHostedPage, URLActivePage: p.URLActivePage,
		EmploymentType: p.EmploymentType, ExperienceLevel: p.ExperienceLevel,
		InternalUseCustomID: p.InternalUseCustomID, PictureURL: p.PictureURL,
		TimeUpdated: apitime.Format(p.TimeUpdated), CompanyName: company.Name,
		PositionURL:  a.Links.Position(ctx, company, p.ID),
		IsTalentPool: p.IsTalentPool, SalaryRange: p.SalaryRange,
		Categories: p.Categories, Details: p.Details,
		Openings: make([]openingJSON, len(p.Openings)),
	}
	if l := p.Edges.Location; l != nil {
		loc := newLocationJSON(l)
		loc.UID = &l.ID
		out.Location = &loc
	}
	for i, o := range p.Openings {
		out.Openings[i] = newOpeningJSON(o.Opening)
		out.Openings[i].PositionUID = ""
		out.Openings[i].CustomFields = &o.CustomFields
	}
	return out
}

func newLocationJSON(l *ent.Location) locationJSON {
	return locationJSON{
		Name: l.Name, Country: l.Country, City: l.City, State: l.State, PostalCode: l.PostalCode,
		StreetName: l.StreetName, StreetNumber: l.StreetNumber, ArrivalInstructions: l.ArrivalInstructions, Timezone: l.Timezone,
	}
}
