package database

import (
	"context"
	"database/sql"
	"fmt"
	"io"
	"log/slog"
	"strings"

	"entgo.io/ent/dialect"
	"github.com/riverqueue/river/riverdriver"
	"github.com/riverqueue/river/riverdriver/riverdatabasesql"
	"github.com/riverqueue/river/riverdriver/riversqlite"
	"github.com/riverqueue/river/rivermigrate"
)

// River (github.com/riverqueue/river) queues the service's background jobs,
// webhook deliveries first, in tables of its own beside Hiregraph's. Its
// schema is River's: River's migrator creates and upgrades it, recording its
// versions in river_migration, rather than copies of River's SQL in
// database/migrations. Those are generated from the ent schema, which does
// not know River's tables: a later migration generated there would drop
// them, and every River upgrade would need its SQL copied by hand.

// riverTablePrefix starts the names of River's tables.
const riverTablePrefix = "river_"

// isRiverTable reports whether a table is River's, not foreign to Hiregraph.
func isRiverTable(name string) bool { return strings.HasPrefix(name, riverTablePrefix) }

// RiverDriver returns River's driver for db: riverdatabasesql over lib/pq
// on PostgreSQL (poll mode: River then needs no pgx pool of its own) and
// riversqlite on SQLite. Both work through database/sql connections, so
// River's jobs can be inserted in the transactions of ent.
func RiverDriver(dia string, db *sql.DB) riverdriver.Driver[*sql.Tx] {
	if dia == dialect.Postgres {
		return riverdatabasesql.New(db)
	}
	return riversqlite.New(db)
}

// migrateRiver applies River's migrations the database lacks on conn (the
// connection holding the migration lock: on SQLite the only writer).
func migrateRiver(ctx context.Context, conn *sql.Conn, dia string) error {
	// River logs each step; Hiregraph logs what it applied.
	quiet := slog.New(slog.NewTextHandler(io.Discard, nil))
	m, err := rivermigrate.New(RiverDriver(dia, nil), &rivermigrate.Config{Logger: quiet})
	if err != nil {
		return fmt.Errorf("River's migrator: %w", err)
	}
	var applied []int
	for {
		version, err := migrateRiverStep(ctx, conn, m)
		if err != nil {
			return err
		}
		if version == 0 {
			break
		}
		applied = append(applied, version)
	}
	if len(applied) > 0 {
		slog.Info("applied River's migrations", "versions", applied)
	}
	return nil
}

// migrateRiverStep applies River's next migration in a transaction of its
// own (one of them adds an enum value that a later statement of the next
// uses, which PostgreSQL refuses in one transaction) and returns its
// version, or 0 when none was left.
func migrateRiverStep(ctx context.Context, conn *sql.Conn, m *rivermigrate.Migrator[*sql.Tx]) (int, error) {
	tx, err := conn.BeginTx(ctx, nil)
	if err != nil {
		return 0, err
	}
	defer tx.Rollback()
	res, err := m.MigrateTx(ctx, tx, rivermigrate.DirectionUp, &rivermigrate.MigrateOpts{MaxSteps: 1})
	if err != nil {
		return 0, fmt.Errorf("applying River's migrations: %w", err)
	}
	if len(res.Versions) == 0 {
		return 0, nil
	}
	if err := tx.Commit(); err != nil {
		return 0, fmt.Errorf("committing River's migration %d: %w", res.Versions[0].Version, err)
	}
	return res.Versions[0].Version, nil
}
