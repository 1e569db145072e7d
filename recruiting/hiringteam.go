package recruiting

import (
	"context"
	"slices"

	"entgo.io/ent/dialect/sql"
	"entgo.io/ent/dialect/sql/sqljson"

	"github.com/hiregraph/hiregraph/ent"
	"github.com/hiregraph/hiregraph/ent/user"
)

// Roles a user can hold.
const (
	RoleOwner         = "owner"
	RoleRecruiter     = "recruiter"
	RoleHiringManager = "hiring_manager"
	RoleCoordinator   = "coordinator"
)

// hiringTeam is the users a clone request names, resolved.
type hiringTeam struct {
	leadRecruiter, hiringManager, coordinator *ent.User
}

// resolveHiringTeam finds the users of spec 4.1 `users` by e-mail. An e-mail
// that matches no user fails the request, unless allowFallback lets the
// company's earliest owner take the role. A lead recruiter who is found
// must hold the recruiter role: fallback covers missing users, not wrong ones.
func resolveHiringTeam(ctx context.Context, client *ent.Client, users CloneUsers, allowFallback bool) (hiringTeam, error) {
	var team hiringTeam
	var err error
	var fellBack bool
	if team.leadRecruiter, fellBack, err = findUser(ctx, client, *users.LeadRecruiter.Email, "users.lead_recruiter.email", allowFallback); err != nil {
		return team, err
	}
	if !fellBack && !slices.Contains(team.leadRecruiter.Roles, RoleRecruiter) {
		return team, invalidRef("user_not_recruiter", "users.lead_recruiter.email",
			"users.lead_recruiter.email: %s does not have the recruiter role", team.leadRecruiter.Email)
	}
	if team.hiringManager, _, err = findUser(ctx, client, *users.HiringManager.Email, "users.hiring_manager.email", allowFallback); err != nil {
		return team, err
	}
	if c := users.LeadRecruitingCoordinator; c != nil && !isBlank(c.Email) {
		if team.coordinator, _, err = findUser(ctx, client, *c.Email, "users.lead_recruiting_coordinator.email", allowFallback); err != nil {
			return team, err
		}
	}
	return team, nil
}

func findUser(ctx context.Context, client *ent.Client, email, field string, allowFallback bool) (u *ent.User, fellBack bool, err error) {
	u, err = client.User.Query().Where(user.EmailEqualFold(email)).First(ctx)
	if err == nil || !ent.IsNotFound(err) {
		return u, false, err
	}
	if !allowFallback {
		return nil, false, invalidRef("user_not_found", field,
			"%s: no user has the e-mail %q (send allow_fallback: true to give the role to the earliest owner)", field, email)
	}
	owner, err := client.User.Query().
		Where(func(s *sql.Selector) { s.Where(sqljson.ValueContains(user.FieldRoles, RoleOwner)) }).
		Order(user.ByTimeCreated(), user.ByID()).
		First(ctx)
	if ent.IsNotFound(err) {
		return nil, false, invalidRef("user_not_found", field,
			"%s: no user has the e-mail %q and the company has no owner to fall back to", field, email)
	}
	return owner, true, err
}
