package rest

import (
	"net/http"

	"github.com/go-chi/chi/v5"

	"github.com/hiregraph/hiregraph/apitime"
	"github.com/hiregraph/hiregraph/ent"
	"github.com/hiregraph/hiregraph/ent/schema/schematype"
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
	view, err := a.Service.ViewPosition(r.Context(), p)
	if err != nil {
		return err
	}
	company, err := a.Service.Company(r.Context())
	if err != nil {
		return err
	}
	WriteJSON(w, http.StatusCreated, a.newPositionJSON(company, view))
	return nil
}

// newPositionJSON renders p; its location and openings (with approval
// processes) must be loaded.
func (a *API) newPositionJSON(company *ent.Company, p recruiting.PositionView) positionJSON {
	out := positionJSON{
		UID: p.ID, Name: p.Name, Status: recruiting.PositionStatuses.Spell(p.Status), IsDiscreet: p.IsDiscreet, IsPublished: p.IsPublished,
		Department: p.Department, Email: p.Email,
		URLServiceHostedPage: p.URLServiceHostedPage, URLActivePage: p.URLActivePage,
		EmploymentType: p.EmploymentType, ExperienceLevel: p.ExperienceLevel,
		InternalUseCustomID: p.InternalUseCustomID, PictureURL: p.PictureURL,
		TimeUpdated: apitime.Format(p.TimeUpdated), CompanyName: company.Name,
		PositionURL:  a.Service.PositionURL(company, p.ID),
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
