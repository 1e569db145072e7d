package recruiting

import (
	"context"
	"fmt"
	"net/url"

	"github.com/hiregraph/hiregraph/ent"
	"github.com/hiregraph/hiregraph/ent/fielddefinition"
	"github.com/hiregraph/hiregraph/ent/schema/schematype"
)

// Visibility knows which of a company's configured fields are marked
// "Internal use": such fields never leave the service in a position or
// opening response (spec 2.1), whichever API serves it.
type Visibility struct {
	internal map[fielddefinition.Scope]map[string]bool
}

// LoadVisibility reads the internal-use marks of the viewer's company in one
// query; load it once per response, not per position.
func (s *Service) LoadVisibility(ctx context.Context) (*Visibility, error) {
	defs, err := s.Client.FieldDefinition.Query().
		Where(fielddefinition.InternalUse(true)).
		Select(fielddefinition.FieldScope, fielddefinition.FieldName).
		All(ctx)
	if err != nil {
		return nil, fmt.Errorf("loading internal-use fields: %w", err)
	}
	v := &Visibility{internal: map[fielddefinition.Scope]map[string]bool{}}
	for _, d := range defs {
		if v.internal[d.Scope] == nil {
			v.internal[d.Scope] = map[string]bool{}
		}
		v.internal[d.Scope][d.Name] = true
	}
	return v, nil
}

// Categories returns the categories that may be shown.
func (v *Visibility) Categories(values []schematype.NamedValue) []schematype.NamedValue {
	return v.visible(fielddefinition.ScopeCategory, values)
}

// Details returns the details that may be shown.
func (v *Visibility) Details(values []schematype.NamedValue) []schematype.NamedValue {
	return v.visible(fielddefinition.ScopeDetail, values)
}

// CustomFields returns the opening custom fields that may be shown.
func (v *Visibility) CustomFields(fields schematype.StringMap) schematype.StringMap {
	out := make(schematype.StringMap, len(fields))
	for k, val := range fields {
		if !v.internal[fielddefinition.ScopeOpeningCustomField][k] {
			out[k] = val
		}
	}
	return out
}

// Shows reports whether a standard position field may be shown: department,
// experience level and employment type are hidden when the company marks
// their definition internal.
func (v *Visibility) Shows(scope fielddefinition.Scope) bool {
	return len(v.internal[scope]) == 0
}

func (v *Visibility) visible(scope fielddefinition.Scope, values []schematype.NamedValue) []schematype.NamedValue {
	out := make([]schematype.NamedValue, 0, len(values))
	for _, nv := range values {
		if !v.internal[scope][nv.Name] {
			out = append(out, nv)
		}
	}
	return out
}

// PositionURL is the careers API URL of a position, carrying the company
// token as the query parameter careers sites need (spec 2.1 position_url).
func (s *Service) PositionURL(company *ent.Company, positionID string) string {
	return fmt.Sprintf("%s/careers-api/2.0/company/%s/positions/%s?token=%s",
		s.PublicURL, url.PathEscape(company.ID), url.PathEscape(positionID), url.QueryEscape(company.CareersToken))
}
