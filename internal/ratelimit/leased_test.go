package ratelimit

import (
	"context"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// counted counts the takes that reach a store.
type counted struct {
	Store
	takes atomic.Int64
}

func (c *counted) Take(ctx context.Context, key string, r Rate, cost int) (bool, time.Duration, error) {
	c.takes.Add(1)
	return c.Store.Take(ctx, key, r, cost)
}

// Two replicas leasing from one shared bucket serve what the bucket holds,
// less at most what each still holds when the other runs dry, and reach
// the shared store about once a lease; clients see their remaining tokens
// count down one by one, as without leases.
func TestLeasedSharesOneBucketBetweenReplicas(t *testing.T) {
	ctx := context.Background()
	now := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	for name, store := range stores(t, &now) {
		t.Run(name, func(t *testing.T) {
			shared := &counted{Store: store}
			clock := func() time.Time { return now }
			rate := Rate{PerMinute: 600, Burst: 100}
			replicas := []*Limiter{New(NewLeased(shared, clock), "test", rate), New(NewLeased(shared, clock), "test", rate)}
			if d := replicas[0].Allow(ctx, "k"); !d.Allowed || d.Remaining != 99 {
				t.Fatalf("first request: %+v", d)
			}
			for i := 1; i < 10; i++ {
				if d := replicas[0].Allow(ctx, "k"); !d.Allowed || d.Remaining != 99-i {
					t.Fatalf("request %d from the lease: %+v", i, d)
				}
			}
			// While the bucket holds whole leases, a lease serves ten.
			for i := range 70 {
				if d := replicas[i%2].Allow(ctx, "k"); !d.Allowed {
					t.Fatalf("request %d refused with %d of %d served: %+v", i, i+10, rate.Burst, d)
				}
			}
			if takes := shared.takes.Load(); takes > 9 {
				t.Fatalf("%d takes reached the shared store for 80 requests", takes)
			}
			served := 80
			for i := range 200 {
				if replicas[i%3%2].Allow(ctx, "k").Allowed {
					served++
				}
			}
			if served > rate.Burst || served < rate.Burst-(leaseSize(rate)-1) {
				t.Fatalf("two replicas served %d requests from a burst of %d", served, rate.Burst)
			}
			for _, l := range replicas {
				if p := l.Peek(ctx, "k"); p.Allowed && p.Remaining == 0 {
					t.Fatalf("peek allowed an empty bucket: %+v", p)
				}
			}
			now = now.Add(time.Minute)
			if d := replicas[1].Allow(ctx, "k"); !d.Allowed {
				t.Fatalf("a minute later the bucket should be full again: %+v", d)
			}
		})
	}
}

// A large bucket (an integration's key) is leased a hundred tokens at a
// time, and two replicas still serve no more than it holds.
func TestLeasedLeasesLargeBucketsAHundredAtATime(t *testing.T) {
	ctx := context.Background()
	now := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	shared := &counted{Store: stores(t, &now)["memory"]}
	clock := func() time.Time { return now }
	rate := Rate{PerMinute: 60000, Burst: 10000}
	replicas := []*Limiter{New(NewLeased(shared, clock), "test", rate), New(NewLeased(shared, clock), "test", rate)}
	for i := range 2000 {
		if d := replicas[i%2].Allow(ctx, "k"); !d.Allowed {
			t.Fatalf("request %d refused: %+v", i, d)
		}
	}
	if takes := shared.takes.Load(); takes != 20 {
		t.Fatalf("%d takes reached the shared store for 2,000 requests, want 20", takes)
	}
	served := 2000
	for i := range 10000 {
		if replicas[i%2].Allow(ctx, "k").Allowed {
			served++
		}
	}
	if served > rate.Burst || served < rate.Burst-2*(maxLease-1) {
		t.Fatalf("two replicas served %d requests from a burst of %d", served, rate.Burst)
	}
}

// Buckets too small to lease from are taken one by one.
func TestLeasedTakesSmallBucketsDirectly(t *testing.T) {
	now := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	shared := &counted{Store: stores(t, &now)["memory"]}
	l := New(NewLeased(shared, func() time.Time { return now }), "test", Rate{PerMinute: 60, Burst: 3})
	served := 0
	for range 5 {
		if l.Allow(context.Background(), "k").Allowed {
			served++
		}
	}
	if served != 3 || shared.takes.Load() != 5 {
		t.Fatalf("served %d of a burst of 3 with %d shared takes, want 3 and 5", served, shared.takes.Load())
	}
}

// Concurrent first requests of one client wait for one lease and take from
// it, so a burst the bucket holds is served whole, however the requests
// interleave; each reaches the shared store only when the lease it waited
// for is spent.
func TestLeasedServesAConcurrentBurstTheBucketHolds(t *testing.T) {
	ctx := context.Background()
	now := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	for name, store := range stores(t, &now) {
		t.Run(name, func(t *testing.T) {
			shared := &counted{Store: store}
			rate := Rate{PerMinute: 600, Burst: 100}
			limiter := New(NewLeased(shared, func() time.Time { return now }), "test", rate)
			var allowed atomic.Int64
			var wg sync.WaitGroup
			for range 50 {
				wg.Go(func() {
					if limiter.Allow(ctx, "k").Allowed {
						allowed.Add(1)
					}
				})
			}
			wg.Wait()
			if got := allowed.Load(); got != 50 {
				t.Fatalf("%d of 50 concurrent requests allowed from a bucket of %d", got, rate.Burst)
			}
			if takes := shared.takes.Load(); takes != 5 {
				t.Fatalf("%d takes reached the shared store for 50 requests, want 5 leases of 10", takes)
			}
		})
	}
}
