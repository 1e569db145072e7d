package rest_test

import (
	"fmt"
	"testing"

	"github.com/hiregraph/hiregraph/internal/hiregraphtest"
)

// BenchmarkCreateNoteWithWebhooks is BenchmarkCreateNote for a company with
// three webhook endpoints: the relay queues three River jobs for each note
// after it commits (nothing sends them here).
func BenchmarkCreateNoteWithWebhooks(b *testing.B) {
	env := hiregraphtest.NewWithConfig(b, benchConfig(b))
	for i := range 3 {
		if r := env.Do("POST", "/v1/webhooks", map[string]any{"url": fmt.Sprintf("https://example.com/hook/%d", i)}); r.Status != 201 {
			b.Fatalf("webhook: %s", r)
		}
	}
	benchmarkNotes(b, env)
}
