package migrations_test

import (
	"context"
	"errors"
	"os"
	"testing"

	"entgo.io/ent/dialect"

	"github.com/hiregraph/hiregraph/internal/database/migrations"
	"github.com/hiregraph/hiregraph/internal/database/schemadiff"
	"github.com/hiregraph/hiregraph/internal/hiregraphtest/testdb"
)

// TestMigrationsMatchEntSchema fails when ent/schema changed without a
// migration (or a migration was edited by hand away from the schema).
func TestMigrationsMatchEntSchema(t *testing.T) {
	dialects := map[string]string{dialect.SQLite: ""}
	if pg := os.Getenv(testdb.Env); pg != "" {
		dialects[dialect.Postgres] = testdb.PostgresSchemaURL(t, pg)
	} else {
		t.Logf("PostgreSQL's migrations are checked only with %s set", testdb.Env)
	}
	for dia, pgDev := range dialects {
		t.Run(dia, func(t *testing.T) {
			dir, err := migrations.Dir(dia)
			if err != nil {
				t.Fatal(err)
			}
			before, _ := dir.Files()
			err = schemadiff.Diff(context.Background(), dia, pgDev, dir, "missing")
			if errors.Is(err, schemadiff.ErrInSync) {
				return
			}
			if err != nil {
				t.Fatalf("planning: %v", err)
			}
			after, _ := dir.Files()
			missing := ""
			if len(after) > len(before) {
				missing = string(after[len(after)-1].Bytes())
			}
			t.Fatalf("ent/schema and database/migrations disagree. Add a migration with\n\n\t%s\n\n"+
				"from the module root, review the files it writes and commit them. The migration missing for %s:\n%s",
				migrations.AddCommand, dia, missing)
		})
	}
}
