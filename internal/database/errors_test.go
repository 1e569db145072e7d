package database_test

import (
	"database/sql"
	"errors"
	"fmt"
	"net"
	"net/http"
	"path/filepath"
	"testing"

	_ "modernc.org/sqlite" // the "sqlite" driver

	"github.com/hiregraph/hiregraph/internal/apierror"
	"github.com/hiregraph/hiregraph/internal/database"
)

// TestUnavailableDatabaseIsRetryable: what the drivers raise when the
// database cannot serve a request (the server answers on PostgreSQL's
// terminated connections in server/outage_test.go) is 503
// service_unavailable with Retry-After, never an internal error.
func TestUnavailableDatabaseIsRetryable(t *testing.T) {
	for name, err := range map[string]error{
		"PostgreSQL refusing connections": refusedPostgres(t),
		"SQLite busy past its timeout":    busySQLite(t),
		"the pool closed at shutdown":     closedPool(t),
	} {
		e, unexpected := database.APIError(fmt.Errorf("creating a note: %w", err))
		if unexpected || e.Status != http.StatusServiceUnavailable || e.Code != apierror.CodeServiceUnavailable || e.RetryAfter < 1 {
			t.Errorf("%s (%v): %+v (unexpected %v), want 503 service_unavailable with Retry-After", name, err, e, unexpected)
		}
	}
	if e, unexpected := database.APIError(errors.New("a bug")); !unexpected || e.Status != http.StatusInternalServerError {
		t.Errorf("an unknown error: %+v (unexpected %v), want an unexpected 500", e, unexpected)
	}
}

// refusedPostgres is the error of connecting to a PostgreSQL that does not
// listen (down, or restarting).
func refusedPostgres(t *testing.T) error {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	ln.Close()
	db, err := sql.Open("postgres", "postgres://hiregraph@"+addr+"/hiregraph?sslmode=disable")
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	return mustFail(t, db.Ping())
}

// busySQLite is the error of a write that waited for SQLite's write lock,
// held by another connection (another process), longer than its busy
// timeout (0 here, so the test need not wait).
func busySQLite(t *testing.T) error {
	dsn := "file:" + filepath.Join(t.TempDir(), "busy.db") + "?_pragma=busy_timeout(0)&_txlock=immediate"
	holder, err := sql.Open("sqlite", dsn)
	if err != nil {
		t.Fatal(err)
	}
	defer holder.Close()
	tx, err := holder.Begin()
	if err != nil {
		t.Fatal(err)
	}
	defer tx.Rollback()
	other, err := sql.Open("sqlite", dsn)
	if err != nil {
		t.Fatal(err)
	}
	defer other.Close()
	_, err = other.Begin()
	return mustFail(t, err)
}

// closedPool is the error of a request still running when the server
// closes its database at shutdown.
func closedPool(t *testing.T) error {
	db, err := sql.Open("sqlite", "file:"+filepath.Join(t.TempDir(), "closed.db"))
	if err != nil {
		t.Fatal(err)
	}
	db.Close()
	return mustFail(t, db.Ping())
}

func mustFail(t *testing.T, err error) error {
	t.Helper()
	if err == nil {
		t.Fatal("the database served a request it should have failed")
	}
	return err
}
