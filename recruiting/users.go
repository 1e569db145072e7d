package recruiting

import (
	"context"
	"fmt"
	"net/http"
	"slices"
	"strings"

	"github.com/hiregraph/hiregraph/ent"
	"github.com/hiregraph/hiregraph/ent/apikey"
	"github.com/hiregraph/hiregraph/ent/user"
	"github.com/hiregraph/hiregraph/internal/apierror"
	"github.com/hiregraph/hiregraph/internal/auth"
	"github.com/hiregraph/hiregraph/internal/permission"
	"github.com/hiregraph/hiregraph/internal/viewer"
)

// User management and API keys are admins' business; the privacy rules of
// User, Role and APIKey refuse everyone else (ent/schema/rule), whichever
// face the request came through. The checks here answer that before
// judging the input, spell bad input, and keep whoever manages users from
// handing out more than they hold (grantsNoMore).

// CreateUserInput invites a user to the company.
type CreateUserInput struct {
	Email     string   `json:"email"`
	FirstName string   `json:"first_name"`
	LastName  string   `json:"last_name"`
	Roles     []string `json:"roles"`
}

// CreateAPIKeyInput issues an API key through the API.
type CreateAPIKeyInput struct {
	Name   string   `json:"name"`
	Scopes []string `json:"scopes"`
	// UserID binds the key to a user: it acts for them, with no more than
	// their roles allow.
	UserID *string `json:"user_uid"`
	// PartnerID binds the key to an evaluation partner.
	PartnerID *string `json:"partner_uid"`
}

// CreatedAPIKey is a new key with its secret, shown this once.
type CreatedAPIKey struct {
	APIKey *ent.APIKey `json:"api_key"`
	Secret string      `json:"secret"`
}

// checkRoles checks roles, given to a user who held before: each is a
// built-in role or a custom role of the company, and they grant nothing
// the viewer does not hold beyond what the user held already. The custom
// roles stay locked until the transaction ends (lockRole).
func checkRoles(ctx context.Context, client *ent.Client, before, roles []string) error {
	if len(roles) == 0 {
		return apierror.Invalid("roles", "roles needs at least one of %s or a custom role", strings.Join(permission.BuiltInRoles, ", "))
	}
	custom, err := customRoles(ctx, client, slices.Concat(before, roles))
	if err != nil {
		return err
	}
	for i, r := range roles {
		if _, ok := custom[r]; !ok && !permission.IsBuiltIn(r) {
			return apierror.Invalid(fmt.Sprintf("roles[%d]", i), "roles[%d] must be one of %s or a custom role of the company, got %q", i, strings.Join(permission.BuiltInRoles, ", "), r)
		}
	}
	of := func(r string) []string { return custom[r] }
	v, _ := viewer.FromContext(ctx)
	return grantsNoMore(v, added(permission.OfRoles(before, of), permission.OfRoles(roles, of)))
}

// CreateUser adds a user to the viewer's company. They sign in with a
// token of the company's identity provider naming their e-mail address,
// or one `hiregraph token` mints.
func (s *AdminService) CreateUser(ctx context.Context, in CreateUserInput) (*ent.User, error) {
	if err := Require(ctx, permission.ManageUsers); err != nil {
		return nil, err
	}
	if in.Email == "" {
		return nil, apierror.Invalid("email", "email is required")
	}
	if err := validateEmail("email", in.Email); err != nil {
		return nil, err
	}
	if strings.TrimSpace(in.FirstName) == "" {
		return nil, apierror.Invalid("first_name", "first_name is required")
	}
	var created *ent.User
	err := s.WithTx(ctx, func(ctx context.Context, client *ent.Client) error {
		if err := checkRoles(ctx, client, nil, in.Roles); err != nil {
			return err
		}
		taken, err := client.User.Query().Where(user.EmailEqualFold(in.Email)).Exist(ctx)
		if err != nil {
			return fmt.Errorf("checking e-mail: %w", err)
		}
		if taken {
			return apierror.New(http.StatusConflict, apierror.CodeConflict, "the company has a user with the e-mail address %s already", in.Email)
		}
		create := client.User.Create().SetEmail(in.Email).SetFirstName(in.FirstName).SetRoles(in.Roles).SetTimeCreated(s.now())
		if in.LastName != "" {
			create.SetLastName(in.LastName)
		}
		if created, err = create.Save(ctx); err != nil {
			return err
		}
		return s.record(ctx, client, Activity{Verb: VerbUserCreated, ObjectType: "User", ObjectID: created.ID, Object: created})
	})
	return created, err
}

// SetUserRoles replaces a user's roles; the next request of the user runs
// with the new ones. The change is recorded as an event (user.roles_changed).
func (s *AdminService) SetUserRoles(ctx context.Context, id string, roles []string) (*ent.User, error) {
	if err := Require(ctx, permission.ManageUsers); err != nil {
		return nil, err
	}
	var updated *ent.User
	err := s.WithTx(ctx, func(ctx context.Context, client *ent.Client) error {
		u, err := userByID(ctx, client, id)
		if err != nil {
			return err
		}
		if err := checkRoles(ctx, client, u.Roles, roles); err != nil {
			return err
		}
		if !isAdmin(roles) {
			if err := keepAnAdmin(ctx, client, id); err != nil {
				return err
			}
		}
		if updated, err = client.User.UpdateOne(u).SetRoles(roles).Save(ctx); err != nil {
			return err
		}
		changes := Change("roles", u.Roles, roles)
		if len(changes) == 0 {
			return nil
		}
		return s.record(ctx, client, Activity{Verb: VerbUserRolesChanged, ObjectType: "User", ObjectID: id, Object: updated, Changes: changes})
	})
	return updated, err
}

func isAdmin(roles []string) bool {
	return slices.ContainsFunc(roles, permission.IsAdminRole)
}

// keepAnAdmin refuses to take the admin roles from id when no other active
// user holds one: nobody could manage the company's users any more.
func keepAnAdmin(ctx context.Context, client *ent.Client, id string) error {
	admins, err := client.User.Query().Where(user.Active(true), user.IDNEQ(id)).Select(user.FieldRoles).All(ctx)
	if err != nil {
		return fmt.Errorf("counting admins: %w", err)
	}
	for _, u := range admins {
		if isAdmin(u.Roles) {
			return nil
		}
	}
	return apierror.New(http.StatusConflict, "last_admin", "the company would have no active owner or admin left; make another user one first")
}

// DeactivateUser stops a user: their tokens and the API keys bound to them
// fail from the next request on. Admins cannot deactivate themselves, so
// a company cannot lock out its last admin by accident.
func (s *AdminService) DeactivateUser(ctx context.Context, id string) (*ent.User, error) {
	if v, _ := viewer.FromContext(ctx); v.UserID == id {
		return nil, apierror.Invalid("uid", "you cannot deactivate yourself; ask another admin")
	}
	return s.updateUser(ctx, id, func(u *ent.UserUpdateOne) { u.SetActive(false) })
}

func (s *AdminService) updateUser(ctx context.Context, id string, change func(*ent.UserUpdateOne)) (*ent.User, error) {
	var updated *ent.User
	err := s.WithTx(ctx, func(ctx context.Context, client *ent.Client) error {
		u, err := userByID(ctx, client, id)
		if err != nil {
			return err
		}
		up := client.User.UpdateOne(u)
		change(up)
		updated, err = up.Save(ctx)
		return err
	})
	return updated, err
}

func userByID(ctx context.Context, client *ent.Client, id string) (*ent.User, error) {
	u, err := client.User.Get(ctx, id)
	if ent.IsNotFound(err) {
		return nil, apierror.NotFound("user_not_found", "no user has the uid %q", id)
	}
	return u, err
}

// APIKeys lists the company's API keys, newest first; never their secrets.
func (s *AdminService) APIKeys(ctx context.Context) ([]*ent.APIKey, error) {
	return s.Client.APIKey.Query().Order(ent.Desc(apikey.FieldTimeCreated), ent.Desc(apikey.FieldID)).All(ctx)
}

// APIKey reads one of the company's API keys; the privacy rules refuse
// viewers who may not manage keys, and an id of none is ent's not-found
// error.
func (s *AdminService) APIKey(ctx context.Context, id string) (*ent.APIKey, error) {
	return s.Client.APIKey.Get(ctx, id)
}

// CreateAPIKey issues a key for the viewer's company, bound to a user or a
// partner of it when the input names one.
func (s *AdminService) CreateAPIKey(ctx context.Context, in CreateAPIKeyInput) (*CreatedAPIKey, error) {
	v, _ := viewer.FromContext(ctx)
	for i, sc := range in.Scopes {
		if !permission.KnownScope(sc) {
			return nil, apierror.Invalid(fmt.Sprintf("scopes[%d]", i), "scopes[%d] must be one of %s or a permission name, got %q", i, strings.Join(permission.CoarseScopes, ", "), sc)
		}
	}
	if err := grantsNoMore(v, permission.OfScopes(in.Scopes)); err != nil {
		return nil, err
	}
	if in.UserID != nil && in.PartnerID != nil {
		return nil, apierror.Invalid("user_uid", "a key is bound to a user or to a partner, not both")
	}
	var out *CreatedAPIKey
	err := s.WithTx(ctx, func(ctx context.Context, client *ent.Client) error {
		if in.UserID != nil {
			if _, err := client.User.Get(ctx, *in.UserID); err != nil {
				return apierror.Invalid("user_uid", "no user of the company has the uid %q", *in.UserID)
			}
		}
		if in.PartnerID != nil {
			if _, err := client.EvaluationPartner.Get(ctx, *in.PartnerID); err != nil {
				return apierror.Invalid("partner_uid", "no evaluation partner of the company has the uid %q", *in.PartnerID)
			}
		}
		key, err := auth.CreateBoundKey(ctx, client, s.Sealer, auth.KeySpec{
			CompanyID: v.CompanyID, Name: in.Name, Scopes: in.Scopes, UserID: in.UserID, PartnerID: in.PartnerID,
		})
		if err != nil {
			return err
		}
		k, err := client.APIKey.Get(ctx, key.ID)
		if err != nil {
			return err
		}
		out = &CreatedAPIKey{APIKey: k, Secret: key.Secret}
		return nil
	})
	return out, err
}

// RevokeAPIKey revokes a key of the company: it and the JWTs signed with
// it fail from the next request on.
func (s *AdminService) RevokeAPIKey(ctx context.Context, id string) (*ent.APIKey, error) {
	var revoked *ent.APIKey
	err := s.WithTx(ctx, func(ctx context.Context, client *ent.Client) error {
		k, err := client.APIKey.Get(ctx, id)
		if ent.IsNotFound(err) {
			return apierror.NotFound("api_key_not_found", "no API key has the id %q", id)
		}
		if err != nil {
			return err
		}
		revoked, err = client.APIKey.UpdateOne(k).SetRevoked(true).Save(ctx)
		return err
	})
	return revoked, err
}

// grantsNoMore refuses a user handing out (in a key or a role) a permission
// they do not hold themselves, so managing keys or users cannot be turned
// into more rights.
func grantsNoMore(v viewer.Viewer, perms []string) error {
	if v.UserID == "" {
		return nil
	}
	for _, p := range perms {
		if !v.Has(p) {
			return apierror.Forbidden("you cannot grant the permission %q, which you do not hold", p)
		}
	}
	return nil
}
