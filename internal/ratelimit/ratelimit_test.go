package ratelimit

import (
	"context"
	"database/sql"
	"os"
	"path/filepath"
	"strconv"
	"testing"
	"time"

	_ "github.com/lib/pq"
	_ "modernc.org/sqlite"
)

// stores returns each store on the clock *now; Redis keeps its own clock,
// so it is tested apart.
func stores(t *testing.T, now *time.Time) map[string]Store {
	clock := func() time.Time { return *now }
	db, err := sql.Open("sqlite", "file:"+filepath.Join(t.TempDir(), "rl.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	if _, err := db.Exec(`CREATE TABLE rate_limit_buckets (id text PRIMARY KEY, tat integer NOT NULL)`); err != nil {
		t.Fatal(err)
	}
	return map[string]Store{"memory": NewMemory(clock), "sql": NewSQL(db, false, clock)}
}

func TestBucketRefusesPastBurstAndRefills(t *testing.T) {
	ctx := context.Background()
	var now time.Time
	for name, store := range stores(t, &now) {
		t.Run(name, func(t *testing.T) {
			now = time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
			l := New(store, "test", Rate{PerMinute: 60, Burst: 3})
			for i := range 3 {
				if d := l.Allow(ctx, "k"); !d.Allowed || d.Remaining != 2-i {
					t.Fatalf("request %d: %+v", i, d)
				}
			}
			d := l.Allow(ctx, "k")
			if d.Allowed || d.Headers()["Retry-After"] != "1" || d.Headers()["X-RateLimit-Reset"] != "3" {
				t.Fatalf("4th request in a burst of 3 allowed: %+v %v", d, d.Headers())
			}
			if p := l.Peek(ctx, "k"); p.Allowed {
				t.Fatalf("peek at an empty bucket allowed: %+v", p)
			}
			if other := l.Allow(ctx, "other"); !other.Allowed {
				t.Fatal("one key's burst limited another key")
			}
			if o := New(store, "another kind", Rate{PerMinute: 60, Burst: 3}).Allow(ctx, "k"); !o.Allowed {
				t.Fatal("a limit of another kind shared the key's bucket")
			}
			now = now.Add(time.Second)
			if p := l.Peek(ctx, "k"); !p.Allowed || p.Remaining != 1 {
				t.Fatalf("a second later peek should see one request: %+v", p)
			}
			if d := l.Allow(ctx, "k"); !d.Allowed {
				t.Fatalf("a second later one request should fit again: %+v", d)
			}
		})
	}
}

func TestMemoryStaysBounded(t *testing.T) {
	m := newMemory(nil, 10)
	l := New(m, "test", Rate{PerMinute: 60, Burst: 1})
	for i := range 1000 {
		l.Allow(context.Background(), string(rune('a'+i)))
	}
	if n := m.buckets.Len(); n != 10 {
		t.Fatalf("%d buckets kept, want at most 10", n)
	}
}

func TestSQLSweepForgetsFullBuckets(t *testing.T) {
	now := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	s := stores(t, &now)["sql"].(*SQL)
	l := New(s, "test", Rate{PerMinute: 60, Burst: 5})
	l.Allow(context.Background(), "a")
	now = now.Add(30 * time.Second)
	l.Allow(context.Background(), "b")
	n, err := s.Sweep(context.Background())
	if err != nil || n != 1 {
		t.Fatalf("swept %d (%v), want the one full bucket", n, err)
	}
	if d := l.Allow(context.Background(), "b"); d.Remaining != 3 {
		t.Fatalf("the bucket in use was swept: %+v", d)
	}
}

func TestRedis(t *testing.T) {
	url := os.Getenv("HIREGRAPH_TEST_REDIS_URL")
	if url == "" {
		t.Skip("HIREGRAPH_TEST_REDIS_URL is not set (redis://127.0.0.1:6379/15 here)")
	}
	ctx := context.Background()
	r, err := NewRedis(ctx, url)
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	l := New(r, "test-"+time.Now().Format(time.RFC3339Nano), Rate{PerMinute: 60, Burst: 3})
	for i := range 3 {
		if d := l.Allow(ctx, "k"); !d.Allowed || d.Remaining != 2-i {
			t.Fatalf("request %d: %+v", i, d)
		}
	}
	if d := l.Allow(ctx, "k"); d.Allowed || d.Headers()["Retry-After"] != "1" {
		t.Fatalf("4th request in a burst of 3: %+v %v", d, d.Headers())
	}
	if p := l.Peek(ctx, "k"); p.Allowed {
		t.Fatalf("peek at an empty bucket allowed: %+v", p)
	}
}

// Replicas' clocks differ by milliseconds: a bucket one of them filled to
// the brim must not look refilled (or reset) to one whose clock is behind.
func TestSQLSharedBySkewedClocks(t *testing.T) {
	now := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	ahead := now.Add(5 * time.Millisecond)
	behind := stores(t, &now)["sql"].(*SQL)
	other := NewSQL(behind.db, false, func() time.Time { return ahead })
	rate := Rate{PerMinute: 60, Burst: 3}
	served := 0
	for i := range 10 {
		// The replica ahead starts, so it fills the bucket to the brim
		// by its clock.
		l := New(other, "test", rate)
		if i%2 == 1 {
			l = New(behind, "test", rate)
		}
		if l.Allow(context.Background(), "k").Allowed {
			served++
		}
	}
	if served != 3 {
		t.Fatalf("two replicas served %d requests from a burst of 3", served)
	}
}

// On PostgreSQL a take commits without waiting for the disk, and the
// connection, which the pool hands to durable writes next, stays durable.
func TestPostgresTakeLeavesTheConnectionDurable(t *testing.T) {
	pg := os.Getenv("HIREGRAPH_TEST_DATABASE_URL")
	if pg == "" {
		t.Skip("needs PostgreSQL (HIREGRAPH_TEST_DATABASE_URL)")
	}
	db, err := sql.Open("postgres", pg)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	db.SetMaxOpenConns(1) // the take and the SHOW share one session
	schema := "rl_" + strconv.FormatInt(time.Now().UnixNano(), 36)
	for _, stmt := range []string{"CREATE SCHEMA " + schema, "SET search_path TO " + schema,
		"CREATE TABLE rate_limit_buckets (id varchar PRIMARY KEY, tat bigint NOT NULL)"} {
		if _, err := db.Exec(stmt); err != nil {
			t.Fatal(err)
		}
	}
	defer db.Exec("DROP SCHEMA " + schema + " CASCADE")
	l := New(NewSQL(db, true, nil), "test", Rate{PerMinute: 60, Burst: 2})
	for i, want := range []bool{true, true, false} {
		if d := l.Allow(context.Background(), "k"); d.Allowed != want {
			t.Fatalf("take %d: %+v", i, d)
		}
	}
	var setting string
	if err := db.QueryRow("SHOW synchronous_commit").Scan(&setting); err != nil || setting != "on" {
		t.Fatalf("synchronous_commit = %q after a take (%v), want on", setting, err)
	}
}
