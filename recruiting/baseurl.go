package recruiting

import (
	"context"
	"fmt"
	"net/url"

	"github.com/hiregraph/hiregraph/ent"
)

type baseURLKey struct{}

// WithRequestBaseURL records the scheme and host a request reached the
// service at (http://host:port, no trailing slash), for the absolute URLs
// of its response when no public URL is configured.
func WithRequestBaseURL(ctx context.Context, base string) context.Context {
	return context.WithValue(ctx, baseURLKey{}, base)
}

// BaseURL is the absolute URL responses build their links on: the
// configured public URL, else the scheme and host of the request being
// served, so a service reached at several names answers each with its own.
func (s *Service) BaseURL(ctx context.Context) string {
	if s.PublicURL != "" {
		return s.PublicURL
	}
	if base, ok := ctx.Value(baseURLKey{}).(string); ok && base != "" {
		return base
	}
	return "http://localhost"
}

// PositionURL is the careers API URL of a position, carrying the company
// token as the query parameter careers sites need (spec 2.1 position_url).
func (s *Service) PositionURL(ctx context.Context, company *ent.Company, positionID string) string {
	return fmt.Sprintf("%s/careers-api/2.0/company/%s/positions/%s?token=%s",
		s.BaseURL(ctx), url.PathEscape(company.ID), url.PathEscape(positionID), url.QueryEscape(company.CareersToken))
}

// CareersPageURL is the position on the service's own careers page
// (careerspage), which opens its details.
func (s *Service) CareersPageURL(ctx context.Context, company *ent.Company, positionID string) string {
	return fmt.Sprintf("%s/careers/%s?token=%s#position=%s",
		s.BaseURL(ctx), url.PathEscape(company.ID), url.QueryEscape(company.CareersToken), url.QueryEscape(positionID))
}
