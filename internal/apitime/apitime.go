// Package apitime reads and writes the timestamps of the REST interface:
// ISO 8601 UTC strings of the form YYYY-MM-DDTHH:mm:ssZ (spec, preamble).
package apitime

import (
	"time"

	"github.com/hiregraph/hiregraph/internal/apierror"
)

// Layout is the timestamp form of the spec.
const Layout = "2006-01-02T15:04:05Z"

// Format writes t in the spec's form, in UTC.
func Format(t time.Time) string { return t.UTC().Format(Layout) }

// FormatPtr writes t, or returns nil for a missing time (JSON null).
func FormatPtr(t *time.Time) *string {
	if t == nil {
		return nil
	}
	s := Format(*t)
	return &s
}

// Parse reads a timestamp named field. It takes the spec's form and, being
// liberal with legacy clients, any RFC 3339 time with an offset.
func Parse(field, s string) (time.Time, error) {
	t, err := time.Parse(time.RFC3339, s)
	if err != nil {
		return time.Time{}, apierror.BadRequest(field, "%s must be a timestamp like 2026-01-31T09:30:00Z, got %q", field, s)
	}
	return t.UTC(), nil
}

// ParseDateOrTime reads a field the spec types as "date": YYYY-MM-DD
// (midnight UTC) or a timestamp.
func ParseDateOrTime(field, s string) (time.Time, error) {
	if t, err := time.Parse(time.DateOnly, s); err == nil {
		return t.UTC(), nil
	}
	if t, err := time.Parse(time.RFC3339, s); err == nil {
		return t.UTC(), nil
	}
	return time.Time{}, apierror.BadRequest(field, "%s must be a date like 2026-01-31 or a timestamp like 2026-01-31T09:30:00Z, got %q", field, s)
}
