package recruiting_test

import (
	"context"
	"fmt"
	"sync/atomic"
	"testing"

	"entgo.io/ent/dialect"
	entsql "entgo.io/ent/dialect/sql"

	"github.com/hiregraph/hiregraph/ent"
	"github.com/hiregraph/hiregraph/internal/hiregraphtest"
	"github.com/hiregraph/hiregraph/internal/viewer"
	"github.com/hiregraph/hiregraph/recruiting"
)

// TestCareersListQueriesDoNotGrowWithPositions counts the SQL statements a
// careers list response needs: the company, the internal-use marks, the
// positions and their locations, however many positions there are.
func TestCareersListQueriesDoNotGrowWithPositions(t *testing.T) {
	env := hiregraphtest.New(t)
	var statements atomic.Int64
	counting := dialect.DebugWithContext(entsql.OpenDB(env.DB.Dialect, env.DB.SQL), func(context.Context, ...any) { statements.Add(1) })
	service := recruiting.New(recruiting.Dependencies{Client: ent.NewClient(ent.Driver(counting))})

	listStatements := func() (int64, int) {
		statements.Store(0)
		ctx, _, err := service.CareersContext(context.Background(), env.Demo.CompanyUID, env.Demo.CareersToken)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := service.LoadVisibility(ctx); err != nil {
			t.Fatal(err)
		}
		ps, err := service.PublishedPositions(ctx, true)
		if err != nil {
			t.Fatal(err)
		}
		return statements.Load(), len(ps)
	}

	few, n := listStatements()
	if few != 4 || n != 3 {
		t.Errorf("%d published positions took %d statements, want 4", n, few)
	}
	ctx := viewer.NewContext(context.Background(), viewer.ForService(env.Demo.CompanyUID))
	for i := range 40 {
		if err := env.DB.Client.Position.Create().SetName(fmt.Sprintf("Position %d", i)).
			SetIsPublished(true).SetLocationID(env.Demo.LocationUID).Exec(ctx); err != nil {
			t.Fatal(err)
		}
	}
	if many, n := listStatements(); many != few {
		t.Errorf("%d published positions took %d statements, %d took %d", n, many, 3, few)
	}
}
