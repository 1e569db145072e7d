package auth

import (
	"cmp"
	"context"
	"crypto"
	"crypto/ed25519"
	"errors"
	"fmt"
	"net/http"
	"slices"
	"strings"
	"time"

	"github.com/coreos/go-oidc/v3/oidc"
	"github.com/golang-jwt/jwt/v5"

	"github.com/hiregraph/hiregraph/ent"
	"github.com/hiregraph/hiregraph/ent/role"
	"github.com/hiregraph/hiregraph/ent/user"
	"github.com/hiregraph/hiregraph/internal/apierror"
	"github.com/hiregraph/hiregraph/internal/permission"
	"github.com/hiregraph/hiregraph/internal/viewer"
)

// User tokens come from an OpenID Connect provider the operator names, or,
// on a machine with none, from `hiregraph token`, which signs them with a
// key derived from the operator's secret key. Both are checked by the same
// go-oidc verifier; only where the keys come from differs.
const (
	// LocalIssuer is the iss of the tokens `hiregraph token` mints.
	LocalIssuer = "urn:hiregraph:local"
	// LocalAudience is their aud.
	LocalAudience = "hiregraph"
	// MaxLocalTokenLifetime bounds a minted token: it cannot be revoked
	// other than by deactivating its user.
	MaxLocalTokenLifetime = 24 * time.Hour
	// DefaultMaxProviderTokenLifetime bounds how far ahead a provider's
	// token may expire when OIDCConfig.MaxLifetime is not set. Providers
	// issue ID tokens for an hour or so; a token valid for years, even
	// correctly signed, is a leaked or forged session that nothing but
	// deactivating the user would end.
	DefaultMaxProviderTokenLifetime = 24 * time.Hour
	// clockLeeway forgives clocks that drift apart.
	clockLeeway = 30 * time.Second
)

// Codes of the 401 answers to a user token, so a front-end knows whether
// to sign the user in again or to show that the account is gone.
const (
	CodeTokenInvalid       = "token_invalid"
	CodeTokenExpired       = "token_expired"
	CodeTokenNotYetValid   = "token_not_yet_valid"
	CodeTokenWrongAudience = "token_wrong_audience"
	CodeTokenTooLong       = "token_lifetime_too_long"
	CodeUserUnknown        = "user_unknown"
	CodeUserDeactivated    = "user_deactivated"
	CodeUserAmbiguous      = "user_ambiguous"
)

func unauthorized(code, format string, args ...any) *apierror.Error {
	return apierror.New(http.StatusUnauthorized, code, format, args...)
}

// OIDCConfig names an OpenID Connect provider whose tokens sign users in.
type OIDCConfig struct {
	// Issuer is the provider's issuer URL; its discovery document names
	// the JWKS.
	Issuer string
	// Audience must be one of a token's aud values (the client id).
	Audience string
	// Claim holds the user's e-mail address; "email" when empty.
	Claim string
	// HTTPClient fetches discovery and keys; nil means the default.
	HTTPClient *http.Client
	// MaxLifetime refuses tokens that expire further ahead than this;
	// DefaultMaxProviderTokenLifetime when zero.
	MaxLifetime time.Duration
}

// tokenIssuer checks the tokens of one issuer.
type tokenIssuer struct {
	verifier *oidc.IDTokenVerifier
	audience string
	// claim names the e-mail claim; empty for local tokens, whose sub is
	// the user's uid.
	claim string
	// maxLifetime is how far ahead a token's exp may lie.
	maxLifetime time.Duration
}

// UserTokens verifies user tokens: always those of LocalIssuer, and those
// of one OpenID Connect provider when configured.
type UserTokens struct {
	issuers map[string]*tokenIssuer
}

// NewUserTokens returns the verifier of user tokens. With an OIDC provider
// it fetches the provider's discovery document now, so a wrong issuer URL
// stops the server at start rather than failing every sign-in later. The
// provider's keys are cached, and fetched again when a token names a key
// id the cache lacks (key rotation).
func NewUserTokens(ctx context.Context, sealer *Sealer, provider *OIDCConfig) (*UserTokens, error) {
	// The verifier checks signature and issuer; audience and times are
	// checked afterwards, so each failure gets its own code.
	skip := &oidc.Config{SkipClientIDCheck: true, SkipExpiryCheck: true, SupportedSigningAlgs: []string{oidc.EdDSA}}
	local := &oidc.StaticKeySet{PublicKeys: []crypto.PublicKey{sealer.userTokenKey.Public()}}
	u := &UserTokens{issuers: map[string]*tokenIssuer{
		LocalIssuer: {verifier: oidc.NewVerifier(LocalIssuer, local, skip), audience: LocalAudience, maxLifetime: MaxLocalTokenLifetime},
	}}
	if provider == nil || provider.Issuer == "" {
		return u, nil
	}
	if provider.Audience == "" {
		return nil, errors.New("an OIDC issuer needs an audience (the client id its tokens carry in aud)")
	}
	if provider.HTTPClient != nil {
		ctx = oidc.ClientContext(ctx, provider.HTTPClient)
	}
	p, err := oidc.NewProvider(ctx, provider.Issuer)
	if err != nil {
		return nil, fmt.Errorf("OIDC discovery at %s: %w", provider.Issuer, err)
	}
	claim := provider.Claim
	if claim == "" {
		claim = "email"
	}
	u.issuers[provider.Issuer] = &tokenIssuer{
		verifier:    p.VerifierContext(context.WithoutCancel(ctx), &oidc.Config{SkipClientIDCheck: true, SkipExpiryCheck: true}),
		audience:    provider.Audience,
		claim:       claim,
		maxLifetime: cmp.Or(provider.MaxLifetime, DefaultMaxProviderTokenLifetime),
	}
	return u, nil
}

// handles reports whether iss is an issuer of user tokens.
func (u *UserTokens) handles(iss string) bool {
	_, ok := u.issuers[iss]
	return ok
}

// tokenClaims are the claims read beyond what the verifier checks.
type tokenClaims struct {
	Expiry    *jwt.NumericDate `json:"exp"`
	NotBefore *jwt.NumericDate `json:"nbf"`
}

// identity is who a verified token names: a user uid (local tokens) or an
// e-mail address (a provider's).
type identity struct {
	userID, email string
}

// verify checks token, issued by iss, and returns whom it names.
func (u *UserTokens) verify(ctx context.Context, iss, token string, now time.Time) (identity, error) {
	ti := u.issuers[iss]
	t, err := ti.verifier.Verify(ctx, token)
	if err != nil {
		return identity{}, unauthorized(CodeTokenInvalid, "the user token's signature or issuer does not verify")
	}
	if !slices.Contains(t.Audience, ti.audience) {
		return identity{}, unauthorized(CodeTokenWrongAudience, "the user token is for %q, not for this server (%q)", t.Audience, ti.audience)
	}
	var c tokenClaims
	if err := t.Claims(&c); err != nil {
		return identity{}, unauthorized(CodeTokenInvalid, "the user token's claims do not parse")
	}
	if c.Expiry == nil || !now.Before(c.Expiry.Add(clockLeeway)) {
		return identity{}, unauthorized(CodeTokenExpired, "the user token has expired; sign in again")
	}
	if c.Expiry.Sub(now) > ti.maxLifetime+clockLeeway {
		return identity{}, unauthorized(CodeTokenTooLong, "the user token expires more than %s ahead; this server accepts shorter sessions", ti.maxLifetime)
	}
	if c.NotBefore != nil && now.Add(clockLeeway).Before(c.NotBefore.Time) {
		return identity{}, unauthorized(CodeTokenNotYetValid, "the user token is not valid before %s", c.NotBefore.UTC().Format(time.RFC3339))
	}
	if ti.claim == "" {
		return identity{userID: t.Subject}, nil
	}
	return emailOf(t, ti.claim)
}

// emailOf reads the address in claim, refusing one the provider says it
// has not verified: anyone could have typed it.
func emailOf(t *oidc.IDToken, claim string) (identity, error) {
	var all map[string]any
	if err := t.Claims(&all); err != nil {
		return identity{}, unauthorized(CodeTokenInvalid, "the user token's claims do not parse")
	}
	email, _ := all[claim].(string)
	if email == "" {
		return identity{}, unauthorized(CodeTokenInvalid, "the user token has no %q claim naming the user", claim)
	}
	if verified, ok := all["email_verified"].(bool); ok && !verified && claim == "email" {
		return identity{}, unauthorized(CodeUserUnknown, "the identity provider has not verified the e-mail address %s", email)
	}
	return identity{email: email}, nil
}

// findUser returns the active user id names. ctx carries a privacy
// decision: the lookup runs before any tenant is known.
func findUser(ctx context.Context, client *ent.Client, id identity) (*ent.User, error) {
	q := client.User.Query()
	if id.userID != "" {
		q.Where(user.ID(id.userID))
	} else {
		q.Where(user.EmailEqualFold(id.email))
	}
	users, err := q.Select(user.FieldID, user.FieldCompanyID, user.FieldRoles, user.FieldActive, user.FieldEmail, user.FieldFirstName, user.FieldLastName).Limit(10).All(ctx)
	if err != nil {
		return nil, fmt.Errorf("looking up the user of a token: %w", err)
	}
	var active []*ent.User
	for _, u := range users {
		if u.Active {
			active = append(active, u)
		}
	}
	switch {
	case len(users) == 0:
		return nil, unauthorized(CodeUserUnknown, "no user matches the token (%s)", id.describe())
	case len(active) == 0:
		return nil, unauthorized(CodeUserDeactivated, "the user %s has been deactivated", users[0].Email)
	case len(active) > 1:
		return nil, unauthorized(CodeUserAmbiguous, "%s is a user of more than one company; sign in with a token of this server (hiregraph token) instead", id.email)
	}
	return active[0], nil
}

func (id identity) describe() string {
	if id.userID != "" {
		return "uid " + id.userID
	}
	return id.email
}

// MintUserToken signs a user token for u that expires after ttl, with the
// server's own key: a way to sign in where no identity provider runs.
func (s *Sealer) MintUserToken(u *ent.User, now time.Time, ttl time.Duration) (string, error) {
	if ttl <= 0 || ttl > MaxLocalTokenLifetime {
		return "", fmt.Errorf("the lifetime must be between 0 and %s, got %s", MaxLocalTokenLifetime, ttl)
	}
	claims := jwt.MapClaims{
		"iss":   LocalIssuer,
		"aud":   []string{LocalAudience},
		"sub":   u.ID,
		"email": u.Email,
		"iat":   now.Unix(),
		"nbf":   now.Unix(),
		"exp":   now.Add(ttl).Unix(),
	}
	token, err := jwt.NewWithClaims(jwt.SigningMethodEdDSA, claims).SignedString(s.userTokenKey)
	if err != nil {
		return "", fmt.Errorf("signing user token: %w", err)
	}
	return token, nil
}

// unverifiedIssuer reads the iss of a JWT without checking it, to choose
// which check applies.
func unverifiedIssuer(token string) string {
	var c jwt.RegisteredClaims
	if _, _, err := jwt.NewParser().ParseUnverified(token, &c); err != nil {
		return ""
	}
	return c.Issuer
}

// userViewer turns an active user into the viewer of a request. The
// permissions of the custom roles the user holds are read here, in one
// query, on every request, so a change to a role takes effect at once. ctx
// carries a privacy decision, hence the explicit company.
func (a *Authenticator) userViewer(ctx context.Context, base viewer.Viewer, u *ent.User) (viewer.Viewer, error) {
	var custom map[string][]string
	if names := slices.DeleteFunc(slices.Clone(u.Roles), permission.IsBuiltIn); len(names) > 0 {
		roles, err := a.Client.Role.Query().Where(role.CompanyID(u.CompanyID), role.NameIn(names...)).
			Select(role.FieldName, role.FieldPermissions).All(ctx)
		if err != nil {
			return viewer.Viewer{}, fmt.Errorf("reading the custom roles of a user: %w", err)
		}
		custom = make(map[string][]string, len(roles))
		for _, r := range roles {
			custom[r.Name] = r.Permissions
		}
	}
	base.CompanyID = u.CompanyID
	v := base.ForUser(u.ID, u.Roles, permission.OfRoles(u.Roles, func(r string) []string { return custom[r] }))
	v.UserName = strings.TrimSpace(u.FirstName + " " + u.LastName)
	return v, nil
}

// deriveUserTokenKey derives the Ed25519 key of local user tokens from the
// operator's key, so nothing more has to be stored or backed up.
func deriveUserTokenKey(seed []byte) ed25519.PrivateKey {
	return ed25519.NewKeyFromSeed(seed)
}
