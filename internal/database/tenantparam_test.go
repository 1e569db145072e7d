package database

import (
	"context"
	"strings"
	"testing"
)

// A read scoped to a tenant runs with the tenant's id written as an
// expression (tenantParameter), still through the (company_id, …) index
// once SQLite has STAT4 samples, and still returns that tenant's rows only.
func TestTenantParameterKeepsTheIndexAndTheTenant(t *testing.T) {
	ctx := context.Background()
	db := openSQLite(t)
	execAll(t, db,
		"CREATE TABLE scratch_notes (id TEXT PRIMARY KEY, company_id TEXT NOT NULL, body TEXT)",
		"CREATE INDEX scratch_notes_company ON scratch_notes (company_id, id)",
		"WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 2000) INSERT INTO scratch_notes SELECT 'n' || i, CASE WHEN i % 100 = 0 THEN 'small' ELSE 'big' END, 'x' FROM n",
	)
	if err := db.Analyze(ctx); err != nil {
		t.Fatal(err)
	}
	const q = "SELECT `scratch_notes`.`id` FROM `scratch_notes` WHERE `scratch_notes`.`company_id` = ? ORDER BY `scratch_notes`.`id` LIMIT 50"
	if got := tenantParameter(q); !strings.Contains(got, "`company_id` = CAST(? AS TEXT)") {
		t.Fatalf("tenantParameter(%q) = %q", q, got)
	}
	if plan := queryPlan(t, db, q, "small"); plan != "SEARCH scratch_notes USING COVERING INDEX scratch_notes_company (company_id=?)" {
		t.Errorf("plan %q, want one search of scratch_notes_company", plan)
	}
	for tenant, want := range map[string]int{"small": 20, "big": 50, "nobody": 0} {
		rows, err := db.ReadSQL.QueryContext(ctx, q, tenant)
		if err != nil {
			t.Fatal(err)
		}
		n := 0
		for rows.Next() {
			n++
		}
		rows.Close()
		if n != want {
			t.Errorf("%s: %d rows, want %d", tenant, n, want)
		}
	}
}
