package ratelimit

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"
	"time"
)

// SQL keeps buckets in the database's rate_limit_buckets table (see
// ent/schema/ratelimitbucket.go), so every process serving the database
// shares them. A take is one statement; the row lock of the upsert orders
// concurrent takes of one bucket. It runs on PostgreSQL and SQLite.
type SQL struct {
	db       *sql.DB
	now      func() time.Time
	postgres bool
}

// NewSQL returns a store on db; postgres says which placeholders it takes,
// now is its clock (nil: time.Now). Replicas' clocks must agree to well
// under a token's interval (100 ms at 600 a minute), as NTP keeps them.
func NewSQL(db *sql.DB, postgres bool, now func() time.Time) *SQL {
	if now == nil {
		now = time.Now
	}
	return &SQL{db: db, now: now, postgres: postgres}
}

// takeSQL moves the bucket's tat (microseconds) to max(tat, now) + cost
// intervals, unless that overfills it, and returns the new tat; a take the
// WHERE clause refuses returns no row. As in gcra, a tat beyond maxAhead
// ($5) means the clock went back, and counts as now. The casts type
// PostgreSQL's arguments. %s is a row source: on PostgreSQL it turns off
// synchronous_commit for this statement's transaction alone, so a take
// does not wait for the WAL to reach the disk (5 ms a take here, 0.6 ms
// without): a bucket lost in a crash only forgives a few requests. (SQLite
// needs the WHERE clause to read ON CONFLICT after a SELECT.)
const takeSQL = `INSERT INTO rate_limit_buckets (id, tat)
SELECT $1, CAST($2 AS BIGINT) + CAST($3 AS BIGINT) FROM %s WHERE true
ON CONFLICT (id) DO UPDATE
SET tat = (CASE WHEN rate_limit_buckets.tat > $2 AND rate_limit_buckets.tat <= $2 + CAST($5 AS BIGINT) THEN rate_limit_buckets.tat ELSE $2 END) + $3
WHERE (CASE WHEN rate_limit_buckets.tat > $2 AND rate_limit_buckets.tat <= $2 + $5 THEN rate_limit_buckets.tat ELSE $2 END) + $3 - CAST($4 AS BIGINT) <= $2
RETURNING tat`

const (
	postgresAsync = `(SELECT set_config('synchronous_commit', 'off', true)) AS async`
	sqliteOneRow  = `(SELECT 1) AS one`
)

// Take implements Store.
func (s *SQL) Take(ctx context.Context, key string, r Rate, cost int) (bool, time.Duration, error) {
	now := s.now()
	nowMicros := now.UnixMicro()
	step := (time.Duration(cost) * r.interval()).Microseconds()
	burst := (time.Duration(r.Burst) * r.interval()).Microseconds()
	ahead := maxAhead(r).Microseconds()
	if cost == 0 {
		tat, err := s.read(ctx, key)
		if tat > nowMicros+ahead {
			tat = nowMicros
		}
		return true, time.Duration(tat-nowMicros) * time.Microsecond, err
	}
	var tat int64
	err := s.db.QueryRowContext(ctx, s.take(), key, nowMicros, step, burst, ahead).Scan(&tat)
	if errors.Is(err, sql.ErrNoRows) {
		// Refused: the bucket holds less than cost; report how full.
		tat, err = s.read(ctx, key)
		return false, time.Duration(tat-nowMicros) * time.Microsecond, err
	}
	if err != nil {
		return false, 0, fmt.Errorf("taking from rate limit bucket: %w", err)
	}
	return true, time.Duration(tat-nowMicros) * time.Microsecond, nil
}

// read returns key's tat, 0 for a bucket never used or swept.
func (s *SQL) read(ctx context.Context, key string) (int64, error) {
	var tat int64
	err := s.db.QueryRowContext(ctx, s.sql(`SELECT tat FROM rate_limit_buckets WHERE id = $1`), key).Scan(&tat)
	if errors.Is(err, sql.ErrNoRows) {
		return 0, nil
	}
	if err != nil {
		return 0, fmt.Errorf("reading rate limit bucket: %w", err)
	}
	return tat, nil
}

// Sweep deletes buckets that are full again: forgetting them changes no
// decision. It returns how many it deleted.
func (s *SQL) Sweep(ctx context.Context) (int64, error) {
	res, err := s.db.ExecContext(ctx, s.sql(`DELETE FROM rate_limit_buckets WHERE tat < $1`), s.now().UnixMicro())
	if err != nil {
		return 0, fmt.Errorf("sweeping rate limit buckets: %w", err)
	}
	return res.RowsAffected()
}

func (s *SQL) take() string {
	if s.postgres {
		return fmt.Sprintf(takeSQL, postgresAsync)
	}
	return s.sql(fmt.Sprintf(takeSQL, sqliteOneRow))
}

// sql turns PostgreSQL's $n into SQLite's ?n.
func (s *SQL) sql(query string) string {
	if s.postgres {
		return query
	}
	return strings.ReplaceAll(query, "$", "?")
}
