package recruiting

import (
	"context"
	"sync"

	"github.com/hiregraph/hiregraph/ent"
)

// operationReads are the positions, candidates, interviews, scorecards and
// events one GraphQL operation has read so far. A field computed per record (a
// candidate's scorecard summary, the viewer's scorecard on an interview)
// is loaded, at its first resolution, for every record of its kind read
// so far: the list a record is in was read before any field of its
// elements is resolved, so one query serves the whole list instead of one
// per element (gqlgen resolves the elements in order, so a dataloader
// would see them one at a time).
type operationReads struct {
	mu sync.Mutex
	// The answers of the queries, as they came: a map is built only when
	// a batched field asks (wholeReads), so a read that asks none pays one
	// append per query.
	positions         [][]*ent.Position
	candidates        [][]*ent.Candidate
	interviews        [][]*ent.Interview
	scorecards        [][]*ent.Scorecard
	openings          [][]*ent.Opening
	offers            [][]*ent.Offer
	approvalProcesses [][]*ent.ApprovalProcess
	// events are the change feed's pages: their activities, read by the
	// feed's rule, which Event.activity reads again by the viewer's.
	events [][]*ent.Activity

	summaries               batch[*ScorecardSummary]
	summariesWithAttributes batch[*ScorecardSummary]
	nextInterviews          batch[*ent.Interview]
	nextInterviewTimes      batch[*ent.Interview]
	myScorecards            batch[*ent.Scorecard]
	editable                batch[bool]
	eventActivities         batch[*ent.Activity]
	teamMembers             batch[[]*ent.HiringTeamMember]
	candidateOffers         batch[[]*ent.Offer]
	offerVersions           batch[[]*ent.OfferVersion]
	approvalUsers           batch[*ent.User]
	hiredOpenings           batch[*ent.Opening]
	oldestHires             batch[*ent.Candidate]
	// steps are the positions' pipelines, one batch per GraphQL field
	// that reads them (PositionSteps).
	steps map[any]*batch[[]*ent.PipelineStep]
}

// stepsAt returns the batch of the positions' steps read at place.
func (r *operationReads) stepsAt(place any) *batch[[]*ent.PipelineStep] {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.steps == nil {
		r.steps = map[any]*batch[[]*ent.PipelineStep]{}
	}
	b, ok := r.steps[place]
	if !ok {
		b = &batch[[]*ent.PipelineStep]{}
		r.steps[place] = b
	}
	return b
}

// readsOf returns the reads of the operation of ctx; nil outside one.
func readsOf(ctx context.Context) *operationReads {
	memo, _ := ctx.Value(visibilityMemoKey{}).(*visibilityMemo)
	if memo == nil {
		return nil
	}
	return &memo.reads
}

// remember keeps v, a query's answer.
func (r *operationReads) remember(v ent.Value) {
	r.mu.Lock()
	defer r.mu.Unlock()
	switch rows := v.(type) {
	case []*ent.Position:
		r.positions = append(r.positions, rows)
	case []*ent.Candidate:
		r.candidates = append(r.candidates, rows)
	case []*ent.Interview:
		r.interviews = append(r.interviews, rows)
	case []*ent.Scorecard:
		r.scorecards = append(r.scorecards, rows)
	case []*ent.Opening:
		r.openings = append(r.openings, rows)
	case []*ent.Offer:
		r.offers = append(r.offers, rows)
	case []*ent.ApprovalProcess:
		r.approvalProcesses = append(r.approvalProcesses, rows)
	}
}

// rememberEvents keeps a page of the change feed, whose events'
// activities Event.activity then loads at once.
func (r *operationReads) rememberEvents(page []*ent.Activity) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.events = append(r.events, page)
}

// wholeCandidate, wholeInterview and wholeScorecard report whether a
// record was read with the columns the batched fields need: a projection
// (entgql reads the columns a query selects) may have left them out. An
// interview's id is all myScorecard needs.
func wholeCandidate(c *ent.Candidate) bool  { return c.PositionID != "" }
func wholeInterview(iv *ent.Interview) bool { return iv.ID != "" }
func wholeScorecard(sc *ent.Scorecard) bool { return sc.UserID != "" }
func anyCandidate(c *ent.Candidate) bool    { return c.ID != "" }
func candidateID(c *ent.Candidate) string   { return c.ID }
func interviewID(iv *ent.Interview) string  { return iv.ID }
func scorecardID(sc *ent.Scorecard) string  { return sc.ID }
func anyActivity(a *ent.Activity) bool      { return a.ID != "" }
func anyPosition(p *ent.Position) bool      { return p.ID != "" }
func positionID(p *ent.Position) string     { return p.ID }
func activityID(a *ent.Activity) string     { return a.ID }
func anyOpening(o *ent.Opening) bool        { return o.ID != "" }
func openingID(o *ent.Opening) string       { return o.ID }
func anyOffer(o *ent.Offer) bool            { return o.ID != "" }
func offerID(o *ent.Offer) string           { return o.ID }

// wholeReads returns what reads the records of answers read so far, by
// id, leaving out those read only in part.
func wholeReads[T any](r *operationReads, answers *[][]T, id func(T) string, whole func(T) bool) func() map[string]T {
	return func() map[string]T {
		r.mu.Lock()
		defer r.mu.Unlock()
		out := map[string]T{}
		for _, rows := range *answers {
			for _, row := range rows {
				if whole(row) {
					out[id(row)] = row
				}
			}
		}
		return out
	}
}

// perRecord returns the value of the record id: outside a GraphQL
// operation loaded for it alone; within one from the operation's batch
// (batchOf), loaded at its first ask for every record others lists.
func perRecord[V, T any](ctx context.Context, id string, batchOf func(*operationReads) *batch[V], others func(*operationReads) func() map[string]T,
	load func(ctx context.Context, ids []string) (map[string]V, error)) (V, error) {
	reads := readsOf(ctx)
	if reads == nil {
		vals, err := load(ctx, []string{id})
		return vals[id], err
	}
	return get(batchOf(reads), id, others(reads), func(ids []string) (map[string]V, error) {
		return load(ctx, ids)
	})
}

// The records of a kind the operation read so far, for perRecord.
func candidatesRead(r *operationReads) func() map[string]*ent.Candidate {
	return wholeReads(r, &r.candidates, candidateID, anyCandidate)
}
func positionsRead(r *operationReads) func() map[string]*ent.Position {
	return wholeReads(r, &r.positions, positionID, anyPosition)
}
func openingsRead(r *operationReads) func() map[string]*ent.Opening {
	return wholeReads(r, &r.openings, openingID, anyOpening)
}
func offersRead(r *operationReads) func() map[string]*ent.Offer {
	return wholeReads(r, &r.offers, offerID, anyOffer)
}
func eventsRead(r *operationReads) func() map[string]*ent.Activity {
	return wholeReads(r, &r.events, activityID, anyActivity)
}
func approversRead(r *operationReads) func() map[string]struct{} { return r.approverIDs }

// approverIDs are the approvers of every offer and approval process read
// so far.
func (r *operationReads) approverIDs() map[string]struct{} {
	r.mu.Lock()
	defer r.mu.Unlock()
	out := map[string]struct{}{}
	for _, rows := range r.offers {
		for _, o := range rows {
			for _, id := range o.Approvers {
				out[id] = struct{}{}
			}
		}
	}
	for _, rows := range r.approvalProcesses {
		for _, ap := range rows {
			for _, id := range ap.Approvers {
				out[id] = struct{}{}
			}
		}
	}
	return out
}

// rememberedClients are the clients RememberReads has intercepted.
var rememberedClients sync.Map

// RememberReads makes the positions, candidates, interviews, scorecards,
// openings, offers and approval processes read through the service's
// client, eager loads included, known to the operation that read them
// (operationReads). New calls it; a client
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
	s.Client.Position.Intercept(remember)
	s.Client.Candidate.Intercept(remember)
	s.Client.Interview.Intercept(remember)
	s.Client.Scorecard.Intercept(remember)
	s.Client.Opening.Intercept(remember)
	s.Client.Offer.Intercept(remember)
	s.Client.ApprovalProcess.Intercept(remember)
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
