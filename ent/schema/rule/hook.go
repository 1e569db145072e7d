package rule

import (
	"context"
	"fmt"

	"github.com/hiregraph/hiregraph/ent"
	"github.com/hiregraph/hiregraph/internal/viewer"
)

// SetTenantOnCreate fills company_id of a new record from the viewer, and
// refuses a record created for another company than the viewer's.
func SetTenantOnCreate(next ent.Mutator) ent.Mutator {
	return ent.MutateFunc(func(ctx context.Context, m ent.Mutation) (ent.Value, error) {
		if !m.Op().Is(ent.OpCreate) {
			return next.Mutate(ctx, m)
		}
		v, hasViewer := viewer.FromContext(ctx)
		current, set := m.Field("company_id")
		switch {
		case !set && hasViewer:
			if err := m.SetField("company_id", v.CompanyID); err != nil {
				return nil, fmt.Errorf("setting tenant: %w", err)
			}
		case set && hasViewer && current != v.CompanyID:
			return nil, fmt.Errorf("record of company %v created by a viewer of company %s", current, v.CompanyID)
		}
		return next.Mutate(ctx, m)
	})
}
