// Package migrations holds the versioned migrations of the database, one
// directory per dialect, generated from the ent schema with Atlas (ent's
// versioned-migration workflow) and embedded in the binary, so applying them
// needs no atlas CLI.
//
// After a change to ent/schema, add a migration with
//
//	go run ./database/migrations/generate NAME
//
// which writes NAME's file for PostgreSQL and SQLite and updates atlas.sum.
package migrations

import (
	"context"
	"database/sql"
	"embed"
	"errors"
	"fmt"
	"io/fs"
	"path"

	"ariga.io/atlas/sql/migrate"
	"entgo.io/ent/dialect"
	entsql "entgo.io/ent/dialect/sql"
	"entgo.io/ent/dialect/sql/schema"

	_ "modernc.org/sqlite" // the SQLite dev database

	"github.com/hiregraph/hiregraph/ent"
	entmigrate "github.com/hiregraph/hiregraph/ent/migrate"
)

// AddCommand is the command that brings the migrations up to the ent schema.
const AddCommand = "go run ./database/migrations/generate NAME"

//go:embed postgres sqlite
var files embed.FS

// Dir returns the migration directory of dialect (dialect.Postgres or
// dialect.SQLite), read from the binary.
func Dir(dia string) (*migrate.MemDir, error) {
	name, err := dirName(dia)
	if err != nil {
		return nil, err
	}
	entries, err := fs.ReadDir(files, name)
	if err != nil {
		return nil, err
	}
	// Not migrate.OpenMemDir: that one is shared by name within the
	// process, and callers (the drift check) write to their copy.
	dir := &migrate.MemDir{}
	for _, e := range entries {
		b, err := files.ReadFile(path.Join(name, e.Name()))
		if err != nil {
			return nil, err
		}
		if err := dir.WriteFile(e.Name(), b); err != nil {
			return nil, err
		}
	}
	return dir, nil
}

// SourcePath is where dialect's directory lives in the source tree, relative
// to the module root.
func SourcePath(dia string) (string, error) {
	name, err := dirName(dia)
	if err != nil {
		return "", err
	}
	return path.Join("database", "migrations", name), nil
}

func dirName(dia string) (string, error) {
	switch dia {
	case dialect.Postgres:
		return "postgres", nil
	case dialect.SQLite:
		return "sqlite", nil
	}
	return "", fmt.Errorf("no migrations for dialect %q", dia)
}

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
		err = ent.NewClient(ent.Driver(entsql.OpenDB(dia, dev))).Schema.NamedDiff(ctx, name, opts...)
	default:
		_, err = dirName(dia)
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
	err := ent.NewClient(ent.Driver(entsql.OpenDB(dia, db))).Schema.NamedDiff(ctx, "drift",
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
