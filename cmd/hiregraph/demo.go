package main

import (
	"context"
	"flag"
	"fmt"
	"io"

	"github.com/hiregraph/hiregraph/demo"
)

func demoCmd(ctx context.Context, args []string, stdout io.Writer) error {
	fs := flag.NewFlagSet("demo", flag.ContinueOnError)
	var store storeFlags
	store.register(fs)
	asJSON := fs.Bool("json", false, "print the manifest as JSON only")
	name := fs.String("company", demo.DefaultCompany, "name of the demo company; another name makes another company")
	if err := fs.Parse(args); err != nil {
		return err
	}
	db, sealer, err := store.open(ctx)
	if err != nil {
		return err
	}
	defer db.Close()
	m, err := demo.Seed(ctx, db.Client, sealer, *name)
	if err != nil {
		return err
	}
	if !*asJSON {
		fmt.Fprintf(stdout, "Demo company %q is ready. Use the api_key below as `Authorization: Bearer <api_key>`:\n", *name)
	}
	return printJSON(stdout, m)
}
