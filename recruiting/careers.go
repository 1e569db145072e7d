package recruiting

import (
	"context"
	"fmt"
	"net/http"

	"github.com/hiregraph/hiregraph/apierror"
	"github.com/hiregraph/hiregraph/auth"
	"github.com/hiregraph/hiregraph/ent"
	"github.com/hiregraph/hiregraph/ent/position"
	"github.com/hiregraph/hiregraph/ent/privacy"
	"github.com/hiregraph/hiregraph/viewer"
)

// errInvalidCareersToken answers both an unknown company and a wrong token,
// so the careers API does not tell which company uids exist.
var errInvalidCareersToken = apierror.New(http.StatusUnauthorized, "invalid_token",
	"the company uid and token do not match; both come from the service")

// CareersContext checks the company token of a careers request (spec 4.7,
// 5) and returns a context whose viewer is that company, reading only: the
// privacy rules then scope the careers queries like any other.
func (s *Service) CareersContext(ctx context.Context, companyID, token string) (context.Context, *ent.Company, error) {
	company, err := s.Client.Company.Get(privacy.DecisionContext(ctx, privacy.Allow), companyID)
	if ent.IsNotFound(err) {
		auth.TokenMatches(token, token) // spend the same time as a comparison
		return nil, nil, errInvalidCareersToken
	}
	if err != nil {
		return nil, nil, fmt.Errorf("looking up company: %w", err)
	}
	if token == "" || !auth.TokenMatches(token, company.CareersToken) {
		return nil, nil, errInvalidCareersToken
	}
	return viewer.NewContext(ctx, viewer.Viewer{CompanyID: company.ID, Scopes: []string{viewer.ScopeRead}}), company, nil
}

// published selects positions a careers site may show.
func published(q *ent.PositionQuery) *ent.PositionQuery {
	return q.Where(position.IsPublished(true), position.IsTemplate(false)).WithLocation()
}

// PublishedPositions lists the company's published positions with their
// locations, in one query, ordered by name.
func (s *Service) PublishedPositions(ctx context.Context) ([]*ent.Position, error) {
	ps, err := published(s.Client.Position.Query()).Order(position.ByName(), position.ByID()).All(ctx)
	if err != nil {
		return nil, fmt.Errorf("listing published positions: %w", err)
	}
	return ps, nil
}

// PublishedPosition reads one published position; unpublished positions
// and templates read as missing.
func (s *Service) PublishedPosition(ctx context.Context, id string) (*ent.Position, error) {
	p, err := published(s.Client.Position.Query()).Where(position.ID(id)).Only(ctx)
	if ent.IsNotFound(err) {
		return nil, apierror.NotFound("position_not_found", "no published position has the uid %q", id)
	}
	return p, err
}
