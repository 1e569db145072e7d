package database

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"entgo.io/ent/dialect"

	"github.com/hiregraph/hiregraph/hiregraphtest/testdb"
)

// oneLiveCandidacy is the migration that made one live candidacy per
// person and position a unique index.
const oneLiveCandidacy = "20261127223926"

// TestUpgradeKeepsTheEarliestLiveCandidacy fills a database at the
// migration before oneLiveCandidacy with three live candidacies of one
// person for one position, as racing creates left them, a deleted one, and
// one for another position, then migrates it: the earliest duplicate stays
// live, the later two are marked deleted, the others are as they were, and
// the index refuses a new duplicate.
func TestUpgradeKeepsTheEarliestLiveCandidacy(t *testing.T) {
	urls := map[string]string{dialect.SQLite: "sqlite://" + filepath.Join(t.TempDir(), "candidacies.db")}
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
			migrateBefore(t, conn, dia, oneLiveCandidacy)
			const at = "'2026-11-27 10:00:00'"
			mustExec(t, conn,
				`INSERT INTO companies (id, name, careers_token, time_created) VALUES ('com_1', 'Acme', 'tok', `+at+`)`,
				`INSERT INTO persons (id, first_name, time_last_activity, time_created, company_id) VALUES ('per_1', 'Ada', `+at+`, `+at+`, 'com_1')`)
			for _, pos := range []string{"pos_1", "pos_2"} {
				mustExec(t, conn, `INSERT INTO positions (id, name, categories, details, workflow, time_created, time_updated, company_id)
					VALUES ('`+pos+`', 'Engineer', '[]', '{}', '[]', `+at+`, `+at+`, 'com_1')`)
			}
			for _, c := range []struct{ id, position, deleted string }{
				{"can_1", "pos_1", "true"}, {"can_2", "pos_1", "false"}, {"can_3", "pos_1", "false"}, {"can_4", "pos_1", "false"},
				{"can_5", "pos_2", "false"},
			} {
				mustExec(t, conn, `INSERT INTO candidates (id, deleted, current_steps, completed_steps, time_created, time_last_status_changed,
					time_hiring_process_updated, company_id, person_id, position_id)
					VALUES ('`+c.id+`', `+c.deleted+`, '[]', '[]', `+at+`, `+at+`, `+at+`, 'com_1', 'per_1', '`+c.position+`')`)
			}
			conn.Close()
			raw.Close()

			db, err := Open(ctx, url)
			if err != nil {
				t.Fatalf("migrating: %v", err)
			}
			defer db.Close()
			assertOne(t, db.SQL, `SELECT count(*) FROM candidates WHERE deleted = true`, "3")
			assertOne(t, db.SQL, `SELECT min(id) || ',' || max(id) FROM candidates WHERE deleted = false`, "can_2,can_5")
			_, err = db.SQL.ExecContext(ctx, `INSERT INTO candidates (id, deleted, current_steps, completed_steps, time_created, time_last_status_changed,
				time_hiring_process_updated, company_id, person_id, position_id)
				VALUES ('can_6', false, '[]', '[]', `+at+`, `+at+`, `+at+`, 'com_1', 'per_1', 'pos_1')`)
			if err == nil {
				t.Error("a second live candidacy of a person for a position was stored")
			}
		})
	}
}
