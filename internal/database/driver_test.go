package database

import (
	"context"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/hiregraph/hiregraph/ent/privacy"
	"github.com/hiregraph/hiregraph/internal/hiregraphtest/testdb"
)

// TestReadsAnswerWhileWritesHoldEveryConnection: plain SELECTs outside a
// transaction (the API key lookup of every request through the client's
// raw QueryContext, and every query ent builds) read the read pool, so they
// answer while write transactions hold every write connection. On SQLite
// they used to queue behind SQLite's one writer connection; on PostgreSQL
// writers waiting on row locks held the one shared pool, and the reads
// waited for a connection.
func TestReadsAnswerWhileWritesHoldEveryConnection(t *testing.T) {
	urls := map[string]string{"sqlite": "sqlite://" + filepath.Join(t.TempDir(), "t.db")}
	if pg := os.Getenv(testdb.Env); pg != "" {
		urls["postgres"] = testdb.PostgresSchemaURL(t, pg)
	}
	for name, url := range urls {
		t.Run(name, func(t *testing.T) {
			db, err := Open(context.Background(), url, PostgresConns(4))
			if err != nil {
				t.Fatal(err)
			}
			defer db.Close()
			writes := db.SQL.Stats().MaxOpenConnections
			for range writes {
				tx, err := db.Client.Tx(context.Background())
				if err != nil {
					t.Fatal(err)
				}
				defer tx.Rollback()
			}
			// A deadline turns "waits for a write connection" into a failure
			// instead of a hang.
			ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
			defer cancel()
			rows, err := db.Client.QueryContext(ctx, "SELECT 1")
			if err != nil {
				t.Fatalf("a raw SELECT while %d write transactions hold the write pool: %v", writes, err)
			}
			rows.Close()
			// The query's rows do not matter here, only that it is answered.
			if _, err := db.Client.Company.Query().Count(privacy.DecisionContext(ctx, privacy.Allow)); err != nil {
				t.Fatalf("a query while %d write transactions hold the write pool: %v", writes, err)
			}
		})
	}
}

// The pools split --postgres-conns: half for writes, the rest for reads,
// at least one each.
func TestPostgresPoolsSplitTheConnections(t *testing.T) {
	for _, c := range []struct{ n, writes, reads int }{{20, 10, 10}, {5, 2, 3}, {1, 1, 1}} {
		if w, r := postgresPools(c.n); w != c.writes || r != c.reads {
			t.Errorf("postgresPools(%d) = %d, %d; want %d, %d", c.n, w, r, c.writes, c.reads)
		}
	}
}
