package database

import (
	"context"
	"fmt"
	"strings"
	"time"

	"ariga.io/atlas/sql/migrate"
	"entgo.io/ent/dialect"

	"github.com/hiregraph/hiregraph/internal/database/migrations"
)

// revisionsTable records the migrations applied to the database, one row
// per file, in the columns of Atlas's migrate.Revision.
const revisionsTable = "hiregraph_schema_revisions"

const revisionsDDL = `CREATE TABLE IF NOT EXISTS ` + revisionsTable + ` (
	version varchar(32) PRIMARY KEY,
	description text NOT NULL,
	type integer NOT NULL,
	applied integer NOT NULL,
	total integer NOT NULL,
	executed_at varchar(40) NOT NULL,
	execution_time_ns bigint NOT NULL,
	error text NOT NULL,
	error_stmt text NOT NULL,
	hash text NOT NULL,
	partial_hashes text NOT NULL,
	operator_version text NOT NULL
)`

const revisionColumns = `version, description, type, applied, total, executed_at, execution_time_ns, error, error_stmt, hash, partial_hashes, operator_version`

// operatorVersion marks the revisions this package wrote.
const operatorVersion = "hiregraph"

// appliedVersions returns the versions the database has a revision of.
func appliedVersions(ctx context.Context, q execQuerier) (map[string]bool, error) {
	rows, err := q.QueryContext(ctx, "SELECT version FROM "+revisionsTable)
	if err != nil {
		return nil, fmt.Errorf("reading %s: %w", revisionsTable, err)
	}
	defer rows.Close()
	done := map[string]bool{}
	for rows.Next() {
		var v string
		if err := rows.Scan(&v); err != nil {
			return nil, fmt.Errorf("reading %s: %w", revisionsTable, err)
		}
		done[v] = true
	}
	return done, rows.Err()
}

// writeBaseline marks every migration up to version as applied: the
// database was made by a release whose schema they describe.
func writeBaseline(ctx context.Context, q execQuerier, dia, version string) error {
	dir, err := migrations.Dir(dia)
	if err != nil {
		return err
	}
	files, err := dir.Files()
	if err != nil {
		return err
	}
	for _, f := range files {
		if f.Version() > version {
			break
		}
		rev := &migrate.Revision{Version: f.Version(), Description: f.Desc(), Type: migrate.RevisionTypeBaseline, ExecutedAt: time.Now()}
		if err := writeRevision(ctx, q, dia, rev); err != nil {
			return err
		}
	}
	return nil
}

// writeRevision records rev, replacing an earlier record of its version.
func writeRevision(ctx context.Context, q execQuerier, dia string, rev *migrate.Revision) error {
	args := []any{rev.Version, rev.Description, int(rev.Type), rev.Applied, rev.Total,
		rev.ExecutedAt.UTC().Format(time.RFC3339Nano), int64(rev.ExecutionTime), rev.Error, rev.ErrorStmt,
		rev.Hash, strings.Join(rev.PartialHashes, ","), operatorVersion}
	marks := make([]string, len(args))
	for i := range args {
		marks[i] = placeholder(dia, i+1)
	}
	// The same statement on both dialects: PostgreSQL and SQLite share
	// ON CONFLICT ... DO UPDATE.
	_, err := q.ExecContext(ctx, "INSERT INTO "+revisionsTable+" ("+revisionColumns+") VALUES ("+strings.Join(marks, ", ")+`)
		ON CONFLICT (version) DO UPDATE SET description = excluded.description, type = excluded.type,
		applied = excluded.applied, total = excluded.total, executed_at = excluded.executed_at,
		execution_time_ns = excluded.execution_time_ns, error = excluded.error, error_stmt = excluded.error_stmt,
		hash = excluded.hash, partial_hashes = excluded.partial_hashes, operator_version = excluded.operator_version`, args...)
	if err != nil {
		return fmt.Errorf("writing revision %s: %w", rev.Version, err)
	}
	return nil
}

// placeholder is the n-th query argument in dia's syntax.
func placeholder(dia string, n int) string {
	if dia == dialect.Postgres {
		return fmt.Sprintf("$%d", n)
	}
	return fmt.Sprintf("?%d", n)
}
