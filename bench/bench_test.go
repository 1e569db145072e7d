package bench

import (
	"context"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/hiregraph/hiregraph/auth"
	"github.com/hiregraph/hiregraph/database"
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

// BenchmarkReads runs the benchmarked requests through Hiregraph's handler
// and through the floor handler in process, without the network and the
// load generator, so a CPU or allocation profile (-cpuprofile, -memprofile)
// and allocs/op show our code's costs alone, next to the floor's:
//
//	go test ./bench -run '^$' -bench Reads -benchmem -cpuprofile cpu.pprof
func BenchmarkReads(b *testing.B) {
	slog.SetDefault(slog.New(slog.NewTextHandler(io.Discard, nil)))
	ctx := context.Background()
	key := make([]byte, 32)
	sealer, err := auth.NewSealer(key)
	if err != nil {
		b.Fatal(err)
	}
	db, err := database.Open(ctx, "sqlite://"+filepath.Join(b.TempDir(), "bench.db"))
	if err != nil {
		b.Fatal(err)
	}
	defer db.Close()
	const candidates = 5000
	m, err := seed(ctx, db, sealer, candidates, io.Discard)
	if err != nil {
		b.Fatal(err)
	}
	handler := unthrottled(db, sealer, "http://bench.example")
	requests, err := benchRequests(ctx, db, sealer, m, candidates)
	if err != nil {
		b.Fatal(err)
	}
	floor := (&handWritten{db: db.ReadSQL, dialect: db.Dialect, publicURL: "http://bench.example", sealer: sealer}).routes()
	for _, nr := range requests {
		for _, h := range []struct {
			name    string
			handler http.Handler
		}{{"hiregraph", handler}, {"floor", floor}} {
			b.Run(nr.name+"/"+h.name, func(b *testing.B) {
				for b.Loop() {
					req := httptest.NewRequest(nr.method, nr.path, strings.NewReader(nr.body))
					req.Header = nr.header.Clone()
					rec := httptest.NewRecorder()
					h.handler.ServeHTTP(rec, req)
					if rec.Code != http.StatusOK || strings.Contains(rec.Body.String(), `"errors"`) {
						b.Fatalf("%d %s", rec.Code, rec.Body)
					}
				}
			})
		}
	}
}
