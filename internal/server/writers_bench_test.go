package server_test

import (
	"context"
	"fmt"
	"net/http"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/hiregraph/hiregraph/internal/hiregraphtest"
	"github.com/hiregraph/hiregraph/internal/server"
)

// BenchmarkReadsBesideWritersOfOneCompany measures candidate list reads
// alone and while 50 writers add notes to 50 candidates of the same
// company, each to its own (so no two writers want one candidate's row):
// whatever writes of one company share holds the readers back with them.
// On PostgreSQL:
//
//	HIREGRAPH_TEST_DATABASE_URL=… go test -run '^$' -bench ReadsBesideWriters -benchtime 5s ./internal/server
func BenchmarkReadsBesideWritersOfOneCompany(b *testing.B) {
	env := hiregraphtest.NewWithConfig(b, func(c *server.Config) { c.APIRatePerMinute, c.APIBurst = 1<<30, 1<<30 })
	const writers = 50
	candidates := make([]string, writers)
	for i := range candidates {
		var out struct{ CreateCandidate struct{ ID string } }
		env.GraphQL(`mutation($in: CreateCandidateInput!) { createCandidate(input: $in) { id } }`,
			map[string]any{"in": map[string]any{"positionID": env.Demo.PublishedPositionUID,
				"person": map[string]any{"firstName": "Load", "lastName": fmt.Sprint(i), "email": fmt.Sprintf("load%d@example.com", i)}}}).Decode(b, &out)
		candidates[i] = out.CreateCandidate.ID
	}
	note := map[string]any{"time_created": "2026-03-01T10:00:00Z", "created_by": map[string]any{"type": "app", "first_name": "Load"}, "text": "load"}
	read := func(b *testing.B) {
		b.RunParallel(func(pb *testing.PB) {
			for pb.Next() {
				if r := env.Do(http.MethodGet, "/v1/candidates?limit=5", nil); r.Status != http.StatusOK {
					b.Errorf("read: %s", r)
				}
			}
		})
		b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "reads/s")
	}
	b.Run("alone", read)
	b.Run("with50writers", func(b *testing.B) {
		ctx, stop := context.WithCancel(context.Background())
		var wg sync.WaitGroup
		var written atomic.Int64
		for _, id := range candidates {
			wg.Go(func() {
				for ctx.Err() == nil {
					if r := env.Do(http.MethodPost, "/v1/candidates/"+id+"/notes", note); r.Status != http.StatusCreated {
						b.Errorf("note: %s", r)
						return
					}
					written.Add(1)
				}
			})
		}
		time.Sleep(time.Second) // the writers get going
		start := written.Load()
		b.ResetTimer()
		read(b)
		b.ReportMetric(float64(written.Load()-start)/b.Elapsed().Seconds(), "writes/s")
		stop()
		wg.Wait()
	})
}
