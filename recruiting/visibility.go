package recruiting

import (
	"context"
	"fmt"
	"sync"

	"github.com/hiregraph/hiregraph/ent"
	"github.com/hiregraph/hiregraph/ent/fielddefinition"
	"github.com/hiregraph/hiregraph/ent/schema/rule"
	"github.com/hiregraph/hiregraph/ent/schema/schematype"
)

// Visibility knows which of a company's configured fields are marked
// "Internal use": such fields never leave the service in a position or
// opening response (spec 2.1), whichever API serves it or event carries
// them. It knows too whether the viewer sees salary ranges, so a position
// shows one range whether a query, a mutation's answer or REST serves it.
type Visibility struct {
	internal map[fielddefinition.Scope]map[string]bool
	salary   bool
}

// LoadVisibility reads the internal-use marks of the viewer's company in one
// query; load it once per response, not per position. Within a GraphQL
// operation (OperationContext) it is read once for the whole operation.
func (s *core) LoadVisibility(ctx context.Context) (*Visibility, error) {
	return onceInOperation(ctx, func(m *visibilityMemo) **Visibility { return &m.v }, func() (*Visibility, error) { return s.loadVisibility(ctx) })
}

func (s *core) loadVisibility(ctx context.Context) (*Visibility, error) {
	defs, err := s.clientOf(ctx).FieldDefinition.Query().
		Where(fielddefinition.InternalUse(true)).
		Select(fielddefinition.FieldScope, fielddefinition.FieldName).
		All(ctx)
	if err != nil {
		return nil, fmt.Errorf("loading internal-use fields: %w", err)
	}
	v := &Visibility{internal: map[fielddefinition.Scope]map[string]bool{}, salary: rule.SeesSalaries(ctx)}
	for _, d := range defs {
		if v.internal[d.Scope] == nil {
			v.internal[d.Scope] = map[string]bool{}
		}
		v.internal[d.Scope][d.Name] = true
	}
	return v, nil
}

// clientOf is the client to read with in ctx: the transaction's when ctx
// is in one, since SQLite's one writer would wait on its own transaction.
func (s *core) clientOf(ctx context.Context) *ent.Client {
	if tx := ent.TxFromContext(ctx); tx != nil {
		return tx.Client()
	}
	return s.Client
}

// visibilityMemo keeps the marks for one operation; GraphQL resolves
// fields concurrently.
type visibilityMemo struct {
	mu        sync.Mutex
	v         *Visibility
	questions *questionMarks
	reads     operationReads
}

// onceInOperation returns the value slot picks from the memo of the
// operation of ctx, loading it the first time; outside an operation it
// loads it every time.
func onceInOperation[T comparable](ctx context.Context, slot func(*visibilityMemo) *T, load func() (T, error)) (T, error) {
	memo, _ := ctx.Value(visibilityMemoKey{}).(*visibilityMemo)
	if memo == nil {
		return load()
	}
	memo.mu.Lock()
	defer memo.mu.Unlock()
	var zero T
	if v := slot(memo); *v != zero {
		return *v, nil
	}
	v, err := load()
	if err != nil {
		return zero, err
	}
	*slot(memo) = v
	return v, nil
}

type visibilityMemoKey struct{}

// ViewPosition returns the view of p for the viewer's company.
func (s *core) ViewPosition(ctx context.Context, p *ent.Position) (PositionView, error) {
	vis, err := s.LoadVisibility(ctx)
	if err != nil {
		return PositionView{}, err
	}
	return vis.Position(p), nil
}

// ViewOpening returns the view of o for the viewer's company.
func (s *core) ViewOpening(ctx context.Context, o *ent.Opening) (OpeningView, error) {
	vis, err := s.LoadVisibility(ctx)
	if err != nil {
		return OpeningView{}, err
	}
	return vis.Opening(o), nil
}

// PositionView is a position as it may leave the service, whichever API
// serves it: what the company marks internal-use is taken out (spec 2.1).
// The fields it declares stand in for the position's own.
type PositionView struct {
	*ent.Position
	// Department, ExperienceLevel and EmploymentType are nil when the
	// company marks their option list internal-use.
	Department, ExperienceLevel, EmploymentType *string
	// SalaryRange is nil for a viewer without salary:view.
	SalaryRange         *schematype.SalaryRange
	Categories, Details []schematype.NamedValue
	// Openings are the position's loaded openings.
	Openings []OpeningView
}

// OpeningView is an opening as it may leave the service.
type OpeningView struct {
	*ent.Opening
	CustomFields schematype.StringMap
}

// Position returns the view of p; its loaded openings are viewed too.
func (v *Visibility) Position(p *ent.Position) PositionView {
	out := PositionView{
		Position:        p,
		Department:      v.standard(fielddefinition.ScopeDepartment, p.Department),
		ExperienceLevel: v.standard(fielddefinition.ScopeExperienceLevel, p.ExperienceLevel),
		EmploymentType:  v.standard(fielddefinition.ScopeEmploymentType, p.EmploymentType),
		Categories:      v.named(fielddefinition.ScopeCategory, p.Categories),
		Details:         v.named(fielddefinition.ScopeDetail, p.Details),
		SalaryRange:     p.SalaryRange,
		Openings:        make([]OpeningView, len(p.Edges.Openings)),
	}
	if !v.salary {
		out.SalaryRange = nil
	}
	for i, o := range p.Edges.Openings {
		out.Openings[i] = v.Opening(o)
	}
	return out
}

// Opening returns the view of o.
func (v *Visibility) Opening(o *ent.Opening) OpeningView {
	return OpeningView{Opening: o, CustomFields: v.customFields(o.CustomFields)}
}

// customFields returns the opening custom fields that may be shown.
func (v *Visibility) customFields(in schematype.StringMap) schematype.StringMap {
	fields := make(schematype.StringMap, len(in))
	for k, val := range in {
		if !v.internal[fielddefinition.ScopeOpeningCustomField][k] {
			fields[k] = val
		}
	}
	return fields
}

// standard returns a standard position field's value, or nil when the
// company marks the definition of that field internal-use.
func (v *Visibility) standard(scope fielddefinition.Scope, value string) *string {
	return v.standardPtr(scope, &value)
}

// standardPtr is standard for a value that may be missing already.
func (v *Visibility) standardPtr(scope fielddefinition.Scope, value *string) *string {
	if v.isInternal(scope) {
		return nil
	}
	return value
}

// isInternal reports whether the company marks the standard field of
// scope (its option list) internal-use.
func (v *Visibility) isInternal(scope fielddefinition.Scope) bool {
	return len(v.internal[scope]) > 0
}

// named returns the categories or details that may be shown.
func (v *Visibility) named(scope fielddefinition.Scope, values []schematype.NamedValue) []schematype.NamedValue {
	out := make([]schematype.NamedValue, 0, len(values))
	for _, nv := range values {
		if !v.internal[scope][nv.Name] {
			out = append(out, nv)
		}
	}
	return out
}
