package rest_test

import (
	"bytes"
	"encoding/json"
	"net/http"
	"testing"

	"github.com/hiregraph/hiregraph/hiregraphtest"
	"github.com/hiregraph/hiregraph/server"
)

// BenchmarkCreateNote measures POST of a note over HTTP: the write, its
// activity and its event.
//
//	go test ./rest -run '^$' -bench CreateNote -benchmem
func BenchmarkCreateNote(b *testing.B) {
	env := hiregraphtest.NewWithConfig(b, func(c *server.Config) { c.APIRatePerMinute, c.APIBurst = 1e9, 1e9 })
	benchmarkNotes(b, env)
}

func benchmarkNotes(b *testing.B, env *hiregraphtest.Env) {
	body, err := json.Marshal(validNote(env))
	if err != nil {
		b.Fatal(err)
	}
	url := env.URL(notePath(env.Demo.CandidateUID))
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
}
