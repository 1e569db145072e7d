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

// Roles a user can hold. README.md has the table of what each may do.
const (
	RoleOwner         = "owner" // the company's admins: everything, including keys, users and partners
	RoleAdmin         = "admin" // the same as owner
	RoleRecruiter     = "recruiter"
	RoleCoordinator   = "coordinator"
	RoleHiringManager = "hiring_manager"
	RoleInterviewer   = "interviewer"
)

// AllRoles lists every role, in the order they are documented.
var AllRoles = []string{RoleOwner, RoleAdmin, RoleRecruiter, RoleCoordinator, RoleHiringManager, RoleInterviewer}

// roleScopes is the table of what each role may do, in scopes. A user holds
// the union of their roles' scopes; an API key acting for a user holds only
// what both the key and the user hold.
var roleScopes = map[string][]string{
	RoleOwner:         {ScopeRead, ScopeWrite, ScopeSalaryRangesWrite, ScopeAdmin},
	RoleAdmin:         {ScopeRead, ScopeWrite, ScopeSalaryRangesWrite, ScopeAdmin},
	RoleRecruiter:     {ScopeRead, ScopeWrite, ScopeSalaryRangesWrite},
	RoleCoordinator:   {ScopeRead, ScopeWrite},
	RoleHiringManager: {ScopeRead, ScopeWrite},
	RoleInterviewer:   {ScopeRead, ScopeWrite},
}

// assignedOnly are the roles that see only the positions they are assigned
// to, and those positions' candidates.
var assignedOnly = []string{RoleHiringManager, RoleInterviewer}

// ScopesOfRoles returns the scopes a user with roles holds.
func ScopesOfRoles(roles []string) []string {
	var out []string
	for _, s := range AllScopes {
		for _, r := range roles {
			if slices.Contains(roleScopes[r], s) {
				out = append(out, s)
				break
			}
		}
	}
	return out
}

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
}

// ForUser narrows v to what the user with roles may do: a user token holds
// the roles' scopes, an API key acting for a user only the scopes both hold.
func (v Viewer) ForUser(userID string, roles []string) Viewer {
	allowed := ScopesOfRoles(roles)
	if v.KeyID != "" {
		allowed = slices.DeleteFunc(allowed, func(s string) bool { return !v.Can(s) })
	}
	v.UserID, v.Roles, v.Scopes = userID, roles, allowed
	return v
}

// AssignedOnly reports whether the viewer is a user who sees only the
// positions they are assigned to: every role they hold is hiring manager
// or interviewer.
func (v Viewer) AssignedOnly() bool {
	if v.UserID == "" || len(v.Roles) == 0 {
		return v.UserID != ""
	}
	for _, r := range v.Roles {
		if !slices.Contains(assignedOnly, r) {
			return false
		}
	}
	return true
}

// SeesSalaries reports whether the viewer may read salary ranges: API keys
// acting for no one read them with the read scope (as before users
// existed); users need the salary permission, which salary_ranges:write
// stands for.
func (v Viewer) SeesSalaries() bool {
	if v.UserID == "" {
		return v.Can(ScopeRead)
	}
	return v.Can(ScopeSalaryRangesWrite)
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
