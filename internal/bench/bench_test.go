package bench

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/hiregraph/hiregraph/internal/auth"
	"github.com/hiregraph/hiregraph/internal/database"
	"github.com/hiregraph/hiregraph/internal/filestore"
	"github.com/hiregraph/hiregraph/internal/hiregraphtest"
	"github.com/hiregraph/hiregraph/internal/viewer"
	"github.com/hiregraph/hiregraph/recruiting"
)

// TestBenchRunsSmall runs the whole bench on a few thousand candidates:
// both servers must answer every endpoint with the same JSON, the report
// must have a row per endpoint, and the highest concurrency's runs leave
// a CPU profile of each server, in a directory bench makes.
func TestBenchRunsSmall(t *testing.T) {
	// Three minutes under -race, which finds nothing in the load
	// generator that the servers' own tests do not.
	hiregraphtest.Long(t, "runs every workload against both servers")
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
	if len(rows) != 30 {
		t.Fatalf("%d rows, want 15 endpoints x 2 concurrencies:\n%s", len(rows), out.String())
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
// load generator, so a CPU or allocation profile (-cpuprofile, -memprofile),
// allocs/op and cpu-ns/op show our code's costs alone, next to the floor's:
//
//	go test ./internal/bench -run '^$' -bench Reads -benchmem -cpuprofile cpu.pprof
func BenchmarkReads(b *testing.B) {
	benchInProcess(b, func(nr namedRequest) bool { return nr.next == nil })
}

// BenchmarkWrites is BenchmarkReads for the writes (a move, a note, a
// careers application with a resume), each iteration a new request of the
// write's sequence:
//
//	go test ./internal/bench -run '^$' -bench Writes -benchmem -benchtime 300x
func BenchmarkWrites(b *testing.B) {
	benchInProcess(b, func(nr namedRequest) bool { return nr.next != nil })
}

// benchInProcess seeds a database and runs the benchmarked requests picked
// on both handlers, one sub-benchmark each; an answer other than 2xx, or
// with GraphQL errors, fails it.
func benchInProcess(b *testing.B, picked func(namedRequest) bool) {
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
	files, cleanup, err := tempFileStore()
	if err != nil {
		b.Fatal(err)
	}
	defer cleanup()
	handler, err := unthrottled(db, sealer, "http://bench.example", files)
	if err != nil {
		b.Fatal(err)
	}
	requests, err := benchRequests(ctx, db, sealer, m, candidates)
	if err != nil {
		b.Fatal(err)
	}
	hw, err := newHandWritten(db, "http://bench.example", sealer, files)
	if err != nil {
		b.Fatal(err)
	}
	floor := hw.routes()
	for _, nr := range requests {
		if !picked(nr) {
			continue
		}
		for _, h := range []struct {
			name    string
			handler http.Handler
		}{{"hiregraph", handler}, {"floor", floor}} {
			b.Run(nr.name+"/"+h.name, func(b *testing.B) {
				start := processCPU(b)
				for b.Loop() {
					q := nr.request
					if q.next != nil {
						q = q.next()
					}
					req := httptest.NewRequest(q.method, q.path, strings.NewReader(q.body))
					req.Header = q.header.Clone()
					rec := httptest.NewRecorder()
					h.handler.ServeHTTP(rec, req)
					if rec.Code/100 != 2 || strings.Contains(rec.Body.String(), `"errors"`) {
						b.Fatalf("%d %s", rec.Code, rec.Body)
					}
				}
				b.ReportMetric(float64(processCPU(b)-start)/float64(b.N), "cpu-ns/op")
			})
		}
	}
}

// processCPU is the CPU time this process has used: per request, unlike
// ns/op, it does not grow when other processes share the cores.
func processCPU(b *testing.B) time.Duration {
	var u syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &u); err != nil {
		b.Fatal(err)
	}
	return time.Duration(u.Utime.Nano() + u.Stime.Nano())
}

// TestFloorAppliesAsOurs sends a careers application, then its repeat,
// to each server and checks that the floor writes what ours does: the same
// rows in each table, the same events with the same actor and place in the
// feed, one stored file per file row, and a repeat that answers the first
// application and writes nothing.
func TestFloorAppliesAsOurs(t *testing.T) {
	slog.SetDefault(slog.New(slog.NewTextHandler(io.Discard, nil)))
	ctx := context.Background()
	sealer, err := auth.NewSealer(make([]byte, 32))
	if err != nil {
		t.Fatal(err)
	}
	url := os.Getenv("HIREGRAPH_BENCH_DATABASE_URL")
	if url == "" {
		url = "sqlite://" + filepath.Join(t.TempDir(), "bench.db")
	}
	db, err := database.Open(ctx, url)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	m, err := seed(ctx, db, sealer, 200, io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	files, cleanup, err := tempFileStore()
	if err != nil {
		t.Fatal(err)
	}
	defer cleanup()
	next, err := applyRequests(viewer.NewContext(ctx, viewer.ForService(m.CompanyUID)), db, m)
	if err != nil {
		t.Fatal(err)
	}
	hiregraph, err := unthrottled(db, sealer, "http://bench.example", files)
	if err != nil {
		t.Fatal(err)
	}
	floor, err := newHandWritten(db, "http://bench.example", sealer, files)
	if err != nil {
		t.Fatal(err)
	}
	servers := map[string]http.Handler{"hiregraph": hiregraph, "floor": floor.routes()}
	written := map[string]map[string]int{}
	events := map[string][]string{}
	for _, name := range []string{"hiregraph", "floor"} {
		q := next()
		before := tableCounts(t, db, files)
		var first string
		for try := range 2 {
			req := httptest.NewRequest(q.method, q.path, strings.NewReader(q.body))
			req.Header = q.header.Clone()
			rec := httptest.NewRecorder()
			servers[name].ServeHTTP(rec, req)
			var answer hwApplied
			if err := json.Unmarshal(rec.Body.Bytes(), &answer); rec.Code != http.StatusCreated || err != nil || answer.ApplicationUID == "" {
				t.Fatalf("%s, try %d: %d %s", name, try, rec.Code, rec.Body)
			}
			if try == 0 {
				first, written[name] = answer.ApplicationUID, tableCounts(t, db, files)
				for k, v := range before {
					written[name][k] -= v
				}
				events[name] = newEvents(t, db, m.CompanyUID, first)
			} else if answer.ApplicationUID != first {
				t.Errorf("%s answered a repeat with %s, not the first application %s", name, answer.ApplicationUID, first)
			}
		}
		after := tableCounts(t, db, files)
		for k, v := range after {
			if v != written[name][k]+before[k] {
				t.Errorf("%s: a repeat wrote %s", name, k)
			}
		}
	}
	if !reflect.DeepEqual(written["hiregraph"], written["floor"]) {
		t.Errorf("an application wrote\nours:  %v\nfloor: %v", written["hiregraph"], written["floor"])
	}
	if written["floor"]["stored files"] != 1 || written["floor"]["candidate_files"] != 1 {
		t.Errorf("the floor stored %v", written["floor"])
	}
	if !reflect.DeepEqual(events["hiregraph"], events["floor"]) {
		t.Errorf("an application's events\nours:  %v\nfloor: %v", events["hiregraph"], events["floor"])
	}
	t.Logf("an application wrote %v, events %q", written["floor"], events["floor"])
}

// tableCounts counts the rows an application writes, and the stored files.
func tableCounts(t *testing.T, db *database.DB, files *filestore.Store) map[string]int {
	t.Helper()
	out := map[string]int{}
	for _, table := range []string{"persons", "candidates", "candidate_steps", "applications", "candidate_files", "activities", "search_documents", "river_job"} {
		var n int
		if err := db.SQL.QueryRow("SELECT COUNT(*) FROM " + table).Scan(&n); err != nil {
			t.Fatal(err)
		}
		out[table] = n
	}
	err := files.StoredBefore(context.Background(), time.Now().Add(time.Hour), func(keys []string) error {
		out["stored files"] += len(keys)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// newEvents describes the events of the candidate of an application: verb,
// actor, object type, changes, and whether the feed's places rise.
func newEvents(t *testing.T, db *database.DB, company, applicationID string) []string {
	t.Helper()
	rows, err := db.SQL.Query(`SELECT a.verb, a.actor_type, COALESCE(a.actor_id, '-'), COALESCE(a.actor_name, '-'), a.object_type, a.changes, a.sequence
		FROM activities a JOIN applications p ON p.candidate_id = a.candidate_id WHERE p.id = '` + applicationID + `' ORDER BY a.sequence`)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	var out []string
	last := int64(0)
	for rows.Next() {
		var verb, actorType, actorID, actorName, objectType, changes string
		var seq int64
		if err := rows.Scan(&verb, &actorType, &actorID, &actorName, &objectType, &changes, &seq); err != nil {
			t.Fatal(err)
		}
		// The person's uid differs between the two; its field is enough.
		changes = personUID.ReplaceAllString(changes, "per_")
		out = append(out, fmt.Sprintf("%s by %s %q %q on %s: %s, rising %v", verb, actorType, actorID, actorName, objectType, changes, seq > last))
		last = seq
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	var status, source, current, completed, step, stay, file string
	err = db.SQL.QueryRow(`SELECT c.status, c.source, c.current_steps, c.completed_steps, s.name, cs.name || ' ' || cs.kind || ' ' || cs.entered_by,
			f.kind || ' ' || f.file_name || ' ' || f.content_type
		FROM applications p JOIN candidates c ON c.id = p.candidate_id JOIN pipeline_steps s ON s.id = c.current_step_id
		JOIN candidate_steps cs ON cs.candidate_id = c.id AND cs.step_id = s.id AND cs.time_left IS NULL
		JOIN candidate_files f ON f.candidate_id = c.id WHERE p.id = '`+applicationID+`'`).
		Scan(&status, &source, &current, &completed, &step, &stay, &file)
	if err != nil {
		t.Fatal(err)
	}
	out = append(out, fmt.Sprintf("candidate %s from %s at %s (stay %s), steps %s and %s, file %s", status, source, step, stay, current, completed, file))
	return append(out, searchDocument(t, db, applicationID), fileJob(t, db, applicationID))
}

// searchDocument describes the search document of an application's
// candidate: its lines after the person's (whose names differ), and
// whether its names and phone are those of its lines.
func searchDocument(t *testing.T, db *database.DB, applicationID string) string {
	t.Helper()
	var names, phone, content string
	err := db.SQL.QueryRow(`SELECT d.names, d.phone, d.content FROM search_documents d JOIN applications p ON p.candidate_id = d.candidate_id
		WHERE p.id = '`+applicationID+`'`).Scan(&names, &phone, &content)
	if err != nil {
		t.Fatal(err)
	}
	doc := recruiting.SearchDocument{Lines: strings.Split(content, "\n")}
	return fmt.Sprintf("search document of %d lines, then %q, names and phone its own %v", len(doc.Lines), doc.Lines[3:],
		names == doc.Names() && phone == doc.Phone())
}

// fileJob describes the job that reads the text of an application's file.
func fileJob(t *testing.T, db *database.DB, applicationID string) string {
	t.Helper()
	var fileID string
	err := db.SQL.QueryRow(`SELECT f.id FROM candidate_files f JOIN applications p ON p.candidate_id = f.candidate_id WHERE p.id = '` + applicationID + `'`).
		Scan(&fileID)
	if err != nil {
		t.Fatal(err)
	}
	rows, err := db.SQL.Query(`SELECT kind, queue, max_attempts, args FROM river_job`)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	var jobs []string
	for rows.Next() {
		var kind, queue, args string
		var attempts int
		if err := rows.Scan(&kind, &queue, &attempts, &args); err != nil {
			t.Fatal(err)
		}
		if strings.Contains(args, fileID) {
			jobs = append(jobs, fmt.Sprintf("job %s on %s, %d attempts", kind, queue, attempts))
		}
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	return fmt.Sprintf("the file's jobs %q", jobs)
}

var personUID = regexp.MustCompile(`per_[0-9A-Z]+`)

// TestSelectWorkloads checks --workloads: the workloads whose names match
// are kept in order, and a pattern matching none is refused with the
// names to choose from.
func TestSelectWorkloads(t *testing.T) {
	all := []namedRequest{{name: "POST /graphql search"}, {name: "POST /graphql reports sources"}, {name: flatRead}, {name: moveWrite}}
	kept, err := selectWorkloads(all, regexp.MustCompile("(?i)SEARCH|reports"))
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, nr := range kept {
		names = append(names, nr.name)
	}
	if want := []string{"POST /graphql search", "POST /graphql reports sources"}; !reflect.DeepEqual(names, want) {
		t.Errorf("kept %q, want %q", names, want)
	}
	if kept, _ := selectWorkloads(all, nil); len(kept) != len(all) {
		t.Errorf("no pattern kept %d of %d workloads", len(kept), len(all))
	}
	if _, err := selectWorkloads(all, regexp.MustCompile("board")); err == nil || !strings.Contains(err.Error(), flatRead) {
		t.Errorf("a pattern matching nothing: %v, want an error naming the workloads", err)
	}
}
