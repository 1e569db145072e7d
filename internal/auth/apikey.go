// Package auth authenticates callers of the service API and issues API keys.
//
// A request carries `Authorization: Bearer <credential>`, where the
// credential is either an API key, or an HS256 JWT whose `iss` is the API
// key's id, signed with the API key itself and expiring within ten minutes
// (the form existing clients of this API send).
package auth

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"fmt"

	"github.com/hiregraph/hiregraph/ent"
	"github.com/hiregraph/hiregraph/internal/permission"
)

// keyPrefix marks Hiregraph API keys, so secret scanners can spot leaked ones.
const keyPrefix = "hgk_"

// NewKey is a freshly issued API key. Secret is shown once and never stored.
type NewKey struct {
	ID     string   `json:"id"`
	Secret string   `json:"api_key"`
	Scopes []string `json:"scopes"`
}

// CreateKey issues an API key with the given scopes for the company of ctx's
// viewer (or the explicit company when ctx has a system decision).
func CreateKey(ctx context.Context, client *ent.Client, sealer *Sealer, companyID, name string, scopes []string) (*NewKey, error) {
	return CreateBoundKey(ctx, client, sealer, KeySpec{CompanyID: companyID, Name: name, Scopes: scopes})
}

// KeySpec describes a key to issue.
type KeySpec struct {
	CompanyID string
	Name      string
	Scopes    []string
	// UserID binds the key to a user it acts for; PartnerID to an
	// evaluation partner. Either may be nil.
	UserID, PartnerID *string
}

// CreateBoundKey issues an API key as spec says.
func CreateBoundKey(ctx context.Context, client *ent.Client, sealer *Sealer, spec KeySpec) (*NewKey, error) {
	scopes := spec.Scopes
	if scopes == nil {
		scopes = []string{}
	}
	for _, s := range scopes {
		if !permission.KnownScope(s) {
			return nil, fmt.Errorf("unknown scope %q (known: %v or a permission name)", s, permission.CoarseScopes)
		}
	}
	raw := make([]byte, 32)
	if _, err := rand.Read(raw); err != nil {
		return nil, fmt.Errorf("generating key: %w", err)
	}
	secret := keyPrefix + base64.RawURLEncoding.EncodeToString(raw)
	sealed, err := sealer.Seal([]byte(secret))
	if err != nil {
		return nil, err
	}
	k, err := client.APIKey.Create().
		SetCompanyID(spec.CompanyID).
		SetName(spec.Name).
		SetNillableUserID(spec.UserID).
		SetNillablePartnerID(spec.PartnerID).
		SetSecretHash(hashSecret(secret)).
		SetSealedSecret(sealed).
		SetScopes(scopes).
		Save(ctx)
	if err != nil {
		return nil, fmt.Errorf("storing API key: %w", err)
	}
	return &NewKey{ID: k.ID, Secret: secret, Scopes: k.Scopes}, nil
}

func hashSecret(secret string) string {
	sum := sha256.Sum256([]byte(secret))
	return hex.EncodeToString(sum[:])
}
