package database

import (
	"context"
	"database/sql"
	"fmt"
	"log/slog"
	"net/url"
	"regexp"
	"slices"
	"strings"
	"time"

	"ariga.io/atlas/sql/migrate"
	"entgo.io/ent/dialect"
	entsql "entgo.io/ent/dialect/sql"

	"github.com/hiregraph/hiregraph/internal/database/migrations"
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
	existingOnly    bool
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
		dir, err := migrations.Dir(dia)
		if err != nil {
			return err
		}
		return checkNoForeignTables(ctx, db, dia, dir)
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
	dir, err := migrations.Dir(dia)
	if err != nil {
		return nil, err
	}
	conn, err := db.Conn(ctx)
	if err != nil {
		return nil, err
	}
	defer conn.Close()
	if dia == dialect.Postgres {
		// Held by this session until it unlocks or ends. Taken before
		// CREATE SCHEMA IF NOT EXISTS, which fails when run concurrently.
		lock := "hiregraph migrate " + schema
		if _, err := conn.ExecContext(ctx, "SELECT pg_advisory_lock(hashtext($1))", lock); err != nil {
			return nil, fmt.Errorf("waiting for the migration lock: %w", err)
		}
		defer conn.ExecContext(context.WithoutCancel(ctx), "SELECT pg_advisory_unlock(hashtext($1))", lock)
		if _, err := conn.ExecContext(ctx, `CREATE SCHEMA IF NOT EXISTS "`+schema+`"`); err != nil {
			return nil, fmt.Errorf("creating schema %s: %w", schema, err)
		}
	}
	if _, err := conn.ExecContext(ctx, revisionsDDL); err != nil {
		return nil, fmt.Errorf("creating %s: %w", revisionsTable, err)
	}
	baseline, err := baselineOf(ctx, conn, dia, schema)
	if err != nil {
		return nil, err
	}
	if baseline != "" {
		if err := writeBaseline(ctx, conn, dia, baseline); err != nil {
			return nil, err
		}
	}
	pending, err := pendingFiles(ctx, conn, dir)
	if err != nil {
		return nil, err
	}
	var applied []string
	for _, f := range pending {
		if err := applyFile(ctx, conn, dia, dir, f); err != nil {
			return applied, err
		}
		applied = append(applied, f.Version())
	}
	if err := migrateRiver(ctx, conn, dia); err != nil {
		return applied, err
	}
	return applied, checkNoForeignTables(ctx, conn, dia, dir)
}

// pendingFiles returns the files of dir that the database has no revision
// of, in order, once dir is checked against its atlas.sum.
func pendingFiles(ctx context.Context, q execQuerier, dir migrate.Dir) ([]migrate.File, error) {
	if err := migrate.Validate(dir); err != nil {
		return nil, fmt.Errorf("the migrations do not match their atlas.sum: %w", err)
	}
	files, err := dir.Files()
	if err != nil {
		return nil, fmt.Errorf("reading migrations: %w", err)
	}
	done, err := appliedVersions(ctx, q)
	if err != nil {
		return nil, err
	}
	return slices.DeleteFunc(files, func(f migrate.File) bool { return done[f.Version()] }), nil
}

// applyFile runs one migration and records it in a transaction of its own:
// a migration that fails leaves no trace, its revision included.
func applyFile(ctx context.Context, conn *sql.Conn, dia string, dir migrate.Dir, f migrate.File) error {
	stmts, err := migrate.Stmts(string(f.Bytes()))
	if err != nil {
		return fmt.Errorf("reading migration %s: %w", f.Name(), err)
	}
	sum, err := dir.Checksum()
	if err != nil {
		return err
	}
	hash, err := sum.SumByName(f.Name())
	if err != nil {
		return fmt.Errorf("migration %s: %w", f.Name(), err)
	}
	if dia == dialect.SQLite {
		restore, err := foreignKeysOff(ctx, conn)
		if err != nil {
			return err
		}
		defer restore()
	}
	tx, err := conn.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	start := time.Now()
	for _, stmt := range stmts {
		if _, err := tx.ExecContext(ctx, stmt.Text); err != nil {
			return fmt.Errorf("applying migration %s: %s: %w", f.Name(), stmt.Text, err)
		}
	}
	if dia == dialect.SQLite {
		if err := checkForeignKeys(ctx, tx); err != nil {
			return fmt.Errorf("applying migration %s: %w", f.Name(), err)
		}
	}
	rev := &migrate.Revision{
		Version: f.Version(), Description: f.Desc(), Type: migrate.RevisionTypeExecute,
		Applied: len(stmts), Total: len(stmts), ExecutedAt: start, ExecutionTime: time.Since(start), Hash: hash,
	}
	if err := writeRevision(ctx, tx, dia, rev); err != nil {
		return err
	}
	return tx.Commit()
}

// foreignKeysOff turns SQLite's foreign keys off on conn until restore.
// A migration that rebuilds a table (atlas copies it and drops the old
// one) needs them off, and its own PRAGMA foreign_keys = off does nothing
// inside the migration's transaction: with them on, dropping the old table
// would run every referencing row's ON DELETE action (cascades, SET NULL)
// or fail. This is SQLite's documented procedure for changing a table,
// with checkForeignKeys before the commit.
func foreignKeysOff(ctx context.Context, conn *sql.Conn) (restore func(), err error) {
	if _, err := conn.ExecContext(ctx, "PRAGMA foreign_keys = off"); err != nil {
		return nil, fmt.Errorf("turning foreign keys off for a migration: %w", err)
	}
	return func() {
		if _, err := conn.ExecContext(context.WithoutCancel(ctx), "PRAGMA foreign_keys = on"); err != nil {
			slog.Error("turning foreign keys back on after a migration", "err", err)
		}
	}, nil
}

// checkForeignKeys fails when a row references a missing one.
func checkForeignKeys(ctx context.Context, tx *sql.Tx) error {
	rows, err := tx.QueryContext(ctx, "PRAGMA foreign_key_check")
	if err != nil {
		return fmt.Errorf("checking foreign keys: %w", err)
	}
	defer rows.Close()
	if rows.Next() {
		var table, parent string
		var rowid sql.NullInt64
		var fk int
		if err := rows.Scan(&table, &rowid, &parent, &fk); err != nil {
			return fmt.Errorf("checking foreign keys: %w", err)
		}
		return fmt.Errorf("row %d of %s references a missing row of %s", rowid.Int64, table, parent)
	}
	return rows.Err()
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
	files, err := pendingFiles(ctx, db, dir)
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
func checkNoForeignTables(ctx context.Context, q execQuerier, dia string, dir migrate.Dir) error {
	tables, err := listTables(ctx, q, dia)
	if err != nil {
		return err
	}
	known, err := createdTables(dir)
	if err != nil {
		return err
	}
	known[revisionsTable] = true
	var foreign []string
	for _, t := range tables {
		if !known[t] && !isRiverTable(t) {
			foreign = append(foreign, t)
		}
	}
	if len(foreign) == 0 {
		return nil
	}
	newer, err := newerRevisions(ctx, q, dia, dir)
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
func newerRevisions(ctx context.Context, q execQuerier, dia string, dir migrate.Dir) (bool, error) {
	files, err := dir.Files()
	if err != nil || len(files) == 0 {
		return false, err
	}
	var n int
	err = q.QueryRowContext(ctx, "SELECT COUNT(*) FROM "+revisionsTable+" WHERE version > "+placeholder(dia, 1),
		files[len(files)-1].Version()).Scan(&n)
	return n > 0, err
}

var (
	createTable = regexp.MustCompile(`(?i)^CREATE TABLE (?:IF NOT EXISTS )?[` + "`" + `"]?(\w+)`)
	// createFTS5 is SQLite's full-text index, which keeps its data in
	// tables of its own (fts5Shadows).
	createFTS5  = regexp.MustCompile(`(?i)^CREATE VIRTUAL TABLE [` + "`" + `"]?(\w+)[` + "`" + `"]? USING fts5`)
	dropTable   = regexp.MustCompile(`(?i)^DROP TABLE (?:IF EXISTS )?[` + "`" + `"]?(\w+)`)
	renameTable = regexp.MustCompile(`(?i)^ALTER TABLE [` + "`" + `"]?(\w+)[` + "`" + `"]? RENAME TO [` + "`" + `"]?(\w+)`)
)

// fts5Shadows are the suffixes of the tables an FTS5 index keeps its data
// in (https://sqlite.org/fts5.html, "Shadow tables").
var fts5Shadows = []string{"_data", "_idx", "_content", "_docsize", "_config"}

// createdTables replays the table statements of dir's migrations and
// returns the tables they leave: the tables this binary knows. (SQLite's
// migrations rebuild a table under a new name and rename it back.)
func createdTables(dir migrate.Dir) (map[string]bool, error) {
	files, err := dir.Files()
	if err != nil {
		return nil, err
	}
	tables := map[string]bool{}
	for _, f := range files {
		stmts, err := migrate.Stmts(string(f.Bytes()))
		if err != nil {
			return nil, fmt.Errorf("reading migration %s: %w", f.Name(), err)
		}
		for _, stmt := range stmts {
			if m := createTable.FindStringSubmatch(stmt.Text); m != nil {
				tables[m[1]] = true
			} else if m := createFTS5.FindStringSubmatch(stmt.Text); m != nil {
				tables[m[1]] = true
				for _, shadow := range fts5Shadows {
					tables[m[1]+shadow] = true
				}
			} else if m := dropTable.FindStringSubmatch(stmt.Text); m != nil {
				delete(tables, m[1])
			} else if m := renameTable.FindStringSubmatch(stmt.Text); m != nil {
				delete(tables, m[1])
				tables[m[2]] = true
			}
		}
	}
	return tables, nil
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
	if err := entsql.ScanSlice(rows, &tables); err != nil {
		return nil, fmt.Errorf("reading table names: %w", err)
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
