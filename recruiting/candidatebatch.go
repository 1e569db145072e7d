package recruiting

import (
	"context"
	"sync"

	"github.com/hiregraph/hiregraph/ent"
)

// A query's batch of candidates. GraphQL resolves a candidate's computed
// fields card by card; one that costs statements of its own (the
// scorecard summary) would cost them once per card of a board. Within a
// batch the first card asked for reads the field for every candidate the
// query has loaded so far, in the statements of one card, and the others
// are answered from there. The batch lives for one read-only operation
// (WithCandidateBatch): a mutation or subscription, which changes or
// outlives what it read, does not get one.
type candidateBatch struct {
	mu     sync.Mutex
	loaded []*ent.Candidate
	// summed holds the candidates summed up so far; summaries their
	// summaries, missing for those the viewer may not read feedback on.
	summed    map[string]bool
	summaries map[string]*ScorecardSummary
}

type candidateBatchKey struct{}

// WithCandidateBatch returns ctx with a new batch of the candidates its
// reads load (see candidateBatch).
func WithCandidateBatch(ctx context.Context) context.Context {
	return context.WithValue(ctx, candidateBatchKey{}, &candidateBatch{summed: map[string]bool{}, summaries: map[string]*ScorecardSummary{}})
}

// batchedClients are the candidate clients batchLoadedCandidates has
// intercepted.
var batchedClients sync.Map

// batchLoadedCandidates adds every candidate read through the service's
// client within a batch to it: lists, nested connections and node() alike.
// New calls it; a shared client gets the interceptor once.
func (s *core) batchLoadedCandidates() {
	if _, done := batchedClients.LoadOrStore(s.Client.Candidate, true); done {
		return
	}
	s.Client.Candidate.Intercept(ent.InterceptFunc(func(next ent.Querier) ent.Querier {
		return ent.QuerierFunc(func(ctx context.Context, q ent.Query) (ent.Value, error) {
			v, err := next.Query(ctx, q)
			b, inBatch := ctx.Value(candidateBatchKey{}).(*candidateBatch)
			if cands, ok := v.([]*ent.Candidate); ok && inBatch && err == nil {
				b.mu.Lock()
				b.loaded = append(b.loaded, cands...)
				b.mu.Unlock()
			}
			return v, err
		})
	}))
}

// ScorecardSummaries sums up the scorecards on cands as
// ScorecardService.ScorecardSummaries does, which it stands in front of
// for the faces (the outer method of Service wins): asked for one
// candidate within a batch, it sums up every candidate of the batch not
// summed up yet at once, then answers from the batch.
func (s *Service) ScorecardSummaries(ctx context.Context, cands []*ent.Candidate) (map[string]*ScorecardSummary, error) {
	b, ok := ctx.Value(candidateBatchKey{}).(*candidateBatch)
	if !ok || len(cands) != 1 {
		return s.ScorecardService.ScorecardSummaries(ctx, cands)
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	c := cands[0]
	if !b.summed[c.ID] {
		pending := []*ent.Candidate{c}
		queued := map[string]bool{c.ID: true}
		for _, l := range b.loaded {
			if !b.summed[l.ID] && !queued[l.ID] {
				pending = append(pending, l)
				queued[l.ID] = true
			}
		}
		sums, err := s.ScorecardService.ScorecardSummaries(ctx, pending)
		if err != nil {
			return nil, err
		}
		for _, p := range pending {
			b.summed[p.ID] = true
			if sum, ok := sums[p.ID]; ok {
				b.summaries[p.ID] = sum
			}
		}
	}
	sum, ok := b.summaries[c.ID]
	if !ok {
		return nil, nil
	}
	return map[string]*ScorecardSummary{c.ID: sum}, nil
}
