// Package rule holds the privacy rules of the data layer. Every query and
// mutation passes through them, whichever API the request came from, which
// is what makes tenant isolation impossible to forget in a handler.
package rule

import (
	"context"

	"entgo.io/ent/entql"

	"github.com/hiregraph/hiregraph/ent"
	"github.com/hiregraph/hiregraph/ent/privacy"
	"github.com/hiregraph/hiregraph/internal/viewer"
)

// FilterTenant limits queries and mutations to the viewer's company. With no
// viewer it denies, unless the context carries an explicit privacy decision
// (system jobs such as seeding or the careers token lookup).
func FilterTenant() privacy.QueryMutationRule {
	type companyScoped interface {
		WhereCompanyID(entql.StringP)
	}
	return privacy.FilterFunc(func(ctx context.Context, f privacy.Filter) error {
		v, ok := viewer.FromContext(ctx)
		if !ok {
			return privacy.Denyf("no viewer in context")
		}
		switch f := f.(type) {
		case companyScoped:
			f.WhereCompanyID(entql.StringEQ(v.CompanyID))
		case *ent.CompanyFilter:
			f.WhereID(entql.StringEQ(v.CompanyID))
		default:
			return privacy.Denyf("no tenant filter for %T", f)
		}
		return privacy.Skip
	})
}

// DenyCompanyMutation stops API callers from creating or changing companies;
// only system jobs (with an explicit privacy decision) do that.
func DenyCompanyMutation() privacy.MutationRule {
	return privacy.MutationRuleFunc(func(context.Context, ent.Mutation) error {
		return privacy.Denyf("companies are managed by the operator")
	})
}
