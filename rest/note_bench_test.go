package rest_test

import (
	"bytes"
	"encoding/json"
	"net/http"
	"testing"

	"github.com/hiregraph/hiregraph/internal/hiregraphtest"
	"github.com/hiregraph/hiregraph/internal/server"
	"github.com/hiregraph/hiregraph/internal/webhook"
)

// BenchmarkCreateNote measures POST of a note over HTTP: the write, its
// activity and its event. Built with -tags benchnoevents it measures the
// same write without its event, the baseline of what events cost:
//
//	go test ./rest -run '^$' -bench CreateNote -benchmem -count 5 > on.txt
//	go test ./rest -run '^$' -bench 'CreateNote$' -benchmem -count 5 -tags benchnoevents > off.txt
//	benchstat off.txt on.txt
func BenchmarkCreateNote(b *testing.B) {
	env := hiregraphtest.NewWithConfig(b, benchConfig(b))
	benchmarkNotes(b, env)
}

// benchConfig lifts the rate limit and runs the webhook relay, as a served
// process does, without sending what it queues: its work after each
// commit shares the machine (and on SQLite the writer) with the next write.
func benchConfig(b *testing.B) func(*server.Config) {
	relay := hiregraphtest.DeliverWebhooks(b, func(c *webhook.Config) { c.Workers = 0 })
	return func(c *server.Config) {
		c.APIRatePerMinute, c.APIBurst = 1e9, 1e9
		relay(c)
	}
}

func benchmarkNotes(b *testing.B, env *hiregraphtest.Env) {
	body, err := json.Marshal(validNote(env))
	if err != nil {
		b.Fatal(err)
	}
	url := env.URL(notePath(env.Demo.CandidateUID))
	cpu0, cpuOK := processCPU()
	for b.Loop() {
		req, _ := http.NewRequest(http.MethodPost, url, bytes.NewReader(body))
		req.Header.Set("Authorization", "Bearer "+env.Demo.APIKey)
		req.Header.Set("Content-Type", "application/json")
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			b.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode != http.StatusCreated {
			b.Fatalf("status %d", resp.StatusCode)
		}
	}
	// cpu-ns/op: client and server share the process, so this is the
	// whole request's CPU time.
	if cpu1, ok := processCPU(); ok && cpuOK {
		b.ReportMetric(float64(cpu1-cpu0)/float64(b.N), "cpu-ns/op")
	}
}
