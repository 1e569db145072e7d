package database_test

import (
	"context"
	"database/sql"
	"encoding/base64"
	"encoding/json"
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"entgo.io/ent/dialect"
	"github.com/golang-jwt/jwt/v5"

	"github.com/hiregraph/hiregraph/internal/auth"
	"github.com/hiregraph/hiregraph/internal/database"
	"github.com/hiregraph/hiregraph/internal/database/migrations"
	"github.com/hiregraph/hiregraph/internal/database/schemadiff"
	"github.com/hiregraph/hiregraph/internal/demo"
	"github.com/hiregraph/hiregraph/internal/hiregraphtest"
	"github.com/hiregraph/hiregraph/internal/hiregraphtest/testdb"
)

// release0 is testdata/release0: a database as the release before
// versioned migrations left it (its auto-migration's DDL) and its rows.
type release0 struct {
	ddl      map[string]string // by dialect
	tables   []string          // in creation order
	rows     map[string][]map[string]any
	key      []byte
	manifest demo.Manifest
}

func loadRelease0(t *testing.T) *release0 {
	t.Helper()
	dir := filepath.Join("testdata", "release0")
	read := func(name string) []byte {
		b, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			t.Fatal(err)
		}
		return b
	}
	r := &release0{ddl: map[string]string{dialect.Postgres: string(read("postgres.sql")), dialect.SQLite: string(read("sqlite.sql"))}}
	var data struct {
		Rows map[string][]map[string]any `json:"rows"`
	}
	if err := json.Unmarshal(read("data.json"), &data); err != nil {
		t.Fatal(err)
	}
	r.rows = data.Rows
	for _, m := range regexp.MustCompile(`CREATE TABLE "(\w+)"`).FindAllStringSubmatch(r.ddl[dialect.Postgres], -1) {
		r.tables = append(r.tables, m[1])
	}
	var meta struct {
		SecretKey string        `json:"secret_key"`
		Manifest  demo.Manifest `json:"manifest"`
	}
	if err := json.Unmarshal(read("manifest.json"), &meta); err != nil {
		t.Fatal(err)
	}
	key, err := auth.ParseKey(meta.SecretKey)
	if err != nil {
		t.Fatal(err)
	}
	r.key, r.manifest = key, meta.Manifest
	return r
}

// create builds release 0's database at the raw driver DSN.
func (r *release0) create(t *testing.T, dia string, raw *sql.DB) {
	t.Helper()
	for _, stmt := range strings.Split(r.ddl[dia], ";\n") {
		if strings.TrimSpace(stmt) == "" {
			continue
		}
		if _, err := raw.Exec(stmt); err != nil {
			t.Fatalf("release 0 DDL %q: %v", stmt, err)
		}
	}
	for _, table := range r.tables {
		for _, row := range r.rows[table] {
			cols, marks, args := []string{}, []string{}, []any{}
			for c, v := range row {
				cols = append(cols, `"`+c+`"`)
				marks = append(marks, "$"+strconv.Itoa(len(cols)))
				args = append(args, value(t, v))
			}
			query := `INSERT INTO "` + table + `" (` + strings.Join(cols, ", ") + `) VALUES (` + strings.Join(marks, ", ") + `)`
			if dia == dialect.SQLite {
				query = strings.ReplaceAll(query, "$", "?")
			}
			if _, err := raw.Exec(query, args...); err != nil {
				t.Fatalf("release 0 row of %s: %v", table, err)
			}
		}
	}
}

func value(t *testing.T, v any) any {
	switch v := v.(type) {
	case map[string]any:
		if s, ok := v["base64"].(string); ok {
			b, err := base64.StdEncoding.DecodeString(s)
			if err != nil {
				t.Fatal(err)
			}
			return b
		}
		return v["time"]
	case float64:
		return int64(v) // the fixture's numbers are integers and booleans
	}
	return v
}

// TestUpgradeFromRelease0KeepsEverything opens a database of the release
// before versioned migrations, with its data: Open must take it as that
// release (a baseline), apply the migrations since, keep every row, leave
// exactly the schema of this binary, and serve the old credentials.
func TestUpgradeFromRelease0KeepsEverything(t *testing.T) {
	r := loadRelease0(t)
	for _, dia := range dialects(t) {
		t.Run(dia.name, func(t *testing.T) {
			ctx := context.Background()
			raw, err := sql.Open(dia.driver, dia.rawDSN)
			if err != nil {
				t.Fatal(err)
			}
			r.create(t, dia.name, raw)
			raw.Close()

			db, err := database.Open(ctx, dia.url)
			if err != nil {
				t.Fatalf("opening release 0's database: %v", err)
			}
			defer db.Close()
			assertVersion(t, db)
			for _, table := range r.tables {
				assertRowsKept(t, db, table, r.rows[table])
			}
			assertSchemaIsCurrent(t, db)

			sealer, err := auth.NewSealer(r.key)
			if err != nil {
				t.Fatal(err)
			}
			env := hiregraphtest.Serve(t, db, sealer, nil)
			resp := env.DoWith(http.MethodGet, "/v1/candidates", nil, map[string]string{"Authorization": "Bearer " + r.manifest.APIKey})
			var list struct {
				Candidates []map[string]any `json:"candidates"`
			}
			resp.JSON(t, &list)
			if resp.Status != http.StatusOK || len(list.Candidates) == 0 {
				t.Fatalf("release 0's API key on the upgraded database: %s", resp)
			}
			resp = env.DoWith(http.MethodGet, "/careers-api/2.0/company/"+r.manifest.CompanyUID+"/positions?token="+r.manifest.CareersToken, nil, nil)
			if resp.Status != http.StatusOK {
				t.Fatalf("release 0's careers token: %s", resp)
			}
			// Secrets sealed by release 0 still open: a JWT is checked
			// with the key's sealed secret.
			token, err := jwt.NewWithClaims(jwt.SigningMethodHS256, jwt.MapClaims{
				"iss": r.manifest.APIKeyID, "exp": time.Now().Add(time.Minute).Unix(),
			}).SignedString([]byte(r.manifest.APIKey))
			if err != nil {
				t.Fatal(err)
			}
			g := env.DoWith(http.MethodPost, "/graphql", map[string]any{"query": "{ viewer { name } }"},
				map[string]string{"Authorization": "Bearer " + token})
			if g.Status != http.StatusOK || !strings.Contains(string(g.Body), `"name":"`+demo.DefaultCompany+`"`) {
				t.Fatalf("a JWT signed with release 0's API key: %s", g)
			}
		})
	}
}

func assertVersion(t *testing.T, db *database.DB) {
	t.Helper()
	dir, err := migrations.Dir(db.Dialect)
	if err != nil {
		t.Fatal(err)
	}
	files, _ := dir.Files()
	got, err := database.Version(context.Background(), db)
	if err != nil || got != files[len(files)-1].Version() {
		t.Fatalf("database at migration %q (%v), want the last, %s", got, err, files[len(files)-1].Version())
	}
}

// assertRowsKept compares ids, and the number of rows, with the fixture.
func assertRowsKept(t *testing.T, db *database.DB, table string, want []map[string]any) {
	t.Helper()
	var n int
	if err := db.SQL.QueryRow(`SELECT COUNT(*) FROM "` + table + `"`).Scan(&n); err != nil {
		t.Fatal(err)
	}
	if n != len(want) {
		t.Fatalf("%s holds %d rows after the upgrade, release 0 had %d", table, n, len(want))
	}
	if n == 0 {
		return
	}
	if _, hasID := want[0]["id"]; !hasID {
		return
	}
	rows, err := db.SQL.Query(`SELECT id FROM "` + table + `"`)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	var ids []string
	for rows.Next() {
		var id string
		if err := rows.Scan(&id); err != nil {
			t.Fatal(err)
		}
		ids = append(ids, id)
	}
	for _, row := range want {
		if !slices.Contains(ids, row["id"].(string)) {
			t.Fatalf("%s lost row %v in the upgrade", table, row["id"])
		}
	}
}

// assertSchemaIsCurrent inspects the upgraded database and diffs it with
// the ent schema: a baseline that took a different schema for release 0's
// would show here.
func assertSchemaIsCurrent(t *testing.T, db *database.DB) {
	t.Helper()
	drift, err := schemadiff.Drift(context.Background(), db.Dialect, db.SQL)
	if err != nil {
		t.Fatal(err)
	}
	if drift != "" {
		t.Fatalf("the upgraded database differs from the ent schema; it would take:\n%s", drift)
	}
}

type testDialect struct {
	name, driver, rawDSN, url string
}

// dialects are SQLite and, with HIREGRAPH_TEST_DATABASE_URL, PostgreSQL,
// each an empty database of the test's own.
func dialects(t *testing.T) []testDialect {
	path := filepath.Join(t.TempDir(), "release0.db")
	ds := []testDialect{{name: dialect.SQLite, driver: "sqlite", rawDSN: "file:" + path, url: "sqlite://" + path}}
	if pg := os.Getenv(testdb.Env); pg != "" {
		u := testdb.PostgresSchemaURL(t, pg)
		ds = append(ds, testDialect{name: dialect.Postgres, driver: "postgres", rawDSN: u, url: u})
	}
	return ds
}
