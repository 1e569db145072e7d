package bench

import (
	"context"
	"io"
	"log/slog"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestBenchRunsSmall runs the whole bench on a few thousand candidates:
// both servers must answer every endpoint with the same JSON, and the
// report must have a row per endpoint.
func TestBenchRunsSmall(t *testing.T) {
	slog.SetDefault(slog.New(slog.NewTextHandler(io.Discard, nil)))
	var out strings.Builder
	// The test checks that every run measures something, not the figures,
	// so a few requests per run do; the duration is only the bound for a
	// slow (busy) machine.
	rows, err := Run(context.Background(), Config{
		DatabaseURL:   "sqlite://" + filepath.Join(t.TempDir(), "bench.db"),
		Candidates:    2000,
		Duration:      200 * time.Millisecond,
		Concurrencies: []int{1, 2},
		MaxRequests:   20,
	}, &out)
	if err != nil {
		t.Fatalf("bench: %v\n%s", err, out.String())
	}
	if len(rows) != 12 {
		t.Fatalf("%d rows, want 6 endpoints x 2 concurrencies:\n%s", len(rows), out.String())
	}
	for _, r := range rows {
		if r.Hiregraph.requests == 0 || r.Handler.requests == 0 {
			t.Errorf("%s measured nothing", r.Endpoint)
		}
	}
	t.Log("\n" + out.String())
}
