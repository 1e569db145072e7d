package main

import (
	"bytes"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/hiregraph/hiregraph/internal/hiregraphtest"
)

// TestWebhooksSurviveKill9: a server killed (SIGKILL) while delivering
// loses nothing. The next process on the database sends every event of
// every acknowledged write at least once, with the event's own id.
func TestWebhooksSurviveKill9(t *testing.T) {
	t.Parallel()
	hiregraphtest.Long(t, "River takes a killed process's deliveries for lost after about 50 s")
	var hang atomic.Bool
	hang.Store(true)
	inflight := make(chan struct{}, 100)
	released := make(chan struct{})
	var mu sync.Mutex
	delivered := map[string]int{}
	receiver := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if hang.Load() {
			inflight <- struct{}{}
			select { // the sender dies holding the request
			case <-r.Context().Done():
			case <-released:
			}
			w.WriteHeader(http.StatusServiceUnavailable)
			return
		}
		mu.Lock()
		delivered[r.Header.Get("webhook-id")]++
		mu.Unlock()
	}))
	defer receiver.Close()

	dir := t.TempDir()
	flags := []string{"--webhook-allow-nets", "127.0.0.1/32", "--webhook-allow-http", "127.0.0.1/32", "--webhook-timeout", "20s",
		"--webhook-rescue-after", "26s", "--webhook-retry-base", "100ms"}
	first := startServer(t, dir, nil, flags...)
	key := first.manifest(t)["api_key"].(string)
	candidate := first.manifest(t)["candidate_uid"].(string)
	call := func(s *runningServer, method, path string, body any) []byte {
		t.Helper()
		b, _ := json.Marshal(body)
		req, _ := http.NewRequest(method, s.url+path, bytes.NewReader(b))
		req.Header.Set("Authorization", "Bearer "+key)
		req.Header.Set("Content-Type", "application/json")
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		var out bytes.Buffer
		out.ReadFrom(resp.Body)
		if resp.StatusCode >= 300 {
			t.Fatalf("%s %s: %d %s", method, path, resp.StatusCode, out.String())
		}
		return out.Bytes()
	}
	call(first, http.MethodPost, "/v1/webhooks", map[string]any{"url": receiver.URL})
	note := map[string]any{"time_created": "2026-03-01T10:00:00Z", "created_by": map[string]any{"type": "other", "first_name": "Rita"}, "text": "hello"}
	const notes = 3
	for range notes {
		call(first, http.MethodPost, "/v1/candidates/"+candidate+"/notes", note)
	}
	select {
	case <-inflight:
	case <-time.After(30 * time.Second):
		t.Fatal("no delivery started")
	}
	first.cmd.Process.Kill()
	first.cmd.Wait()
	hang.Store(false)
	close(released)

	second := startServer(t, dir, nil, flags...)
	var feed struct {
		Events []struct{ ID string }
	}
	json.Unmarshal(call(second, http.MethodGet, "/v1/events?types=note.created", nil), &feed)
	if len(feed.Events) != notes {
		t.Fatalf("%d note events in the feed, want %d", len(feed.Events), notes)
	}
	deadline := time.Now().Add(150 * time.Second)
	for {
		mu.Lock()
		missing := 0
		for _, ev := range feed.Events {
			if delivered[ev.ID] == 0 {
				missing++
			}
		}
		mu.Unlock()
		if missing == 0 {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("%d of %d events never delivered after the kill (delivered: %v)", missing, notes, delivered)
		}
		time.Sleep(200 * time.Millisecond)
	}
}
