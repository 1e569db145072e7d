package database

import (
	"database/sql"
	"testing"
)

// eventIDs is the migration that gave events ids of their own.
const eventIDs = "20261128080500"

// TestUpgradeNamesAttemptsByEventIDs fills a database at the migration
// before eventIDs with an attempt of an event named by its activity's id
// and one of a ping, then migrates it: the first names the event by its
// own id (evt_ and the activity's ULID), the ping keeps its id.
func TestUpgradeNamesAttemptsByEventIDs(t *testing.T) {
	testUpgrade(t, eventIDs, func(t *testing.T, conn *sql.Conn, _ string) {
		const at = "'2026-11-28 08:00:00'"
		mustExec(t, conn,
			`INSERT INTO companies (id, name, careers_token, time_created) VALUES ('com_1', 'Acme', 'tok', `+at+`)`,
			`INSERT INTO webhook_endpoints (id, url, event_types, permissions, sealed_secret, time_created, company_id)
			 VALUES ('whe_1', 'https://example.com/hook', '[]', '[]', 'x', `+at+`, 'com_1')`,
			`INSERT INTO webhook_attempts (id, event_id, event_type, attempt, time_created, company_id, endpoint_id)
			 VALUES ('wha_1', 'act_01JD3ZB1G0W8Q6J8C2R7Y0V5KT', 'note.created', 1, `+at+`, 'com_1', 'whe_1'),
			        ('wha_2', 'evt_01JD3ZB1G0W8Q6J8C2R7Y0V5KV', 'ping', 1, `+at+`, 'com_1', 'whe_1')`)
	}, func(t *testing.T, db *DB, _ string) {
		assertOne(t, db.SQL, `SELECT event_id FROM webhook_attempts WHERE id = 'wha_1'`, "evt_01JD3ZB1G0W8Q6J8C2R7Y0V5KT")
		assertOne(t, db.SQL, `SELECT event_id FROM webhook_attempts WHERE id = 'wha_2'`, "evt_01JD3ZB1G0W8Q6J8C2R7Y0V5KV")
	})
}
