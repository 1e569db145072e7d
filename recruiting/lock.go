package recruiting

import (
	"entgo.io/ent/dialect"
	"entgo.io/ent/dialect/sql"
)

// lockedForWrite is a query predicate that locks the rows the query reads
// until the transaction ends, so a transition reads the state it changes
// and a concurrent one waits, then reads the new state. Rows are locked in
// the order docs/concurrency.md gives. The lock is FOR NO KEY UPDATE, the
// lock an UPDATE of non-key columns takes: unlike FOR UPDATE it lets other
// transactions insert rows that reference the locked one (an activity of a
// position), which would otherwise wait for it and could deadlock.
//
// SQLite has no row locks and needs none: its one writer connection and
// BEGIN IMMEDIATE run one write transaction at a time. ent's own ForUpdate
// writes the clause on SQLite too, where it is a syntax error, hence this
// predicate.
func lockedForWrite(s *sql.Selector) {
	if s.Dialect() == dialect.Postgres {
		s.For(sql.LockNoKeyUpdate)
	}
}
