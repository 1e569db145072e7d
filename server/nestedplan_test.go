package server_test

import (
	"context"
	"regexp"
	"strings"
	"sync"
	"testing"

	"entgo.io/ent/dialect"
	entsql "entgo.io/ent/dialect/sql"

	"github.com/hiregraph/hiregraph/database"
	"github.com/hiregraph/hiregraph/ent"
	"github.com/hiregraph/hiregraph/hiregraphtest"
	"github.com/hiregraph/hiregraph/server"
)

// recorder is an ent driver that keeps every query it runs.
type recorder struct {
	dialect.Driver
	mu      sync.Mutex
	queries []recorded
}

type recorded struct {
	text string
	args []any
}

func (r *recorder) Query(ctx context.Context, query string, args, v any) error {
	r.mu.Lock()
	a, _ := args.([]any)
	r.queries = append(r.queries, recorded{query, a})
	r.mu.Unlock()
	return r.Driver.Query(ctx, query, args, v)
}

// nestedEdgeIndexes names, for each table behind a nested connection, the
// index its per-parent statements must read.
var nestedEdgeIndexes = map[string]string{
	"candidates":       "candidate_company_id_position_id_id",
	"openings":         "opening_company_id_position_id_id",
	"notes":            "note_company_id_candidate_id_id",
	"conversations":    "conversation_company_id_candidate_conversations",
	"messages":         "message_company_id_conversation_id_id",
	"test_submissions": "testsubmission_company_id_candidate_id_id",
}

// TestNestedConnectionPlans runs a pipeline board's nested queries through
// the real server, keeps the statements the nested connections send, and
// asks the database how it runs each: every one must read the edge's
// (company, parent, id) index per parent, never scan a table or number all
// children (WindowAgg). The plans are logged (go test -v) for the README.
func TestNestedConnectionPlans(t *testing.T) {
	rec := &recorder{}
	env := hiregraphtest.NewWithConfig(t, func(cfg *server.Config) {
		rec.Driver = entsql.OpenDB(cfg.DB.Dialect, cfg.DB.SQL)
		db := *cfg.DB
		db.Client = ent.NewClient(ent.Driver(rec))
		cfg.DB = &db
	})
	seedNested(t, env, env.Demo.CompanyUID)
	env.GraphQL(`{ positions(first: 10) { edges { node {
	  openings(first: 5) { totalCount edges { node { id } } }
	  candidates(first: 10) { totalCount edges { node { id
	    notes(first: 2) { totalCount edges { node { id } } }
	    testSubmissions(first: 2) { totalCount edges { node { id } } } } } } } } } }`, nil).Decode(t, new(any))
	env.GraphQL(`{ candidates(first: 20) { edges { node {
	  conversations(first: 3) { totalCount edges { node { id
	    messages(first: 3) { totalCount edges { node { id } } } } } } } } } }`, nil).Decode(t, new(any))

	if env.DB.Dialect == dialect.Postgres {
		// Statistics, as autovacuum keeps them: without any, PostgreSQL
		// picks among equally cheap indexes at random. SQLite plans as for
		// large tables without statistics; with those of these few rows it
		// would rightly scan them. (Its join order is fixed by CROSS JOIN:
		// with the statistics of a bench database it once made the child
		// table the outer loop.)
		if _, err := env.DB.SQL.Exec("ANALYZE"); err != nil {
			t.Fatal(err)
		}
	}
	perParent := regexp.MustCompile(`unnest\(|json_each\(`)
	from := regexp.MustCompile("FROM [\"`](\\w+)[\"`]|JOIN [\"`](\\w+)[\"`]|LATERAL \\(SELECT .*? FROM \"(\\w+)\"")
	parentColumn := regexp.MustCompile("[\"`](\\w+)[\"`] = [\"`]parent[\"`]|[\"`](\\w+)[\"`] (?:= ANY|IN \\(SELECT value)")
	seen := map[string]int{}
	for _, q := range rec.queries {
		if !perParent.MatchString(q.text) {
			continue
		}
		if strings.Contains(q.text, " IN (?") || strings.Contains(q.text, " IN ($") {
			t.Errorf("statement has a list of placeholders, so its text changes with the number of parents:\n%s", q.text)
		}
		table := ""
		for _, m := range from.FindAllStringSubmatch(q.text, -1) {
			if table = m[1] + m[2] + m[3]; nestedEdgeIndexes[table] != "" {
				break
			}
		}
		index := nestedEdgeIndexes[table]
		if index == "" {
			t.Errorf("per-parent statement on no known edge table:\n%s", q.text)
			continue
		}
		seen[table]++
		plan := explain(t, env.DB, q)
		t.Logf("%s\n%s\n%s", table, q.text, plan)
		if !strings.Contains(plan, index) {
			t.Errorf("statement on %s does not read %s:\n%s\n%s", table, index, q.text, plan)
		}
		// A sort of the kept rows at the top is fine; a sort inside the
		// per-parent read means the index does not give the order, which
		// only conversations accept (see ent/schema/conversation.go).
		bad := []string{"Seq Scan", "WindowAgg", "SCAN " + table + "\n", "SCAN " + table + " "}
		// The parent's column must be an index condition: reading the
		// company's rows and filtering them would not be bounded by parents.
		if fk := parentColumn.FindStringSubmatch(q.text); fk == nil || !indexedOn(plan, fk[1]+fk[2]) {
			t.Errorf("statement on %s does not look its parents up in the index:\n%s\n%s", table, q.text, plan)
		}
		if table != "conversations" && !strings.Contains(q.text, "COUNT(*)") {
			bad = append(bad, "->  Sort", "->  Incremental Sort", "  USE TEMP B-TREE")
		}
		for _, bad := range bad {
			if strings.Contains(plan+"\n", bad) {
				t.Errorf("plan of the statement on %s has %q:\n%s\n%s", table, bad, q.text, plan)
			}
		}
	}
	for table := range nestedEdgeIndexes {
		if seen[table] < 2 {
			t.Errorf("%d per-parent statements on %s, want the page and the count", seen[table], table)
		}
	}
}

// indexedOn reports whether a line of plan looks column up in an index:
// PostgreSQL's "Index Cond: (… column = …)", SQLite's "USING … INDEX … (… column=?)".
func indexedOn(plan, column string) bool {
	for _, line := range strings.Split(plan, "\n") {
		if (strings.Contains(line, "Index Cond:") || strings.Contains(line, "INDEX")) && strings.Contains(line, column) {
			return true
		}
	}
	return false
}

// explain returns the plan of q: EXPLAIN on PostgreSQL, with sequential and
// bitmap scans discouraged so that small test tables show the plan a large
// one gets; EXPLAIN QUERY PLAN on SQLite.
func explain(t *testing.T, db *database.DB, q recorded) string {
	t.Helper()
	ctx := context.Background()
	conn, err := db.SQL.Conn(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	prefix := "EXPLAIN QUERY PLAN "
	if db.Dialect == dialect.Postgres {
		prefix = "EXPLAIN "
		if _, err := conn.ExecContext(ctx, "SET enable_seqscan = off; SET enable_bitmapscan = off"); err != nil {
			t.Fatal(err)
		}
		defer conn.ExecContext(ctx, "RESET enable_seqscan; RESET enable_bitmapscan")
	}
	rows, err := conn.QueryContext(ctx, prefix+q.text, q.args...)
	if err != nil {
		t.Fatalf("explaining %s: %v", q.text, err)
	}
	defer rows.Close()
	cols, err := rows.Columns()
	if err != nil {
		t.Fatal(err)
	}
	var lines []string
	depth := map[int64]int{} // SQLite: node id -> depth, to indent like PostgreSQL
	for rows.Next() {
		if len(cols) == 1 {
			var line string
			if err := rows.Scan(&line); err != nil {
				t.Fatal(err)
			}
			lines = append(lines, line)
			continue
		}
		var id, parent, unused int64
		var detail string
		if err := rows.Scan(&id, &parent, &unused, &detail); err != nil {
			t.Fatal(err)
		}
		if parent != 0 {
			depth[id] = depth[parent] + 1
		}
		lines = append(lines, strings.Repeat("  ", depth[id])+detail)
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	return strings.Join(lines, "\n")
}
