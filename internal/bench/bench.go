// Package bench measures Hiregraph against a hand-written database/sql
// "floor" service on the same data: it seeds a company with many
// candidates, starts both servers on loopback, checks that they answer the
// same JSON, then loads each endpoint at each concurrency and prints
// requests a second, latency percentiles, CPU cores used, the ratio between
// the two and the Go heap.
package bench

import (
	"bytes"
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"mime/multipart"
	"net"
	"net/http"
	"os"
	"reflect"
	"regexp"
	"runtime"
	"slices"
	"strings"
	"sync/atomic"
	"text/tabwriter"
	"time"

	"github.com/hiregraph/hiregraph/ent/candidate"
	"github.com/hiregraph/hiregraph/ent/pipelinestep"
	"github.com/hiregraph/hiregraph/ent/position"
	"github.com/hiregraph/hiregraph/internal/auth"
	"github.com/hiregraph/hiregraph/internal/database"
	"github.com/hiregraph/hiregraph/internal/demo"
	"github.com/hiregraph/hiregraph/internal/filestore"
	"github.com/hiregraph/hiregraph/internal/ratelimit"
	"github.com/hiregraph/hiregraph/internal/server"
	"github.com/hiregraph/hiregraph/internal/viewer"
	"github.com/hiregraph/hiregraph/recruiting"
)

// Config says what to measure.
type Config struct {
	// DatabaseURL is an empty database (sqlite://… or postgres://…), or one
	// an earlier bench seeded with the same Candidates, which is reused.
	DatabaseURL   string
	Candidates    int           // candidates to seed
	Duration      time.Duration // load time per endpoint, concurrency and side
	Concurrencies []int         // parallel clients, one run each
	MaxRequests   int           // bound on requests per run
	// Rounds is how many turns each side gets within Duration (see
	// inTurns); 0 or 1 runs each side once.
	Rounds int
	// ProfileDir, when set, receives a CPU and an allocation profile of
	// each server's run of each endpoint at the highest concurrency.
	ProfileDir string
	// Workloads, when set, picks the workloads measured by name (a 1M run
	// of search and reports only); the rest are skipped.
	Workloads *regexp.Regexp
}

// DefaultConcurrencies are the client counts measured when none are given.
var DefaultConcurrencies = []int{1, 8, 32}

// Row is one line of the report: one endpoint at one concurrency.
type Row struct {
	Endpoint           string
	Concurrency        int
	Hiregraph, Handler result
	// HeapInUse is the Go heap in use after the row's runs (after a GC).
	HeapInUse uint64
}

// Ratio is Hiregraph's throughput as a share of the floor handler's.
func (r Row) Ratio() float64 { return r.Hiregraph.perSecond() / r.Handler.perSecond() }

// Run seeds, checks and measures, writing progress and the table to out.
func Run(ctx context.Context, cfg Config, out io.Writer) ([]Row, error) {
	if len(cfg.Concurrencies) == 0 {
		cfg.Concurrencies = DefaultConcurrencies
	}
	// A fixed key, so that a database an earlier run seeded opens its
	// sealed demo API key again when it is reused: bench data is
	// throwaway, and a random key made every reuse fail.
	key := sha256.Sum256([]byte("hiregraph bench"))
	sealer, err := auth.NewSealer(key[:])
	if err != nil {
		return nil, err
	}
	db, err := database.Open(ctx, cfg.DatabaseURL)
	if err != nil {
		return nil, err
	}
	defer db.Close()

	m, err := seed(ctx, db, sealer, cfg.Candidates, out)
	if err != nil {
		return nil, fmt.Errorf("seeding: %w", err)
	}
	if err := buildSearchIndex(ctx, db, out); err != nil {
		return nil, err
	}
	fmt.Fprintf(out, "Go heap in use after seeding: %.1f MiB; %d cores (GOMAXPROCS)\n", mib(heapInUse()), runtime.GOMAXPROCS(0))

	ln1, ln2, err := listeners()
	if err != nil {
		return nil, err
	}
	publicURL := "http://" + ln1.Addr().String()
	files, cleanup, err := tempFileStore()
	if err != nil {
		return nil, err
	}
	defer cleanup()
	handler, err := unthrottled(db, sealer, publicURL, files)
	if err != nil {
		return nil, err
	}
	floor, err := newHandWritten(db, publicURL, sealer, files)
	if err != nil {
		return nil, err
	}
	hg := &http.Server{Handler: handler}
	hw := &http.Server{Handler: floor.routes()}
	go hg.Serve(ln1)
	go hw.Serve(ln2)
	defer hg.Close()
	defer hw.Close()

	requests, err := benchRequests(ctx, db, sealer, m, cfg.Candidates)
	if err != nil {
		return nil, err
	}
	requests, err = selectWorkloads(requests, cfg.Workloads)
	if err != nil {
		return nil, err
	}
	client := &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: slices.Max(cfg.Concurrencies) * 2}}
	hgURL, hwURL := publicURL, "http://"+ln2.Addr().String()
	var rows []Row
	for _, nr := range requests {
		if err := sameAnswer(ctx, client, nr.request, hgURL, hwURL); err != nil {
			return nil, fmt.Errorf("%s: %w", nr.name, err)
		}
		for _, c := range cfg.Concurrencies {
			row := Row{Endpoint: nr.name, Concurrency: c}
			profiled := cfg.ProfileDir != "" && c == slices.Max(cfg.Concurrencies)
			if profiled {
				row.Hiregraph, row.Handler, err = profiledRun(ctx, client, hgURL, hwURL, nr, c, cfg)
			} else {
				row.Hiregraph, row.Handler, err = inTurns(ctx, client, hgURL, hwURL, nr.request, c, cfg)
			}
			if err != nil {
				return nil, err
			}
			row.HeapInUse = heapInUse()
			rows = append(rows, row)
		}
	}
	printTable(out, rows)
	fmt.Fprintf(out, "cores: CPU time of this process (both servers, the load generator; not PostgreSQL) / wall time.\n")
	read, hasRead := named(requests, flatRead)
	write, hasWrite := named(requests, moveWrite)
	if !hasRead || !hasWrite {
		return rows, nil // --workloads left them out
	}
	for _, c := range cfg.Concurrencies {
		w, err := besideWriters(ctx, client, [2]string{hgURL, hwURL}, read, write, c, cfg)
		if err != nil {
			return nil, fmt.Errorf("reads beside writers: %w", err)
		}
		printWriterRow(out, flatRead, c, w)
	}
	return rows, nil
}

func named(requests []namedRequest, name string) (request, bool) {
	for _, nr := range requests {
		if nr.name == name {
			return nr.request, true
		}
	}
	return request{}, false
}

// selectWorkloads keeps the requests whose names match pick (all when
// nil), and refuses a pick that matches none: a run measuring nothing is
// a typo.
func selectWorkloads(requests []namedRequest, pick *regexp.Regexp) ([]namedRequest, error) {
	if pick == nil {
		return requests, nil
	}
	var names []string
	var kept []namedRequest
	for _, nr := range requests {
		names = append(names, nr.name)
		if pick.MatchString(nr.name) {
			kept = append(kept, nr)
		}
	}
	if len(kept) == 0 {
		return nil, fmt.Errorf("--workloads %q matches none of: %s", pick, strings.Join(names, "; "))
	}
	return kept, nil
}

// concurrentWriters is how many clients write (move candidates of the
// same company) while besideWriters measures a read.
const concurrentWriters = 50

// writerRow is a read measured alone and beside concurrentWriters writers,
// on each server (Hiregraph, floor), and the writes done meanwhile.
type writerRow struct{ alone, beside, writes [2]result }

// besideWriters loads read at concurrency c on each server in turns, alone
// and then with concurrentWriters clients sending write to the same server.
func besideWriters(ctx context.Context, client *http.Client, urls [2]string, read, write request, c int, cfg Config) (writerRow, error) {
	rounds := max(cfg.Rounds, 1)
	slice, most := cfg.Duration/time.Duration(rounds), max(cfg.MaxRequests/rounds, 1)
	var alone, beside, writes [2]sample
	for range rounds {
		for side, url := range urls {
			s, err := load(ctx, client, url, read, c, slice, most)
			if err != nil {
				return writerRow{}, err
			}
			alone[side].add(s)
			var w sample
			var werr error
			done := make(chan struct{})
			go func() {
				defer close(done)
				w, werr = load(ctx, client, url, write, concurrentWriters, slice, most)
			}()
			s, err = load(ctx, client, url, read, c, slice, most)
			<-done
			if err = errors.Join(err, werr); err != nil {
				return writerRow{}, err
			}
			beside[side].add(s)
			writes[side].add(w)
		}
	}
	var out writerRow
	for side := range urls {
		out.alone[side], out.beside[side], out.writes[side] = alone[side].result(), beside[side].result(), writes[side].result()
	}
	return out, nil
}

func printWriterRow(out io.Writer, read string, c int, w writerRow) {
	for side, name := range []string{"hiregraph", "floor"} {
		fmt.Fprintf(out, "%s c%d beside %d writers, %s: %.0f req/s alone, %.0f beside (kept %.2f, p99 %s -> %s), %.0f moves/s\n",
			read, c, concurrentWriters, name, w.alone[side].perSecond(), w.beside[side].perSecond(),
			w.beside[side].perSecond()/w.alone[side].perSecond(), ms(w.alone[side].p99), ms(w.beside[side].p99), w.writes[side].perSecond())
	}
}

// inTurns loads the two servers in turns, Rounds turns each of
// Duration/Rounds, in the order Hiregraph, floor, floor, Hiregraph, …: a
// machine whose speed drifts, or that other work slows in bursts, weighs on
// both alike, where one run after the other gave its slow moment to one
// side.
func inTurns(ctx context.Context, client *http.Client, hgURL, hwURL string, q request, c int, cfg Config) (hg, hw result, err error) {
	rounds := max(cfg.Rounds, 1)
	slice, most := cfg.Duration/time.Duration(rounds), max(cfg.MaxRequests/rounds, 1)
	var ours, floor sample
	for i := range 2 * rounds {
		url, into := hgURL, &ours
		if (i+1)/2%2 == 1 {
			url, into = hwURL, &floor
		}
		s, err := load(ctx, client, url, q, c, slice, most)
		if err != nil {
			return result{}, result{}, err
		}
		into.add(s)
	}
	return ours.result(), floor.result(), nil
}

// profiledRun loads Hiregraph, then the floor, each for the whole Duration
// under a profile of its own: a CPU profile cannot pause for the other's
// turns. The floor's profile is the base that shows what our code adds
// (go tool pprof -diff_base NAME-floor.cpu.pprof NAME.cpu.pprof).
func profiledRun(ctx context.Context, client *http.Client, hgURL, hwURL string, nr namedRequest, c int, cfg Config) (hg, hw result, err error) {
	ours, err := loadProfiled(ctx, client, hgURL, nr.request, c, cfg, nr.name)
	if err != nil {
		return result{}, result{}, err
	}
	floor, err := loadProfiled(ctx, client, hwURL, nr.request, c, cfg, nr.name+" floor")
	if err != nil {
		return result{}, result{}, err
	}
	return ours.result(), floor.result(), nil
}

func loadProfiled(ctx context.Context, client *http.Client, url string, q request, c int, cfg Config, name string) (sample, error) {
	stop, err := startProfile(cfg.ProfileDir, name)
	if err != nil {
		return sample{}, err
	}
	s, err := load(ctx, client, url, q, c, cfg.Duration, cfg.MaxRequests)
	return s, errors.Join(err, stop())
}

type namedRequest struct {
	name string
	request
}

// flatRead and moveWrite are the read and the write besideWriters pairs.
const (
	flatRead  = "POST /graphql candidates(first: 100)"
	moveWrite = "POST /graphql moveCandidate"
)

func benchRequests(ctx context.Context, db *database.DB, sealer *auth.Sealer, m *demo.Manifest, n int) ([]namedRequest, error) {
	auth := http.Header{"Authorization": {"Bearer " + m.APIKey}}
	gql := http.Header{"Authorization": {"Bearer " + m.APIKey}, "Content-Type": {"application/json"}}
	vctx := viewer.NewContext(ctx, viewer.ForService(m.CompanyUID))
	middle, err := db.Client.Candidate.Query().Order(candidate.ByTimeCreated(), candidate.ByID()).Offset(n / 2).First(vctx)
	if err != nil {
		return nil, fmt.Errorf("finding a deep cursor: %w", err)
	}
	deep := recruiting.Cursor{TimeCreated: middle.TimeCreated, ID: middle.ID}.Seal(sealer, "candidates")
	// The second bench position's board: the first one's candidates are
	// all rejected (every fifth candidate is, and it gets every N-th, N
	// the number of positions, a multiple of five),
	// so none has an interview.
	first, err := db.Client.Position.Query().Where(position.NameHasPrefix(benchPositionPrefix)).Order(position.ByName()).Offset(1).First(vctx)
	if err != nil {
		return nil, fmt.Errorf("finding a board: %w", err)
	}
	targets, err := db.Client.Candidate.Query().Where(candidate.HasPositionWith(position.NameHasPrefix(benchPositionPrefix)),
		candidate.StatusEQ(candidate.StatusInProgress)).Order(candidate.ByID()).Limit(writeTargets).IDs(vctx)
	if err != nil {
		return nil, fmt.Errorf("finding candidates to write to: %w", err)
	}
	moves, err := moveRequests(vctx, db, gql)
	if err != nil {
		return nil, err
	}
	applies, err := applyRequests(vctx, db, m)
	if err != nil {
		return nil, err
	}
	nested, _ := json.Marshal(map[string]string{"query": nestedQuery})
	flat, _ := json.Marshal(map[string]string{"query": flatQuery})
	board, _ := json.Marshal(map[string]any{"query": boardQuery, "variables": map[string]string{"p": first.ID}})
	requests := []namedRequest{
		{"GET /v1/candidates?limit=100", request{method: http.MethodGet, path: "/v1/candidates?limit=100", header: auth}},
		{"GET /v1/candidates (deep page)", request{method: http.MethodGet, path: "/v1/candidates?limit=100&cursor=" + deep, header: auth}},
		{"GET /v1/openings?limit=100", request{method: http.MethodGet, path: "/v1/openings?limit=100", header: auth}},
		{"GET careers list", request{method: http.MethodGet, path: "/careers-api/2.0/company/" + m.CompanyUID + "/positions?token=" + m.CareersToken, header: http.Header{}}},
		{"POST /graphql nested", request{method: http.MethodPost, path: "/graphql", body: string(nested), header: gql}},
		{flatRead, request{method: http.MethodPost, path: "/graphql", body: string(flat), header: gql}},
		{"POST /graphql pipeline board", request{method: http.MethodPost, path: "/graphql", body: string(board), header: gql}},
	}
	requests = append(requests, reportsNamedRequests(gql)...)
	return append(requests,
		searchNamedRequest(gql),
		misspeltSearchNamedRequest(gql),
		namedRequest{moveWrite, request{next: moves}},
		namedRequest{"POST /v1/candidates/{uid}/notes", request{next: roundRobin(targets, func(id string) request {
			return request{method: http.MethodPost, path: "/v1/candidates/" + id + "/notes", body: noteBody, header: gql}
		})}},
		namedRequest{"POST careers apply (resume)", request{next: applies}},
	), nil
}

// applyRequests sends careers applications as the careers page does
// (multipart/form-data with a resume) to the published bench positions in
// turns, each from an applicant never seen before: a repeat within
// recruiting.RepeatWindow would only read. The addresses start with a
// random tag, so a database an earlier bench wrote to has none of them.
func applyRequests(ctx context.Context, db *database.DB, m *demo.Manifest) (func() request, error) {
	positions, err := db.Client.Position.Query().Where(position.NameHasPrefix(benchPositionPrefix), position.IsPublished(true),
		position.StatusEQ(position.StatusOpen)).Order(position.ByName()).IDs(ctx)
	if err != nil || len(positions) == 0 {
		return nil, errors.Join(err, errors.New("finding positions to apply to: none is published and open"))
	}
	tag := rand.Text()[:8]
	consent := recruiting.ConsentText(demo.DefaultCompany)
	var n atomic.Uint64
	return func() request {
		i := n.Add(1) - 1
		var body bytes.Buffer
		w := multipart.NewWriter(&body)
		for _, f := range [][2]string{{"first_name", "Ada"}, {"last_name", fmt.Sprintf("Applicant %d", i)},
			{"email", fmt.Sprintf("%s-%d@apply.bench.example", tag, i)}, {"phone", "+49 30 1234567"},
			{"consent", "true"}, {"consent_text", consent}} {
			_ = w.WriteField(f[0], f[1])
		}
		part, _ := w.CreateFormFile("resume", "resume.pdf")
		_, _ = io.WriteString(part, resumePDF)
		_ = w.Close()
		return request{method: http.MethodPost, body: body.String(), header: http.Header{"Content-Type": {w.FormDataContentType()}},
			path: "/careers-api/2.0/company/" + m.CompanyUID + "/positions/" + positions[i%uint64(len(positions))] + "/apply?token=" + m.CareersToken}
	}, nil
}

// writeTargets is how many candidates the writes take turns on: enough
// that concurrent writers seldom meet on one row, as across a company.
const writeTargets = 2000

// roundRobin gives a request for each of ids in turn, from any goroutine.
func roundRobin(ids []string, of func(id string) request) func() request {
	var n atomic.Uint64
	return func() request { return of(ids[(n.Add(1)-1)%uint64(len(ids))]) }
}

// moveRequests moves writeTargets candidates of the first step (Applied)
// to the second (Screen) and back in turns, so every round finds the same
// data but for the stays the moves add, on both servers alike.
func moveRequests(ctx context.Context, db *database.DB, header http.Header) (func() request, error) {
	cands, err := db.Client.Candidate.Query().Where(candidate.StatusEQ(candidate.StatusInProgress),
		candidate.HasCurrentStepWith(pipelinestep.Rank(0), pipelinestep.HasPositionWith(position.NameHasPrefix(benchPositionPrefix)))).
		Order(candidate.ByID()).Limit(writeTargets).All(ctx)
	if err != nil {
		return nil, fmt.Errorf("finding candidates to move: %w", err)
	}
	steps, err := db.Client.PipelineStep.Query().Where(pipelinestep.Rank(1), pipelinestep.HasPositionWith(position.NameHasPrefix(benchPositionPrefix))).All(ctx)
	if err != nil {
		return nil, fmt.Errorf("finding steps to move to: %w", err)
	}
	second := map[string]string{}
	for _, st := range steps {
		second[*st.PositionID] = st.ID
	}
	var n atomic.Uint64
	return func() request {
		i := n.Add(1) - 1
		c := cands[i%uint64(len(cands))]
		to := second[c.PositionID]
		if i/uint64(len(cands))%2 == 1 {
			to = *c.CurrentStepID
		}
		body, _ := json.Marshal(map[string]any{"query": moveQuery, "variables": map[string]string{"id": c.ID, "to": to}})
		return request{method: http.MethodPost, path: "/graphql", body: string(body), header: header}
	}, nil
}

// sameAnswer checks that both servers answer q with the same status and
// JSON value, or for a write (whose ids and times differ) the same shape.
func sameAnswer(ctx context.Context, client *http.Client, q request, a, b string) error {
	sa, ra, err := q.nth().do(ctx, client, a)
	if err != nil {
		return err
	}
	sb, rb, err := q.nth().do(ctx, client, b)
	if err != nil {
		return err
	}
	if sa != sb {
		return fmt.Errorf("hiregraph answered status %d, the hand-written handler %d", sa, sb)
	}
	var va, vb any
	if err := json.Unmarshal(ra, &va); err != nil {
		return fmt.Errorf("hiregraph answered no JSON: %w", err)
	}
	if err := json.Unmarshal(rb, &vb); err != nil {
		return fmt.Errorf("the hand-written handler answered no JSON: %w", err)
	}
	if q.next != nil {
		va, vb = shapeOf(va), shapeOf(vb)
	}
	if !reflect.DeepEqual(va, vb) {
		return fmt.Errorf("the answers differ:\nhiregraph:    %.600s\nhand-written: %.600s", ra, rb)
	}
	return nil
}

// shapeOf is a JSON value with every string, number and boolean replaced
// by its type's name.
func shapeOf(v any) any {
	switch v := v.(type) {
	case map[string]any:
		out := make(map[string]any, len(v))
		for k, e := range v {
			out[k] = shapeOf(e)
		}
		return out
	case []any:
		out := make([]any, len(v))
		for i, e := range v {
			out[i] = shapeOf(e)
		}
		return out
	case nil:
		return nil
	}
	return fmt.Sprintf("%T", v)
}

func listeners() (net.Listener, net.Listener, error) {
	a, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return nil, nil, err
	}
	b, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		a.Close()
		return nil, nil, err
	}
	return a, b, nil
}

func heapInUse() uint64 {
	runtime.GC()
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	return ms.HeapInuse
}

func printTable(out io.Writer, rows []Row) {
	tw := tabwriter.NewWriter(out, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "endpoint\tc\thiregraph req/s\tp50\tp99\tcores\tfloor req/s\tp50\tp99\tcores\tratio\tGo heap\t")
	for _, r := range rows {
		fmt.Fprintf(tw, "%s\t%d\t%.0f\t%s\t%s\t%.1f\t%.0f\t%s\t%s\t%.1f\t%.2f\t%.1f MiB\t\n", r.Endpoint, r.Concurrency,
			r.Hiregraph.perSecond(), ms(r.Hiregraph.p50), ms(r.Hiregraph.p99), r.Hiregraph.cores(),
			r.Handler.perSecond(), ms(r.Handler.p50), ms(r.Handler.p99), r.Handler.cores(), r.Ratio(), mib(r.HeapInUse))
	}
	tw.Flush()
}

func ms(d time.Duration) string { return fmt.Sprintf("%.2fms", float64(d.Microseconds())/1000) }

func mib(b uint64) float64 { return float64(b) / (1 << 20) }

// unthrottled is Hiregraph's handler with rate limits out of reach, since
// bench measures throughput, not the limiter refusing it.
func unthrottled(db *database.DB, sealer *auth.Sealer, publicURL string, files *filestore.Store) (http.Handler, error) {
	free := ratelimit.Rate{PerMinute: 1 << 30, Burst: 1 << 30}
	return server.New(server.Config{DB: db, Sealer: sealer, PublicURL: publicURL, Files: files,
		APIRatePerMinute: 1 << 30, APIBurst: 1 << 30, CareersRatePerMinute: 1 << 30, CareersBurst: 1 << 30,
		ApplyAddressRate: free, ApplyCompanyRate: free})
}

// tempFileStore is a file store in a temporary directory, which cleanup
// removes with the applications' files.
func tempFileStore() (*filestore.Store, func(), error) {
	dir, err := os.MkdirTemp("", "hiregraph-bench-files-")
	if err != nil {
		return nil, nil, err
	}
	u, err := filestore.DirURL(dir)
	if err != nil {
		return nil, nil, errors.Join(err, os.RemoveAll(dir))
	}
	files, err := filestore.Open(u, 0)
	if err != nil {
		return nil, nil, errors.Join(err, os.RemoveAll(dir))
	}
	return files, func() { _ = files.Close(); _ = os.RemoveAll(dir) }, nil
}
