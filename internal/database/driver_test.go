package database

import (
	"context"
	"testing"
	"time"
)

// TestRawSelectsReadBesideAWrite: a raw SELECT through the ent client
// (the API key lookup of every request) reads the read pool, so it
// answers while a write transaction holds SQLite's one writer connection;
// it used to queue behind every write under way.
func TestRawSelectsReadBesideAWrite(t *testing.T) {
	db := openSQLite(t)
	tx, err := db.Client.Tx(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	defer tx.Rollback()
	// A deadline turns "waits for the writer" into a failure instead of a hang.
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	rows, err := db.Client.QueryContext(ctx, "SELECT 1")
	if err != nil {
		t.Fatalf("a SELECT beside an open write transaction: %v; want it read from the read pool", err)
	}
	rows.Close()
}
