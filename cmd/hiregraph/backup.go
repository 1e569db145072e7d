package main

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"

	"entgo.io/ent/dialect"
)

type backupCmd struct {
	databaseFlags `embed:""`

	Output string `arg:"" name:"file" help:"Where to write the copy; must not exist yet."`
}

// Run copies an SQLite database with VACUUM INTO: one read transaction, so
// the copy is consistent while the server goes on writing, and compact.
// PostgreSQL has pg_dump for this.
func (c *backupCmd) Run(a *app) error {
	if _, ok := sqlitePath(c.DatabaseURL); !ok {
		return fmt.Errorf("backup copies SQLite databases; for PostgreSQL use pg_dump: pg_dump --format=custom --file=hiregraph.dump '%s'", redact(c.DatabaseURL))
	}
	out, err := filepath.Abs(c.Output)
	if err != nil {
		return err
	}
	switch _, err := os.Stat(out); {
	case err == nil:
		return fmt.Errorf("backup file %s exists already; name a new file", out)
	case !errors.Is(err, os.ErrNotExist):
		return fmt.Errorf("backup file %s: %w", out, err)
	}
	db, err := c.openDatabase(a.ctx)
	if err != nil {
		return err
	}
	defer db.Close()
	if db.Dialect != dialect.SQLite {
		return fmt.Errorf("backup copies SQLite databases only")
	}
	if _, err := db.SQL.ExecContext(a.ctx, "VACUUM INTO ?", out); err != nil {
		return fmt.Errorf("copying %s to %s: %w", c.DatabaseURL, out, err)
	}
	fmt.Fprintf(a.stdout, "Copied %s to %s. Keep the secret key (hiregraph.key or HIREGRAPH_SECRET_KEY) with it: the copy's secrets are sealed with it.\n", c.DatabaseURL, out)
	return nil
}
