// Package viewer carries who is making a request: the company (tenant) every
// query is scoped to and what the caller may do. The privacy rules of the
// data layer read it from the context, so no code path can forget the tenant.
package viewer

import (
	"context"
	"slices"
)

// Scopes an API key can hold. README.md documents them for operators.
const (
	ScopeRead              = "read"                // read every resource of the company
	ScopeWrite             = "write"               // create positions, notes, messages, test submissions
	ScopeSalaryRangesWrite = "salary_ranges:write" // write a position's salary_range
	ScopeEvaluationsWrite  = "evaluations:write"   // evaluation partners post status updates
	ScopeAdmin             = "admin"               // configure the company: partners, fields, API keys
)

// AllScopes lists every scope, in the order they are documented.
var AllScopes = []string{ScopeRead, ScopeWrite, ScopeSalaryRangesWrite, ScopeEvaluationsWrite, ScopeAdmin}

// Viewer is the authenticated caller.
type Viewer struct {
	CompanyID string
	// KeyID is the API key that authenticated the request; empty for the
	// anonymous careers API.
	KeyID  string
	Scopes []string
}

// Can reports whether the viewer holds scope.
func (v Viewer) Can(scope string) bool { return slices.Contains(v.Scopes, scope) }

type ctxKey struct{}

// NewContext returns a context carrying v.
func NewContext(ctx context.Context, v Viewer) context.Context {
	return context.WithValue(ctx, ctxKey{}, v)
}

// FromContext returns the viewer of ctx, if any.
func FromContext(ctx context.Context) (Viewer, bool) {
	v, ok := ctx.Value(ctxKey{}).(Viewer)
	return v, ok
}
