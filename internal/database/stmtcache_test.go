package database

import (
	"context"
	"path/filepath"
	"strings"
	"testing"
)

// openSQLite opens the service's database in a fresh SQLite file.
func openSQLite(t *testing.T) *DB {
	t.Helper()
	db, err := Open(context.Background(), "sqlite://"+filepath.Join(t.TempDir(), "t.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	return db
}

// execAll runs statements on db's writer.
func execAll(t *testing.T, db *DB, statements ...string) {
	t.Helper()
	for _, stmt := range statements {
		if _, err := db.SQL.ExecContext(context.Background(), stmt); err != nil {
			t.Fatal(err)
		}
	}
}

// queryPlan is SQLite's plan of query on a read connection, its steps
// joined by "; ".
func queryPlan(t *testing.T, db *DB, query string, args ...any) string {
	t.Helper()
	rows, err := db.ReadSQL.QueryContext(context.Background(), "EXPLAIN QUERY PLAN "+query, args...)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	var out []string
	for rows.Next() {
		var id, parent, unused int
		var detail string
		if err := rows.Scan(&id, &parent, &unused, &detail); err != nil {
			t.Fatal(err)
		}
		out = append(out, detail)
	}
	return strings.Join(out, "; ")
}

// TestStatementsArePreparedOncePerConnection runs one query twice on a
// connection, the second time while the first's rows are still open (a
// loop over rows that queries again): both answer, and the connection keeps
// the prepared statement for the next run.
func TestStatementsArePreparedOncePerConnection(t *testing.T) {
	ctx := context.Background()
	db := openSQLite(t)
	conn, err := db.ReadSQL.Conn(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	const q = "SELECT value FROM json_each(?)"
	outer, err := conn.QueryContext(ctx, q, `[1,2]`)
	if err != nil {
		t.Fatal(err)
	}
	var got []int
	for outer.Next() {
		var v int
		if err := outer.Scan(&v); err != nil {
			t.Fatal(err)
		}
		var inner int
		if err := conn.QueryRowContext(ctx, q, `[10]`).Scan(&inner); err != nil {
			t.Fatalf("the same query while its rows are open: %v", err)
		}
		got = append(got, v, inner)
	}
	if err := outer.Close(); err != nil {
		t.Fatal(err)
	}
	if len(got) != 4 || got[0] != 1 || got[1] != 10 || got[2] != 2 || got[3] != 10 {
		t.Fatalf("got %v, want [1 10 2 10]", got)
	}
	var again int
	if err := conn.QueryRowContext(ctx, q, `[7]`).Scan(&again); err != nil || again != 7 {
		t.Fatalf("third run: %d, %v", again, err)
	}
	err = conn.Raw(func(dc any) error {
		c := dc.(*cachingConn)
		if s := c.stmts[q]; s == nil || s.busy {
			t.Errorf("connection keeps no free prepared statement for %q: %+v", q, s)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

// TestReadConnectionsPlanWithFreshStatistics fills a table after the read
// connections opened, then refreshes the statistics (as the bench's seed
// and KeepStatisticsFresh do): a read connection must then plan with them,
// walking the primary key instead of sorting the whole index.
func TestReadConnectionsPlanWithFreshStatistics(t *testing.T) {
	ctx := context.Background()
	db := openSQLite(t)
	db.ReadSQL.SetMaxOpenConns(1) // one reader, opened before the load
	const q = "SELECT id FROM items WHERE k = ? ORDER BY id LIMIT 10"
	plan := func() string { return queryPlan(t, db, q, "k") }
	execAll(t, db,
		"CREATE TABLE items (id TEXT PRIMARY KEY, k TEXT NOT NULL, n INTEGER NOT NULL)",
		"CREATE INDEX items_k_n ON items (k, n)",
		"WITH RECURSIVE s(i) AS (SELECT 1 UNION ALL SELECT i+1 FROM s WHERE i < 2000) INSERT INTO items SELECT printf('i%05d', i), 'k', i FROM s",
	)
	if p := plan(); !strings.Contains(p, "TEMP B-TREE") {
		t.Fatalf("without statistics the plan should sort (the case this test guards): %s", p)
	}
	if err := db.Analyze(ctx); err != nil {
		t.Fatal(err)
	}
	if p := plan(); strings.Contains(p, "TEMP B-TREE") {
		t.Fatalf("the read connection plans with the statistics of before ANALYZE: %s", p)
	}
}
