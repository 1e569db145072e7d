package database

import (
	"database/sql"
	"testing"
)

// openingHires is the migration that moved each opening's hire onto its
// candidate (candidates.hired_opening_id).
const openingHires = "20261127225759"

// TestUpgradeMovesHiresOntoTheirCandidates fills a database at the
// migration before openingHires with a filled opening and its hired
// candidate, who has an assignee and an activity, then migrates it: the
// candidate names the opening, and SQLite's rebuild of the candidates
// table keeps the rows that reference it (cascades and SET NULL do not
// run).
func TestUpgradeMovesHiresOntoTheirCandidates(t *testing.T) {
	testUpgrade(t, openingHires, func(t *testing.T, conn *sql.Conn, _ string) {
		const at = "'2026-11-23 10:00:00'"
		mustExec(t, conn,
			`INSERT INTO companies (id, name, careers_token, time_created) VALUES ('com_1', 'Acme', 'tok', `+at+`)`,
			`INSERT INTO positions (id, name, categories, details, workflow, time_created, time_updated, company_id)
			 VALUES ('pos_1', 'Engineer', '[]', '[]', '[]', `+at+`, `+at+`, 'com_1')`,
			`INSERT INTO persons (id, first_name, time_last_activity, time_created, company_id) VALUES ('per_1', 'Ada', `+at+`, `+at+`, 'com_1')`,
			`INSERT INTO candidates (id, status, current_steps, completed_steps, time_created, time_last_status_changed, time_hiring_process_updated, company_id, person_id, position_id)
			 VALUES ('can_1', 'HIRED', '[]', '[]', `+at+`, `+at+`, `+at+`, 'com_1', 'per_1', 'pos_1')`,
			`INSERT INTO openings (id, name, status, reason, time_opened, custom_fields, time_created, time_last_status_change, time_updated, company_id, hired_candidate_id, position_id)
			 VALUES ('opn_1', 'One', 'FILLED', 'NEW', `+at+`, '{}', `+at+`, `+at+`, `+at+`, 'com_1', 'can_1', 'pos_1')`,
			`INSERT INTO users (id, email, first_name, roles, time_created, company_id) VALUES ('usr_1', 'r@example.com', 'Rita', '[]', `+at+`, 'com_1')`,
			`INSERT INTO candidate_assignees (candidate_id, user_id) VALUES ('can_1', 'usr_1')`,
			`INSERT INTO activities (id, verb, actor_type, object_type, object_id, changes, time_created, company_id, candidate_id)
			 VALUES ('act_1', 'candidate.hired', 'SYSTEM', 'Candidate', 'can_1', '[]', `+at+`, 'com_1', 'can_1')`)
	}, func(t *testing.T, db *DB, _ string) {
		assertOne(t, db.SQL, `SELECT hired_opening_id FROM candidates WHERE id = 'can_1'`, "opn_1")
		assertOne(t, db.SQL, `SELECT user_id FROM candidate_assignees WHERE candidate_id = 'can_1'`, "usr_1")
		assertOne(t, db.SQL, `SELECT candidate_id FROM activities WHERE id = 'act_1'`, "can_1")
	})
}
