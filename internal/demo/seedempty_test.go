package demo_test

import (
	"context"
	"crypto/rand"
	"os"
	"path/filepath"
	"sync"
	"testing"

	"github.com/hiregraph/hiregraph/ent/privacy"
	"github.com/hiregraph/hiregraph/internal/auth"
	"github.com/hiregraph/hiregraph/internal/database"
	"github.com/hiregraph/hiregraph/internal/demo"
	"github.com/hiregraph/hiregraph/internal/hiregraphtest/testdb"
)

// TestSeedEmptySeedsOnce: starts racing on an empty database create one
// demo company, and exactly one of them gets the first run's manifest.
func TestSeedEmptySeedsOnce(t *testing.T) {
	url := "sqlite://" + filepath.Join(t.TempDir(), "empty.db")
	if pg := os.Getenv(testdb.Env); pg != "" {
		url = testdb.PostgresSchemaURL(t, pg)
	}
	ctx := context.Background()
	db, err := database.Open(ctx, url)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	key := make([]byte, 32)
	rand.Read(key)
	sealer, err := auth.NewSealer(key)
	if err != nil {
		t.Fatal(err)
	}
	var (
		mu     sync.Mutex
		seeded int
		wg     sync.WaitGroup
	)
	for range 4 {
		wg.Go(func() {
			m, err := demo.SeedEmpty(ctx, db.Client, sealer, db.Dialect, demo.DefaultCompany)
			if err != nil {
				t.Error(err)
				return
			}
			if m != nil {
				mu.Lock()
				seeded++
				mu.Unlock()
			}
		})
	}
	wg.Wait()
	companies, err := db.Client.Company.Query().Count(privacy.DecisionContext(ctx, privacy.Allow))
	if err != nil {
		t.Fatal(err)
	}
	if companies != 1 || seeded != 1 {
		t.Errorf("4 racing first starts made %d companies and %d manifests, want 1 and 1", companies, seeded)
	}
}
