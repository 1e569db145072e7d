// Package database opens the data store: an embedded SQLite file by default,
// PostgreSQL when given a postgres:// URL. Both run the same ent schema.
package database

import (
	"context"
	"database/sql"
	"fmt"
	"log/slog"
	"net/url"
	"strings"
	"time"

	"entgo.io/ent/dialect"
	entsql "entgo.io/ent/dialect/sql"
	_ "github.com/lib/pq"  // PostgreSQL driver "postgres"
	_ "modernc.org/sqlite" // pure-Go SQLite driver "sqlite"

	"github.com/hiregraph/hiregraph/ent"
	_ "github.com/hiregraph/hiregraph/ent/runtime" // registers schema hooks and privacy policies
)

// DefaultURL is the embedded database a fresh checkout runs on.
const DefaultURL = "sqlite://hiregraph.db"

// DB is an open data store.
type DB struct {
	Client *ent.Client
	SQL    *sql.DB
	// Dialect is dialect.SQLite or dialect.Postgres.
	Dialect string
}

// Open connects to the database at rawURL (sqlite://PATH or postgres://...)
// and migrates its schema to the current one.
func Open(ctx context.Context, rawURL string) (*DB, error) {
	driver, dsn, dia, err := parse(rawURL)
	if err != nil {
		return nil, err
	}
	db, err := sql.Open(driver, dsn)
	if err != nil {
		return nil, fmt.Errorf("opening %s database: %w", dia, err)
	}
	if dia == dialect.SQLite {
		// SQLite allows one writer; a small pool with immediate transactions
		// and a busy timeout makes writers queue instead of failing.
		db.SetMaxOpenConns(4)
	} else {
		db.SetMaxOpenConns(20)
		db.SetMaxIdleConns(20)
	}
	if err := db.PingContext(ctx); err != nil {
		db.Close()
		return nil, fmt.Errorf("connecting to %s database: %w", dia, err)
	}
	client := ent.NewClient(ent.Driver(entsql.OpenDB(dia, db)))
	if err := client.Schema.Create(ctx); err != nil {
		client.Close()
		return nil, fmt.Errorf("migrating schema: %w", err)
	}
	if dia == dialect.SQLite {
		// SQLite plans with the statistics ANALYZE keeps; without them it
		// may walk a company's whole index where a position's rows would do.
		// This is SQLite's advice for long-lived connections.
		if _, err := db.ExecContext(ctx, "PRAGMA optimize=0x10002"); err != nil {
			client.Close()
			return nil, fmt.Errorf("optimizing: %w", err)
		}
	}
	return &DB{Client: client, SQL: db, Dialect: dia}, nil
}

// KeepStatisticsFresh runs SQLite's PRAGMA optimize every interval until ctx
// ends, as SQLite advises for long-lived connections; PostgreSQL's
// autovacuum does this on its own.
func (d *DB) KeepStatisticsFresh(ctx context.Context, interval time.Duration) {
	if d.Dialect != dialect.SQLite {
		return
	}
	t := time.NewTicker(interval)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
			if _, err := d.SQL.ExecContext(ctx, "PRAGMA optimize"); err != nil && ctx.Err() == nil {
				slog.Warn("refreshing SQLite statistics", "error", err)
			}
		}
	}
}

// Analyze refreshes the planner's statistics, after a bulk load say.
func (d *DB) Analyze(ctx context.Context) error {
	if _, err := d.SQL.ExecContext(ctx, "ANALYZE"); err != nil {
		return fmt.Errorf("analyzing: %w", err)
	}
	return nil
}

// Close closes the connection pool.
func (d *DB) Close() error { return d.Client.Close() }

// Ready reports whether the database answers.
func (d *DB) Ready(ctx context.Context) error { return d.SQL.PingContext(ctx) }

func parse(rawURL string) (driver, dsn, dia string, err error) {
	switch {
	case strings.HasPrefix(rawURL, "postgres://"), strings.HasPrefix(rawURL, "postgresql://"):
		return "postgres", rawURL, dialect.Postgres, nil
	case strings.HasPrefix(rawURL, "sqlite://"):
		path := strings.TrimPrefix(rawURL, "sqlite://")
		if path == "" {
			return "", "", "", fmt.Errorf("database URL %q names no file", rawURL)
		}
		q := url.Values{}
		q.Add("_pragma", "foreign_keys(1)")
		q.Add("_pragma", "journal_mode(WAL)")
		q.Add("_pragma", "busy_timeout(10000)")
		q.Add("_pragma", "synchronous(NORMAL)")
		// Times are written in one sortable text form, so range filters
		// and keyset cursors compare correctly.
		q.Set("_time_format", "sqlite")
		q.Set("_txlock", "immediate")
		return "sqlite", "file:" + path + "?" + q.Encode(), dialect.SQLite, nil
	}
	return "", "", "", fmt.Errorf("database URL %q: want sqlite://PATH or postgres://", rawURL)
}
