package main

import (
	"fmt"

	"github.com/hiregraph/hiregraph/internal/database"
)

// migrateCmd applies the migrations the database lacks, for deployments
// that migrate in a release step and run serve --no-migrate.
type migrateCmd struct {
	databaseFlags `embed:""`
}

func (c *migrateCmd) Run(a *app) error {
	db, err := c.openDatabase(a.ctx)
	if err != nil {
		return err
	}
	defer db.Close()
	version, err := database.Version(a.ctx, db)
	if err != nil {
		return err
	}
	fmt.Fprintf(a.stdout, "The database is at migration %s.\n", version)
	return nil
}
