package ratelimit

import (
	"testing"
	"time"
)

func TestBucketRefusesPastBurstAndRefills(t *testing.T) {
	now := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	l := New(60, 3)
	l.now = func() time.Time { return now }
	for i := range 3 {
		if d := l.Allow("k"); !d.Allowed || d.Remaining != 2-i {
			t.Fatalf("request %d: %+v", i, d)
		}
	}
	d := l.Allow("k")
	if d.Allowed || d.Headers()["Retry-After"] != "1" {
		t.Fatalf("4th request in a burst of 3 allowed: %+v %v", d, d.Headers())
	}
	if other := l.Allow("other"); !other.Allowed {
		t.Fatal("one key's burst limited another key")
	}
	now = now.Add(time.Second)
	if d := l.Allow("k"); !d.Allowed {
		t.Fatalf("a second later one request should fit again: %+v", d)
	}
}

func TestIdleBucketsAreForgotten(t *testing.T) {
	now := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	l := New(60, 10)
	l.now = func() time.Time { return now }
	l.Allow("a")
	now = now.Add(10 * time.Minute)
	l.Allow("b")
	if _, ok := l.buckets["a"]; ok {
		t.Fatal("idle bucket kept")
	}
}
