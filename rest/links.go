package rest

import (
	"context"
	"fmt"
	"net/url"

	"github.com/hiregraph/hiregraph/ent"
)

// Paths outside {base_url} that responses and partners are given links to.
const (
	// OfferLetterPath is where offer letters are served: partners fetch
	// letters with their own credential, not with an API key of the
	// company.
	OfferLetterPath = "/offer-letters/"
	// FilePath is where candidate files are downloaded. The signed link is
	// the credential (as a presigned object-store URL is), so a browser
	// can open it without an API key.
	FilePath = "/candidate-files/"
	// ExportPath is where person exports' archives are downloaded, through
	// a signed link as candidate files are.
	ExportPath = "/person-exports/"
)

// Links builds the absolute URLs of responses on the configured public URL,
// else on the scheme and host of the request being served, so a service
// reached at several names answers each with its own. It owns the paths;
// the domain asks it for links (recruiting.Links).
type Links struct {
	// PublicURL is the absolute URL clients reach the server at, without a
	// trailing slash; empty means each request's own.
	PublicURL string
}

type baseURLKey struct{}

// WithRequestBaseURL records the scheme and host a request reached the
// service at (http://host:port, no trailing slash), for the absolute URLs
// of its response when no public URL is configured.
func WithRequestBaseURL(ctx context.Context, base string) context.Context {
	return context.WithValue(ctx, baseURLKey{}, base)
}

// Base is the absolute URL the links of a response are built on.
func (l *Links) Base(ctx context.Context) string {
	if l.PublicURL != "" {
		return l.PublicURL
	}
	if base, ok := ctx.Value(baseURLKey{}).(string); ok && base != "" {
		return base
	}
	return "http://localhost"
}

// Position is the careers API URL of a position, carrying the company token
// as the query parameter careers sites need (spec 2.1 position_url).
func (l *Links) Position(ctx context.Context, company *ent.Company, positionID string) string {
	return fmt.Sprintf("%s/careers-api/2.0/company/%s/positions/%s?token=%s",
		l.Base(ctx), url.PathEscape(company.ID), url.PathEscape(positionID), url.QueryEscape(company.CareersToken))
}

// CareersPage is the position on the service's own careers page
// (careerspage), which opens its details.
func (l *Links) CareersPage(ctx context.Context, company *ent.Company, positionID string) string {
	return fmt.Sprintf("%s/careers/%s?token=%s#position=%s",
		l.Base(ctx), url.PathEscape(company.ID), url.QueryEscape(company.CareersToken), url.QueryEscape(positionID))
}

// OfferLetter is the link to an offer letter with its signed query.
func (l *Links) OfferLetter(ctx context.Context, letterID string, query url.Values) string {
	return l.Base(ctx) + OfferLetterPath + url.PathEscape(letterID) + "?" + query.Encode()
}

// CandidateFile is the download link of a candidate's file with its signed
// query.
func (l *Links) CandidateFile(ctx context.Context, fileID string, query url.Values) string {
	return l.Base(ctx) + FilePath + url.PathEscape(fileID) + "?" + query.Encode()
}

// InterviewCalendar is the download of an interview's iCalendar
// invitation, under the API: it needs the API's credentials.
func (l *Links) InterviewCalendar(ctx context.Context, interviewID string) string {
	return l.Base(ctx) + "/v1/interviews/" + url.PathEscape(interviewID) + ".ics"
}

// PersonExport is the download link of a person export's archive with its
// signed query.
func (l *Links) PersonExport(ctx context.Context, exportID string, query url.Values) string {
	return l.Base(ctx) + ExportPath + url.PathEscape(exportID) + "?" + query.Encode()
}
