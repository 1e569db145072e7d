package database

import (
	"database/sql"
	"testing"
)

// eventViews is the migration that gave webhook endpoints permissions and
// applications their demographic answers apart.
const eventViews = "20261128015240"

// TestUpgradeGivesEndpointsNoPermissions fills a database at the migration
// before eventViews with an endpoint that has an attempt and an
// application, then migrates it: the endpoint has no permissions (no
// salary, demographic answers or discreet positions from now on), the
// application no demographic answers apart, and SQLite's rebuild of both
// tables keeps the rows that reference them.
func TestUpgradeGivesEndpointsNoPermissions(t *testing.T) {
	testUpgrade(t, eventViews, func(t *testing.T, conn *sql.Conn, _ string) {
		const at = "'2026-11-23 10:00:00'"
		mustExec(t, conn,
			`INSERT INTO companies (id, name, careers_token, time_created) VALUES ('com_1', 'Acme', 'tok', `+at+`)`,
			`INSERT INTO webhook_endpoints (id, url, event_types, sealed_secret, time_created, company_id)
			 VALUES ('whe_1', 'https://example.com/hook', '[]', 'x', `+at+`, 'com_1')`,
			`INSERT INTO webhook_attempts (id, event_id, event_type, attempt, time_created, company_id, endpoint_id)
			 VALUES ('wha_1', 'act_1', 'note.created', 1, `+at+`, 'com_1', 'whe_1')`,
			`INSERT INTO positions (id, name, categories, details, workflow, time_created, time_updated, company_id)
			 VALUES ('pos_1', 'Engineer', '[]', '[]', '[]', `+at+`, `+at+`, 'com_1')`,
			`INSERT INTO persons (id, first_name, time_last_activity, time_created, company_id) VALUES ('per_1', 'Ada', `+at+`, `+at+`, 'com_1')`,
			`INSERT INTO candidates (id, status, current_steps, completed_steps, time_created, time_last_status_changed, time_hiring_process_updated, company_id, person_id, position_id)
			 VALUES ('can_1', 'IN_PROGRESS', '[]', '[]', `+at+`, `+at+`, `+at+`, 'com_1', 'per_1', 'pos_1')`,
			`INSERT INTO applications (id, email, source, answers, consent_text, time_consented, time_created, company_id, candidate_id)
			 VALUES ('app_1', 'ada@example.com', 'careers site', '[{"name":"How do you describe your gender?","value":"Woman","order":0}]', 'I agree', `+at+`, `+at+`, 'com_1', 'can_1')`)
	}, func(t *testing.T, db *DB, _ string) {
		assertOne(t, db.SQL, `SELECT permissions FROM webhook_endpoints WHERE id = 'whe_1'`, "[]")
		assertOne(t, db.SQL, `SELECT endpoint_id FROM webhook_attempts WHERE id = 'wha_1'`, "whe_1")
		assertOne(t, db.SQL, `SELECT demographic_answers FROM applications WHERE id = 'app_1'`, "[]")
		assertOne(t, db.SQL, `SELECT candidate_id FROM applications WHERE id = 'app_1'`, "can_1")
	})
}
