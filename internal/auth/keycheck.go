package auth

import (
	"context"
	"errors"
	"fmt"

	"github.com/hiregraph/hiregraph/ent"
	"github.com/hiregraph/hiregraph/ent/apikey"
	"github.com/hiregraph/hiregraph/ent/privacy"
)

// ErrWrongKey says the secret key cannot open what the database holds: it
// is not the key the data was sealed with. Starting anyway would fail every
// JWT login and partner call later, with nothing to point at the cause.
var ErrWrongKey = errors.New("the secret key does not open the secrets stored in the database")

// HoldsSealedSecrets reports whether the database holds secrets sealed with
// some key (every API key has one), so that key is needed to run.
func HoldsSealedSecrets(ctx context.Context, client *ent.Client) (bool, error) {
	n, err := client.APIKey.Query().Count(privacy.DecisionContext(ctx, privacy.Allow))
	if err != nil {
		return false, fmt.Errorf("counting API keys: %w", err)
	}
	return n > 0, nil
}

// CheckKey opens the newest sealed API key secret with sealer: ErrWrongKey
// when that fails. A database without API keys passes.
func CheckKey(ctx context.Context, client *ent.Client, sealer *Sealer) error {
	key, err := client.APIKey.Query().
		Order(ent.Desc(apikey.FieldTimeCreated)).
		Select(apikey.FieldSealedSecret).
		First(privacy.DecisionContext(ctx, privacy.Allow))
	if ent.IsNotFound(err) {
		return nil
	}
	if err != nil {
		return fmt.Errorf("reading an API key to check the secret key: %w", err)
	}
	if _, err := sealer.Open(key.SealedSecret); err != nil {
		return ErrWrongKey
	}
	return nil
}
