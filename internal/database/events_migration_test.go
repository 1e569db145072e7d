package database

import (
	"context"
	"database/sql"
	"os"
	"path/filepath"
	"testing"

	"entgo.io/ent/dialect"

	"github.com/hiregraph/hiregraph/internal/database/migrations"
	"github.com/hiregraph/hiregraph/internal/hiregraphtest/testdb"
)

// eventsAreActivities is the migration that moved each event onto its
// activity.
const eventsAreActivities = "20261123235548"

// TestUpgradeMovesEventsOntoTheirActivities fills a database at the
// migration before eventsAreActivities with an event, its webhook attempt
// and (PostgreSQL) a delivery queued in River, then migrates it: the
// activity takes the event's place in the feed and its data, the queued
// delivery names the event by the activity's id and the attempt names it
// as the migrations after it spell event ids.
func TestUpgradeMovesEventsOntoTheirActivities(t *testing.T) {
	testUpgrade(t, eventsAreActivities, func(t *testing.T, conn *sql.Conn, dia string) {
		mustExec(t, conn,
			`INSERT INTO companies (id, name, careers_token, time_created) VALUES ('com_1', 'Acme', 'tok', '2026-11-23 10:00:00')`,
			`INSERT INTO activities (id, verb, actor_type, object_type, object_id, changes, time_created, company_id)
			 VALUES ('act_1', 'note.created', 'SYSTEM', 'Note', 'not_1', '[]', '2026-11-23 10:00:00', 'com_1')`,
			`INSERT INTO events (id, sequence, type, activity_id, actor_type, object_type, object_id, data, time_created, company_id)
			 VALUES ('evt_1', 7, 'note.created', 'act_1', 'SYSTEM', 'Note', 'not_1', '{"text":"hi"}', '2026-11-23 10:00:00', 'com_1')`,
			`INSERT INTO webhook_endpoints (id, url, event_types, sealed_secret, time_created, company_id)
			 VALUES ('whe_1', 'https://example.com/hook', '[]', 'x', '2026-11-23 10:00:00', 'com_1')`,
			`INSERT INTO webhook_attempts (id, event_id, event_type, attempt, time_created, company_id, endpoint_id)
			 VALUES ('wha_1', 'evt_1', 'note.created', 1, '2026-11-23 10:00:00', 'com_1', 'whe_1')`)
		if dia == dialect.Postgres {
			if err := migrateRiver(context.Background(), conn, dia); err != nil {
				t.Fatal(err)
			}
			mustExec(t, conn, `INSERT INTO river_job (args, kind, max_attempts) VALUES ('{"company_id":"com_1","endpoint_id":"whe_1","event_id":"evt_1"}', 'webhook_delivery', 25)`)
		}
	}, func(t *testing.T, db *DB, dia string) {
		var seq int64
		var data string
		if err := db.SQL.QueryRowContext(context.Background(), `SELECT sequence, data FROM activities WHERE id = 'act_1'`).Scan(&seq, &data); err != nil {
			t.Fatal(err)
		}
		if seq != 7 || data != `{"text":"hi"}` && data != `{"text": "hi"}` {
			t.Errorf("the activity after the upgrade: sequence %d, data %s; want the event's 7 and its data", seq, data)
		}
		// The attempt follows its event, spelled as events are today
		// (eventIDs): evt_ and the activity's ULID.
		assertOne(t, db.SQL, `SELECT event_id FROM webhook_attempts WHERE id = 'wha_1'`, "evt_1")
		if dia == dialect.Postgres {
			assertOne(t, db.SQL, `SELECT args->>'event_id' FROM river_job WHERE kind = 'webhook_delivery'`, "act_1")
		}
	})
}

// testUpgrade tests the migration version on SQLite and, when a test
// database is set, on PostgreSQL: before fills a database migrated up to
// the one before version, as a release before it left it; after checks
// the database once Open has migrated it on.
func testUpgrade(t *testing.T, version string, before func(t *testing.T, conn *sql.Conn, dia string), after func(t *testing.T, db *DB, dia string)) {
	urls := map[string]string{dialect.SQLite: "sqlite://" + filepath.Join(t.TempDir(), "upgrade.db")}
	if pg := os.Getenv(testdb.Env); pg != "" {
		urls[dialect.Postgres] = testdb.PostgresSchemaURL(t, pg)
	}
	for dia, url := range urls {
		t.Run(dia, func(t *testing.T) {
			ctx := context.Background()
			raw := rawDB(t, dia, url)
			conn, err := raw.Conn(ctx)
			if err != nil {
				t.Fatal(err)
			}
			migrateBefore(t, conn, dia, version)
			before(t, conn, dia)
			conn.Close()
			raw.Close()

			db, err := Open(ctx, url)
			if err != nil {
				t.Fatalf("migrating: %v", err)
			}
			defer db.Close()
			after(t, db, dia)
		})
	}
}

func rawDB(t *testing.T, dia, url string) *sql.DB {
	t.Helper()
	driver, dsn := "postgres", url
	if dia == dialect.SQLite {
		driver, dsn = "sqlite", "file:"+url[len("sqlite://"):]+"?_pragma=foreign_keys(1)"
	}
	raw, err := sql.Open(driver, dsn)
	if err != nil {
		t.Fatal(err)
	}
	return raw
}

// migrateBefore applies the migrations older than version, as a release
// before it left the database.
func migrateBefore(t *testing.T, conn *sql.Conn, dia, version string) {
	t.Helper()
	ctx := context.Background()
	dir, err := migrations.Dir(dia)
	if err != nil {
		t.Fatal(err)
	}
	files, err := dir.Files()
	if err != nil {
		t.Fatal(err)
	}
	mustExec(t, conn, revisionsDDL)
	for _, f := range files {
		if f.Version() >= version {
			return
		}
		if err := applyFile(ctx, conn, dia, dir, f); err != nil {
			t.Fatal(err)
		}
	}
	t.Fatalf("no migration %s", version)
}

func mustExec(t *testing.T, conn *sql.Conn, stmts ...string) {
	t.Helper()
	for _, s := range stmts {
		if _, err := conn.ExecContext(context.Background(), s); err != nil {
			t.Fatalf("%s: %v", s, err)
		}
	}
}

func assertOne(t *testing.T, db *sql.DB, query, want string) {
	t.Helper()
	var got string
	if err := db.QueryRowContext(context.Background(), query).Scan(&got); err != nil {
		t.Fatalf("%s: %v", query, err)
	}
	if got != want {
		t.Errorf("%s: %q, want %q", query, got, want)
	}
}
