package rule

import (
	"context"

	"github.com/hiregraph/hiregraph/ent"
	"github.com/hiregraph/hiregraph/internal/permission"
	"github.com/hiregraph/hiregraph/internal/viewer"
)

type salariesKey struct{}

// WithSalaries marks ctx as handling salary ranges for the service's own
// use, not a viewer's: reading a template's range and writing its copy
// into the clone, which needs no salary permission.
func WithSalaries(ctx context.Context) context.Context {
	return context.WithValue(ctx, salariesKey{}, true)
}

// SeesSalaries reports whether the reader of ctx may see salary ranges.
// System jobs (no viewer) do.
func SeesSalaries(ctx context.Context) bool {
	if ctx.Value(salariesKey{}) != nil {
		return true
	}
	v, ok := viewer.FromContext(ctx)
	return !ok || v.Has(permission.ViewSalary)
}

// HideSalaries blanks the salary range of every position, and the salary
// of every offer and offer version, read by a viewer without the salary
// permission (spec 5), however it is reached: a list, a node, a nested
// edge or the REST API.
func HideSalaries() ent.Interceptor {
	return ent.InterceptFunc(func(next ent.Querier) ent.Querier {
		return ent.QuerierFunc(func(ctx context.Context, q ent.Query) (ent.Value, error) {
			v, err := next.Query(ctx, q)
			if err != nil || SeesSalaries(ctx) {
				return v, err
			}
			switch rows := v.(type) {
			case []*ent.Position:
				for _, p := range rows {
					p.SalaryRange = nil
				}
			case []*ent.Offer:
				for _, o := range rows {
					o.Salary = nil
				}
			case []*ent.OfferVersion:
				for _, o := range rows {
					o.Salary = nil
				}
			}
			return v, err
		})
	})
}
