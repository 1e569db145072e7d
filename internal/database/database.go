// Package database opens the data store: an embedded SQLite file by default,
// PostgreSQL when given a postgres:// URL. Both run the same ent schema.
package database

import (
	"cmp"
	"context"
	"database/sql"
	"fmt"
	"log/slog"
	"net/url"
	"runtime"
	"strings"
	"sync/atomic"
	"time"

	"entgo.io/ent/dialect"
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
	// SQL is the pool writes and transactions go through: on SQLite the
	// one writer connection, on PostgreSQL half of --postgres-conns.
	SQL *sql.DB
	// ReadSQL serves reads outside transactions: on SQLite a pool of
	// read-only connections, on PostgreSQL the other half of
	// --postgres-conns, so reads never queue behind writers for a
	// connection (on PostgreSQL the rate limits' one-statement token
	// takes use it too, for the reads that wait on them).
	ReadSQL *sql.DB
	// Dialect is dialect.SQLite or dialect.Postgres.
	Dialect string
	// DSN is the driver's connection string, for connections of their own
	// (PostgreSQL's LISTEN).
	DSN string
	// stats counts refreshes of SQLite's planner statistics (nil on
	// PostgreSQL); the read connections reopen after one (statsVersion).
	stats *statsVersion
}

// SQLiteReadConns sets the number of read-only SQLite connections (zero:
// twice the cores Go uses, at least 4). Writes always go through one
// connection: SQLite allows one writer at a time, and queueing them in the
// pool rather than in SQLite's busy handler means no SQLITE_BUSY however
// many writers wait.
func SQLiteReadConns(n int) Option { return func(o *options) { o.sqliteReadConns = n } }

// PostgresConns sets how many PostgreSQL connections the service opens at
// most (zero: DefaultPostgresConns), half for writes and half for reads.
func PostgresConns(n int) Option { return func(o *options) { o.postgresConns = n } }

// DefaultPostgresConns is the PostgreSQL pool size when none is given.
const DefaultPostgresConns = 20

// sqliteReadConns is the default number of SQLite read connections: reads
// run in Go (modernc) and on the page cache, so twice the cores keeps every
// core busy while some connections wait on the disk.
func sqliteReadConns() int { return max(4, 2*runtime.GOMAXPROCS(0)) }

// Open connects to the database at rawURL (sqlite://PATH or postgres://...)
// and applies the migrations it lacks (see migrate.go).
func Open(ctx context.Context, rawURL string, opts ...Option) (*DB, error) {
	var o options
	for _, opt := range opts {
		opt(&o)
	}
	driver, dsn, dia, err := parse(rawURL)
	if err != nil {
		return nil, err
	}
	schema := ""
	switch {
	case dia == dialect.Postgres:
		if dsn, schema, err = postgresURL(dsn, o.schema); err != nil {
			return nil, err
		}
	case o.existingOnly:
		if dsn, err = sqliteMustExist(sqliteFile(rawURL), dsn); err != nil {
			return nil, err
		}
	}
	db, err := openCached(driver, dsn, nil)
	if err != nil {
		return nil, fmt.Errorf("opening %s database: %w", dia, err)
	}
	var read *sql.DB
	var stats *statsVersion
	pgWrites, pgReads := postgresPools(cmp.Or(o.postgresConns, DefaultPostgresConns))
	if dia == dialect.SQLite {
		db.SetMaxOpenConns(1)
		// Idle connections keep their page cache and prepared statements.
		db.SetMaxIdleConns(1)
		db.SetConnMaxIdleTime(0)
	} else {
		db.SetMaxOpenConns(pgWrites)
		db.SetMaxIdleConns(pgWrites)
	}
	if err := db.PingContext(ctx); err != nil {
		db.Close()
		return nil, fmt.Errorf("connecting to %s database: %w", dia, err)
	}
	if dia == dialect.Postgres && o.existingOnly {
		if err := postgresSchemaMustExist(ctx, db, schema); err != nil {
			db.Close()
			return nil, err
		}
	}
	if err := prepare(ctx, db, dia, schema, o); err != nil {
		db.Close()
		return nil, fmt.Errorf("database schema: %w", err)
	}
	if dia == dialect.SQLite {
		stats = new(statsVersion)
		if read, err = openReaders(ctx, "sqlite", dsn+"&_pragma=query_only(1)", cmp.Or(o.sqliteReadConns, sqliteReadConns()), stats); err != nil {
			db.Close()
			return nil, err
		}
	} else {
		if read, err = openReaders(ctx, "postgres", dsn, pgReads, nil); err != nil {
			db.Close()
			return nil, err
		}
	}
	client := ent.NewClient(ent.Driver(newDriver(dia, db, read)))
	if dia == dialect.SQLite {
		// SQLite plans with the statistics ANALYZE keeps; without them it
		// may walk a company's whole index where a position's rows would do.
		// This is SQLite's advice for long-lived connections.
		if _, err := db.ExecContext(ctx, "PRAGMA optimize=0x10002"); err != nil {
			client.Close()
			return nil, fmt.Errorf("optimizing: %w", err)
		}
	}
	return &DB{Client: client, SQL: db, ReadSQL: read, Dialect: dia, DSN: dsn, stats: stats}, nil
}

// openReaders opens the read pool: n connections to dsn. On SQLite they
// are read-only (query_only: a write through one of them fails instead of
// competing with the writer); in WAL mode readers never wait for the
// writer, nor it for them, and a reader plans with the statistics of when
// it opened (stats tells it when they changed). On PostgreSQL their
// statements see every transaction committed before they start, as on the
// write pool, so a read after a write sees the write.
func openReaders(ctx context.Context, driverName, dsn string, n int, stats *statsVersion) (*sql.DB, error) {
	read, err := openCached(driverName, dsn, stats)
	if err != nil {
		return nil, fmt.Errorf("opening the read pool: %w", err)
	}
	read.SetMaxOpenConns(n)
	read.SetMaxIdleConns(n)
	if err := read.PingContext(ctx); err != nil {
		read.Close()
		return nil, fmt.Errorf("connecting the read pool: %w", err)
	}
	return read, nil
}

// postgresPools splits the n connections of --postgres-conns between the
// write pool (transactions, INSERT/UPDATE/DELETE) and the read pool (plain
// SELECTs outside a transaction). With one pool, writers waiting on a row
// lock held every connection while they waited, so 50 writers of one
// company left the reads none: the flat read kept 4 % of its throughput.
func postgresPools(n int) (writes, reads int) {
	writes = max(n/2, 1)
	return writes, max(n-writes, 1)
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
			d.stats.changed()
		}
	}
}

// Analyze refreshes the planner's statistics, after a bulk load say.
func (d *DB) Analyze(ctx context.Context) error {
	if _, err := d.SQL.ExecContext(ctx, "ANALYZE"); err != nil {
		return fmt.Errorf("analyzing: %w", err)
	}
	d.stats.changed()
	return nil
}

// statsVersion counts the refreshes of SQLite's planner statistics in this
// process. A SQLite connection reads the statistics when it opens and keeps
// them (a refresh by another connection does not reach it, and reloading
// them, ANALYZE sqlite_schema, is a write that read-only connections may not
// run), so a read connection opened before a bulk load kept planning as on
// an empty database: candidates(first: 100) sorted the whole company's
// candidates. A read connection that saw an older version is dropped when
// it goes back into use, and a new one opens with the new statistics.
type statsVersion struct{ n atomic.Uint64 }

// changed records a refresh; nil (PostgreSQL) ignores it.
func (v *statsVersion) changed() {
	if v != nil {
		v.n.Add(1)
	}
}

// current is the version a connection opened now sees; 0 for nil.
func (v *statsVersion) current() uint64 {
	if v == nil {
		return 0
	}
	return v.n.Load()
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
		path := sqliteFile(rawURL)
		if path == "" {
			return "", "", "", fmt.Errorf("database URL %q names no file", rawURL)
		}
		q := url.Values{}
		q.Add("_pragma", "foreign_keys(1)")
		q.Add("_pragma", "journal_mode(WAL)")
		q.Add("_pragma", "busy_timeout(10000)")
		q.Add("_pragma", "synchronous(NORMAL)")
		// Writes begin with BEGIN IMMEDIATE: a transaction that reads and
		// then writes takes the write lock up front instead of failing when
		// another writer committed in between.
		// Times are written in one sortable text form, so range filters
		// and keyset cursors compare correctly.
		q.Set("_time_format", "sqlite")
		q.Set("_txlock", "immediate")
		return "sqlite", "file:" + path + "?" + q.Encode(), dialect.SQLite, nil
	}
	return "", "", "", fmt.Errorf("database URL %q: want sqlite://PATH or postgres://", rawURL)
}
