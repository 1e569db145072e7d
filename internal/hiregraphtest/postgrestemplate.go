package hiregraphtest

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"database/sql"
	"encoding/hex"
	"fmt"
	"net/url"
	"runtime/debug"
	"strings"
	"sync"
	"testing"

	"entgo.io/ent/dialect"

	"github.com/hiregraph/hiregraph/internal/database"
	"github.com/hiregraph/hiregraph/internal/database/migrations"
	"github.com/hiregraph/hiregraph/internal/hiregraphtest/testdb"
)

// migratedPostgres gives t a PostgreSQL database of its own, copied from a
// migrated template (CREATE DATABASE … TEMPLATE) and dropped when t ends.
// Migrating a new schema takes most of a second of DDL on PostgreSQL, a
// copy a third of that; database.Open still checks the copy's migrations.
func migratedPostgres(t testing.TB, pg string) string {
	t.Helper()
	admin, err := sql.Open("postgres", pg)
	if err != nil {
		t.Fatalf("opening PostgreSQL: %v", err)
	}
	defer admin.Close()
	pgTemplate.once.Do(func() { pgTemplate.name, pgTemplate.err = postgresTemplate(pg, admin) })
	if pgTemplate.err != nil {
		t.Fatalf("building the migrated PostgreSQL template: %v", pgTemplate.err)
	}
	template := pgTemplate.name
	name := "hgt_" + strings.ToLower(rand.Text())
	if _, err := admin.Exec("CREATE DATABASE " + name + " TEMPLATE " + template); err != nil {
		t.Fatalf("copying the migrated PostgreSQL template: %v", err)
	}
	// FORCE: a server's listener may not have hung up yet.
	testdb.ExecAtCleanup(t, pg, "DROP DATABASE IF EXISTS "+name+" WITH (FORCE)")
	u, err := databaseNamed(pg, name)
	if err != nil {
		t.Fatal(err)
	}
	return u
}

// pgTemplate is the template database's name, found or built once per
// test process, as sqliteTemplate is: later tests take neither the lock
// nor a look at pg_database.
var pgTemplate struct {
	once sync.Once
	name string
	err  error
}

// templateLock serializes the test processes (go test runs packages at
// once) that find the template missing.
const templateLock = "hiregraph test template"

// postgresTemplate returns the name of the migrated template database of
// this source tree, building it when missing. Its name holds a hash of the
// migrations and River's version, so a tree with other migrations never
// copies it; templates of other trees are dropped.
func postgresTemplate(pg string, admin *sql.DB) (string, error) {
	name, err := templateName()
	if err != nil {
		return "", err
	}
	ctx := context.Background()
	conn, err := admin.Conn(ctx)
	if err != nil {
		return "", err
	}
	defer conn.Close()
	if _, err := conn.ExecContext(ctx, "SELECT pg_advisory_lock(hashtext($1))", templateLock); err != nil {
		return "", fmt.Errorf("waiting for the template lock: %w", err)
	}
	defer conn.ExecContext(ctx, "SELECT pg_advisory_unlock(hashtext($1))", templateLock) //nolint:errcheck // the connection's end unlocks too
	var exists bool
	if err := conn.QueryRowContext(ctx, "SELECT EXISTS (SELECT 1 FROM pg_database WHERE datname = $1)", name).Scan(&exists); err != nil {
		return "", err
	}
	if exists {
		return name, nil
	}
	if err := dropStaleTemplates(ctx, conn); err != nil {
		return "", err
	}
	// Built under another name and renamed when whole, so that a process
	// killed while migrating leaves no template half made.
	building := name + "_building"
	for _, stmt := range []string{
		"DROP DATABASE IF EXISTS " + building + " WITH (FORCE)",
		"CREATE DATABASE " + building,
	} {
		if _, err := conn.ExecContext(ctx, stmt); err != nil {
			return "", err
		}
	}
	u, err := databaseNamed(pg, building)
	if err != nil {
		return "", err
	}
	db, err := database.Open(ctx, u)
	if err != nil {
		return "", err
	}
	db.Close()
	if _, err := conn.ExecContext(ctx, "ALTER DATABASE "+building+" RENAME TO "+name); err != nil {
		return "", err
	}
	return name, nil
}

// dropStaleTemplates drops the templates of other migrations.
func dropStaleTemplates(ctx context.Context, conn *sql.Conn) error {
	rows, err := conn.QueryContext(ctx, `SELECT datname FROM pg_database WHERE datname LIKE 'hgt\_template\_%'`)
	if err != nil {
		return err
	}
	var stale []string
	for rows.Next() {
		var n string
		if err := rows.Scan(&n); err != nil {
			rows.Close()
			return err
		}
		stale = append(stale, n)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return err
	}
	for _, n := range stale {
		if _, err := conn.ExecContext(ctx, "DROP DATABASE IF EXISTS "+n+" WITH (FORCE)"); err != nil {
			return err
		}
	}
	return nil
}

// templateName names the template after what it holds: the PostgreSQL
// migrations (their atlas.sum) and the River migrations of the linked
// River version.
func templateName() (string, error) {
	dir, err := migrations.Dir(dialect.Postgres)
	if err != nil {
		return "", err
	}
	sum, err := dir.Checksum()
	if err != nil {
		return "", err
	}
	h := sha256.New()
	fmt.Fprint(h, sum.Sum())
	if info, ok := debug.ReadBuildInfo(); ok {
		for _, m := range info.Deps {
			if m.Path == "github.com/riverqueue/river" {
				fmt.Fprint(h, m.Path, m.Version)
			}
		}
	}
	return "hgt_template_" + hex.EncodeToString(h.Sum(nil))[:16], nil
}

// databaseNamed is pg with its database replaced by name.
func databaseNamed(pg, name string) (string, error) {
	u, err := url.Parse(pg)
	if err != nil {
		return "", fmt.Errorf("parsing the PostgreSQL URL: %w", err)
	}
	u.Path = "/" + name
	return u.String(), nil
}
