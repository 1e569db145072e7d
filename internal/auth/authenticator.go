package auth

import (
	"context"
	"crypto/subtle"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"strings"
	"time"

	"github.com/golang-jwt/jwt/v5"

	"github.com/hiregraph/hiregraph/ent"
	"github.com/hiregraph/hiregraph/ent/apikey"
	"github.com/hiregraph/hiregraph/ent/privacy"
	"github.com/hiregraph/hiregraph/ent/user"
	"github.com/hiregraph/hiregraph/internal/apierror"
	"github.com/hiregraph/hiregraph/internal/viewer"
)

// MaxTokenLifetime bounds how far ahead a JWT's exp may lie, so a leaked
// token is useful for minutes, not days.
const MaxTokenLifetime = 10 * time.Minute

// Authenticator turns the credential of a request into a viewer.
type Authenticator struct {
	Client *ent.Client
	Sealer *Sealer
	// Users verifies user tokens; nil refuses them.
	Users *UserTokens
	// Now is the clock; tests replace it.
	Now func() time.Time
}

// Authenticate checks the value of an Authorization header. It returns an
// *apierror.Error (401) for anything but a valid, unrevoked credential.
func (a *Authenticator) Authenticate(ctx context.Context, header string) (viewer.Viewer, error) {
	scheme, credential, ok := strings.Cut(header, " ")
	if !ok || !strings.EqualFold(scheme, "Bearer") || strings.TrimSpace(credential) == "" {
		return viewer.Viewer{}, apierror.Unauthorized("send the header Authorization: Bearer <api key>")
	}
	credential = strings.TrimSpace(credential)
	// Looking up keys happens before any tenant is known.
	ctx = privacy.DecisionContext(ctx, privacy.Allow)
	var (
		key *ent.APIKey
		err error
	)
	switch {
	case strings.Count(credential, ".") != 2 || strings.HasPrefix(credential, keyPrefix):
		key, err = a.keyOfSecret(ctx, credential)
	case a.Users != nil && a.Users.handles(unverifiedIssuer(credential)):
		return a.userOfToken(ctx, credential)
	default:
		key, err = a.keyOfJWT(ctx, credential)
	}
	if err != nil {
		return viewer.Viewer{}, err
	}
	a.touch(ctx, key)
	v := viewer.ForKey(key.CompanyID, key.ID, key.Scopes)
	if key.PartnerID != nil {
		v.PartnerID = *key.PartnerID
	}
	if key.UserID == nil {
		return v, nil
	}
	u, err := findUser(ctx, a.Client, identity{userID: *key.UserID})
	if err != nil {
		return viewer.Viewer{}, err
	}
	return a.userViewer(ctx, v, u)
}

// userOfToken signs in the user a user token names. The user is read on
// every request, so deactivating them or changing their roles takes effect
// at once.
func (a *Authenticator) userOfToken(ctx context.Context, token string) (viewer.Viewer, error) {
	id, err := a.Users.verify(ctx, unverifiedIssuer(token), token, a.now())
	if err != nil {
		return viewer.Viewer{}, err
	}
	u, err := findUser(ctx, a.Client, id)
	if err != nil {
		return viewer.Viewer{}, err
	}
	return a.userViewer(ctx, viewer.Viewer{}, u)
}

// ActFor makes an API key's request act for the user who (an e-mail or a
// uid) names, as the On-Behalf-Of header asks: the user must be an active
// user of the key's company, and the request may then do only what both
// the key and the user may.
func (a *Authenticator) ActFor(ctx context.Context, v viewer.Viewer, who string) (viewer.Viewer, error) {
	if v.KeyID == "" {
		return viewer.Viewer{}, apierror.BadRequest("", "On-Behalf-Of applies to API keys; a user token acts for its own user")
	}
	ctx = privacy.DecisionContext(ctx, privacy.Allow)
	q := a.Client.User.Query().Where(user.CompanyID(v.CompanyID))
	if strings.Contains(who, "@") {
		q.Where(user.EmailEqualFold(who))
	} else {
		q.Where(user.ID(who))
	}
	u, err := q.Select(user.FieldID, user.FieldCompanyID, user.FieldRoles, user.FieldActive, user.FieldEmail, user.FieldFirstName, user.FieldLastName).First(ctx)
	if ent.IsNotFound(err) {
		return viewer.Viewer{}, unauthorized(CodeUserUnknown, "On-Behalf-Of names no user of the API key's company: %q", who)
	}
	if err != nil {
		return viewer.Viewer{}, fmt.Errorf("looking up the On-Behalf-Of user: %w", err)
	}
	if !u.Active {
		return viewer.Viewer{}, unauthorized(CodeUserDeactivated, "the user %s has been deactivated", u.Email)
	}
	if v.UserID != "" && v.UserID != u.ID {
		return viewer.Viewer{}, apierror.Forbidden("the API key is bound to a user and acts only for them")
	}
	return a.userViewer(ctx, v, u)
}

// lastUsedEvery is how often a key's last-used time is written: every
// request uses a key, and a write per request would cost more than the
// request itself.
const lastUsedEvery = time.Minute

// touch records that key was used, at most once per lastUsedEvery. A
// failed write is logged, not returned: it must not fail the request.
func (a *Authenticator) touch(ctx context.Context, key *ent.APIKey) {
	now := a.now().UTC().Truncate(time.Second)
	if key.TimeLastUsed != nil && now.Sub(*key.TimeLastUsed) < lastUsedEvery {
		return
	}
	err := a.Client.APIKey.Update().
		Where(apikey.ID(key.ID), apikey.Or(apikey.TimeLastUsedIsNil(), apikey.TimeLastUsedLT(now.Add(-lastUsedEvery)))).
		SetTimeLastUsed(now).
		Exec(ctx)
	if err != nil {
		slog.WarnContext(ctx, "recording an API key's last use", "key", key.ID, "error", err)
	}
}

// keyBySecret reads what a viewer needs of the unrevoked key with a
// secret's hash. Every API request runs it, so it is one fixed statement:
// building it through ent's query builder cost as much again as the read.
const keyBySecret = `SELECT ` + apikey.FieldID + `, ` + apikey.FieldCompanyID + `, ` + apikey.FieldScopes + `, ` +
	apikey.FieldUserID + `, ` + apikey.FieldPartnerID + `, ` + apikey.FieldTimeLastUsed +
	` FROM ` + apikey.Table + ` WHERE ` + apikey.FieldSecretHash + ` = $1 AND ` + apikey.FieldRevoked + ` = $2`

func (a *Authenticator) keyOfSecret(ctx context.Context, secret string) (*ent.APIKey, error) {
	rows, err := a.Client.QueryContext(ctx, keyBySecret, hashSecret(secret), false)
	if err != nil {
		return nil, fmt.Errorf("looking up an API key: %w", err)
	}
	defer rows.Close()
	if !rows.Next() {
		if err := rows.Err(); err != nil {
			return nil, fmt.Errorf("looking up an API key: %w", err)
		}
		return nil, apierror.Unauthorized("the API key is not valid")
	}
	var (
		key           ent.APIKey
		scopes        []byte
		user, partner sql.NullString
		lastUsed      sql.NullTime
	)
	if err := rows.Scan(&key.ID, &key.CompanyID, &scopes, &user, &partner, &lastUsed); err != nil {
		return nil, fmt.Errorf("reading an API key: %w", err)
	}
	if err := json.Unmarshal(scopes, &key.Scopes); err != nil {
		return nil, fmt.Errorf("reading an API key's scopes: %w", err)
	}
	if user.Valid {
		key.UserID = &user.String
	}
	if partner.Valid {
		key.PartnerID = &partner.String
	}
	if lastUsed.Valid {
		key.TimeLastUsed = &lastUsed.Time
	}
	return &key, rows.Close()
}

func (a *Authenticator) keyOfJWT(ctx context.Context, token string) (*ent.APIKey, error) {
	var key *ent.APIKey
	parsed, err := jwt.Parse(token, func(t *jwt.Token) (any, error) {
		iss, err := t.Claims.GetIssuer()
		if err != nil || iss == "" {
			return nil, errors.New("no iss claim")
		}
		key, err = a.Client.APIKey.Query().Where(apikey.ID(iss), apikey.Revoked(false)).Only(ctx)
		if err != nil {
			return nil, errors.New("unknown issuer")
		}
		secret, err := a.Sealer.Open(key.SealedSecret)
		if err != nil {
			return nil, err
		}
		return secret, nil
	},
		jwt.WithValidMethods([]string{"HS256"}),
		jwt.WithExpirationRequired(),
		jwt.WithTimeFunc(a.now),
		jwt.WithLeeway(30*time.Second),
	)
	if err != nil || !parsed.Valid {
		return nil, apierror.Unauthorized("the bearer token is not a valid JWT for an API key (HS256, iss = key id, unexpired)")
	}
	exp, _ := parsed.Claims.GetExpirationTime()
	if exp.Sub(a.now()) > MaxTokenLifetime+30*time.Second {
		return nil, apierror.Unauthorized("the JWT expires more than %s ahead; use a shorter exp", MaxTokenLifetime)
	}
	return key, nil
}

func (a *Authenticator) now() time.Time {
	if a.Now != nil {
		return a.Now()
	}
	return time.Now()
}

// TokenMatches compares a presented token with the expected one in constant
// time, so response timing does not reveal how much of a guess was right.
func TokenMatches(presented, expected string) bool {
	return subtle.ConstantTimeCompare([]byte(presented), []byte(expected)) == 1
}
