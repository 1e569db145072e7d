package rest

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"net/http"
	"strings"

	"github.com/go-chi/chi/v5"

	"github.com/hiregraph/hiregraph/ent"
	"github.com/hiregraph/hiregraph/ent/schema/schematype"
	"github.com/hiregraph/hiregraph/internal/apierror"
	"github.com/hiregraph/hiregraph/internal/apitime"
	"github.com/hiregraph/hiregraph/internal/sanitize"
	"github.com/hiregraph/hiregraph/recruiting"
)

// CareersCacheControl lets browsers and CDNs reuse an answer for a minute:
// careers pages are read far more often than positions change. Caches key
// on the full URL, token included.
const CareersCacheControl = "public, max-age=60"

// Careers serves the public careers API of spec 4.7 and 4.8.
type Careers struct {
	Service *recruiting.Service
	Links   *Links
}

// careersPositionJSON is the position object of spec 2.2, in its order.
type careersPositionJSON struct {
	UID           string  `json:"uid"`
	Name          string  `json:"name"`
	Department    *string `json:"department,omitempty"`
	WorkplaceType string  `json:"workplace_type"`
	Email         string  `json:"email"`
	// Location is always an object: a position with no location gets
	// empty fields.
	Location             careersLocationJSON     `json:"location"`
	URLServiceHostedPage string                  `json:"url_service_hosted_page"`
	URLActivePage        string                  `json:"url_active_page"`
	EmploymentType       *string                 `json:"employment_type,omitempty"`
	ExperienceLevel      *string                 `json:"experience_level,omitempty"`
	InternalUseCustomID  *string                 `json:"internal_use_custom_id"`
	PictureURL           string                  `json:"picture_url"`
	TimeUpdated          string                  `json:"time_updated"`
	CompanyName          string                  `json:"company_name"`
	PositionURL          string                  `json:"position_url"`
	Categories           []schematype.NamedValue `json:"categories"`
	// Details is there only when the request asks for it (details=true).
	Details *[]schematype.NamedValue `json:"details,omitempty"`
	// Fields clients read from the real service, beyond spec 2.2.
	// IsInternal is always false: the careers API lists only positions
	// published to the public.
	IsInternal bool                  `json:"is_internal"`
	Locations  []careersLocationJSON `json:"locations"`
	// URLRecruitHostedPage is the position on the service's careers page.
	URLRecruitHostedPage string `json:"url_recruit_hosted_page"`
	// URLComeetHostedPage is url_service_hosted_page under the name the
	// real service's clients read.
	URLComeetHostedPage string `json:"url_comeet_hosted_page"`
}

// careersLocationJSON is the location of spec 2.3 without its uid, and
// whether the position is remote.
type careersLocationJSON struct {
	locationJSON
	IsRemote bool `json:"is_remote"`
}

// List serves GET /careers-api/2.0/company/{company_uid}/positions.
func (c *Careers) List(w http.ResponseWriter, r *http.Request) {
	handle(func(w http.ResponseWriter, r *http.Request) error {
		return c.serve(w, r, func(ctx context.Context, withDetails bool, render func(*ent.Position) careersPositionJSON) (any, error) {
			ps, err := c.Service.PublishedPositions(ctx, withDetails)
			if err != nil {
				return nil, err
			}
			out := make([]careersPositionJSON, len(ps))
			for i, p := range ps {
				out[i] = render(p)
			}
			return out, nil
		})
	})(w, r)
}

// Get serves GET /careers-api/2.0/company/{company_uid}/positions/{position_uid}.
func (c *Careers) Get(w http.ResponseWriter, r *http.Request) {
	handle(func(w http.ResponseWriter, r *http.Request) error {
		return c.serve(w, r, func(ctx context.Context, withDetails bool, render func(*ent.Position) careersPositionJSON) (any, error) {
			p, err := c.Service.PublishedPosition(ctx, chi.URLParam(r, "position_uid"), withDetails)
			if err != nil {
				return nil, err
			}
			return render(p), nil
		})
	})(w, r)
}

// serve authenticates the careers request, renders what load returns and
// answers it with an ETag, or 304 when the client has it already.
func (c *Careers) serve(w http.ResponseWriter, r *http.Request, load func(ctx context.Context, withDetails bool, render func(*ent.Position) careersPositionJSON) (any, error)) error {
	withDetails, err := parseDetailsParam(r.URL.Query().Get("details"))
	if err != nil {
		return err
	}
	ctx, company, err := c.Service.CareersContext(r.Context(), chi.URLParam(r, "company_uid"), r.URL.Query().Get("token"))
	if err != nil {
		return err
	}
	vis, err := c.Service.LoadVisibility(ctx)
	if err != nil {
		return err
	}
	render := func(p *ent.Position) careersPositionJSON { return c.render(ctx, company, vis.Position(p), withDetails) }
	v, err := load(ctx, withDetails, render)
	if err != nil {
		return err
	}
	var body bytes.Buffer
	enc := json.NewEncoder(&body)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return err
	}
	sum := sha256.Sum256(body.Bytes())
	etag := `"` + hex.EncodeToString(sum[:16]) + `"`
	w.Header().Set("ETag", etag)
	w.Header().Set("Cache-Control", CareersCacheControl)
	if etagMatches(r.Header.Get("If-None-Match"), etag) {
		w.WriteHeader(http.StatusNotModified)
		return nil
	}
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	_, _ = w.Write(body.Bytes())
	return nil
}

func (c *Careers) render(ctx context.Context, company *ent.Company, p recruiting.PositionView, withDetails bool) careersPositionJSON {
	out := careersPositionJSON{
		UID: p.ID, Name: p.Name,
		Department:    p.Department,
		WorkplaceType: p.WorkplaceType, Email: p.Email,
		URLServiceHostedPage: p.URLServiceHostedPage, URLActivePage: p.URLActivePage,
		EmploymentType:      p.EmploymentType,
		ExperienceLevel:     p.ExperienceLevel,
		InternalUseCustomID: p.InternalUseCustomID, PictureURL: p.PictureURL,
		TimeUpdated: apitime.Format(p.TimeUpdated), CompanyName: company.Name,
		PositionURL: c.Links.Position(ctx, company, p.ID),
		Categories:  p.Categories,
		// One location a position: the list has it, or is empty.
		Locations:            []careersLocationJSON{},
		URLRecruitHostedPage: c.Links.CareersPage(ctx, company, p.ID),
		URLComeetHostedPage:  p.URLServiceHostedPage,
	}
	out.Location.IsRemote = p.WorkplaceType == "remote"
	if l := p.Edges.Location; l != nil {
		out.Location.locationJSON = newLocationJSON(l)
		out.Locations = append(out.Locations, out.Location)
	}
	if withDetails {
		// Details were sanitized when written; sanitizing again on the way
		// out keeps careers sites safe from records written by other means.
		details := p.Details
		for i := range details {
			details[i].Value = sanitize.PositionDetail(details[i].Value)
		}
		out.Details = &details
	}
	return out
}

func parseDetailsParam(v string) (bool, error) {
	switch strings.ToLower(v) {
	case "", "false", "0":
		return false, nil
	case "true", "1":
		return true, nil
	}
	return false, apierror.BadRequest("details", "details must be true, false, 1 or 0, got %q", v)
}

// etagMatches implements If-None-Match: a list of tags, weak or strong, or *.
func etagMatches(header, etag string) bool {
	for _, t := range strings.Split(header, ",") {
		t = strings.TrimPrefix(strings.TrimSpace(t), "W/")
		if t == "*" || t == etag {
			return true
		}
	}
	return false
}
