// Package schemadiff compares the ent schema with a database or with the
// migrations: it plans new migrations (database/migrations/generate) and
// checks upgraded databases in tests. It links Atlas's drivers, so only
// development tools and tests import it, never the server.
package schemadiff

import (
	"context"
	"database/sql"
	"errors"
	"fmt"

	"ariga.io/atlas/sql/migrate"
	"entgo.io/ent/dialect"
	entsql "entgo.io/ent/dialect/sql"
	"entgo.io/ent/dialect/sql/schema"

	_ "modernc.org/sqlite" // the SQLite dev database

	entmigrate "github.com/hiregraph/hiregraph/ent/migrate"
)

// ErrInSync is returned by Diff when the migrations already produce the ent
// schema.
var ErrInSync = migrate.ErrNoPlan

// Diff replays dir on an empty dev database of dia, compares the result with
// the ent schema and writes the difference to dir as a new migration called
// name. It returns ErrInSync when there is no difference. For PostgreSQL,
// pgDevURL names an empty schema (its search_path); SQLite plans in memory.
func Diff(ctx context.Context, dia, pgDevURL string, dir migrate.Dir, name string) error {
	opts := []schema.MigrateOption{
		schema.WithDir(dir),
		schema.WithMigrationMode(schema.ModeReplay),
		schema.WithDialect(dia),
		schema.WithFormatter(migrate.DefaultFormatter),
		// A field or index removed from the schema is dropped by the
		// migration, which a reviewer sees in the generated file.
		schema.WithDropColumn(true),
		schema.WithDropIndex(true),
		schema.WithErrNoPlan(true),
	}
	var err error
	switch dia {
	case dialect.Postgres:
		// Through a URL, Atlas confines itself to the URL's schema.
		err = entmigrate.NamedDiff(ctx, pgDevURL, name, opts...)
	case dialect.SQLite:
		var dev *sql.DB
		if dev, err = sql.Open("sqlite", "file:dev?mode=memory&_pragma=foreign_keys(1)"); err != nil {
			return err
		}
		defer dev.Close()
		// One connection: each connection to :memory: is another database.
		dev.SetMaxOpenConns(1)
		err = entmigrate.NewSchema(entsql.OpenDB(dia, dev)).NamedDiff(ctx, name, opts...)
	default:
		err = fmt.Errorf("no migrations for dialect %q", dia)
	}
	if errors.Is(err, migrate.ErrNoPlan) {
		return ErrInSync
	}
	return err
}

// Drift returns the statements that would bring the live database db of
// dia to the ent schema, "" when there are none: what a database made some
// other way (an earlier release's auto-migration) lacks or has too much.
func Drift(ctx context.Context, dia string, db *sql.DB) (string, error) {
	dir := &migrate.MemDir{}
	err := entmigrate.NewSchema(entsql.OpenDB(dia, db)).NamedDiff(ctx, "drift",
		schema.WithDir(dir),
		schema.WithDialect(dia),
		schema.WithFormatter(migrate.DefaultFormatter),
		schema.WithDropColumn(true),
		schema.WithDropIndex(true),
		schema.WithErrNoPlan(true),
	)
	if errors.Is(err, migrate.ErrNoPlan) {
		return "", nil
	}
	if err != nil {
		return "", fmt.Errorf("comparing the database with the ent schema: %w", err)
	}
	files, err := dir.Files()
	if err != nil || len(files) == 0 {
		return "", err
	}
	return string(files[0].Bytes()), nil
}
