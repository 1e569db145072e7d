package bench

import (
	"context"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/hiregraph/hiregraph/auth"
	"github.com/hiregraph/hiregraph/database"
)

// TestBenchRunsSmall runs the whole bench on a few thousand candidates:
// both servers must answer every endpoint with the same JSON, the report
// must have a row per endpoint, and the highest concurrency's runs leave
// a CPU profile of each server, in a directory bench makes.
func TestBenchRunsSmall(t *testing.T) {
	slog.SetDefault(slog.New(slog.NewTextHandler(io.Discard, nil)))
	var out strings.Builder
	profiles := filepath.Join(t.TempDir(), "profiles")
	// The test checks that every run measures something, not the figures,
	// so a few requests per run do; the duration is only the bound for a
	// slow (busy) machine.
	rows, err := Run(context.Background(), Config{
		DatabaseURL:   "sqlite://" + filepath.Join(t.TempDir(), "bench.db"),
		Candidates:    2000,
		Duration:      200 * time.Millisecond,
		Concurrencies: []int{1, 2},
		MaxRequests:   20,
		Rounds:        2,
		ProfileDir:    profiles,
	}, &out)
	if err != nil {
		t.Fatalf("bench: %v\n%s", err, out.String())
	}
	if len(rows) != 18 {
		t.Fatalf("%d rows, want 9 endpoints x 2 concurrencies:\n%s", len(rows), out.String())
	}
	for _, r := range rows {
		if r.Hiregraph.requests == 0 || r.Handler.requests == 0 {
			t.Errorf("%s measured nothing", r.Endpoint)
		}
		for _, name := range []string{slug(r.Endpoint), slug(r.Endpoint) + "-floor"} {
			if info, err := os.Stat(filepath.Join(profiles, name+".cpu.pprof")); err != nil || info.Size() == 0 {
				t.Errorf("no CPU profile %s: %v", name, err)
			}
		}
	}
	if got := strings.Count(out.String(), "beside 50 writers"); got != 4 {
		t.Errorf("%d lines of reads beside writers, want one per server and concurrency", got)
	}
	t.Log("\n" + out.String())
}

// TestInTurnsAlternatesTheServers checks the order of the turns: each
// server gets as many, Hiregraph first, then floor, floor, Hiregraph, …,
// and both sides' requests are counted whole.
func TestInTurnsAlternatesTheServers(t *testing.T) {
	var (
		mu    sync.Mutex
		turns []string
		count = map[string]int{}
	)
	server := func(name string) *httptest.Server {
		return httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			mu.Lock()
			defer mu.Unlock()
			if len(turns) == 0 || turns[len(turns)-1] != name {
				turns = append(turns, name)
			}
			count[name]++
		}))
	}
	hg, floor := server("hiregraph"), server("floor")
	defer hg.Close()
	defer floor.Close()
	cfg := Config{Duration: 300 * time.Millisecond, MaxRequests: 30, Rounds: 3}
	ours, theirs, err := inTurns(context.Background(), hg.Client(), hg.URL, floor.URL, request{method: http.MethodGet, path: "/"}, 1, cfg)
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"hiregraph", "floor", "hiregraph", "floor"}
	if got := strings.Join(turns, " "); got != strings.Join(want, " ") {
		// Two turns of one side in a row show as one.
		t.Errorf("turns: %s, want %s", got, strings.Join(want, " "))
	}
	if ours.requests != count["hiregraph"] || theirs.requests != count["floor"] {
		t.Errorf("counted %d and %d requests, the servers saw %v", ours.requests, theirs.requests, count)
	}
	if ours.requests > 30 || theirs.requests > 30 {
		t.Errorf("%d and %d requests, more than MaxRequests (30) a side", ours.requests, theirs.requests)
	}
}

// TestLoadFailsOnAHungServer checks that a request still under way long
// after its run's end fails the run instead of hanging the bench.
func TestLoadFailsOnAHungServer(t *testing.T) {
	release := make(chan struct{})
	hung := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		select {
		case <-release:
		case <-r.Context().Done():
		}
	}))
	defer hung.Close()
	defer close(release)
	old := inflightGrace
	inflightGrace = 200 * time.Millisecond
	defer func() { inflightGrace = old }()
	_, err := load(context.Background(), hung.Client(), hung.URL, request{method: http.MethodGet, path: "/"}, 1, 50*time.Millisecond, 10)
	if err == nil {
		t.Fatal("a run whose request never finished succeeded")
	}
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
	// HIREGRAPH_BENCH_DATABASE_URL measures on another database (an empty
	// one, or one this benchmark seeded before): PostgreSQL's costs differ.
	url := os.Getenv("HIREGRAPH_BENCH_DATABASE_URL")
	if url == "" {
		url = "sqlite://" + filepath.Join(b.TempDir(), "bench.db")
	}
	db, err := database.Open(ctx, url)
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
