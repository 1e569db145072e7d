package rest

import (
	"net/http"

	"github.com/go-chi/chi/v5"

	"github.com/hiregraph/hiregraph/ent"
	"github.com/hiregraph/hiregraph/internal/apitime"
	"github.com/hiregraph/hiregraph/recruiting"
)

// These endpoints are not in the spec: they let an admin's tools manage
// users and API keys over REST as over GraphQL. Only admins may call them;
// the privacy rules of the data layer answer everyone else 403.

// userJSON is a user of the company.
type userJSON struct {
	UID         string   `json:"uid"`
	Email       string   `json:"email"`
	FirstName   string   `json:"first_name"`
	LastName    string   `json:"last_name"`
	Roles       []string `json:"roles"`
	Active      bool     `json:"active"`
	TimeCreated string   `json:"time_created"`
}

func newUserJSON(u *ent.User) userJSON {
	return userJSON{UID: u.ID, Email: u.Email, FirstName: u.FirstName, LastName: u.LastName, Roles: u.Roles, Active: u.Active, TimeCreated: apitime.Format(u.TimeCreated)}
}

// apiKeyJSON is an API key, never its secret.
type apiKeyJSON struct {
	ID           string   `json:"id"`
	Name         string   `json:"name"`
	Scopes       []string `json:"scopes"`
	UserUID      *string  `json:"user_uid"`
	PartnerUID   *string  `json:"partner_uid"`
	TimeCreated  string   `json:"time_created"`
	TimeLastUsed *string  `json:"time_last_used"`
	Revoked      bool     `json:"revoked"`
}

func newAPIKeyJSON(k *ent.APIKey) apiKeyJSON {
	return apiKeyJSON{
		ID: k.ID, Name: k.Name, Scopes: k.Scopes, UserUID: k.UserID, PartnerUID: k.PartnerID,
		TimeCreated: apitime.Format(k.TimeCreated), TimeLastUsed: apitime.FormatPtr(k.TimeLastUsed), Revoked: k.Revoked,
	}
}

// createUser serves POST /users.
func (a *API) createUser(w http.ResponseWriter, r *http.Request) error {
	var in recruiting.CreateUserInput
	if err := DecodeJSON(r, &in); err != nil {
		return err
	}
	u, err := a.Service.CreateUser(r.Context(), in)
	if err != nil {
		return err
	}
	WriteJSON(w, http.StatusCreated, newUserJSON(u))
	return nil
}

// setUserRoles serves POST /users/{uid}/roles with {"roles": [...]}.
func (a *API) setUserRoles(w http.ResponseWriter, r *http.Request) error {
	var in struct {
		Roles []string `json:"roles"`
	}
	if err := DecodeJSON(r, &in); err != nil {
		return err
	}
	u, err := a.Service.SetUserRoles(r.Context(), chi.URLParam(r, "uid"), in.Roles)
	if err != nil {
		return err
	}
	WriteJSON(w, http.StatusOK, newUserJSON(u))
	return nil
}

// deactivateUser serves POST /users/{uid}/deactivate.
func (a *API) deactivateUser(w http.ResponseWriter, r *http.Request) error {
	u, err := a.Service.DeactivateUser(r.Context(), chi.URLParam(r, "uid"))
	if err != nil {
		return err
	}
	WriteJSON(w, http.StatusOK, newUserJSON(u))
	return nil
}

// listAPIKeys serves GET /api_keys.
func (a *API) listAPIKeys(w http.ResponseWriter, r *http.Request) error {
	keys, err := a.Service.APIKeys(r.Context())
	if err != nil {
		return err
	}
	out := make([]apiKeyJSON, len(keys))
	for i, k := range keys {
		out[i] = newAPIKeyJSON(k)
	}
	WriteJSON(w, http.StatusOK, map[string]any{"api_keys": out})
	return nil
}

// createAPIKey serves POST /api_keys; the secret is in this answer only.
func (a *API) createAPIKey(w http.ResponseWriter, r *http.Request) error {
	var in recruiting.CreateAPIKeyInput
	if err := DecodeJSON(r, &in); err != nil {
		return err
	}
	created, err := a.Service.CreateAPIKey(r.Context(), in)
	if err != nil {
		return err
	}
	WriteJSON(w, http.StatusCreated, map[string]any{"api_key": newAPIKeyJSON(created.APIKey), "secret": created.Secret})
	return nil
}

// revokeAPIKey serves POST /api_keys/{id}/revoke.
func (a *API) revokeAPIKey(w http.ResponseWriter, r *http.Request) error {
	k, err := a.Service.RevokeAPIKey(r.Context(), chi.URLParam(r, "id"))
	if err != nil {
		return err
	}
	WriteJSON(w, http.StatusOK, newAPIKeyJSON(k))
	return nil
}
