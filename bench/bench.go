// Package bench measures Hiregraph against a hand-written database/sql
// service on the same data: it seeds a company with many candidates, starts
// both servers on loopback, checks that they answer the same JSON, then
// loads each endpoint in turn and prints requests a second, latency
// percentiles and the ratio between the two.
package bench

import (
	"context"
	"crypto/rand"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"reflect"
	"runtime"
	"text/tabwriter"
	"time"

	"github.com/hiregraph/hiregraph/auth"
	"github.com/hiregraph/hiregraph/database"
	"github.com/hiregraph/hiregraph/demo"
	"github.com/hiregraph/hiregraph/ent/candidate"
	"github.com/hiregraph/hiregraph/recruiting"
	"github.com/hiregraph/hiregraph/server"
	"github.com/hiregraph/hiregraph/viewer"
)

// Config says what to measure.
type Config struct {
	DatabaseURL string        // an empty database (sqlite://… or postgres://…)
	Candidates  int           // candidates to seed
	Duration    time.Duration // load time per endpoint and side
	Concurrency int           // parallel clients
	MaxRequests int           // bound on requests per endpoint and side
}

// Row is one line of the report.
type Row struct {
	Endpoint           string
	Hiregraph, Handler result
}

// Ratio is Hiregraph's throughput as a share of the hand-written handler's.
func (r Row) Ratio() float64 { return r.Hiregraph.perSecond() / r.Handler.perSecond() }

// Run seeds, checks and measures, writing progress and the table to out.
func Run(ctx context.Context, cfg Config, out io.Writer) ([]Row, error) {
	key := make([]byte, 32)
	if _, err := rand.Read(key); err != nil {
		return nil, err
	}
	sealer, err := auth.NewSealer(key)
	if err != nil {
		return nil, err
	}
	db, err := database.Open(ctx, cfg.DatabaseURL)
	if err != nil {
		return nil, err
	}
	defer db.Close()

	start := time.Now()
	m, err := seed(ctx, db, sealer, cfg.Candidates)
	if err != nil {
		return nil, fmt.Errorf("seeding: %w", err)
	}
	if err := db.Analyze(ctx); err != nil {
		return nil, err
	}
	fmt.Fprintf(out, "seeded %d candidates on %s in %s\n", cfg.Candidates, db.Dialect, time.Since(start).Round(time.Millisecond))
	before := heapInUse()

	ln1, ln2, err := listeners()
	if err != nil {
		return nil, err
	}
	publicURL := "http://" + ln1.Addr().String()
	hg := &http.Server{Handler: server.New(server.Config{DB: db, Sealer: sealer, PublicURL: publicURL,
		APIRatePerMinute: 1 << 30, APIBurst: 1 << 30, CareersRatePerMinute: 1 << 30, CareersBurst: 1 << 30})}
	hw := &http.Server{Handler: (&handWritten{db: db.SQL, dialect: db.Dialect, publicURL: publicURL}).routes()}
	go hg.Serve(ln1)
	go hw.Serve(ln2)
	defer hg.Close()
	defer hw.Close()

	requests, err := benchRequests(ctx, db, m, cfg.Candidates)
	if err != nil {
		return nil, err
	}
	client := &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: cfg.Concurrency * 2}}
	hgURL, hwURL := publicURL, "http://"+ln2.Addr().String()
	var rows []Row
	for _, nr := range requests {
		if err := sameAnswer(ctx, client, nr.request, hgURL, hwURL); err != nil {
			return nil, fmt.Errorf("%s: %w", nr.name, err)
		}
		row := Row{Endpoint: nr.name}
		if row.Hiregraph, err = load(ctx, client, hgURL, nr.request, cfg.Concurrency, cfg.Duration, cfg.MaxRequests); err != nil {
			return nil, err
		}
		if row.Handler, err = load(ctx, client, hwURL, nr.request, cfg.Concurrency, cfg.Duration, cfg.MaxRequests); err != nil {
			return nil, err
		}
		rows = append(rows, row)
	}
	after := heapInUse()
	printTable(out, rows)
	fmt.Fprintf(out, "Go heap in use: %.1f MiB after seeding, %.1f MiB after the load (%d candidates)\n",
		float64(before)/(1<<20), float64(after)/(1<<20), cfg.Candidates)
	return rows, nil
}

type namedRequest struct {
	name string
	request
}

func benchRequests(ctx context.Context, db *database.DB, m *demo.Manifest, n int) ([]namedRequest, error) {
	auth := http.Header{"Authorization": {"Bearer " + m.APIKey}}
	gql := http.Header{"Authorization": {"Bearer " + m.APIKey}, "Content-Type": {"application/json"}}
	vctx := viewer.NewContext(ctx, viewer.Viewer{CompanyID: m.CompanyUID, Scopes: viewer.AllScopes})
	middle, err := db.Client.Candidate.Query().Order(candidate.ByTimeCreated(), candidate.ByID()).Offset(n / 2).First(vctx)
	if err != nil {
		return nil, fmt.Errorf("finding a deep cursor: %w", err)
	}
	deep := recruiting.Cursor{TimeCreated: middle.TimeCreated, ID: middle.ID}.Encode()
	body, _ := json.Marshal(map[string]string{"query": nestedQuery})
	return []namedRequest{
		{"GET /v1/candidates?limit=100", request{method: http.MethodGet, path: "/v1/candidates?limit=100", header: auth}},
		{"GET /v1/candidates (deep page)", request{method: http.MethodGet, path: "/v1/candidates?limit=100&cursor=" + deep, header: auth}},
		{"GET /v1/openings?limit=100", request{method: http.MethodGet, path: "/v1/openings?limit=100", header: auth}},
		{"GET careers list", request{method: http.MethodGet, path: "/careers-api/2.0/company/" + m.CompanyUID + "/positions?token=" + m.CareersToken, header: http.Header{}}},
		{"POST /graphql nested", request{method: http.MethodPost, path: "/graphql", body: string(body), header: gql}},
	}, nil
}

// sameAnswer checks that both servers answer q with the same JSON value.
func sameAnswer(ctx context.Context, client *http.Client, q request, a, b string) error {
	ra, err := q.do(ctx, client, a)
	if err != nil {
		return err
	}
	rb, err := q.do(ctx, client, b)
	if err != nil {
		return err
	}
	var va, vb any
	if err := json.Unmarshal(ra, &va); err != nil {
		return fmt.Errorf("hiregraph answered no JSON: %w", err)
	}
	if err := json.Unmarshal(rb, &vb); err != nil {
		return fmt.Errorf("the hand-written handler answered no JSON: %w", err)
	}
	if !reflect.DeepEqual(va, vb) {
		return fmt.Errorf("the answers differ:\nhiregraph:    %.600s\nhand-written: %.600s", ra, rb)
	}
	return nil
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
	fmt.Fprintln(tw, "endpoint\thiregraph req/s\tp50\tp99\thand-written req/s\tp50\tp99\tratio\t")
	for _, r := range rows {
		fmt.Fprintf(tw, "%s\t%.0f\t%s\t%s\t%.0f\t%s\t%s\t%.2f\t\n", r.Endpoint,
			r.Hiregraph.perSecond(), ms(r.Hiregraph.p50), ms(r.Hiregraph.p99),
			r.Handler.perSecond(), ms(r.Handler.p50), ms(r.Handler.p99), r.Ratio())
	}
	tw.Flush()
}

func ms(d time.Duration) string { return fmt.Sprintf("%.2fms", float64(d.Microseconds())/1000) }
