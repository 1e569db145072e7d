package ratelimit

import (
	"context"
	"hash/maphash"
	"sync"
	"time"

	lru "github.com/hashicorp/golang-lru/v2"
)

// maxLease bounds the tokens a replica takes from a shared bucket at once,
// and so how early another replica can refuse a client: by at most
// maxLease-1 tokens a replica, taken but not yet handed out when the
// shared bucket ran dry. A client allowed thousands of requests a minute
// (an integration's key) then writes once in a hundred requests, not once
// in ten; the default API limit's bucket of 100 leases ten as before.
const maxLease = 100

// leaseSize is how many tokens of a bucket of rate r a replica takes at
// once: a tenth of the burst, so a lease never holds a large part of it.
// Below 2 a lease would save nothing; such buckets are taken one by one.
func leaseSize(r Rate) int { return min(maxLease, r.Burst/10) }

// leasingSeed picks a key's stripe of Leased.leasing.
var leasingSeed = maphash.MakeSeed()

// Leased is a Store in front of a shared one (the database) that takes a
// client's tokens a lease at a time and hands them out from memory: one
// statement per lease instead of one per request, which on PostgreSQL is a
// write per request saved nine times in ten at the default API rate. Tokens
// are charged to the shared bucket when leased, so every replica together
// never hands out more than the shared bucket allowed; a replica may keep a
// few leased tokens when another refuses (see maxLease). Near the limit,
// when a whole lease no longer fits, takes go to the shared bucket one by
// one, as without leases.
type Leased struct {
	shared Store
	now    func() time.Time

	mu     sync.Mutex
	leases *lru.Cache[string, lease]

	// leasing lines up the requests that find a key's lease empty, so one
	// leases while the others wait and then take from what it leased:
	// without it, 50 concurrent first requests each lease ten tokens, five
	// in six of them find the bucket emptied by the others' leases and are
	// refused while this replica holds the tokens they needed. Striped by
	// key so that a slow lease of one client does not hold up the rest.
	leasing [64]sync.Mutex
}

// lease is what a replica holds of one bucket.
type lease struct {
	tokens int       // taken from the shared bucket, not yet handed out
	full   time.Time // when the shared bucket is full again, as of the last lease
}

// untilFull is how long the bucket takes to be full, counting the tokens
// still held as tokens in the bucket, as a client sees them.
func (l lease) untilFull(now time.Time, r Rate) time.Duration {
	return l.full.Sub(now) - time.Duration(l.tokens)*r.interval()
}

// NewLeased returns a store leasing from shared; now is its clock (nil:
// time.Now). It holds at most MaxMemoryBuckets leases, forgetting the least
// recently used (whose tokens are then lost, which only errs on the strict
// side).
func NewLeased(shared Store, now func() time.Time) *Leased {
	if now == nil {
		now = time.Now
	}
	leases, err := lru.New[string, lease](MaxMemoryBuckets)
	if err != nil {
		panic(err) // only for a size below 1
	}
	return &Leased{shared: shared, now: now, leases: leases}
}

// Take implements Store.
func (s *Leased) Take(ctx context.Context, key string, r Rate, cost int) (bool, time.Duration, error) {
	size := leaseSize(r)
	if size < 2 || cost > size {
		return s.shared.Take(ctx, key, r, cost)
	}
	if untilFull, ok := s.takeHeld(key, r, cost); ok {
		return true, untilFull, nil
	}
	if cost == 0 {
		return s.shared.Take(ctx, key, r, 0)
	}
	leasing := &s.leasing[maphash.String(leasingSeed, key)%uint64(len(s.leasing))]
	leasing.Lock()
	defer leasing.Unlock()
	if untilFull, ok := s.takeHeld(key, r, cost); ok {
		return true, untilFull, nil
	}
	taken, untilFull, err := s.shared.Take(ctx, key, r, size)
	if err != nil {
		return false, 0, err
	}
	if !taken {
		if r.tokensLeft(untilFull) < float64(cost) {
			return false, untilFull, nil
		}
		// Not a whole lease left, but this request's tokens are.
		return s.shared.Take(ctx, key, r, cost)
	}
	return true, s.hold(key, r, size-cost, untilFull), nil
}

// takeHeld takes cost tokens (0: only looks) from key's lease, if it holds
// them.
func (s *Leased) takeHeld(key string, r Rate, cost int) (time.Duration, bool) {
	now := s.now()
	s.mu.Lock()
	defer s.mu.Unlock()
	l, ok := s.leases.Get(key)
	if !ok || l.tokens < max(cost, 1) {
		return 0, false
	}
	l.tokens -= cost
	s.leases.Add(key, l)
	return l.untilFull(now, r), true
}

// hold keeps tokens just leased from a bucket the shared store reports full
// in untilFull, adding them to any that a concurrent request leased too.
func (s *Leased) hold(key string, r Rate, tokens int, untilFull time.Duration) time.Duration {
	now := s.now()
	full := now.Add(untilFull)
	s.mu.Lock()
	defer s.mu.Unlock()
	l, _ := s.leases.Get(key)
	l.tokens += tokens
	if full.After(l.full) {
		l.full = full
	}
	s.leases.Add(key, l)
	return l.untilFull(now, r)
}
