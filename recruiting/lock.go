package recruiting

import (
	"context"
	"fmt"

	"entgo.io/ent/dialect"
	"entgo.io/ent/dialect/sql"

	"github.com/hiregraph/hiregraph/ent"
	"github.com/hiregraph/hiregraph/ent/candidate"
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

// lockCandidatesOf reads the person's candidates and locks them
// (lockedForWrite), in id order, before the person's row is written: a candidate's
// writes lock the candidate, then its person (touchCandidate), so a
// person's update that locked the person first could deadlock with them
// (docs/concurrency.md).
func (s *core) lockCandidatesOf(ctx context.Context, client *ent.Client, personID string) ([]*ent.Candidate, error) {
	cands, err := client.Candidate.Query().Where(candidate.PersonID(personID), lockedForWrite).Order(ent.Asc(candidate.FieldID)).All(ctx)
	if err != nil {
		return nil, fmt.Errorf("locking the person's candidates: %w", err)
	}
	return cands, nil
}
