package recruiting

import (
	"context"
	"sync"

	"github.com/hiregraph/hiregraph/ent"
)

// operationReads are the candidates, interviews and scorecards one
// GraphQL operation has read so far. A field computed per record (a
// candidate's scorecard summary, the viewer's scorecard on an interview)
// is loaded, at its first resolution, for every record of its kind read
// so far: the list a record is in was read before any field of its
// elements is resolved, so one query serves the whole list instead of one
// per element (gqlgen resolves the elements in order, so a dataloader
// would see them one at a time).
type operationReads struct {
	mu         sync.Mutex
	candidates map[string]*ent.Candidate
	interviews map[string]*ent.Interview
	scorecards map[string]*ent.Scorecard

	summaries    batch[*ScorecardSummary]
	myScorecards batch[*ent.Scorecard]
	editable     batch[bool]
}

// readsOf returns the reads of the operation of ctx; nil outside one.
func readsOf(ctx context.Context) *operationReads {
	memo, _ := ctx.Value(visibilityMemoKey{}).(*visibilityMemo)
	if memo == nil {
		return nil
	}
	return &memo.reads
}

// remember keeps the records of v, a query's answer.
func (r *operationReads) remember(v ent.Value) {
	r.mu.Lock()
	defer r.mu.Unlock()
	switch rows := v.(type) {
	case []*ent.Candidate:
		r.candidates = keep(r.candidates, rows, func(c *ent.Candidate) string { return c.ID }, wholeCandidate)
	case []*ent.Interview:
		r.interviews = keep(r.interviews, rows, func(iv *ent.Interview) string { return iv.ID }, func(*ent.Interview) bool { return true })
	case []*ent.Scorecard:
		r.scorecards = keep(r.scorecards, rows, func(sc *ent.Scorecard) string { return sc.ID }, wholeScorecard)
	}
}

// wholeCandidate and wholeScorecard report whether a record was read with
// the columns the batched fields need: a projection (entgql reads the
// columns a query selects) may have left them out.
func wholeCandidate(c *ent.Candidate) bool  { return c.PositionID != "" }
func wholeScorecard(sc *ent.Scorecard) bool { return sc.UserID != "" }

// keep adds rows to into by id; a record read whole is not replaced by a
// later projection of it.
func keep[T any](into map[string]T, rows []T, id func(T) string, whole func(T) bool) map[string]T {
	if into == nil {
		into = make(map[string]T, len(rows))
	}
	for _, row := range rows {
		if kept, seen := into[id(row)]; !seen || !whole(kept) {
			into[id(row)] = row
		}
	}
	return into
}

// snapshot returns the records of m read so far, by id.
func snapshot[T any](r *operationReads, m *map[string]T) func() map[string]T {
	return func() map[string]T {
		r.mu.Lock()
		defer r.mu.Unlock()
		out := make(map[string]T, len(*m))
		for k, v := range *m {
			out[k] = v
		}
		return out
	}
}

// complete keeps, of what read returns, the records whole reports whole:
// a projection may have left out the columns a field needs.
func complete[T any](read func() map[string]T, whole func(T) bool) func() map[string]T {
	return func() map[string]T {
		m := read()
		for k, v := range m {
			if !whole(v) {
				delete(m, k)
			}
		}
		return m
	}
}

// rememberedClients are the clients RememberReads has intercepted.
var rememberedClients sync.Map

// RememberReads makes the candidates, interviews and scorecards read
// through the service's client, eager loads included, known to the
// operation that read them (operationReads). New calls it; a client
// several services share gets the interceptor once.
func (s *core) RememberReads() {
	if _, done := rememberedClients.LoadOrStore(s.Client, true); done {
		return
	}
	remember := ent.InterceptFunc(func(next ent.Querier) ent.Querier {
		return ent.QuerierFunc(func(ctx context.Context, q ent.Query) (ent.Value, error) {
			v, err := next.Query(ctx, q)
			if reads := readsOf(ctx); err == nil && reads != nil {
				reads.remember(v)
			}
			return v, err
		})
	})
	s.Client.Candidate.Intercept(remember)
	s.Client.Interview.Intercept(remember)
	s.Client.Scorecard.Intercept(remember)
}

// batch is one per-record field of an operation: the values loaded so
// far, by record id.
type batch[V any] struct {
	mu   sync.Mutex
	done map[string]V
}

// get returns the value of id, loading it with load, together with those
// of every record of others not loaded yet, the first time it is asked
// for.
func get[V, T any](b *batch[V], id string, others func() map[string]T, load func(ids []string) (map[string]V, error)) (V, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	if v, ok := b.done[id]; ok {
		return v, nil
	}
	ids := []string{id}
	for other := range others() {
		if _, ok := b.done[other]; !ok && other != id {
			ids = append(ids, other)
		}
	}
	vals, err := load(ids)
	if err != nil {
		var zero V
		return zero, err
	}
	if b.done == nil {
		b.done = make(map[string]V, len(ids))
	}
	for _, i := range ids {
		b.done[i] = vals[i]
	}
	return vals[id], nil
}
