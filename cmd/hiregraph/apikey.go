package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"strings"

	"github.com/hiregraph/hiregraph/auth"
	"github.com/hiregraph/hiregraph/ent/privacy"
	"github.com/hiregraph/hiregraph/viewer"
)

func apikeyCmd(ctx context.Context, args []string, stdout io.Writer) error {
	if len(args) == 0 || args[0] != "create" {
		return fmt.Errorf("usage: hiregraph apikey create --company UID [--scopes %s] [--name NAME]", strings.Join(viewer.AllScopes, ","))
	}
	fs := flag.NewFlagSet("apikey create", flag.ContinueOnError)
	var store storeFlags
	store.register(fs)
	companyID := fs.String("company", "", "UID of the company the key belongs to (required)")
	scopes := fs.String("scopes", strings.Join([]string{viewer.ScopeRead, viewer.ScopeWrite}, ","), "comma-separated scopes: "+strings.Join(viewer.AllScopes, ", "))
	name := fs.String("name", "", "a label for the key")
	if err := fs.Parse(args[1:]); err != nil {
		return err
	}
	if *companyID == "" {
		return fmt.Errorf("--company is required")
	}
	db, sealer, err := store.open(ctx)
	if err != nil {
		return err
	}
	defer db.Close()
	sys := privacy.DecisionContext(ctx, privacy.Allow)
	if _, err := db.Client.Company.Get(sys, *companyID); err != nil {
		return fmt.Errorf("company %s: %w", *companyID, err)
	}
	key, err := auth.CreateKey(sys, db.Client, sealer, *companyID, *name, strings.Split(*scopes, ","))
	if err != nil {
		return err
	}
	return printJSON(stdout, key)
}
