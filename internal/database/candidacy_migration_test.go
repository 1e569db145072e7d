package database

import (
	"context"
	"database/sql"
	"testing"
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
	const at = "'2026-11-27 10:00:00'"
	const insertCandidate = `INSERT INTO candidates (id, deleted, current_steps, completed_steps, time_created,
		time_last_status_changed, time_hiring_process_updated, company_id, person_id, position_id)
		VALUES ($1, $2, '[]', '[]', ` + at + `, ` + at + `, ` + at + `, 'com_1', 'per_1', $3)`
	testUpgrade(t, oneLiveCandidacy, func(t *testing.T, conn *sql.Conn, _ string) {
		mustExec(t, conn,
			`INSERT INTO companies (id, name, careers_token, time_created) VALUES ('com_1', 'Acme', 'tok', `+at+`)`,
			`INSERT INTO persons (id, first_name, time_last_activity, time_created, company_id) VALUES ('per_1', 'Ada', `+at+`, `+at+`, 'com_1')`)
		for _, pos := range []string{"pos_1", "pos_2"} {
			mustExec(t, conn, `INSERT INTO positions (id, name, categories, details, workflow, time_created, time_updated, company_id)
				VALUES ('`+pos+`', 'Engineer', '[]', '{}', '[]', `+at+`, `+at+`, 'com_1')`)
		}
		for _, c := range []struct {
			id       string
			deleted  bool
			position string
		}{
			{"can_1", true, "pos_1"}, {"can_2", false, "pos_1"}, {"can_3", false, "pos_1"}, {"can_4", false, "pos_1"},
			{"can_5", false, "pos_2"},
		} {
			if _, err := conn.ExecContext(context.Background(), insertCandidate, c.id, c.deleted, c.position); err != nil {
				t.Fatal(err)
			}
		}
	}, func(t *testing.T, db *DB, _ string) {
		assertOne(t, db.SQL, `SELECT count(*) FROM candidates WHERE deleted = true`, "3")
		assertOne(t, db.SQL, `SELECT min(id) || ',' || max(id) FROM candidates WHERE deleted = false`, "can_2,can_5")
		if _, err := db.SQL.ExecContext(context.Background(), insertCandidate, "can_6", false, "pos_1"); err == nil {
			t.Error("a second live candidacy of a person for a position was stored")
		}
	})
}
