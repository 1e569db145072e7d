// Package ratelimit limits how fast one client may call the service: a token
// bucket per API key, and one per careers token. A client over its limit
// gets 429 with Retry-After; every answer carries X-RateLimit-* headers so
// well-behaved clients can pace themselves before that.
package ratelimit

import (
	"math"
	"strconv"
	"sync"
	"time"

	"golang.org/x/time/rate"
)

// Limiter holds one token bucket per client key.
type Limiter struct {
	perMinute int
	burst     int
	now       func() time.Time

	mu      sync.Mutex
	buckets map[string]*bucket
	swept   time.Time
}

type bucket struct {
	limiter  *rate.Limiter
	lastSeen time.Time
}

// New returns a limiter allowing perMinute requests a minute per key on
// average, and bursts of up to burst requests.
func New(perMinute, burst int) *Limiter {
	return &Limiter{perMinute: perMinute, burst: burst, now: time.Now, buckets: map[string]*bucket{}}
}

// Decision is the outcome of one request against its key's bucket.
type Decision struct {
	Allowed    bool
	Limit      int           // requests a minute
	Remaining  int           // requests left in the bucket now
	RetryAfter time.Duration // when not allowed: how long until one request fits
	Reset      time.Duration // how long until the bucket is full again
}

// Allow takes one request from key's bucket.
func (l *Limiter) Allow(key string) Decision {
	now := l.now()
	l.mu.Lock()
	defer l.mu.Unlock()
	l.sweep(now)
	b, ok := l.buckets[key]
	if !ok {
		b = &bucket{limiter: rate.NewLimiter(rate.Limit(float64(l.perMinute)/60), l.burst)}
		l.buckets[key] = b
	}
	b.lastSeen = now
	r := b.limiter.ReserveN(now, 1)
	d := Decision{Limit: l.perMinute}
	if delay := r.DelayFrom(now); delay > 0 {
		r.CancelAt(now)
		d.RetryAfter = delay
	} else {
		d.Allowed = true
	}
	tokens := b.limiter.TokensAt(now)
	d.Remaining = max(0, int(math.Floor(tokens)))
	d.Reset = time.Duration((float64(l.burst) - tokens) / (float64(l.perMinute) / 60) * float64(time.Second))
	return d
}

// sweep forgets buckets idle long enough to have refilled, so memory stays
// bounded by the clients of the last few minutes.
func (l *Limiter) sweep(now time.Time) {
	if now.Sub(l.swept) < time.Minute {
		return
	}
	l.swept = now
	idle := time.Duration(float64(l.burst)/(float64(l.perMinute)/60)*float64(time.Second)) + time.Minute
	for k, b := range l.buckets {
		if now.Sub(b.lastSeen) > idle {
			delete(l.buckets, k)
		}
	}
}

// Headers returns the X-RateLimit-* headers (and Retry-After when refused)
// that describe d.
func (d Decision) Headers() map[string]string {
	h := map[string]string{
		"X-RateLimit-Limit":     strconv.Itoa(d.Limit),
		"X-RateLimit-Remaining": strconv.Itoa(d.Remaining),
		"X-RateLimit-Reset":     strconv.Itoa(int(math.Ceil(d.Reset.Seconds()))),
	}
	if !d.Allowed {
		h["Retry-After"] = strconv.Itoa(max(1, int(math.Ceil(d.RetryAfter.Seconds()))))
	}
	return h
}
