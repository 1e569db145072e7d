package database_test

import (
	"context"
	"database/sql"
	"net/url"
	"os"
	"strings"
	"testing"

	"entgo.io/ent/dialect"

	"github.com/hiregraph/hiregraph/internal/database"
	"github.com/hiregraph/hiregraph/internal/hiregraphtest/testdb"
)

func TestOpenRefusesForeignTables(t *testing.T) {
	for _, dia := range dialects(t) {
		t.Run(dia.name, func(t *testing.T) {
			raw, err := sql.Open(dia.driver, dia.rawDSN)
			if err != nil {
				t.Fatal(err)
			}
			defer raw.Close()
			if _, err := raw.Exec(`CREATE TABLE invoices (id integer PRIMARY KEY)`); err != nil {
				t.Fatal(err)
			}
			_, err = database.Open(context.Background(), dia.url)
			if err == nil || !strings.Contains(err.Error(), "invoices") {
				t.Fatalf("a database holding another application's table was opened (%v)", err)
			}
			var n int
			if err := raw.QueryRow(`SELECT COUNT(*) FROM invoices`).Scan(&n); err != nil {
				t.Fatalf("the foreign table was touched: %v", err)
			}
		})
	}
}

func TestOpenRefusesForeignTablesAddedLater(t *testing.T) {
	for _, dia := range dialects(t) {
		t.Run(dia.name, func(t *testing.T) {
			db, err := database.Open(context.Background(), dia.url)
			if err != nil {
				t.Fatal(err)
			}
			if _, err := db.SQL.Exec(`CREATE TABLE invoices (id integer PRIMARY KEY)`); err != nil {
				t.Fatal(err)
			}
			db.Close()
			for _, opts := range [][]database.Option{nil, {database.WithoutMigrating()}} {
				if _, err := database.Open(context.Background(), dia.url, opts...); err == nil || !strings.Contains(err.Error(), "invoices") {
					t.Fatalf("opened with another application's table beside Hiregraph's (%v)", err)
				}
			}
		})
	}
}

func TestWithoutMigratingRefusesADatabaseLackingMigrations(t *testing.T) {
	for _, dia := range dialects(t) {
		t.Run(dia.name, func(t *testing.T) {
			_, err := database.Open(context.Background(), dia.url, database.WithoutMigrating())
			if err == nil || !strings.Contains(err.Error(), "hiregraph migrate") {
				t.Fatalf("an empty database was served without migrating (%v)", err)
			}
			db, err := database.Open(context.Background(), dia.url)
			if err != nil {
				t.Fatal(err)
			}
			db.Close()
			db, err = database.Open(context.Background(), dia.url, database.WithoutMigrating())
			if err != nil {
				t.Fatalf("a migrated database was refused: %v", err)
			}
			db.Close()
		})
	}
}

// TestRelease0InPublicIsNotStartedOverEmpty: release 0 kept its tables in
// public; opening with the new default schema must not start an empty
// service beside them, and --database-schema public must upgrade them.
func TestRelease0InPublicIsNotStartedOverEmpty(t *testing.T) {
	pg := os.Getenv(testdb.Env)
	if pg == "" {
		t.Skipf("needs PostgreSQL (%s)", testdb.Env)
	}
	// public is shared by every test of the database: use a database of
	// this test's own.
	u := privateDatabase(t, pg)
	r := loadRelease0(t)
	raw, err := sql.Open("postgres", u)
	if err != nil {
		t.Fatal(err)
	}
	r.create(t, dialect.Postgres, raw)
	raw.Close()

	_, err = database.Open(context.Background(), u)
	if err == nil || !strings.Contains(err.Error(), "--database-schema public") {
		t.Fatalf("release 0's database in public was opened as %s (%v)", database.DefaultSchema, err)
	}
	db, err := database.Open(context.Background(), u, database.Schema("public"))
	if err != nil {
		t.Fatalf("--database-schema public: %v", err)
	}
	defer db.Close()
	assertVersion(t, db)
	for _, table := range r.tables {
		assertRowsKept(t, db, table, r.rows[table])
	}
}

func privateDatabase(t *testing.T, pg string) string {
	t.Helper()
	admin, err := sql.Open("postgres", pg)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { admin.Close() })
	name := "hiregraph_" + strings.ToLower(strings.ReplaceAll(t.Name(), "/", "_"))
	_, _ = admin.Exec("DROP DATABASE IF EXISTS " + name)
	if _, err := admin.Exec("CREATE DATABASE " + name); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _, _ = admin.Exec("DROP DATABASE IF EXISTS " + name + " WITH (FORCE)") })
	u, err := url.Parse(pg)
	if err != nil {
		t.Fatal(err)
	}
	u.Path = "/" + name
	return u.String()
}
