// Package migrations holds the versioned migrations of the database, one
// directory per dialect, generated from the ent schema with Atlas (ent's
// versioned-migration workflow) and embedded in the binary, so applying them
// needs no atlas CLI.
//
// After a change to ent/schema, add a migration with
//
//	go run ./internal/database/migrations/generate NAME
//
// which writes NAME's file for PostgreSQL and SQLite and updates atlas.sum.
// The planning lives in package schemadiff, which the server does not link:
// it needs Atlas's database drivers and their HCL parser.
package migrations

import (
	"embed"
	"fmt"
	"io/fs"
	"path"

	"ariga.io/atlas/sql/migrate"
	"entgo.io/ent/dialect"
)

// AddCommand is the command that brings the migrations up to the ent schema.
const AddCommand = "go run ./internal/database/migrations/generate NAME"

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
	return path.Join("internal", "database", "migrations", name), nil
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
