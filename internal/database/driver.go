package database

import (
	"context"
	"database/sql"
	"strings"

	"entgo.io/ent/dialect"
	entsql "entgo.io/ent/dialect/sql"
)

// routedDriver is ent's driver over two pools: statements that only read,
// outside a transaction, go to the read pool; writes and transactions go to
// the write pool.
type routedDriver struct {
	*entsql.Driver // the write pool
	read           *entsql.Driver
}

func newDriver(dia string, write, read *sql.DB) dialect.Driver {
	return &routedDriver{Driver: entsql.OpenDB(dia, write), read: entsql.OpenDB(dia, read)}
}

// Query runs a SELECT on the read pool and anything else (INSERT …
// RETURNING, say) on the writer.
func (d *routedDriver) Query(ctx context.Context, query string, args, v any) error {
	if isRead(query) {
		return d.read.Query(ctx, query, args, v)
	}
	return d.Driver.Query(ctx, query, args, v)
}

// QueryContext is Query for raw statements (ent's Client.QueryContext, as
// the API key lookup every request runs): a SELECT reads the read pool
// instead of waiting for SQLite's one writer connection behind the
// writes under way.
func (d *routedDriver) QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error) {
	if isRead(query) {
		return d.read.QueryContext(ctx, query, args...)
	}
	return d.Driver.QueryContext(ctx, query, args...)
}

// Close closes both pools.
func (d *routedDriver) Close() error {
	rerr := d.read.Close()
	if err := d.Driver.Close(); err != nil {
		return err
	}
	return rerr
}

// isRead reports whether query is a plain SELECT (a WITH could hide a
// write, so it goes to the writer).
func isRead(query string) bool {
	q := strings.TrimLeft(query, " \t\n(")
	return len(q) >= 6 && strings.EqualFold(q[:6], "SELECT")
}
