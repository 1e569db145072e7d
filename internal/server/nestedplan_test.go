package server_test

import (
	"context"
	stdsql "database/sql"
	"maps"
	"regexp"
	"slices"
	"strings"
	"sync"
	"testing"

	"entgo.io/ent/dialect"
	entsql "entgo.io/ent/dialect/sql"

	"github.com/hiregraph/hiregraph/ent"
	"github.com/hiregraph/hiregraph/internal/database"
	"github.com/hiregraph/hiregraph/internal/hiregraphtest"
	"github.com/hiregraph/hiregraph/internal/server"
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
	a, _ := args.([]any)
	r.record(query, a)
	return r.Driver.Query(ctx, query, args, v)
}

// QueryContext serves the statements sent past ent's builders (the API key
// look-up), as the service's own driver does.
func (r *recorder) QueryContext(ctx context.Context, query string, args ...any) (*stdsql.Rows, error) {
	r.record(query, args)
	return r.Driver.(*entsql.Driver).QueryContext(ctx, query, args...)
}

func (r *recorder) record(query string, args []any) {
	r.mu.Lock()
	r.queries = append(r.queries, recorded{query, args})
	r.mu.Unlock()
}

// take returns the statements recorded so far and forgets them.
func (r *recorder) take() []recorded {
	r.mu.Lock()
	defer r.mu.Unlock()
	queries := r.queries
	r.queries = nil
	return queries
}

// newRecordingEnv is a test server whose ent client keeps every statement
// it sends.
func newRecordingEnv(t *testing.T) (*hiregraphtest.Env, *recorder) {
	rec := &recorder{}
	env := hiregraphtest.NewWithConfig(t, func(cfg *server.Config) {
		rec.Driver = entsql.OpenDB(cfg.DB.Dialect, cfg.DB.SQL)
		db := *cfg.DB
		db.Client = ent.NewClient(ent.Driver(rec))
		cfg.DB = &db
	})
	return env, rec
}

// TestNestedConnectionPlans loads every nested connection of the graph
// (connectionEdges) for a batch of parents through the real server, keeps
// the statements it sends, and asks the database how it runs each: the page
// and the count must read the edge's (company, parent, …) index per parent,
// never scan the table or number all children (WindowAgg). The plans are
// logged (go test -v) for the README.
func TestNestedConnectionPlans(t *testing.T) {
	env, rec := newRecordingEnv(t)
	seedNested(t, env, env.Demo.CompanyUID)
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
	for _, name := range slices.Sorted(maps.Keys(connectionEdges)) {
		edge := connectionEdges[name]
		t.Run(name, func(t *testing.T) {
			parents := companyIDs(t, env, edge.parent, env.Demo.CompanyUID, 5)
			if len(parents) < 2 {
				t.Fatalf("the fixture has %d rows in %s, want a batch of parents", len(parents), edge.parent)
			}
			rec.take()
			edgeQuery(t, env, name, "first: 2", parents)
			var statements []recorded
			for _, q := range rec.take() {
				if perParent.MatchString(q.text) {
					statements = append(statements, q)
				}
			}
			if len(statements) != 2 {
				t.Errorf("%d per-parent statements, want the page and the count", len(statements))
			}
			for _, q := range statements {
				checkPerParentPlan(t, env, edge, q)
			}
		})
	}
}

// checkPerParentPlan explains q, a per-parent statement of edge, and fails
// t unless it reads the edge's index by parent without sorting all children.
func checkPerParentPlan(t *testing.T, env *hiregraphtest.Env, edge connectionEdge, q recorded) {
	t.Helper()
	if strings.Contains(q.text, " IN (?") || strings.Contains(q.text, " IN ($") {
		t.Errorf("statement has a list of placeholders, so its text changes with the number of parents:\n%s", q.text)
	}
	if !regexp.MustCompile("(FROM|JOIN) [\"`]" + edge.child + "[\"`]").MatchString(q.text) {
		t.Errorf("statement does not read %s:\n%s", edge.child, q.text)
	}
	plan := explain(t, env.DB, q)
	t.Logf("%s\n%s", q.text, plan)
	if !strings.Contains(plan, edge.index) {
		t.Errorf("statement does not read %s:\n%s\n%s", edge.index, q.text, plan)
	}
	// The parent's column must be an index condition: reading the
	// company's rows and filtering them would not be bounded by parents.
	if !indexedOn(plan, edge.column) {
		t.Errorf("statement does not look its parents up in the index:\n%s\n%s", q.text, plan)
	}
	bad := []string{"Seq Scan", "WindowAgg", "SCAN " + edge.child + "\n", "SCAN " + edge.child + " "}
	// A sort of the kept rows at the top is fine; a sort inside the
	// per-parent read means the index does not give the order, which only
	// edges marked sortsInside accept.
	if !edge.sortsInside && !strings.Contains(q.text, "COUNT(*)") {
		bad = append(bad, "->  Sort", "->  Incremental Sort", "  USE TEMP B-TREE")
	}
	for _, bad := range bad {
		if strings.Contains(plan+"\n", bad) {
			t.Errorf("plan has %q:\n%s\n%s", bad, q.text, plan)
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

// TestToOneEdgesLoadWithOneArrayParameter loads the person and the position
// of the candidates of several positions and checks what each loader sends:
// the right person and position on every candidate, and the ids as one
// parameter, so the text of the statement (and its plan) is the same
// whatever the number of rows. (Which index the plan reads depends on the
// table's size: these few rows are read through the tenant's index; README,
// "How a nested connection loads", has the plan of a large table.)
func TestToOneEdgesLoadWithOneArrayParameter(t *testing.T) {
	env, rec := newRecordingEnv(t)
	f := seedNested(t, env, env.Demo.CompanyUID)
	rec.take()
	var data struct {
		Positions struct {
			Edges []struct {
				Node struct {
					ID         string
					Candidates struct {
						Edges []struct {
							Node struct {
								ID       string
								Person   struct{ ID string }
								Position struct{ ID string }
							}
						}
					}
				}
			}
		}
	}
	env.GraphQL(`query($ids: [ID!]) { positions(first: 10, where: {idIn: $ids}) { edges { node { id
	  candidates(first: 5) { edges { node { id person { id } position { id } } } } } } } }`,
		map[string]any{"ids": f.positions}).Decode(t, &data)

	want := map[string]*ent.Candidate{}
	for _, cands := range f.candidates {
		for _, c := range cands {
			want[c.ID] = c
		}
	}
	loaded := 0
	for _, p := range data.Positions.Edges {
		for _, c := range p.Node.Candidates.Edges {
			w := want[c.Node.ID]
			if w == nil || c.Node.Person.ID != w.PersonID || c.Node.Position.ID != p.Node.ID {
				t.Errorf("candidate %s came with person %q and position %q", c.Node.ID, c.Node.Person.ID, c.Node.Position.ID)
			}
			loaded++
		}
	}
	if loaded < 2 {
		t.Fatalf("%d candidates loaded, want a batch", loaded)
	}
	queries := rec.take()
	for _, table := range []string{"persons", "positions"} {
		var statement *recorded
		for _, q := range queries {
			if regexp.MustCompile("FROM [\"`]" + table + "[\"`] WHERE [\"`]" + table + "[\"`].[\"`]id[\"`] (= ANY|IN)").MatchString(q.text) {
				statement = &q
			}
		}
		if statement == nil {
			t.Errorf("no statement loaded %s by id; statements:\n%v", table, queries)
			continue
		}
		if strings.Contains(statement.text, " IN (?") || strings.Contains(statement.text, " IN ($") {
			t.Errorf("statement has a list of placeholders:\n%s", statement.text)
		}
		if len(statement.args) != 2 { // the ids and the company
			t.Errorf("%d parameters, want the ids as one and the company:\n%s", len(statement.args), statement.text)
		}
	}
}
