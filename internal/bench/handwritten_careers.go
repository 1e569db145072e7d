package bench

import (
	"crypto/subtle"
	"database/sql"
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"time"

	"github.com/hiregraph/hiregraph/internal/apitime"
	"github.com/hiregraph/hiregraph/internal/sanitize"
)

// careers is the careers list: company and token, internal-use marks, then
// published positions joined with their locations.
func (h *handWritten) careers(w http.ResponseWriter, r *http.Request) {
	ctx := r.Context()
	company := r.PathValue("company")
	var name, token string
	err := h.db.QueryRowContext(ctx, h.sql.company, company).Scan(&name, &token)
	if err != nil || subtle.ConstantTimeCompare([]byte(token), []byte(r.URL.Query().Get("token"))) != 1 {
		http.Error(w, "invalid token", http.StatusUnauthorized)
		return
	}
	internal, err := h.internalFields(r, company)
	if err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	withDetails := r.URL.Query().Get("details") == "true"
	rows, err := h.db.QueryContext(ctx, h.sql.careers, company, true, false)
	if err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	defer rows.Close()
	out := []hwCareersPosition{}
	for rows.Next() {
		var (
			id, pname, dept, workplace, email, hosted, active, employment, experience, picture string
			customID, arrival                                                                  sql.NullString
			updated                                                                            time.Time
			categories, details                                                                []byte
			lName, lCountry, lCity, lState, lPostal, lStreet, lNumber, lTZ                     sql.NullString
		)
		if err := rows.Scan(&id, &pname, &dept, &workplace, &email, &hosted, &active, &employment, &experience, &customID, &picture,
			flexTime{&updated}, &categories, &details,
			&lName, &lCountry, &lCity, &lState, &lPostal, &lStreet, &lNumber, &arrival, &lTZ); err != nil {
			http.Error(w, err.Error(), http.StatusInternalServerError)
			return
		}
		location := hwCareersLocation{Name: lName.String, Country: lCountry.String, City: lCity.String, State: lState.String,
			PostalCode: lPostal.String, StreetName: lStreet.String, StreetNumber: lNumber.String,
			ArrivalInstructions: nullable(arrival), Timezone: lTZ.String, IsRemote: workplace == "remote"}
		locations := []hwCareersLocation{}
		if lName.Valid {
			locations = append(locations, location)
		}
		p := hwCareersPosition{
			UID: id, Name: pname, Department: dept, WorkplaceType: workplace, Email: email,
			Location: location, URLServiceHostedPage: hosted, URLActivePage: active, EmploymentType: employment,
			ExperienceLevel: experience, InternalUseCustomID: nullable(customID), PictureURL: picture,
			TimeUpdated: apitime.Format(updated), CompanyName: name,
			PositionURL:          fmt.Sprintf("%s/careers-api/2.0/company/%s/positions/%s?token=%s", h.publicURL, company, id, url.QueryEscape(token)),
			Locations:            locations,
			URLRecruitHostedPage: fmt.Sprintf("%s/careers/%s?token=%s#position=%s", h.publicURL, company, url.QueryEscape(token), url.QueryEscape(id)),
			URLComeetHostedPage:  hosted,
		}
		if p.Categories, err = visibleValues(categories, internal["CATEGORY"], false); err != nil {
			http.Error(w, err.Error(), http.StatusInternalServerError)
			return
		}
		if withDetails {
			shown, err := visibleValues(details, internal["DETAIL"], true)
			if err != nil {
				http.Error(w, err.Error(), http.StatusInternalServerError)
				return
			}
			p.Details = &shown
		}
		out = append(out, p)
	}
	writeJSON(w, out)
}

// internalFields reads the names of internal-use fields by scope.
func (h *handWritten) internalFields(r *http.Request, company string) (map[string]map[string]bool, error) {
	rows, err := h.db.QueryContext(r.Context(), h.sql.internalFields, company, true)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := map[string]map[string]bool{}
	for rows.Next() {
		var scope, name string
		if err := rows.Scan(&scope, &name); err != nil {
			return nil, err
		}
		if out[scope] == nil {
			out[scope] = map[string]bool{}
		}
		out[scope][name] = true
	}
	return out, rows.Err()
}

// hwCareersPosition is a careers list's position, in the order ours
// writes it.
type hwCareersPosition struct {
	UID                  string              `json:"uid"`
	Name                 string              `json:"name"`
	Department           string              `json:"department"`
	WorkplaceType        string              `json:"workplace_type"`
	Email                string              `json:"email"`
	Location             hwCareersLocation   `json:"location"`
	URLServiceHostedPage string              `json:"url_service_hosted_page"`
	URLActivePage        string              `json:"url_active_page"`
	EmploymentType       string              `json:"employment_type"`
	ExperienceLevel      string              `json:"experience_level"`
	InternalUseCustomID  *string             `json:"internal_use_custom_id"`
	PictureURL           string              `json:"picture_url"`
	TimeUpdated          string              `json:"time_updated"`
	CompanyName          string              `json:"company_name"`
	PositionURL          string              `json:"position_url"`
	Categories           []hwNamedValue      `json:"categories"`
	Details              *[]hwNamedValue     `json:"details,omitempty"`
	IsInternal           bool                `json:"is_internal"`
	Locations            []hwCareersLocation `json:"locations"`
	URLRecruitHostedPage string              `json:"url_recruit_hosted_page"`
	URLComeetHostedPage  string              `json:"url_comeet_hosted_page"`
}

type hwCareersLocation struct {
	Name                string  `json:"name"`
	Country             string  `json:"country"`
	City                string  `json:"city"`
	State               string  `json:"state"`
	PostalCode          string  `json:"postal_code"`
	StreetName          string  `json:"street_name"`
	StreetNumber        string  `json:"street_number"`
	ArrivalInstructions *string `json:"arrival_instructions"`
	Timezone            string  `json:"timezone"`
	IsRemote            bool    `json:"is_remote"`
}

type hwNamedValue struct {
	Name  string `json:"name"`
	Value string `json:"value"`
	Order int    `json:"order"`
}

func visibleValues(raw []byte, internal map[string]bool, html bool) ([]hwNamedValue, error) {
	var values []hwNamedValue
	if err := json.Unmarshal(raw, &values); err != nil {
		return nil, err
	}
	out := []hwNamedValue{}
	for _, v := range values {
		if internal[v.Name] {
			continue
		}
		if html {
			v.Value = sanitize.PositionDetail(v.Value)
		}
		out = append(out, v)
	}
	return out, nil
}
