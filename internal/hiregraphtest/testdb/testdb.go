// Package testdb gives a test a PostgreSQL schema of its own. It is apart
// from hiregraphtest so that tests of the database alone link neither the
// server nor the graph.
package testdb

import (
	"crypto/rand"
	"database/sql"
	"encoding/hex"
	"net/url"
	"testing"

	_ "github.com/lib/pq" // the "postgres" driver
)

// Env names the variable that points the tests at PostgreSQL.
const Env = "HIREGRAPH_TEST_DATABASE_URL"

// PostgresSchemaURL creates a schema of its own for t in the PostgreSQL
// database at pg, drops it when t ends, and returns a URL that uses it.
func PostgresSchemaURL(t testing.TB, pg string) string {
	t.Helper()
	schema := "t_" + randomHex(8)
	admin, err := sql.Open("postgres", pg)
	if err != nil {
		t.Fatalf("opening PostgreSQL: %v", err)
	}
	defer admin.Close()
	if _, err := admin.Exec("CREATE SCHEMA " + schema); err != nil {
		t.Fatalf("creating schema on %s: %v", Env, err)
	}
	ExecAtCleanup(t, pg, "DROP SCHEMA "+schema+" CASCADE")
	u, err := url.Parse(pg)
	if err != nil {
		t.Fatalf("parsing %s: %v", Env, err)
	}
	q := u.Query()
	q.Set("search_path", schema)
	u.RawQuery = q.Encode()
	return u.String()
}

// ExecAtCleanup runs stmt on the PostgreSQL server at pg when t ends: the
// drop of what the test made there. It reports nothing: the test is over.
func ExecAtCleanup(t testing.TB, pg, stmt string) {
	t.Cleanup(func() {
		admin, err := sql.Open("postgres", pg)
		if err != nil {
			return
		}
		defer admin.Close()
		_, _ = admin.Exec(stmt)
	})
}

func randomHex(n int) string {
	b := make([]byte, n)
	if _, err := rand.Read(b); err != nil {
		panic(err)
	}
	return hex.EncodeToString(b)
}
