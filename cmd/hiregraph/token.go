package main

import (
	"fmt"
	"time"

	"github.com/hiregraph/hiregraph/ent"
	"github.com/hiregraph/hiregraph/ent/privacy"
	"github.com/hiregraph/hiregraph/ent/user"
	"github.com/hiregraph/hiregraph/internal/database"
)

// tokenCmd mints a user token with the server's own key, for machines
// with no identity provider: a front-end sends it as a bearer token.
type tokenCmd struct {
	storeFlags `embed:""`

	Email   string        `name:"email" required:"" help:"E-mail address of the user to sign in."`
	Company string        `name:"company" placeholder:"UID" help:"The user's company, when the address is a user of more than one."`
	TTL     time.Duration `name:"ttl" default:"1h" help:"How long the token lasts (at most 24h)."`
}

func (c *tokenCmd) Run(a *app) error {
	st, err := c.open(a.ctx, database.ExistingOnly())
	if err != nil {
		return err
	}
	defer st.Close()
	q := st.Client.User.Query().Where(user.EmailEqualFold(c.Email))
	if c.Company != "" {
		q.Where(user.CompanyID(c.Company))
	}
	users, err := q.All(privacy.DecisionContext(a.ctx, privacy.Allow))
	if err != nil {
		return fmt.Errorf("looking up %s: %w", c.Email, err)
	}
	u, err := onlyUser(users, c.Email)
	if err != nil {
		return err
	}
	token, err := st.Sealer.MintUserToken(u, time.Now(), c.TTL)
	if err != nil {
		return fmt.Errorf("--ttl: %w", err)
	}
	fmt.Fprintln(a.stdout, token)
	return nil
}

// onlyUser picks the one active user of users, or says what is wrong.
func onlyUser(users []*ent.User, email string) (*ent.User, error) {
	switch {
	case len(users) == 0:
		return nil, fmt.Errorf("no user has the e-mail address %s", email)
	case len(users) > 1:
		return nil, fmt.Errorf("%s is a user of %d companies; name one with --company", email, len(users))
	case !users[0].Active:
		return nil, fmt.Errorf("the user %s is deactivated", email)
	}
	return users[0], nil
}
