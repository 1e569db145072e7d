package rest_test

import (
	"strings"
	"testing"
	"time"

	"entgo.io/ent/dialect"

	"github.com/hiregraph/hiregraph/internal/hiregraphtest"
	"github.com/hiregraph/hiregraph/internal/hiregraphtest/testdb"
)

// TestCandidateTimeFiltersUseIndexes asks PostgreSQL's planner how it runs
// the queries behind the candidate time filters of spec 4.5 on a company
// with thousands of candidates: each must be an index scan on the
// (company_id, time_...) index of its filter, not a scan of the table.
func TestCandidateTimeFiltersUseIndexes(t *testing.T) {
	env := hiregraphtest.New(t)
	if env.DB.Dialect != dialect.Postgres {
		t.Skip("EXPLAIN plans are checked on PostgreSQL; set " + testdb.Env)
	}
	ctx := asCompany(env)
	for i := range 10 {
		addCandidates(t, env, ctx, 1000, time.Now().Add(-time.Duration(i)*30*day))
	}
	if _, err := env.DB.SQL.Exec("ANALYZE candidates"); err != nil {
		t.Fatal(err)
	}
	// A sync client asks for what changed since its last poll: a few rows
	// of the newest batch, whose times run to about now+500s.
	since := time.Now().Add(490 * time.Second)
	for column, index := range map[string]string{
		"time_created":                "candidate_company_id_time_created_id",
		"time_last_status_changed":    "candidate_company_id_time_last_status_changed",
		"time_hiring_process_updated": "candidate_company_id_time_hiring_process_updated",
	} {
		rows, err := env.DB.SQL.Query(`EXPLAIN SELECT * FROM candidates WHERE company_id = $1 AND `+column+` > $2 ORDER BY time_created, id LIMIT 101`,
			env.Demo.CompanyUID, since)
		if err != nil {
			t.Fatal(err)
		}
		var plan []string
		for rows.Next() {
			var line string
			if err := rows.Scan(&line); err != nil {
				t.Fatal(err)
			}
			plan = append(plan, line)
		}
		rows.Close()
		text := strings.Join(plan, "\n")
		t.Logf("EXPLAIN for %s:\n%s", column, text)
		if !strings.Contains(text, index) || strings.Contains(text, "Seq Scan") {
			t.Errorf("filter on %s does not use %s:\n%s", column, index, text)
		}
	}
}
