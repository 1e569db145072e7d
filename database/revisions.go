package database

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"
	"time"

	"ariga.io/atlas/sql/migrate"
	"entgo.io/ent/dialect"
)

// revisionsTable records the migrations applied to the database, one row
// per file, as Atlas's executor reads and writes them.
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

// revisions is Atlas's migrate.RevisionReadWriter on revisionsTable. The
// atlas CLI keeps its own table for this; the executor leaves storage to its
// caller.
type revisions struct {
	q   execQuerier
	dia string
}

func (r *revisions) Ident() *migrate.TableIdent { return &migrate.TableIdent{Name: revisionsTable} }

func (r *revisions) ReadRevisions(ctx context.Context) ([]*migrate.Revision, error) {
	rows, err := r.q.QueryContext(ctx, "SELECT "+revisionColumns+" FROM "+revisionsTable+" ORDER BY version")
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var revs []*migrate.Revision
	for rows.Next() {
		rev, err := scanRevision(rows)
		if err != nil {
			return nil, err
		}
		revs = append(revs, rev)
	}
	return revs, rows.Err()
}

func (r *revisions) ReadRevision(ctx context.Context, version string) (*migrate.Revision, error) {
	rows, err := r.q.QueryContext(ctx, "SELECT "+revisionColumns+" FROM "+revisionsTable+" WHERE version = "+placeholder(r.dia, 1), version)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	if !rows.Next() {
		if err := rows.Err(); err != nil {
			return nil, err
		}
		return nil, migrate.ErrRevisionNotExist
	}
	return scanRevision(rows)
}

func (r *revisions) WriteRevision(ctx context.Context, rev *migrate.Revision) error {
	args := []any{rev.Version, rev.Description, int(rev.Type), rev.Applied, rev.Total,
		rev.ExecutedAt.UTC().Format(time.RFC3339Nano), int64(rev.ExecutionTime), rev.Error, rev.ErrorStmt,
		rev.Hash, strings.Join(rev.PartialHashes, ","), rev.OperatorVersion}
	marks := make([]string, len(args))
	for i := range args {
		marks[i] = placeholder(r.dia, i+1)
	}
	// The same statement on both dialects: PostgreSQL and SQLite share
	// ON CONFLICT ... DO UPDATE.
	_, err := r.q.ExecContext(ctx, "INSERT INTO "+revisionsTable+" ("+revisionColumns+") VALUES ("+strings.Join(marks, ", ")+`)
		ON CONFLICT (version) DO UPDATE SET description = excluded.description, type = excluded.type,
		applied = excluded.applied, total = excluded.total, executed_at = excluded.executed_at,
		execution_time_ns = excluded.execution_time_ns, error = excluded.error, error_stmt = excluded.error_stmt,
		hash = excluded.hash, partial_hashes = excluded.partial_hashes, operator_version = excluded.operator_version`, args...)
	if err != nil {
		return fmt.Errorf("writing revision %s: %w", rev.Version, err)
	}
	return nil
}

func (r *revisions) DeleteRevision(ctx context.Context, version string) error {
	_, err := r.q.ExecContext(ctx, "DELETE FROM "+revisionsTable+" WHERE version = "+placeholder(r.dia, 1), version)
	return err
}

func scanRevision(rows *sql.Rows) (*migrate.Revision, error) {
	var (
		rev                      migrate.Revision
		typ                      int
		executedAt, partials     string
		executionTimeNanoseconds int64
	)
	err := rows.Scan(&rev.Version, &rev.Description, &typ, &rev.Applied, &rev.Total, &executedAt,
		&executionTimeNanoseconds, &rev.Error, &rev.ErrorStmt, &rev.Hash, &partials, &rev.OperatorVersion)
	if err != nil {
		return nil, fmt.Errorf("reading %s: %w", revisionsTable, err)
	}
	rev.Type = migrate.RevisionType(typ)
	rev.ExecutionTime = time.Duration(executionTimeNanoseconds)
	if rev.ExecutedAt, err = time.Parse(time.RFC3339Nano, executedAt); err != nil {
		return nil, errors.Join(fmt.Errorf("revision %s: executed_at %q", rev.Version, executedAt), err)
	}
	if partials != "" {
		rev.PartialHashes = strings.Split(partials, ",")
	}
	return &rev, nil
}

// placeholder is the n-th query argument in dia's syntax.
func placeholder(dia string, n int) string {
	if dia == dialect.Postgres {
		return fmt.Sprintf("$%d", n)
	}
	return fmt.Sprintf("?%d", n)
}
