package auth

import (
	"context"
	"crypto/subtle"
	"errors"
	"strings"
	"time"

	"github.com/golang-jwt/jwt/v5"

	"github.com/hiregraph/hiregraph/apierror"
	"github.com/hiregraph/hiregraph/ent"
	"github.com/hiregraph/hiregraph/ent/apikey"
	"github.com/hiregraph/hiregraph/ent/privacy"
	"github.com/hiregraph/hiregraph/viewer"
)

// MaxTokenLifetime bounds how far ahead a JWT's exp may lie, so a leaked
// token is useful for minutes, not days.
const MaxTokenLifetime = 10 * time.Minute

// Authenticator turns the credential of a request into a viewer.
type Authenticator struct {
	Client *ent.Client
	Sealer *Sealer
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
	if strings.Count(credential, ".") == 2 && !strings.HasPrefix(credential, keyPrefix) {
		key, err = a.keyOfJWT(ctx, credential)
	} else {
		key, err = a.keyOfSecret(ctx, credential)
	}
	if err != nil {
		return viewer.Viewer{}, err
	}
	return viewer.Viewer{CompanyID: key.CompanyID, KeyID: key.ID, Scopes: key.Scopes}, nil
}

func (a *Authenticator) keyOfSecret(ctx context.Context, secret string) (*ent.APIKey, error) {
	// Every API request runs this lookup: read only what a viewer needs.
	key, err := a.Client.APIKey.Query().
		Where(apikey.SecretHash(hashSecret(secret)), apikey.Revoked(false)).
		Select(apikey.FieldID, apikey.FieldCompanyID, apikey.FieldScopes).
		Only(ctx)
	if ent.IsNotFound(err) {
		return nil, apierror.Unauthorized("the API key is not valid")
	}
	if err != nil {
		return nil, err
	}
	return key, nil
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
