package recruiting

import (
	"context"
	"fmt"
	"net/http"
	"regexp"
	"slices"
	"strings"

	"github.com/hiregraph/hiregraph/ent"
	"github.com/hiregraph/hiregraph/ent/role"
	"github.com/hiregraph/hiregraph/ent/schema/schematype"
	"github.com/hiregraph/hiregraph/ent/user"
	"github.com/hiregraph/hiregraph/internal/apierror"
	"github.com/hiregraph/hiregraph/internal/permission"
	"github.com/hiregraph/hiregraph/internal/viewer"
)

// Verbs of the company's audit trail: who changed which role, and whose
// roles. They have no position, so only readers of the whole event feed
// (admins, integrations) and webhooks see them (README, Permissions).
const (
	VerbRoleCreated      = "role.created"
	VerbRoleUpdated      = "role.updated"
	VerbRoleDeleted      = "role.deleted"
	VerbUserCreated      = "user.created"
	VerbUserRolesChanged = "user.roles_changed"
)

// Error codes of custom roles.
const (
	CodeRoleNotFound = "role_not_found"
	CodeRoleExists   = "role_exists"
	CodeRoleInUse    = "role_in_use"
)

// maxCustomRoles bounds a company's custom roles: each user's request reads
// those they hold, and a list of hundreds helps nobody pick one.
const maxCustomRoles = 100

// roleNamePattern spells custom roles as the built-in ones are spelled
// (hiring_manager): users' roles name them, in APIs and tokens alike.
var roleNamePattern = regexp.MustCompile(`^[a-z][a-z0-9_]{0,63}$`)

// RoleView is a role as the API lists it: a built-in one, whose
// permissions are fixed, or one of the company's own.
type RoleView struct {
	// ID is the custom role's id; nil for a built-in role.
	ID          *string
	Name        string
	Description string
	Permissions []string
	BuiltIn     bool
}

func customRoleView(r *ent.Role) *RoleView {
	return &RoleView{ID: &r.ID, Name: r.Name, Description: r.Description, Permissions: r.Permissions}
}

// CreateRoleInput defines a custom role.
type CreateRoleInput struct {
	Name        string   `json:"name"`
	Description *string  `json:"description"`
	Permissions []string `json:"permissions"`
}

// UpdateRoleInput changes a custom role; nil fields stay as they are.
type UpdateRoleInput struct {
	Description *string  `json:"description"`
	Permissions []string `json:"permissions"`
}

// Roles lists the built-in roles, in documented order, then the company's
// custom roles by name.
func (s *AdminService) Roles(ctx context.Context) ([]*RoleView, error) {
	if err := RequireRead(ctx); err != nil {
		return nil, err
	}
	out := make([]*RoleView, 0, len(permission.BuiltInRoles))
	for _, name := range permission.BuiltInRoles {
		out = append(out, &RoleView{Name: name, Description: permission.DescribeBuiltIn(name), Permissions: permission.OfBuiltIn(name), BuiltIn: true})
	}
	custom, err := s.Client.Role.Query().Order(ent.Asc(role.FieldName)).All(ctx)
	if err != nil {
		return nil, fmt.Errorf("reading custom roles: %w", err)
	}
	for _, r := range custom {
		out = append(out, customRoleView(r))
	}
	return out, nil
}

// CreateRole defines a custom role. Its permissions must all be held by
// the admin defining it.
func (s *AdminService) CreateRole(ctx context.Context, in CreateRoleInput) (*RoleView, error) {
	if err := Require(ctx, permission.ManageUsers); err != nil {
		return nil, err
	}
	name := strings.TrimSpace(in.Name)
	if err := validateRoleName(name); err != nil {
		return nil, err
	}
	perms, err := rolePermissions(in.Permissions)
	if err != nil {
		return nil, err
	}
	description, err := roleDescription(in.Description)
	if err != nil {
		return nil, err
	}
	v, _ := viewer.FromContext(ctx)
	if err := grantsNoMore(v, perms); err != nil {
		return nil, err
	}
	var created *ent.Role
	err = s.WithTx(ctx, func(ctx context.Context, client *ent.Client) error {
		existing, err := client.Role.Query().Select(role.FieldName).Strings(ctx)
		if err != nil {
			return fmt.Errorf("reading custom roles: %w", err)
		}
		if slices.Contains(existing, name) {
			return apierror.New(http.StatusConflict, CodeRoleExists, "the company has a role named %q already", name)
		}
		if len(existing) >= maxCustomRoles {
			return apierror.Invalid("name", "a company may define at most %d custom roles", maxCustomRoles)
		}
		created, err = client.Role.Create().SetName(name).SetDescription(description).SetPermissions(perms).SetTimeCreated(s.now()).Save(ctx)
		if err != nil {
			return err
		}
		return s.record(ctx, client, Activity{Verb: VerbRoleCreated, ObjectType: "Role", ObjectID: created.ID, Object: created})
	})
	if err != nil {
		return nil, err
	}
	return customRoleView(created), nil
}

// UpdateRole changes a custom role's description or permissions; its
// holders' next requests run with the new permissions. An admin may add
// only permissions they hold, and may keep those they do not.
func (s *AdminService) UpdateRole(ctx context.Context, id string, in UpdateRoleInput) (*RoleView, error) {
	if err := Require(ctx, permission.ManageUsers); err != nil {
		return nil, err
	}
	var perms []string
	if in.Permissions != nil {
		var err error
		if perms, err = rolePermissions(in.Permissions); err != nil {
			return nil, err
		}
	}
	var description string
	if in.Description != nil {
		var err error
		if description, err = roleDescription(in.Description); err != nil {
			return nil, err
		}
	}
	var updated *ent.Role
	err := s.WithTx(ctx, func(ctx context.Context, client *ent.Client) error {
		r, err := lockRole(ctx, client, id)
		if err != nil {
			return err
		}
		update := client.Role.UpdateOne(r)
		var changes []schematype.FieldChange
		if in.Description != nil {
			update.SetDescription(description)
			changes = append(changes, Change("description", r.Description, description)...)
		}
		if in.Permissions != nil {
			v, _ := viewer.FromContext(ctx)
			if err := grantsNoMore(v, added(r.Permissions, perms)); err != nil {
				return err
			}
			update.SetPermissions(perms)
			changes = append(changes, Change("permissions", r.Permissions, perms)...)
		}
		if len(changes) == 0 {
			updated = r
			return nil
		}
		if updated, err = update.Save(ctx); err != nil {
			return err
		}
		return s.record(ctx, client, Activity{Verb: VerbRoleUpdated, ObjectType: "Role", ObjectID: id, Object: updated, Changes: changes})
	})
	if err != nil {
		return nil, err
	}
	return customRoleView(updated), nil
}

// DeleteRole removes a custom role no user holds, and answers it as it
// was. A role still held answers 409 role_in_use naming its holders, so
// nobody loses rights by surprise.
func (s *AdminService) DeleteRole(ctx context.Context, id string) (*RoleView, error) {
	if err := Require(ctx, permission.ManageUsers); err != nil {
		return nil, err
	}
	var deleted *ent.Role
	err := s.WithTx(ctx, func(ctx context.Context, client *ent.Client) error {
		r, err := lockRole(ctx, client, id)
		if err != nil {
			return err
		}
		users, err := client.User.Query().Order(ent.Asc(user.FieldEmail)).Select(user.FieldEmail, user.FieldRoles).All(ctx)
		if err != nil {
			return fmt.Errorf("reading users' roles: %w", err)
		}
		var holders []string
		for _, u := range users {
			if slices.Contains(u.Roles, r.Name) {
				holders = append(holders, u.Email)
			}
		}
		if len(holders) > 0 {
			return apierror.New(http.StatusConflict, CodeRoleInUse, "the role %q is held by %d user(s) (%s); give them other roles first", r.Name, len(holders), strings.Join(holders[:min(len(holders), 5)], ", "))
		}
		if err := client.Role.DeleteOne(r).Exec(ctx); err != nil {
			return err
		}
		deleted = r
		return s.record(ctx, client, Activity{Verb: VerbRoleDeleted, ObjectType: "Role", ObjectID: id, Object: r})
	})
	if err != nil {
		return nil, err
	}
	return customRoleView(deleted), nil
}

// lockRole reads a custom role and locks it until the transaction ends:
// assigning it (checkRoles) and deleting it wait for each other, so a user
// never keeps a role deleted under them.
func lockRole(ctx context.Context, client *ent.Client, id string) (*ent.Role, error) {
	r, err := client.Role.Query().Where(role.ID(id), lockedForWrite).Only(ctx)
	if ent.IsNotFound(err) {
		return nil, apierror.NotFound(CodeRoleNotFound, "no custom role has the id %q", id)
	}
	return r, err
}

func validateRoleName(name string) error {
	switch {
	case name == "":
		return apierror.Invalid("name", "name is required")
	case permission.IsBuiltIn(strings.ToLower(name)):
		return apierror.Invalid("name", "%q is a built-in role; a custom role needs a name of its own", name)
	case !roleNamePattern.MatchString(name):
		return apierror.Invalid("name", "name must be lowercase letters, digits and underscores, starting with a letter, at most 64 characters, got %q", name)
	}
	return nil
}

// rolePermissions checks a role's permissions and returns them once each,
// in documented order.
func rolePermissions(perms []string) ([]string, error) {
	if len(perms) == 0 {
		return nil, apierror.Invalid("permissions", "permissions needs at least one permission (the query permissions lists them)")
	}
	for i, p := range perms {
		if !permission.Known(p) {
			return nil, apierror.Invalid(fmt.Sprintf("permissions[%d]", i), "permissions[%d] is no permission: %q (the query permissions lists them)", i, p)
		}
	}
	return permission.Union(perms), nil
}

func roleDescription(in *string) (string, error) {
	if in == nil {
		return "", nil
	}
	d := strings.TrimSpace(*in)
	if len([]rune(d)) > 500 {
		return "", apierror.Invalid("description", "description may be at most 500 characters")
	}
	return d, nil
}

// added returns the permissions of after that before lacks.
func added(before, after []string) []string {
	return slices.DeleteFunc(slices.Clone(after), func(p string) bool { return slices.Contains(before, p) })
}

// customRoles reads and locks the company's custom roles among names, by
// name (see lockRole).
func customRoles(ctx context.Context, client *ent.Client, names []string) (map[string][]string, error) {
	names = slices.DeleteFunc(slices.Clone(names), permission.IsBuiltIn)
	if len(names) == 0 {
		return nil, nil
	}
	rs, err := client.Role.Query().Where(role.NameIn(names...), lockedForWrite).All(ctx)
	if err != nil {
		return nil, fmt.Errorf("reading custom roles: %w", err)
	}
	out := make(map[string][]string, len(rs))
	for _, r := range rs {
		out[r.Name] = r.Permissions
	}
	return out, nil
}
