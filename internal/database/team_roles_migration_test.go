package database

import (
	"database/sql"
	"testing"
)

// teamRoles is the migration that gave hiring team members a role and
// approvals their approvers.
const teamRoles = "20261128015832"

// TestUpgradeGivesTeamMembersTheirLeadRoles fills a database at the
// migration before teamRoles with a position whose hiring manager, lead
// recruiter and an interviewer are on its team, and an approval under way,
// then migrates it: each member has the role the position gives them, the
// rest interview, and the approval names no approvers.
func TestUpgradeGivesTeamMembersTheirLeadRoles(t *testing.T) {
	testUpgrade(t, teamRoles, func(t *testing.T, conn *sql.Conn, _ string) {
		const at = "'2026-11-23 10:00:00'"
		mustExec(t, conn,
			`INSERT INTO companies (id, name, careers_token, time_created) VALUES ('com_1', 'Acme', 'tok', `+at+`)`,
			`INSERT INTO users (id, email, first_name, roles, time_created, company_id) VALUES
			 ('usr_m', 'm@example.com', 'Mia', '[]', `+at+`, 'com_1'), ('usr_r', 'r@example.com', 'Rita', '[]', `+at+`, 'com_1'),
			 ('usr_i', 'i@example.com', 'Ivo', '[]', `+at+`, 'com_1')`,
			`INSERT INTO positions (id, name, categories, details, workflow, time_created, time_updated, company_id, hiring_manager_id, lead_recruiter_id)
			 VALUES ('pos_1', 'Engineer', '[]', '[]', '[]', `+at+`, `+at+`, 'com_1', 'usr_m', 'usr_r')`,
			`INSERT INTO position_hiring_team (position_id, user_id) VALUES ('pos_1', 'usr_m'), ('pos_1', 'usr_r'), ('pos_1', 'usr_i')`,
			`INSERT INTO openings (id, name, status, reason, time_opened, custom_fields, time_created, time_last_status_change, time_updated, company_id, position_id, approval_status)
			 VALUES ('opn_1', 'One', 'PENDING', 'NEW', `+at+`, '{}', `+at+`, `+at+`, `+at+`, 'com_1', 'pos_1', 'STARTED')`,
			`INSERT INTO approval_processes (id, name, status, time_started, company_id, opening_approval_process)
			 VALUES ('apr_1', 'Opening approval', 'STARTED', `+at+`, 'com_1', 'opn_1')`)
	}, func(t *testing.T, db *DB, _ string) {
		assertOne(t, db.SQL, `SELECT role FROM position_hiring_team WHERE user_id = 'usr_m'`, "HIRING_MANAGER")
		assertOne(t, db.SQL, `SELECT role FROM position_hiring_team WHERE user_id = 'usr_r'`, "RECRUITER")
		assertOne(t, db.SQL, `SELECT role FROM position_hiring_team WHERE user_id = 'usr_i'`, "INTERVIEWER")
		assertOne(t, db.SQL, `SELECT approvers FROM approval_processes WHERE id = 'apr_1'`, "[]")
	})
}
