package ratelimit

import (
	"context"
	"database/sql"
	"os"
	"testing"

	_ "github.com/lib/pq"
)

// BenchmarkAllow measures what a limit costs a request in each store:
//
//	HIREGRAPH_BENCH_POSTGRES_URL='postgres://…?search_path=SCHEMA_WITH_rate_limit_buckets' \
//	HIREGRAPH_TEST_REDIS_URL=redis://127.0.0.1:6379/15 go test ./internal/ratelimit -run '^$' -bench Allow
func BenchmarkAllow(b *testing.B) {
	ctx := context.Background()
	stores := map[string]Store{"memory": NewMemory(nil)}
	if pg := os.Getenv("HIREGRAPH_BENCH_POSTGRES_URL"); pg != "" {
		db, err := sql.Open("postgres", pg)
		if err != nil {
			b.Fatal(err)
		}
		defer db.Close()
		stores["postgres"] = NewSQL(db, true, nil)
	}
	if url := os.Getenv("HIREGRAPH_TEST_REDIS_URL"); url != "" {
		r, err := NewRedis(ctx, url)
		if err != nil {
			b.Fatal(err)
		}
		defer r.Close()
		stores["redis"] = r
	}
	for name, store := range stores {
		b.Run(name, func(b *testing.B) {
			l := New(store, "bench", Rate{PerMinute: 1 << 30, Burst: 1 << 20})
			b.RunParallel(func(pb *testing.PB) {
				for pb.Next() {
					l.Allow(ctx, "key")
				}
			})
		})
	}
}
