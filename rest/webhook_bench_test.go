package rest_test

import (
	"fmt"
	"testing"

	"github.com/hiregraph/hiregraph/hiregraphtest"
	"github.com/hiregraph/hiregraph/server"
)

// BenchmarkCreateNoteWithWebhooks is BenchmarkCreateNote for a company with
// three webhook endpoints: each note also queues three River jobs in its
// transaction (nothing sends them here).
func BenchmarkCreateNoteWithWebhooks(b *testing.B) {
	env := hiregraphtest.NewWithConfig(b, func(c *server.Config) { c.APIRatePerMinute, c.APIBurst = 1e9, 1e9 })
	for i := range 3 {
		if r := env.Do("POST", "/v1/webhooks", map[string]any{"url": fmt.Sprintf("https://example.com/hook/%d", i)}); r.Status != 201 {
			b.Fatalf("webhook: %s", r)
		}
	}
	benchmarkNotes(b, env)
}
