// Command generate wrote this directory from the tree of release 0 (main at
// cd0277a, before versioned migrations): the DDL ent auto-migration ran on an
// empty database of each dialect, and the rows of a SQLite database seeded
// with two demo companies. It ran from a copy of that tree:
//
//	go run ./cmd/release0fixture OUT_DIR 'postgres://…?search_path=EMPTY_SCHEMA'
//
// It lives in testdata, so the go tool ignores it: it builds against
// release 0's packages, not today's.
package main

import (
	"bytes"
	"context"
	"database/sql"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"log"
	"os"
	"path/filepath"
	"strings"
	"time"

	"entgo.io/ent/dialect"
	entsql "entgo.io/ent/dialect/sql"

	"github.com/hiregraph/hiregraph/ent"
	"github.com/hiregraph/hiregraph/internal/auth"
	"github.com/hiregraph/hiregraph/internal/database"
	"github.com/hiregraph/hiregraph/internal/demo"
)

const keyHex = "8f1c2d3e4a5b6c7d8e9fa0b1c2d3e4f5061728394a5b6c7d8e9fa0b1c2d3e4f5"

func main() {
	ctx := context.Background()
	out := os.Args[1]
	pg := os.Args[2] // a URL with search_path of an empty schema
	key, err := auth.ParseKey(keyHex)
	check(err)
	sealer, err := auth.NewSealer(key)
	check(err)

	// DDL as auto-migration writes it, per dialect.
	dir, _ := os.MkdirTemp("", "r0")
	raw, err := sql.Open("sqlite", "file:"+filepath.Join(dir, "empty.db")+"?_pragma=foreign_keys(1)")
	check(err)
	writeDDL(ctx, dialect.SQLite, raw, filepath.Join(out, "sqlite.sql"))
	raw, err = sql.Open("postgres", pg)
	check(err)
	writeDDL(ctx, dialect.Postgres, raw, filepath.Join(out, "postgres.sql"))
	sq, err := database.Open(ctx, "sqlite://"+filepath.Join(dir, "empty.db"))
	check(err)

	// Data: a seeded SQLite database of release 0.
	m, err := demo.Seed(ctx, sq.Client, sealer, demo.DefaultCompany)
	check(err)
	_, err = demo.Seed(ctx, sq.Client, sealer, "Globex")
	check(err)
	rows := map[string][]map[string]any{}
	tables := tablesOf(sq.SQL)
	for _, t := range tables {
		rows[t] = dump(sq.SQL, t)
	}
	b, _ := json.MarshalIndent(map[string]any{"tables": tables, "rows": rows}, "", " ")
	check(os.WriteFile(filepath.Join(out, "data.json"), b, 0o644))
	b, _ = json.MarshalIndent(map[string]any{"secret_key": keyHex, "manifest": m}, "", " ")
	check(os.WriteFile(filepath.Join(out, "manifest.json"), b, 0o644))
}

func writeDDL(ctx context.Context, dia string, db *sql.DB, path string) {
	var buf bytes.Buffer
	check(ent.NewClient(ent.Driver(entsql.OpenDB(dia, db))).Schema.WriteTo(ctx, &buf))
	if strings.TrimSpace(buf.String()) != "" && !strings.Contains(buf.String(), "CREATE TABLE") {
		log.Printf("%s: unexpected DDL %q", path, buf.String())
	}
	check(os.WriteFile(path, buf.Bytes(), 0o644))
}

func tablesOf(db *sql.DB) []string {
	r, err := db.Query(`SELECT name FROM sqlite_master WHERE type='table' AND name NOT LIKE 'sqlite_%' ORDER BY rowid`)
	check(err)
	var ts []string
	for r.Next() {
		var t string
		check(r.Scan(&t))
		ts = append(ts, t)
	}
	return ts
}

func dump(db *sql.DB, table string) []map[string]any {
	r, err := db.Query("SELECT * FROM " + table + " ORDER BY rowid")
	check(err)
	cols, _ := r.Columns()
	types, _ := r.ColumnTypes()
	var out []map[string]any
	for r.Next() {
		vals := make([]any, len(cols))
		ptrs := make([]any, len(cols))
		for i := range vals {
			ptrs[i] = &vals[i]
		}
		check(r.Scan(ptrs...))
		row := map[string]any{}
		for i, c := range cols {
			switch v := vals[i].(type) {
			case []byte:
				if strings.EqualFold(types[i].DatabaseTypeName(), "json") {
					row[c] = string(v)
					continue
				}
				row[c] = map[string]string{"base64": base64.StdEncoding.EncodeToString(v)}
			case time.Time:
				row[c] = map[string]string{"time": v.UTC().Format(time.RFC3339Nano)}
			case nil, int64, float64, string, bool:
				row[c] = v
			default:
				log.Fatalf("%s.%s: %T", table, c, v)
			}
		}
		out = append(out, row)
	}
	return out
}

func check(err error) {
	if err != nil {
		log.Fatal(fmt.Sprint(err))
	}
}
