package recruiting

import (
	"context"
	"regexp"
	"time"

	"github.com/hiregraph/hiregraph/ent"
	"github.com/hiregraph/hiregraph/internal/apierror"
	"github.com/hiregraph/hiregraph/internal/permission"
	"github.com/hiregraph/hiregraph/internal/viewer"
)

var countryCode = regexp.MustCompile(`^[A-Z]{2}$`)

// CreateLocation adds a location to the viewer's company. The country is an
// ISO 3166-1 alpha-2 code and the time zone an IANA name, because careers
// sites render both.
func (s *PositionService) CreateLocation(ctx context.Context, in ent.CreateLocationInput) (*ent.Location, error) {
	if err := Require(ctx, permission.EditSettings, permission.EditPositions); err != nil {
		return nil, err
	}
	if in.Country != nil && !countryCode.MatchString(*in.Country) {
		return nil, apierror.Invalid("country", "country must be an ISO 3166-1 alpha-2 code such as US, got %q", *in.Country)
	}
	if in.Timezone != nil {
		if _, err := time.LoadLocation(*in.Timezone); err != nil || *in.Timezone == "" {
			return nil, apierror.Invalid("timezone", "timezone must be an IANA time zone name such as Europe/Paris, got %q", *in.Timezone)
		}
	}
	var loc *ent.Location
	err := s.WithTx(ctx, func(ctx context.Context, client *ent.Client) error {
		var err error
		loc, err = client.Location.Create().SetInput(in).Save(ctx)
		return err
	})
	return loc, err
}

// Company returns the viewer's company.
func (s *PositionService) Company(ctx context.Context) (*ent.Company, error) {
	v, ok := viewer.FromContext(ctx)
	if !ok {
		return nil, apierror.Unauthorized("no credentials")
	}
	return s.Client.Company.Get(ctx, v.CompanyID)
}
