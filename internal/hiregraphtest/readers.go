package hiregraphtest

import (
	"slices"
	"strings"

	"github.com/hiregraph/hiregraph/ent"
	"github.com/hiregraph/hiregraph/internal/permission"
)

// Reader is a credential of the demo company with the permissions the
// permission table gives it, for tests that derive what it may see from
// the table rather than restating it.
type Reader struct {
	Name, Credential string
	Permissions      []string
	// User is set for a user token, clear for an API key acting for no one.
	User bool
}

// Has reports whether the reader holds permission p.
func (r Reader) Has(p string) bool { return slices.Contains(r.Permissions, p) }

// Reads reports whether the reader reads at all: users do, keys need the
// read scope.
func (r Reader) Reads() bool { return r.User || r.Has(permission.ViewEvents) }

// SeesEverything mirrors viewer.SeesEverything: keys acting for no one,
// and users who see every position, discreet ones included, and every
// candidate.
func (r Reader) SeesEverything() bool {
	return !r.User || r.Has(permission.ViewAllPositions) && r.Has(permission.ViewDiscreetPositions) && r.Has(permission.ViewCandidates)
}

// readerKeyScopes are the API keys Readers issues: each coarse scope a key
// reads or writes with, alone and together.
var readerKeyScopes = [][]string{
	{permission.ScopeRead}, {permission.ScopeRead, permission.ScopeAdmin}, {permission.ScopeWrite},
	{permission.ScopeRead, permission.ScopeWrite, permission.ScopeSalaryRangesWrite},
}

// Readers returns a user token for each built-in role a demo user holds
// alone, and a fresh API key for each of readerKeyScopes.
func (e *Env) Readers() []Reader {
	e.T.Helper()
	users := e.DB.Client.User.Query().Order(ent.Asc("id")).AllX(System())
	var out []Reader
	for _, role := range permission.BuiltInRoles {
		i := slices.IndexFunc(users, func(u *ent.User) bool { return slices.Equal(u.Roles, []string{role}) })
		if i < 0 {
			continue // the demo has no admin: an admin holds what an owner does
		}
		out = append(out, Reader{Name: role, Credential: e.UserToken(users[i].Email), Permissions: permission.OfBuiltIn(role), User: true})
	}
	for _, scopes := range readerKeyScopes {
		out = append(out, Reader{Name: "key " + strings.Join(scopes, ","), Credential: e.WithKey(scopes...).Demo.APIKey, Permissions: permission.OfScopes(scopes)})
	}
	return out
}
