package main

import (
	"fmt"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/hiregraph/hiregraph/ent"
	"github.com/hiregraph/hiregraph/ent/apikey"
	"github.com/hiregraph/hiregraph/ent/privacy"
	"github.com/hiregraph/hiregraph/internal/auth"
	"github.com/hiregraph/hiregraph/internal/database"
)

type apikeyCmd struct {
	List   apikeyListCmd   `cmd:"" help:"List API keys: id, company, name, scopes, created, last used, revoked."`
	Create apikeyCreateCmd `cmd:"" help:"Issue an API key; its secret is printed once."`
	Revoke apikeyRevokeCmd `cmd:"" help:"Revoke an API key: the key and JWTs signed with it fail from the next request on."`
}

type apikeyListCmd struct {
	storeFlags `embed:""`

	Company string `name:"company" placeholder:"UID" help:"Only this company's keys."`
	JSON    bool   `name:"json" help:"Print JSON instead of a table."`
}

// keyInfo is what an operator sees of a key: never its secret.
type keyInfo struct {
	ID          string    `json:"id"`
	CompanyUID  string    `json:"company_uid"`
	Name        string    `json:"name"`
	Scopes      []string  `json:"scopes"`
	TimeCreated time.Time `json:"time_created"`
	Revoked     bool      `json:"revoked"`
	// UserUID and PartnerUID name what the key is bound to, if anything.
	UserUID    *string `json:"user_uid"`
	PartnerUID *string `json:"partner_uid"`
	// TimeLastUsed is to the minute: it is written at most once a minute.
	TimeLastUsed *time.Time `json:"time_last_used"`
}

func (c *apikeyListCmd) Run(a *app) error {
	st, err := c.open(a.ctx, database.ExistingOnly())
	if err != nil {
		return err
	}
	defer st.Close()
	q := st.Client.APIKey.Query().Order(apikey.ByCompanyID(), apikey.ByTimeCreated(), apikey.ByID())
	if c.Company != "" {
		q.Where(apikey.CompanyID(c.Company))
	}
	keys, err := q.All(privacy.DecisionContext(a.ctx, privacy.Allow))
	if err != nil {
		return fmt.Errorf("listing API keys: %w", err)
	}
	infos := make([]keyInfo, len(keys))
	for i, k := range keys {
		infos[i] = keyInfo{ID: k.ID, CompanyUID: k.CompanyID, Name: k.Name, Scopes: k.Scopes, TimeCreated: k.TimeCreated.UTC(), Revoked: k.Revoked,
			UserUID: k.UserID, PartnerUID: k.PartnerID, TimeLastUsed: k.TimeLastUsed}
	}
	if c.JSON {
		return printJSON(a.stdout, infos)
	}
	tw := tabwriter.NewWriter(a.stdout, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "ID\tCOMPANY\tNAME\tSCOPES\tCREATED\tLAST USED\tSTATUS")
	for _, k := range infos {
		status := "active"
		if k.Revoked {
			status = "revoked"
		}
		lastUsed := "never"
		if k.TimeLastUsed != nil {
			lastUsed = k.TimeLastUsed.UTC().Format(time.RFC3339)
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\t%s\t%s\n", k.ID, k.CompanyUID, k.Name, strings.Join(k.Scopes, ","), k.TimeCreated.Format(time.RFC3339), lastUsed, status)
	}
	return tw.Flush()
}

type apikeyCreateCmd struct {
	storeFlags `embed:""`

	Company string   `name:"company" required:"" placeholder:"UID" help:"UID of the company the key belongs to."`
	Scopes  []string `name:"scopes" default:"read,write" help:"Comma-separated scopes: ${scopes}."`
	Name    string   `name:"name" help:"A label for the key."`
}

func (c *apikeyCreateCmd) Run(a *app) error {
	st, err := c.open(a.ctx, database.ExistingOnly())
	if err != nil {
		return err
	}
	defer st.Close()
	sys := privacy.DecisionContext(a.ctx, privacy.Allow)
	if _, err := st.Client.Company.Get(sys, c.Company); err != nil {
		return fmt.Errorf("company %s: %w", c.Company, err)
	}
	key, err := auth.CreateKey(sys, st.Client, st.Sealer, c.Company, c.Name, c.Scopes)
	if err != nil {
		return err
	}
	return printJSON(a.stdout, key)
}

type apikeyRevokeCmd struct {
	storeFlags `embed:""`

	ID string `arg:"" name:"key-id" help:"The key's id (key_...), as apikey list shows it."`
}

func (c *apikeyRevokeCmd) Run(a *app) error {
	st, err := c.open(a.ctx, database.ExistingOnly())
	if err != nil {
		return err
	}
	defer st.Close()
	sys := privacy.DecisionContext(a.ctx, privacy.Allow)
	key, err := st.Client.APIKey.Get(sys, c.ID)
	if ent.IsNotFound(err) {
		return fmt.Errorf("no API key %s (`hiregraph apikey list` shows them)", c.ID)
	}
	if err != nil {
		return fmt.Errorf("reading API key %s: %w", c.ID, err)
	}
	if key.Revoked {
		fmt.Fprintf(a.stdout, "API key %s was already revoked.\n", c.ID)
		return nil
	}
	if err := st.Client.APIKey.UpdateOne(key).SetRevoked(true).Exec(sys); err != nil {
		return fmt.Errorf("revoking API key %s: %w", c.ID, err)
	}
	fmt.Fprintf(a.stdout, "Revoked API key %s (%s) of company %s.\n", key.ID, key.Name, key.CompanyID)
	return nil
}
