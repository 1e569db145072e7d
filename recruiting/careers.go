package recruiting

import (
	"context"
	"fmt"
	"net/http"
	"slices"

	"github.com/hiregraph/hiregraph/ent"
	"github.com/hiregraph/hiregraph/ent/position"
	"github.com/hiregraph/hiregraph/ent/privacy"
	"github.com/hiregraph/hiregraph/internal/apierror"
	"github.com/hiregraph/hiregraph/internal/auth"
	"github.com/hiregraph/hiregraph/internal/viewer"
)

// errInvalidCareersToken answers both an unknown company and a wrong token,
// so the careers API does not tell which company uids exist.
var errInvalidCareersToken = apierror.New(http.StatusUnauthorized, "invalid_token",
	"the company uid and token do not match; both come from the service")

// checkedCompanyKey holds, in a context CareersContext returned, the
// company whose careers token it checked.
type checkedCompanyKey struct{}

// checkCareersToken refuses token unless it is company's careers token
// (compared in constant time).
func checkCareersToken(company *ent.Company, token string) error {
	if token == "" || !auth.TokenMatches(token, company.CareersToken) {
		return errInvalidCareersToken
	}
	return nil
}

// CareersContext checks the company token of a careers request (spec 4.7,
// 5) and returns a context whose viewer is that company, reading only: the
// privacy rules then scope the careers queries like any other. Given a
// context it returned before (the server's token check hands its context
// on to the handler), it compares the token with the company read then
// instead of reading the company again.
func (s *CareersService) CareersContext(ctx context.Context, companyID, token string) (context.Context, *ent.Company, error) {
	if checked, ok := ctx.Value(checkedCompanyKey{}).(*ent.Company); ok && checked.ID == companyID {
		if err := checkCareersToken(checked, token); err != nil {
			return nil, nil, err
		}
		return ctx, checked, nil
	}
	company, err := s.Client.Company.Get(privacy.DecisionContext(ctx, privacy.Allow), companyID)
	if ent.IsNotFound(err) {
		auth.TokenMatches(token, token) // spend the same time as a comparison
		return nil, nil, errInvalidCareersToken
	}
	if err != nil {
		return nil, nil, fmt.Errorf("looking up company: %w", err)
	}
	if err := checkCareersToken(company, token); err != nil {
		return nil, nil, err
	}
	ctx = context.WithValue(ctx, checkedCompanyKey{}, company)
	return viewer.NewContext(ctx, viewer.ForKey(company.ID, "", []string{viewer.ScopeRead})), company, nil
}

// careersColumns are the position columns the careers API shows (spec 2.2);
// reading only these skips the workflow, salary and, unless asked for, the
// details, which are most of a row.
var careersColumns = []string{
	position.FieldID, position.FieldName, position.FieldDepartment, position.FieldWorkplaceType, position.FieldEmail,
	position.FieldURLServiceHostedPage, position.FieldURLActivePage, position.FieldEmploymentType,
	position.FieldExperienceLevel, position.FieldInternalUseCustomID, position.FieldPictureURL,
	position.FieldTimeUpdated, position.FieldCategories, position.FieldLocationID,
}

// published selects positions a careers site may show, with their
// locations (one more query for all of them).
func published(q *ent.PositionQuery, withDetails bool) *ent.PositionQuery {
	columns := careersColumns
	if withDetails {
		columns = append(slices.Clone(careersColumns), position.FieldDetails)
	}
	return q.Where(position.IsPublished(true), position.IsTemplate(false)).WithLocation().Select(columns...).PositionQuery
}

// PublishedPositions lists the company's published positions with their
// locations, ordered by name.
func (s *CareersService) PublishedPositions(ctx context.Context, withDetails bool) ([]*ent.Position, error) {
	ps, err := published(s.Client.Position.Query(), withDetails).Order(position.ByName(), position.ByID()).All(ctx)
	if err != nil {
		return nil, fmt.Errorf("listing published positions: %w", err)
	}
	return ps, nil
}

// PublishedPosition reads one published position; unpublished positions
// and templates read as missing.
func (s *CareersService) PublishedPosition(ctx context.Context, id string, withDetails bool) (*ent.Position, error) {
	p, err := published(s.Client.Position.Query(), withDetails).Where(position.ID(id)).Only(ctx)
	if ent.IsNotFound(err) {
		return nil, apierror.NotFound("position_not_found", "no published position has the uid %q", id)
	}
	return p, err
}
