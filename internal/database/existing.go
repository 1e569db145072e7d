package database

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"os"
	"strings"
)

// ErrMissing is Open's error, with ExistingOnly, for a database that was
// never created: no SQLite file, or no schema in the PostgreSQL database.
var ErrMissing = errors.New("no Hiregraph database there")

// ExistingOnly makes Open refuse a database that does not exist yet
// instead of creating it: for commands that use a server's data, which
// would otherwise leave a fresh empty database (and key) wherever they are
// run with a mistyped URL or from another directory.
func ExistingOnly() Option { return func(o *options) { o.existingOnly = true } }

// sqliteMustExist checks that the SQLite file at path exists and returns
// dsn opened read-write only (mode=rw), so SQLite cannot create it either.
func sqliteMustExist(path, dsn string) (string, error) {
	if _, err := os.Stat(path); errors.Is(err, os.ErrNotExist) {
		return "", fmt.Errorf("%w: the file %s does not exist", ErrMissing, path)
	}
	return dsn + "&mode=rw", nil
}

// postgresSchemaMustExist checks that schema exists in the database of db.
func postgresSchemaMustExist(ctx context.Context, db *sql.DB, schema string) error {
	var exists bool
	if err := db.QueryRowContext(ctx, "SELECT EXISTS (SELECT 1 FROM pg_namespace WHERE nspname = $1)", schema).Scan(&exists); err != nil {
		return fmt.Errorf("looking for schema %s: %w", schema, err)
	}
	if !exists {
		return fmt.Errorf("%w: the database has no schema %s", ErrMissing, schema)
	}
	return nil
}

// sqliteFile is the path of an sqlite:// URL.
func sqliteFile(rawURL string) string { return strings.TrimPrefix(rawURL, "sqlite://") }
