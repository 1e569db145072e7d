package recruiting

import (
	"context"
	"fmt"
	"slices"

	"entgo.io/ent/dialect/sql"
	"entgo.io/ent/dialect/sql/sqljson"

	"github.com/hiregraph/hiregraph/ent"
	"github.com/hiregraph/hiregraph/ent/hiringteammember"
	"github.com/hiregraph/hiregraph/ent/opening"
	"github.com/hiregraph/hiregraph/ent/schema/schematype"
	"github.com/hiregraph/hiregraph/ent/user"
	"github.com/hiregraph/hiregraph/internal/apierror"
	"github.com/hiregraph/hiregraph/internal/permission"
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
	if !fellBack && !slices.Contains(team.leadRecruiter.Roles, permission.RoleRecruiter) {
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
		Where(func(s *sql.Selector) { s.Where(sqljson.ValueContains(user.FieldRoles, permission.RoleOwner)) }).
		Order(user.ByTimeCreated(), user.ByID()).
		First(ctx)
	if ent.IsNotFound(err) {
		return nil, false, invalidRef("user_not_found", field,
			"%s: no user has the e-mail %q and the company has no owner to fall back to", field, email)
	}
	return owner, true, err
}

// teamRoleValues names the roles for error messages.
const teamRoleValues = "HIRING_MANAGER, RECRUITER, COORDINATOR or INTERVIEWER"

// teamMember is how a member appears in the changes of a team activity.
type teamMember struct {
	UserID string                `json:"userId"`
	Role   hiringteammember.Role `json:"role"`
}

// AddHiringTeamMember puts a user of the company on a position's hiring
// team with role, or gives a member a new role. Membership is what shows a
// position (a discreet one included) to users without positions:view_all
// or positions:view_discreet. Adding a member with the role they have
// changes nothing and records nothing.
func (s *PositionService) AddHiringTeamMember(ctx context.Context, positionID, userID string, role hiringteammember.Role) (*ent.Position, error) {
	if err := hiringteammember.RoleValidator(role); err != nil {
		return nil, apierror.Invalid("role", "role must be %s", teamRoleValues)
	}
	return s.changeTeam(ctx, positionID, userID, func(ctx context.Context, client *ent.Client, p *ent.Position, before *teamMember) ([]schematype.FieldChange, error) {
		after := &teamMember{UserID: userID, Role: role}
		var err error
		switch {
		case before == nil:
			err = client.HiringTeamMember.Create().SetPositionID(p.ID).SetUserID(userID).SetRole(role).Exec(ctx)
		case before.Role != role:
			err = client.HiringTeamMember.Update().Where(hiringteammember.PositionID(p.ID), hiringteammember.UserID(userID)).SetRole(role).Exec(ctx)
		}
		return Change("hiringTeam", before, after), err
	})
}

// RemoveHiringTeamMember takes a user off a position's hiring team. A
// member who is also the position's hiring manager, lead recruiter or lead
// coordinator loses that role too: any of them would keep showing the
// position. Removing a user who is not on the team changes nothing.
func (s *PositionService) RemoveHiringTeamMember(ctx context.Context, positionID, userID string) (*ent.Position, error) {
	return s.changeTeam(ctx, positionID, userID, func(ctx context.Context, client *ent.Client, p *ent.Position, before *teamMember) ([]schematype.FieldChange, error) {
		changes := Change("hiringTeam", before, nil)
		if before != nil {
			if _, err := client.HiringTeamMember.Delete().Where(hiringteammember.PositionID(p.ID), hiringteammember.UserID(userID)).Exec(ctx); err != nil {
				return nil, err
			}
		}
		update, leadCleared := client.Position.UpdateOne(p), false
		for _, lead := range []struct {
			id    *string
			field string
			clear func() *ent.PositionUpdateOne
		}{{p.HiringManagerID, "hiringManager", update.ClearHiringManager}, {p.LeadRecruiterID, "leadRecruiter", update.ClearLeadRecruiter},
			{p.CoordinatorID, "leadRecruitingCoordinator", update.ClearCoordinator}} {
			if lead.id != nil && *lead.id == userID {
				lead.clear()
				leadCleared = true
				changes = append(changes, Change(lead.field, userID, nil)...)
			}
		}
		if !leadCleared {
			return changes, nil
		}
		return changes, update.Exec(ctx)
	})
}

// changeTeam runs one change of a position's team under the position's
// row lock, so concurrent changes of one team apply one after the other,
// and records position.team_changed when the team changed.
func (s *PositionService) changeTeam(ctx context.Context, positionID, userID string,
	change func(context.Context, *ent.Client, *ent.Position, *teamMember) ([]schematype.FieldChange, error)) (*ent.Position, error) {
	if err := Require(ctx, permission.ManageHiringTeam); err != nil {
		return nil, err
	}
	var updated *ent.Position
	err := s.WithTx(ctx, func(ctx context.Context, client *ent.Client) error {
		p, err := lockPosition(ctx, client, positionID)
		if err != nil {
			return err
		}
		exists, err := client.User.Query().Where(user.ID(userID)).Exist(ctx)
		if err != nil {
			return fmt.Errorf("loading user: %w", err)
		}
		if !exists {
			return apierror.NotFound(CodeUserNotFound, "no user has the uid %q", userID)
		}
		before, err := memberOf(ctx, client, p.ID, userID)
		if err != nil {
			return err
		}
		changes, err := change(ctx, client, p, before)
		if err != nil {
			return fmt.Errorf("saving hiring team: %w", err)
		}
		if len(changes) == 0 {
			updated = p
			return nil
		}
		if updated, err = client.Position.UpdateOne(p).SetTimeUpdated(s.now()).Save(ctx); err != nil {
			return fmt.Errorf("saving position: %w", err)
		}
		return s.record(ctx, client, Activity{Verb: VerbPositionTeamChanged, ObjectType: "Position", ObjectID: p.ID, PositionID: p.ID,
			Changes: changes, Object: updated})
	})
	return updated, err
}

func memberOf(ctx context.Context, client *ent.Client, positionID, userID string) (*teamMember, error) {
	m, err := client.HiringTeamMember.Query().
		Where(hiringteammember.PositionID(positionID), hiringteammember.UserID(userID)).Only(ctx)
	if ent.IsNotFound(err) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("loading hiring team: %w", err)
	}
	return &teamMember{UserID: userID, Role: m.Role}, nil
}

// GiveLeadRoles records on the team rows the roles of the position's hiring
// manager, lead recruiter and lead coordinator: rows added through the
// hiring_team edge start as interviewers.
func GiveLeadRoles(ctx context.Context, client *ent.Client, p *ent.Position) error {
	for _, lead := range []struct {
		id   *string
		role hiringteammember.Role
	}{{p.CoordinatorID, hiringteammember.RoleCoordinator}, {p.LeadRecruiterID, hiringteammember.RoleRecruiter}, {p.HiringManagerID, hiringteammember.RoleHiringManager}} {
		if lead.id == nil {
			continue
		}
		err := client.HiringTeamMember.Update().
			Where(hiringteammember.PositionID(p.ID), hiringteammember.UserID(*lead.id)).SetRole(lead.role).Exec(ctx)
		if err != nil {
			return fmt.Errorf("saving hiring team: %w", err)
		}
	}
	return nil
}

// HiringTeamMembers lists p's team with each member's role, by user id.
// p was read through the viewer's client, so who reads the team sees
// the position. Within a GraphQL operation the teams of every position
// the operation read load at once.
func (s *PositionService) HiringTeamMembers(ctx context.Context, p *ent.Position) ([]*ent.HiringTeamMember, error) {
	return perRecord(ctx, p.ID, func(r *operationReads) *batch[[]*ent.HiringTeamMember] { return &r.teamMembers }, positionsRead, s.teamsOf)
}

// teamsOf reads the hiring teams of the positions of ids, by position,
// each by user id.
func (s *PositionService) teamsOf(ctx context.Context, ids []string) (map[string][]*ent.HiringTeamMember, error) {
	rows, err := s.clientOf(ctx).HiringTeamMember.Query().
		Where(hiringteammember.PositionIDIn(ids...)).
		WithUser().
		Order(hiringteammember.ByPositionID(), hiringteammember.ByUserID()).
		All(ctx)
	if err != nil {
		return nil, fmt.Errorf("reading hiring teams: %w", err)
	}
	out := make(map[string][]*ent.HiringTeamMember, len(ids))
	for _, m := range rows {
		out[m.PositionID] = append(out[m.PositionID], m)
	}
	return out, nil
}

// ApprovalUsers returns the users of ids in their order, leaving out any
// the viewer's company no longer has. Within a GraphQL operation the
// approvers of every offer and approval process it read load at once.
func (s *PositionService) ApprovalUsers(ctx context.Context, ids []string) ([]*ent.User, error) {
	out := make([]*ent.User, 0, len(ids))
	for _, id := range ids {
		u, err := s.approvalUser(ctx, id)
		if err != nil {
			return nil, err
		}
		if u != nil {
			out = append(out, u)
		}
	}
	return out, nil
}

// approvalUser is the approver of id (ApprovalUsers); nil when the
// company no longer has them.
func (s *PositionService) approvalUser(ctx context.Context, id string) (*ent.User, error) {
	return perRecord(ctx, id, func(r *operationReads) *batch[*ent.User] { return &r.approvalUsers }, approversRead, s.usersOf)
}

// usersOf reads the users of ids, by id.
func (s *PositionService) usersOf(ctx context.Context, ids []string) (map[string]*ent.User, error) {
	found, err := s.Client.User.Query().Where(user.IDIn(ids...)).All(ctx)
	if err != nil {
		return nil, fmt.Errorf("reading approvers: %w", err)
	}
	out := make(map[string]*ent.User, len(found))
	for _, u := range found {
		out[u.ID] = u
	}
	return out, nil
}

// CurrentApprover returns the named approver whose decision a running
// approval awaits; nil when it names none or does not run.
func (s *PositionService) CurrentApprover(ctx context.Context, ap *ent.ApprovalProcess) (*ent.User, error) {
	running := ap.Status == ApprovalStatuses.Spell(opening.ApprovalStatusStarted) || ap.Status == ApprovalStatuses.Spell(opening.ApprovalStatusPaused)
	if !running || ap.Approvals >= len(ap.Approvers) {
		return nil, nil
	}
	return s.approvalUser(ctx, ap.Approvers[ap.Approvals])
}
