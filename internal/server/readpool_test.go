package server_test

import (
	"context"
	"fmt"
	"net/http"
	"testing"
	"time"

	"entgo.io/ent/dialect"

	"github.com/hiregraph/hiregraph/internal/hiregraphtest"
	"github.com/hiregraph/hiregraph/internal/server"
)

// TestReadsAnswerWhileWritersHoldEveryWriteConnection holds every
// connection of the write pool in open transactions, as 50 writers waiting
// on a row lock do, and reads through REST and GraphQL: the reads, their
// API key check and the rate-limit token leases they take every few
// requests (a database write on PostgreSQL) must not wait for a write
// connection. The leases used to go through the write pool, so every read
// of the key waited behind the writers for the next lease.
func TestReadsAnswerWhileWritersHoldEveryWriteConnection(t *testing.T) {
	env := hiregraphtest.New(t)
	if env.DB.Dialect != dialect.Postgres {
		t.Skip("SQLite keeps rate-limit buckets in memory; internal/database tests its read pool")
	}
	// A key of its own, used once before the writers come: its first use
	// also records the key's last use, a write made once a minute.
	key := env.WithKey("read")
	if r := key.Do(http.MethodGet, "/v1/candidates", nil); r.Status != http.StatusOK {
		t.Fatalf("GET /v1/candidates: %d %s", r.Status, r.Body)
	}
	ctx := context.Background()
	for range env.DB.SQL.Stats().MaxOpenConnections {
		tx, err := env.DB.SQL.BeginTx(ctx, nil)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := tx.ExecContext(ctx, "SELECT 1"); err != nil {
			t.Fatal(err)
		}
		defer tx.Rollback()
	}
	// More requests than a lease holds (a tenth of the burst), so some of
	// them take a new lease.
	requests := server.DefaultAPIRate.Burst / 10 * 3
	failures := make(chan string, 2*requests)
	done := make(chan struct{})
	go func() {
		defer close(done)
		for range requests {
			if r := key.Do(http.MethodGet, "/v1/candidates", nil); r.Status != http.StatusOK {
				failures <- fmt.Sprintf("GET /v1/candidates: %d %s", r.Status, r.Body)
			}
			if g := key.GraphQL(`{ candidates(first: 5) { edges { node { id } } } }`, nil); len(g.Errors) > 0 {
				failures <- fmt.Sprintf("candidates: %v", g.Errors)
			}
		}
	}()
	// A deadline turns "waits for a write connection" into a failure
	// instead of a hang.
	select {
	case <-done:
	case <-time.After(30 * time.Second):
		t.Fatal("the reads did not answer while writers held every write connection")
	}
	close(failures)
	for f := range failures {
		t.Error(f)
	}
}
