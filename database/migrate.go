package database

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"log/slog"
	"net/url"
	"regexp"
	"slices"
	"strings"

	"ariga.io/atlas/sql/migrate"
	atlaspostgres "ariga.io/atlas/sql/postgres"
	atlassqlite "ariga.io/atlas/sql/sqlite"
	"entgo.io/ent/dialect"

	"github.com/hiregraph/hiregraph/database/migrations"
	entmigrate "github.com/hiregraph/hiregraph/ent/migrate"
)

// DefaultSchema is the PostgreSQL schema Hiregraph's tables live in, unless
// the database URL's search_path or Schema names another.
const DefaultSchema = "hiregraph"

// release0Version is the first migration: the schema that releases before
// versioned migrations created with ent's auto-migration. A database that
// holds exactly those tables and no revisions is taken as that release's and
// marked as at this version (a baseline) instead of being refused.
const release0Version = "20261123102042"

// release0Tables are the tables release 0 created.
var release0Tables = []string{
	"api_keys", "approval_processes", "candidates", "companies", "contacts", "conversations",
	"evaluation_partners", "field_definitions", "idempotency_keys", "locations", "messages",
	"notes", "offer_letters", "openings", "persons", "position_hiring_team",
	"position_questionnaires", "positions", "questionnaires", "test_submissions", "users",
}

// Option changes how Open prepares the database.
type Option func(*options)

type options struct {
	schema          string
	skipMigrate     bool
	sqliteReadConns int
	postgresConns   int
}

// Schema makes Open use the PostgreSQL schema name (created if missing)
// instead of the URL's search_path or DefaultSchema.
func Schema(name string) Option { return func(o *options) { o.schema = name } }

// WithoutMigrating makes Open apply no migration; it then refuses a
// database whose migrations are not all applied.
func WithoutMigrating() Option { return func(o *options) { o.skipMigrate = true } }

var schemaName = regexp.MustCompile(`^[a-z_][a-z0-9_]{0,62}$`)

// postgresURL returns rawURL with search_path set to the schema Hiregraph
// uses, and that schema.
func postgresURL(rawURL, schema string) (string, string, error) {
	u, err := url.Parse(rawURL)
	if err != nil {
		return "", "", fmt.Errorf("database URL: %w", err)
	}
	q := u.Query()
	inURL := q.Get("search_path")
	switch {
	case schema == "" && inURL == "":
		schema = DefaultSchema
	case schema == "":
		schema = inURL
	case inURL != "" && inURL != schema:
		return "", "", fmt.Errorf("the database URL's search_path %q and the schema %q disagree; give one", inURL, schema)
	}
	if !schemaName.MatchString(schema) {
		return "", "", fmt.Errorf("schema %q: want lower-case letters, digits and _", schema)
	}
	q.Set("search_path", schema)
	u.RawQuery = q.Encode()
	return u.String(), schema, nil
}

// prepare brings the database to the schema of this binary, or with
// WithoutMigrating checks that it is there, and refuses a database holding
// tables that are not Hiregraph's where Hiregraph writes.
func prepare(ctx context.Context, db *sql.DB, dia, schema string, o options) error {
	if o.skipMigrate {
		pending, err := pendingVersions(ctx, db, dia)
		if err != nil {
			return err
		}
		if len(pending) > 0 {
			return fmt.Errorf("the database lacks migrations %s; run `hiregraph migrate` (or serve without --migrate=false)", strings.Join(pending, ", "))
		}
		return checkNoForeignTables(ctx, db, dia)
	}
	applied, err := migrateSchema(ctx, db, dia, schema)
	if err != nil {
		return err
	}
	if len(applied) > 0 {
		slog.Info("applied migrations", "versions", applied)
	}
	return nil
}

// migrateSchema applies the migrations db lacks, each in a transaction, and
// returns their versions. Concurrent callers on PostgreSQL (replicas
// starting together) wait for each other.
func migrateSchema(ctx context.Context, db *sql.DB, dia, schema string) ([]string, error) {
	applied, baselined, err := applyMigrations(ctx, db, dia, schema)
	// The comparison needs a connection of its own: SQLite's pool has one
	// writer, which applyMigrations holds until it returns.
	if err == nil && baselined {
		warnOfDrift(ctx, db, dia)
	}
	return applied, err
}

// applyMigrations does migrateSchema's work on one connection and tells
// whether it baselined a release 0 database.
func applyMigrations(ctx context.Context, db *sql.DB, dia, schema string) (applied []string, baselined bool, err error) {
	dir, err := migrations.Dir(dia)
	if err != nil {
		return nil, false, err
	}
	conn, err := db.Conn(ctx)
	if err != nil {
		return nil, false, err
	}
	defer conn.Close()
	if dia == dialect.Postgres {
		// Held by this session until it unlocks or ends. Taken before
		// CREATE SCHEMA IF NOT EXISTS, which fails when run concurrently.
		lock := "hiregraph migrate " + schema
		if _, err := conn.ExecContext(ctx, "SELECT pg_advisory_lock(hashtext($1))", lock); err != nil {
			return nil, false, fmt.Errorf("waiting for the migration lock: %w", err)
		}
		defer conn.ExecContext(context.WithoutCancel(ctx), "SELECT pg_advisory_unlock(hashtext($1))", lock)
		if _, err := conn.ExecContext(ctx, `CREATE SCHEMA IF NOT EXISTS "`+schema+`"`); err != nil {
			return nil, false, fmt.Errorf("creating schema %s: %w", schema, err)
		}
	}
	if _, err := conn.ExecContext(ctx, revisionsDDL); err != nil {
		return nil, false, fmt.Errorf("creating %s: %w", revisionsTable, err)
	}
	baseline, err := baselineOf(ctx, conn, dia, schema)
	if err != nil {
		return nil, false, err
	}
	baselined = baseline != ""
	for {
		version, err := applyNext(ctx, conn, dia, dir, baseline)
		if errors.Is(err, migrate.ErrNoPendingFiles) {
			break
		}
		if err != nil {
			return applied, baselined, err
		}
		applied = append(applied, version)
		baseline = ""
	}
	if err := migrateRiver(ctx, conn, dia); err != nil {
		return applied, baselined, err
	}
	return applied, baselined, checkNoForeignTables(ctx, conn, dia)
}

// warnOfDrift logs how a baselined database differs from the ent schema:
// the baseline trusted its table names, and a release 0 database someone
// changed by hand would otherwise go unnoticed until a query fails.
func warnOfDrift(ctx context.Context, db *sql.DB, dia string) {
	drift, err := migrations.Drift(ctx, dia, db)
	switch {
	case err != nil:
		slog.Warn("could not compare the upgraded database with the schema", "error", err)
	case drift != "":
		slog.Warn("the upgraded database differs from the schema of this release; review and apply by hand what it lacks", "statements", drift)
	}
}

// applyNext applies the first pending migration in a transaction of its
// own: a migration that fails leaves no trace, its revision included.
func applyNext(ctx context.Context, conn *sql.Conn, dia string, dir migrate.Dir, baseline string) (string, error) {
	tx, err := conn.BeginTx(ctx, nil)
	if err != nil {
		return "", err
	}
	defer tx.Rollback()
	ex, err := executor(tx, dia, dir, baseline)
	if err != nil {
		return "", err
	}
	pending, err := ex.Pending(ctx)
	if errors.Is(err, migrate.ErrNoPendingFiles) {
		// Pending may have written a baseline revision.
		if cerr := tx.Commit(); cerr != nil {
			return "", cerr
		}
		return "", err
	}
	if err != nil {
		return "", fmt.Errorf("reading migrations: %w", err)
	}
	if err := ex.Execute(ctx, pending[0]); err != nil {
		return "", fmt.Errorf("applying migration %s: %w", pending[0].Name(), err)
	}
	return pending[0].Version(), tx.Commit()
}

// pendingVersions returns the versions of the migrations db lacks.
func pendingVersions(ctx context.Context, db *sql.DB, dia string) ([]string, error) {
	dir, err := migrations.Dir(dia)
	if err != nil {
		return nil, err
	}
	exists, err := tableExists(ctx, db, dia, revisionsTable)
	if err != nil {
		return nil, err
	}
	if !exists {
		return []string{"all (no " + revisionsTable + " table)"}, nil
	}
	ex, err := executor(db, dia, dir, "")
	if err != nil {
		return nil, err
	}
	files, err := ex.Pending(ctx)
	if errors.Is(err, migrate.ErrNoPendingFiles) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	versions := make([]string, len(files))
	for i, f := range files {
		versions[i] = f.Version()
	}
	return versions, nil
}

type execQuerier interface {
	ExecContext(context.Context, string, ...any) (sql.Result, error)
	QueryContext(context.Context, string, ...any) (*sql.Rows, error)
	QueryRowContext(context.Context, string, ...any) *sql.Row
}

func executor(q execQuerier, dia string, dir migrate.Dir, baseline string) (*migrate.Executor, error) {
	var (
		drv migrate.Driver
		err error
	)
	if dia == dialect.Postgres {
		drv, err = atlaspostgres.Open(q)
	} else {
		drv, err = atlassqlite.Open(q)
	}
	if err != nil {
		return nil, err
	}
	opts := []migrate.ExecutorOption{}
	if baseline != "" {
		opts = append(opts, migrate.WithBaselineVersion(baseline))
	}
	// baselineOf has judged the tables already; Atlas's own check looks at
	// every schema of the database, not the one Hiregraph uses.
	return migrate.NewExecutor(checkedClean{drv}, dir, &revisions{q: q, dia: dia}, opts...)
}

type checkedClean struct{ migrate.Driver }

func (checkedClean) CheckClean(context.Context, *migrate.TableIdent) error { return nil }

// baselineOf decides where a database without revisions starts: empty is
// migrated from the first file; release 0's tables are baselined at
// release0Version; anything else is refused.
func baselineOf(ctx context.Context, q execQuerier, dia, schema string) (string, error) {
	var n int
	if err := q.QueryRowContext(ctx, "SELECT COUNT(*) FROM "+revisionsTable).Scan(&n); err != nil {
		return "", fmt.Errorf("reading %s: %w", revisionsTable, err)
	}
	if n > 0 {
		return "", nil
	}
	tables, err := listTables(ctx, q, dia)
	if err != nil {
		return "", err
	}
	tables = slices.DeleteFunc(tables, func(t string) bool { return t == revisionsTable })
	switch {
	case len(tables) == 0:
		if dia == dialect.Postgres && schema != "public" {
			return "", refuseRelease0InPublic(ctx, q, schema)
		}
		return "", nil
	case slices.Equal(tables, release0Tables):
		slog.Info("the database holds the tables of the release before versioned migrations; marking it as migration " + release0Version)
		return release0Version, nil
	}
	return "", fmt.Errorf("the database holds tables that are not Hiregraph's or not of a known release (%s); "+
		"give Hiregraph an empty database or schema (--database-schema)", strings.Join(tables, ", "))
}

// refuseRelease0InPublic stops a deployment of release 0, whose tables are
// in public, from starting over empty in the new default schema.
func refuseRelease0InPublic(ctx context.Context, q execQuerier, schema string) error {
	var n int
	err := q.QueryRowContext(ctx, `SELECT COUNT(*) FROM information_schema.tables
		WHERE table_schema = 'public' AND table_name IN ('companies', 'api_keys', 'candidates')`).Scan(&n)
	if err != nil {
		return fmt.Errorf("looking for an earlier release's tables: %w", err)
	}
	if n < 3 {
		return nil
	}
	return fmt.Errorf("schema %q is empty but schema \"public\" holds the tables of an earlier Hiregraph release; "+
		"keep using them with --database-schema public, or move them first (see README, \"Database migrations\")", schema)
}

// checkNoForeignTables refuses a schema holding tables that neither this
// binary's migrations nor a newer release (a replica rolled out first)
// explain.
func checkNoForeignTables(ctx context.Context, q execQuerier, dia string) error {
	tables, err := listTables(ctx, q, dia)
	if err != nil {
		return err
	}
	known := map[string]bool{revisionsTable: true}
	for _, t := range entmigrate.Tables {
		known[t.Name] = true
	}
	var foreign []string
	for _, t := range tables {
		if !known[t] && !isRiverTable(t) {
			foreign = append(foreign, t)
		}
	}
	if len(foreign) == 0 {
		return nil
	}
	newer, err := newerRevisions(ctx, q, dia)
	if err != nil {
		return err
	}
	if newer {
		slog.Warn("the database was migrated by a newer release; serving its older schema", "tables_unknown_here", foreign)
		return nil
	}
	return fmt.Errorf("the database holds tables that are not Hiregraph's (%s); "+
		"give Hiregraph a schema of its own (--database-schema) or an empty database", strings.Join(foreign, ", "))
}

// newerRevisions reports whether the database has migrations this binary
// does not know, being newer than its last.
func newerRevisions(ctx context.Context, q execQuerier, dia string) (bool, error) {
	dir, err := migrations.Dir(dia)
	if err != nil {
		return false, err
	}
	files, err := dir.Files()
	if err != nil || len(files) == 0 {
		return false, err
	}
	var n int
	err = q.QueryRowContext(ctx, "SELECT COUNT(*) FROM "+revisionsTable+" WHERE version > "+placeholder(dia, 1),
		files[len(files)-1].Version()).Scan(&n)
	return n > 0, err
}

// listTables lists the tables and views of the schema Hiregraph uses,
// sorted.
func listTables(ctx context.Context, q execQuerier, dia string) ([]string, error) {
	query := `SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema()`
	if dia == dialect.SQLite {
		query = `SELECT name FROM sqlite_master WHERE type IN ('table', 'view') AND name NOT LIKE 'sqlite_%'`
	}
	rows, err := q.QueryContext(ctx, query)
	if err != nil {
		return nil, fmt.Errorf("listing tables: %w", err)
	}
	defer rows.Close()
	var tables []string
	for rows.Next() {
		var t string
		if err := rows.Scan(&t); err != nil {
			return nil, err
		}
		tables = append(tables, t)
	}
	slices.Sort(tables)
	return tables, rows.Err()
}

func tableExists(ctx context.Context, q execQuerier, dia, name string) (bool, error) {
	tables, err := listTables(ctx, q, dia)
	return slices.Contains(tables, name), err
}

// Version returns the last migration applied to db.
func Version(ctx context.Context, db *DB) (string, error) {
	var v sql.NullString
	if err := db.SQL.QueryRowContext(ctx, "SELECT MAX(version) FROM "+revisionsTable).Scan(&v); err != nil {
		return "", fmt.Errorf("reading %s: %w", revisionsTable, err)
	}
	return v.String, nil
}
