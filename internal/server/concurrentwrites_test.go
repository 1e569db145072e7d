package server_test

import (
	"fmt"
	"net/http"
	"sync"
	"testing"

	"github.com/hiregraph/hiregraph/internal/hiregraphtest"
	"github.com/hiregraph/hiregraph/internal/server"
)

// TestConcurrentWritersAllSucceed sends 200 notes at once, with readers
// listing candidates meanwhile: on SQLite the writes queue for the one
// writer connection (no SQLITE_BUSY, no 5xx), reads go to the read pool,
// and every note is stored.
func TestConcurrentWritersAllSucceed(t *testing.T) {
	env := hiregraphtest.NewWithConfig(t, func(c *server.Config) { c.APIRatePerMinute, c.APIBurst = 1<<20, 1<<20 })
	const writers, readers = 200, 20
	note := map[string]any{
		"time_created": "2026-03-01T10:00:00Z",
		"created_by":   map[string]any{"type": "app", "first_name": "Load"},
		"text":         "concurrent",
	}
	var wg sync.WaitGroup
	statuses := make(chan string, writers+readers*5)
	for i := range writers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			r := env.Do(http.MethodPost, "/v1/candidates/"+env.Demo.CandidateUID+"/notes", note)
			if r.Status != http.StatusCreated {
				statuses <- fmt.Sprintf("writer %d: %s", i, r)
			}
		}()
	}
	for i := range readers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for range 5 {
				if r := env.Do(http.MethodGet, "/v1/candidates?limit=5", nil); r.Status != http.StatusOK {
					statuses <- fmt.Sprintf("reader %d: %s", i, r)
				}
			}
		}()
	}
	wg.Wait()
	close(statuses)
	for s := range statuses {
		t.Error(s)
	}
	var data struct {
		Node struct{ Notes struct{ TotalCount int } }
	}
	env.GraphQL(`query($id: ID!) { node(id: $id) { ... on Candidate { notes { totalCount } } } }`,
		map[string]any{"id": env.Demo.CandidateUID}).Decode(t, &data)
	if data.Node.Notes.TotalCount < writers {
		t.Errorf("%d notes stored, want at least %d", data.Node.Notes.TotalCount, writers)
	}
}
