// Package ratelimit limits how fast one client may call the service, with a
// token bucket per client key (GCRA: a bucket is the moment it is full
// again). The buckets live in a Store: in memory for one process, or in
// PostgreSQL or Redis, shared by every process serving one database. A
// client over its limit gets 429 with Retry-After; every answer carries
// X-RateLimit-* headers so well-behaved clients can pace themselves.
package ratelimit

import (
	"context"
	"log/slog"
	"math"
	"strconv"
	"time"
)

// Rate is a limit: PerMinute requests a minute on average, in bursts of up
// to Burst.
type Rate struct {
	PerMinute, Burst int
}

// interval is the time one token takes to come back.
func (r Rate) interval() time.Duration { return time.Minute / time.Duration(r.PerMinute) }

// tokensLeft is what a bucket that is full again in untilFull holds.
func (r Rate) tokensLeft(untilFull time.Duration) float64 {
	return float64(r.Burst) - float64(untilFull)/float64(r.interval())
}

// Store keeps buckets.
type Store interface {
	// Take takes cost tokens (1, or 0 to only look) from key's bucket of
	// rate r, if the bucket holds them, and reports whether it did and how
	// long the bucket now takes to be full again.
	Take(ctx context.Context, key string, r Rate, cost int) (taken bool, untilFull time.Duration, err error)
}

// Limiter applies one Rate to the clients of one kind, such as API keys.
type Limiter struct {
	store Store
	rate  Rate
	// kind prefixes keys, so limits of different kinds never share a bucket.
	kind string
}

// New returns a limiter of rate r on store, for keys of the given kind.
func New(store Store, kind string, r Rate) *Limiter {
	return &Limiter{store: store, rate: r, kind: kind}
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
func (l *Limiter) Allow(ctx context.Context, key string) Decision {
	return l.take(ctx, key, 1)
}

// Peek tells whether key's bucket holds a request, taking nothing: a client
// whose failures emptied its bucket is refused before it is checked again.
func (l *Limiter) Peek(ctx context.Context, key string) Decision {
	return l.take(ctx, key, 0)
}

func (l *Limiter) take(ctx context.Context, key string, cost int) Decision {
	taken, untilFull, err := l.store.Take(ctx, l.kind+":"+key, l.rate, cost)
	if err != nil {
		// A limiter that cannot reach its store lets requests through:
		// refusing every client would turn a store outage into an API
		// outage. A client that went away is no outage.
		if ctx.Err() == nil {
			slog.WarnContext(ctx, "rate limit store unavailable; allowing the request", "kind", l.kind, "error", err)
		}
		return Decision{Allowed: true, Limit: l.rate.PerMinute, Remaining: l.rate.Burst}
	}
	return decide(l.rate, cost, taken, untilFull)
}

func decide(r Rate, cost int, taken bool, untilFull time.Duration) Decision {
	untilFull = max(0, untilFull)
	tokens := r.tokensLeft(untilFull)
	d := Decision{
		Limit:     r.PerMinute,
		Remaining: max(0, int(math.Floor(tokens))),
		Reset:     untilFull,
		Allowed:   taken && (cost > 0 || tokens >= 1),
	}
	if !d.Allowed {
		d.RetryAfter = untilFull - time.Duration(r.Burst-1)*r.interval()
	}
	return d
}

// maxAhead is how far ahead of now a bucket's tat can be: a full burst,
// plus the skew between replicas' clocks (tat was set by another clock),
// which a minute covers generously. A tat further ahead means this clock
// went back (tests move it by days); the bucket is then taken as full, as
// its state cannot be judged.
func maxAhead(r Rate) time.Duration {
	return time.Duration(r.Burst)*r.interval() + time.Minute
}

// gcra applies a take of cost tokens to a bucket full at tat (zero: new),
// at now. It returns the bucket's new tat and whether the tokens were taken.
func gcra(tat, now time.Time, r Rate, cost int) (time.Time, bool) {
	if tat.Before(now) || tat.Sub(now) > maxAhead(r) {
		tat = now
	}
	next := tat.Add(time.Duration(cost) * r.interval())
	if next.Sub(now) > time.Duration(r.Burst)*r.interval() {
		return tat, false
	}
	return next, true
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
