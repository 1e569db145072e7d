package ratelimit

import (
	"context"
	"sync"
	"time"

	lru "github.com/hashicorp/golang-lru/v2"
)

// MaxMemoryBuckets bounds a Memory store, whatever clients send: past it
// the least recently used bucket is forgotten (which gives that client a
// full bucket again; shared stores have no such bound and need none).
const MaxMemoryBuckets = 100_000

// Memory keeps buckets in this process: the store of a single process on
// SQLite.
type Memory struct {
	now func() time.Time

	mu      sync.Mutex
	buckets *lru.Cache[string, time.Time]
}

// NewMemory returns an empty store; now is its clock (nil: time.Now).
func NewMemory(now func() time.Time) *Memory {
	return newMemory(now, MaxMemoryBuckets)
}

func newMemory(now func() time.Time, size int) *Memory {
	if now == nil {
		now = time.Now
	}
	buckets, err := lru.New[string, time.Time](size)
	if err != nil {
		panic(err) // only for a size below 1
	}
	return &Memory{now: now, buckets: buckets}
}

// Take implements Store.
func (m *Memory) Take(_ context.Context, key string, r Rate, cost int) (bool, time.Duration, error) {
	now := m.now()
	m.mu.Lock()
	defer m.mu.Unlock()
	tat, _ := m.buckets.Get(key)
	tat, taken := gcra(tat, now, r, cost)
	if taken && cost > 0 {
		m.buckets.Add(key, tat)
	}
	return taken, tat.Sub(now), nil
}
