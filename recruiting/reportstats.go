package recruiting

import (
	"fmt"
	"math"

	"entgo.io/ent/dialect"
	"entgo.io/ent/dialect/sql"

	"github.com/hiregraph/hiregraph/ent"
)

// DurationStats sums up how long something took for the rows of one key
// (a step, a month): how many, and their median and 90th percentile in
// days (PostgreSQL's percentile_cont, interpolated between neighbours).
type DurationStats struct {
	Key        string
	Count      int
	MedianDays float64
	P90Days    float64
}

// durationRow is one row of durationStats' statement.
type durationRow struct {
	Key    string  `json:"k"`
	N      int     `json:"n"`
	Median float64 `json:"median"`
	P90    float64 `json:"p90"`
}

// stats turns the row's seconds into days, rounded to the second first:
// SQLite's julianday arithmetic is a few microseconds off.
func (r durationRow) stats() DurationStats {
	days := func(sec float64) float64 { return math.Round(sec) / 86400 }
	return DurationStats{Key: r.Key, Count: r.N, MedianDays: days(r.Median), P90Days: days(r.P90)}
}

// durationStats returns the aggregate that turns a query into one row per
// key: the count and the median and 90th percentile of seconds. key and
// seconds are SQL expressions over the query's table, made from its
// selector. It is an aggregate, not a modifier, because ent applies
// aggregates last, after the query's predicates (the privacy rules' among
// them), which the SQLite statement must wrap.
//
// PostgreSQL has percentile_cont; SQLite has no percentile aggregate, so
// the rows are numbered per key in a subquery (ROW_NUMBER, COUNT as window
// functions) and the outer query picks the two neighbours of each
// percentile's place and interpolates as percentile_cont does.
func (s *core) durationStats(key, seconds func(*sql.Selector) string) ent.AggregateFunc {
	return func(sel *sql.Selector) string {
		k, d := key(sel), seconds(sel)
		if s.Dialect == dialect.Postgres {
			sel.GroupBy("k").OrderBy("k")
			return fmt.Sprintf("%[1]s AS k, COUNT(*) AS n, "+
				"percentile_cont(0.5) WITHIN GROUP (ORDER BY %[2]s) AS median, "+
				"percentile_cont(0.9) WITHIN GROUP (ORDER BY %[2]s) AS p90", k, d)
		}
		inner := sel.Clone().SelectExpr(sql.Expr(fmt.Sprintf("%[1]s AS k, %[2]s AS d, "+
			"ROW_NUMBER() OVER (PARTITION BY %[1]s ORDER BY %[2]s) AS rn, COUNT(*) OVER (PARTITION BY %[1]s) AS n", k, d)))
		sel.SetP(nil).From(inner.As("ranked")).GroupBy("k").OrderBy("k")
		return "k AS k, MAX(n) AS n, " + percentileFromRanks(0.5) + " AS median, " + percentileFromRanks(0.9) + " AS p90"
	}
}

// percentileFromRanks is percentile_cont(p) over the ranked rows of one
// group (d numbered rn from 1 of n): the value at place h = p(n-1) from 0,
// interpolated between the rows below and above it.
func percentileFromRanks(p float64) string {
	h := fmt.Sprintf("(%g * (n - 1))", p)
	lo := fmt.Sprintf("CAST(%s AS INTEGER) + 1", h)
	hi := fmt.Sprintf("%s + (%s > CAST(%s AS INTEGER))", lo, h, h)
	low := fmt.Sprintf("MAX(CASE WHEN rn = %s THEN d END)", lo)
	high := fmt.Sprintf("MAX(CASE WHEN rn = %s THEN d END)", hi)
	return fmt.Sprintf("(%s + MAX(%s - CAST(%s AS INTEGER)) * (%s - %s))", low, h, h, high, low)
}

// secondsBetween is the SQL for the seconds from one timestamp column to
// another, in the dialect's arithmetic.
func (s *core) secondsBetween(from, to string) string {
	if s.Dialect == dialect.Postgres {
		return fmt.Sprintf("CAST(EXTRACT(EPOCH FROM (%s - %s)) AS DOUBLE PRECISION)", to, from)
	}
	return fmt.Sprintf("((julianday(%s) - julianday(%s)) * 86400.0)", to, from)
}

// monthOf is the SQL for a timestamp column's month, as 2026-11 (UTC: the
// service keeps times in UTC).
func (s *core) monthOf(column string) string {
	if s.Dialect == dialect.Postgres {
		return fmt.Sprintf("to_char(%s AT TIME ZONE 'UTC', 'YYYY-MM')", column)
	}
	return fmt.Sprintf("strftime('%%Y-%%m', %s)", column)
}

// statsOf converts durationStats' rows.
func statsOf(rows []durationRow) []DurationStats {
	out := make([]DurationStats, len(rows))
	for i, r := range rows {
		out[i] = r.stats()
	}
	return out
}
