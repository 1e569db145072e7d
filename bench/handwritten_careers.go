package bench

import (
	"crypto/subtle"
	"database/sql"
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"time"

	"github.com/hiregraph/hiregraph/apitime"
	"github.com/hiregraph/hiregraph/sanitize"
)

// careers is the careers list: company and token, internal-use marks, then
// published positions joined with their locations.
func (h *handWritten) careers(w http.ResponseWriter, r *http.Request) {
	ctx := r.Context()
	company := r.PathValue("company")
	var name, token string
	err := h.db.QueryRowContext(ctx, h.q(`SELECT name, careers_token FROM companies WHERE id = ?`), company).Scan(&name, &token)
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
	rows, err := h.db.QueryContext(ctx, h.q(`SELECT p.id, p.name, p.department, p.workplace_type, p.email, p.url_service_hosted_page,
			p.url_active_page, p.employment_type, p.experience_level, p.internal_use_custom_id, p.picture_url, p.time_updated,
			p.categories, p.details,
			l.name, l.country, l.city, l.state, l.postal_code, l.street_name, l.street_number, l.arrival_instructions, l.timezone
		FROM positions p LEFT JOIN locations l ON l.id = p.location_id
		WHERE p.company_id = ? AND p.is_published = ? AND p.is_template = ?
		ORDER BY p.name, p.id`), company, true, false)
	if err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	defer rows.Close()
	out := []map[string]any{}
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
		location := map[string]any{"name": lName.String, "country": lCountry.String, "city": lCity.String, "state": lState.String,
			"postal_code": lPostal.String, "street_name": lStreet.String, "street_number": lNumber.String,
			"arrival_instructions": nullable(arrival), "timezone": lTZ.String, "is_remote": workplace == "remote"}
		locations := []any{}
		if lName.Valid {
			locations = append(locations, location)
		}
		p := map[string]any{
			"uid": id, "name": pname, "department": dept, "workplace_type": workplace, "email": email,
			"location": location, "locations": locations, "is_internal": false,
			"url_recruit_hosted_page": fmt.Sprintf("%s/careers/%s?token=%s#position=%s", h.publicURL, company, url.QueryEscape(token), url.QueryEscape(id)),
			"url_comeet_hosted_page":  hosted,
			"url_service_hosted_page": hosted, "url_active_page": active, "employment_type": employment,
			"experience_level": experience, "internal_use_custom_id": nullable(customID), "picture_url": picture,
			"time_updated": apitime.Format(updated), "company_name": name,
			"position_url": fmt.Sprintf("%s/careers-api/2.0/company/%s/positions/%s?token=%s", h.publicURL, company, id, url.QueryEscape(token)),
		}
		if p["categories"], err = visibleValues(categories, internal["CATEGORY"], false); err != nil {
			http.Error(w, err.Error(), http.StatusInternalServerError)
			return
		}
		if withDetails {
			if p["details"], err = visibleValues(details, internal["DETAIL"], true); err != nil {
				http.Error(w, err.Error(), http.StatusInternalServerError)
				return
			}
		}
		out = append(out, p)
	}
	writeJSON(w, out)
}

// internalFields reads the names of internal-use fields by scope.
func (h *handWritten) internalFields(r *http.Request, company string) (map[string]map[string]bool, error) {
	rows, err := h.db.QueryContext(r.Context(), h.q(`SELECT scope, name FROM field_definitions WHERE company_id = ? AND internal_use = ?`), company, true)
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
