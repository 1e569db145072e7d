// Package viewer carries who is making a request: the company (tenant) every
// query is scoped to and what the caller may do. The privacy rules of the
// data layer read it from the context, so no code path can forget the tenant.
package viewer

import (
	"context"
	"slices"

	"github.com/hiregraph/hiregraph/internal/permission"
)

// The coarse API key scopes, re-exported for the many callers that name
// them; package permission says what each stands for.
const (
	ScopeRead              = permission.ScopeRead
	ScopeWrite             = permission.ScopeWrite
	ScopeSalaryRangesWrite = permission.ScopeSalaryRangesWrite
	ScopeEvaluationsWrite  = permission.ScopeEvaluationsWrite
	ScopeAdmin             = permission.ScopeAdmin
)

// Viewer is the authenticated caller.
type Viewer struct {
	CompanyID string
	// KeyID is the API key that authenticated the request; empty for the
	// anonymous careers API and for user tokens.
	KeyID  string
	Scopes []string
	// UserID is the person the request acts for: the user of a user token,
	// or the user an API key names in On-Behalf-Of. Empty for an API key
	// acting for no one.
	UserID string
	// PartnerID is the evaluation partner an API key is bound to; its
	// writes are the partner's on the timeline.
	PartnerID string
	// UserName is the user's name, for the timeline.
	UserName string
	// Roles are the user's roles; empty without a user.
	Roles []string
	// Permissions are what the caller may do: the key's scopes' sets, a
	// user's roles' sets, or, for a key acting for a user, what both hold.
	Permissions []string
}

// ForKey returns the viewer of an API key with scopes acting for no one.
func ForKey(companyID, keyID string, scopes []string) Viewer {
	return Viewer{CompanyID: companyID, KeyID: keyID, Scopes: scopes, Permissions: permission.OfScopes(scopes)}
}

// ForService returns the viewer of the service's own work for a company
// (seeding, delivering webhooks): every permission, no user, so the
// tenant filter still applies.
func ForService(companyID string) Viewer {
	return ForKey(companyID, "", permission.CoarseScopes)
}

// ForUser narrows v to what the user with roles, holding perms, may do: a
// user token holds perms, an API key acting for a user only what both hold.
// A user reads what their permissions let them see; a key without the read
// scope still reads nothing for them.
func (v Viewer) ForUser(userID string, roles, perms []string) Viewer {
	if v.KeyID != "" {
		perms = permission.Intersect(perms, v.Permissions)
	}
	reads := v.KeyID == "" || v.Can(ScopeRead)
	v.UserID, v.Roles, v.Permissions, v.Scopes = userID, roles, perms, nil
	if reads {
		v.Scopes = []string{ScopeRead}
	}
	return v
}

// Has reports whether the viewer holds permission p.
func (v Viewer) Has(p string) bool { return slices.Contains(v.Permissions, p) }

// SeesEverything reports whether the viewer reads every position and
// candidate of the company: an API key acting for no one, or a user whose
// permissions show all of them, discreet ones included.
func (v Viewer) SeesEverything() bool {
	return v.UserID == "" || (v.Has(permission.ViewAllPositions) && v.Has(permission.ViewDiscreetPositions) && v.Has(permission.ViewCandidates))
}

// Can reports whether the viewer holds the coarse scope.
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
