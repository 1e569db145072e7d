// Package hiregraphtest starts a real Hiregraph server for tests: a fresh
// database (SQLite in a temp dir, or a private PostgreSQL schema when
// HIREGRAPH_TEST_DATABASE_URL is set), the demo company seeded, and an
// httptest server in front of the full handler.
package hiregraphtest

import (
	"bytes"
	"context"
	"crypto/rand"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"net/netip"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/hiregraph/hiregraph/internal/auth"
	"github.com/hiregraph/hiregraph/internal/database"
	"github.com/hiregraph/hiregraph/internal/demo"
	"github.com/hiregraph/hiregraph/internal/filestore"
	"github.com/hiregraph/hiregraph/internal/hiregraphtest/testdb"
	"github.com/hiregraph/hiregraph/internal/server"
	"github.com/hiregraph/hiregraph/internal/webhook"
	"github.com/hiregraph/hiregraph/recruiting"
)

// loopbackNets are the loopback networks, where tests run evaluation
// partners.
var loopbackNets = []netip.Prefix{netip.MustParsePrefix("127.0.0.0/8"), netip.MustParsePrefix("::1/128")}

// Env is one running server with its own database.
type Env struct {
	T      testing.TB
	Server *httptest.Server
	DB     *database.DB
	Sealer *auth.Sealer
	// Demo is the manifest of the seeded demo company.
	Demo *demo.Manifest
	// Clock is the time the server sees; tests may move it.
	Clock *Clock
	// FilesDir is the directory of the server's file store (StoredFiles).
	FilesDir string
}

// New starts a server for t and stops it when t ends.
func New(t testing.TB) *Env {
	t.Helper()
	return NewWithConfig(t, nil)
}

// NewWithConfig starts a server whose config adjust may change first (rate
// limits, say).
func NewWithConfig(t testing.TB, adjust func(*server.Config)) *Env {
	t.Helper()
	return NewOn(t, databaseURL(t), adjust)
}

// NewOn starts a server as NewWithConfig does, on the database at url (one
// the test reaches through a proxy it can cut, say).
func NewOn(t testing.TB, url string, adjust func(*server.Config)) *Env {
	t.Helper()
	// Request logs would drown test output; warnings and errors still show.
	slog.SetDefault(slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: slog.LevelWarn})))
	ctx := context.Background()
	db, err := database.Open(ctx, url)
	if err != nil {
		t.Fatalf("opening test database: %v", err)
	}
	t.Cleanup(func() { db.Close() })
	key := make([]byte, 32)
	if _, err := rand.Read(key); err != nil {
		t.Fatal(err)
	}
	sealer, err := auth.NewSealer(key)
	if err != nil {
		t.Fatal(err)
	}
	m, err := demo.Seed(ctx, db.Client, sealer, demo.DefaultCompany)
	if err != nil {
		t.Fatalf("seeding demo: %v", err)
	}
	env := Serve(t, db, sealer, adjust)
	env.Demo = m
	return env
}

// Serve starts a server on a database t has opened already (one upgraded
// from an earlier release, say); Demo is left nil.
func Serve(t testing.TB, db *database.DB, sealer *auth.Sealer, adjust func(*server.Config)) *Env {
	t.Helper()
	env := &Env{T: t, DB: db, Sealer: sealer, Clock: &Clock{}}
	env.Server = httptest.NewUnstartedServer(nil)
	cfg := server.Config{DB: db, Sealer: sealer, Now: env.Clock.Now, PublicURL: "http://" + env.Server.Listener.Addr().String()}
	// Tests run evaluation partners on loopback (httptest), which the
	// server refuses to call unless allowed.
	cfg.PartnerAllowNets = loopbackNets
	// Tests receive webhooks on httptest servers, which speak plain http:
	// allowed on loopback here, as an operator allows it for development.
	cfg.WebhookAllowHTTP = loopbackNets
	// Files go to a directory of the test's, as they go to the data
	// directory by default.
	env.FilesDir = filepath.Join(t.TempDir(), "files")
	filesURL, err := filestore.DirURL(env.FilesDir)
	if err != nil {
		t.Fatal(err)
	}
	if cfg.Files, err = filestore.Open(filesURL, 0); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cfg.Files.Close() })
	if adjust != nil {
		adjust(&cfg)
	}
	if env.Server.Config.Handler, err = server.New(cfg); err != nil {
		t.Fatal(err)
	}
	env.Server.Start()
	t.Cleanup(env.Server.Close)
	return env
}

// RequestBaseURL is a config adjustment (NewWithConfig) that leaves the
// public URL unset, as a server run without --public-url: the links of a
// response are built on the scheme and host its request reached, named by
// X-Forwarded-Proto and -Host only when it came from trusted.
func RequestBaseURL(trusted ...netip.Prefix) func(*server.Config) {
	return func(cfg *server.Config) {
		cfg.PublicURL = ""
		cfg.TrustedProxies = trusted
	}
}

// URL returns the absolute URL of path on the test server.
func (e *Env) URL(path string) string { return e.Server.URL + path }

// databaseURL gives each test a database of its own.
func databaseURL(t testing.TB) string {
	pg := strings.TrimSpace(os.Getenv(testdb.Env))
	if pg == "" {
		return migratedSQLite(t)
	}
	return migratedPostgres(t, pg)
}

// sqliteTemplate is an SQLite database with every migration applied, built
// once per test process: applying the migrations takes most of a second, a
// copy a few milliseconds. database.Open still checks the copy's migrations.
var sqliteTemplate struct {
	once  sync.Once
	bytes []byte
	err   error
}

// migratedSQLite writes a copy of the migrated template into t's temp dir
// and returns its URL.
func migratedSQLite(t testing.TB) string {
	t.Helper()
	sqliteTemplate.once.Do(func() { sqliteTemplate.bytes, sqliteTemplate.err = buildSQLiteTemplate() })
	if sqliteTemplate.err != nil {
		t.Fatalf("building the migrated SQLite template: %v", sqliteTemplate.err)
	}
	path := filepath.Join(t.TempDir(), "test.db")
	if err := os.WriteFile(path, sqliteTemplate.bytes, 0o600); err != nil {
		t.Fatal(err)
	}
	return "sqlite://" + path
}

// buildSQLiteTemplate migrates a new database and returns its bytes, kept in
// memory so no file outlives the process. VACUUM INTO writes one
// self-contained file, with nothing left behind in the write-ahead log.
func buildSQLiteTemplate() ([]byte, error) {
	dir, err := os.MkdirTemp("", "hiregraphtest-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(dir)
	ctx := context.Background()
	db, err := database.Open(ctx, "sqlite://"+filepath.Join(dir, "migrated.db"))
	if err != nil {
		return nil, err
	}
	defer db.Close()
	template := filepath.Join(dir, "template.db")
	if _, err := db.SQL.ExecContext(ctx, "VACUUM INTO ?", template); err != nil {
		return nil, err
	}
	return os.ReadFile(template)
}

// Clock is a settable clock; the zero Clock reads the real time. The server
// reads it from its own goroutines while a test sets it.
type Clock struct {
	mu    sync.Mutex
	fixed time.Time
}

// Now returns the set time, or the real time when none is set.
func (c *Clock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.fixed.IsZero() {
		return time.Now()
	}
	return c.fixed
}

// Set fixes the clock at t.
func (c *Clock) Set(t time.Time) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.fixed = t
}

// Response is a finished HTTP exchange.
type Response struct {
	Status int
	Header http.Header
	Body   []byte
}

// JSON decodes the body into v, failing the test when it is not JSON.
func (r *Response) JSON(t testing.TB, v any) {
	t.Helper()
	if err := json.Unmarshal(r.Body, v); err != nil {
		t.Fatalf("response body is not JSON (%v): %s", err, r.Body)
	}
}

// Map decodes the body as a JSON object.
func (r *Response) Map(t testing.TB) map[string]any {
	t.Helper()
	var m map[string]any
	r.JSON(t, &m)
	return m
}

// Do sends a request with the demo API key. body may be nil, a string or
// []byte (sent as is), or any value (sent as JSON).
func (e *Env) Do(method, path string, body any) *Response {
	e.T.Helper()
	return e.DoWith(method, path, body, map[string]string{"Authorization": "Bearer " + e.Demo.APIKey})
}

// DoWith sends a request with exactly the given headers; a "Host" among
// them is the host the request names, the connection still going to the
// test server.
func (e *Env) DoWith(method, path string, body any, headers map[string]string) *Response {
	e.T.Helper()
	var r io.Reader
	switch b := body.(type) {
	case nil:
	case string:
		r = strings.NewReader(b)
	case []byte:
		r = bytes.NewReader(b)
	default:
		j, err := json.Marshal(b)
		if err != nil {
			e.T.Fatalf("encoding body: %v", err)
		}
		r = bytes.NewReader(j)
	}
	req, err := http.NewRequest(method, e.URL(path), r)
	if err != nil {
		e.T.Fatalf("building request: %v", err)
	}
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	for k, v := range headers {
		req.Header.Set(k, v)
	}
	if host := req.Header.Get("Host"); host != "" {
		req.Host = host
	}
	client := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	resp, err := client.Do(req)
	if err != nil {
		e.T.Fatalf("%s %s: %v", method, path, err)
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		e.T.Fatalf("reading response: %v", err)
	}
	return &Response{Status: resp.StatusCode, Header: resp.Header, Body: b}
}

// GraphQL runs a GraphQL operation with the demo key and returns the
// decoded response ({"data":…, "errors":…}).
func (e *Env) GraphQL(query string, vars map[string]any) *GraphQLResponse {
	e.T.Helper()
	resp := e.Do(http.MethodPost, "/graphql", map[string]any{"query": query, "variables": vars})
	var out GraphQLResponse
	resp.JSON(e.T, &out)
	out.Status = resp.Status
	return &out
}

// GraphQLResponse is a decoded GraphQL response.
type GraphQLResponse struct {
	Status int             `json:"-"`
	Data   json.RawMessage `json:"data"`
	Errors []struct {
		Message    string         `json:"message"`
		Path       []any          `json:"path"`
		Extensions map[string]any `json:"extensions"`
	} `json:"errors"`
}

// Decode decodes data into v, failing when the response has errors.
func (g *GraphQLResponse) Decode(t testing.TB, v any) {
	t.Helper()
	if len(g.Errors) > 0 {
		t.Fatalf("GraphQL errors: %+v", g.Errors)
	}
	if err := json.Unmarshal(g.Data, v); err != nil {
		t.Fatalf("decoding data: %v (%s)", err, g.Data)
	}
}

// Code returns extensions.code of the first error, or "" when there is none.
func (g *GraphQLResponse) Code() string {
	if len(g.Errors) == 0 {
		return ""
	}
	c, _ := g.Errors[0].Extensions["code"].(string)
	return c
}

// String formats the response for failure messages.
func (r *Response) String() string { return fmt.Sprintf("%d %s", r.Status, r.Body) }

// AssertError checks that r is the error body of spec 7.1 with the given
// status and code, served as JSON, and that its message mentions what the
// caller must fix (any non-empty message when mentions is "").
func (r *Response) AssertError(t testing.TB, status int, code, mentions string) {
	t.Helper()
	if r.Status != status {
		t.Fatalf("status %d, want %d: %s", r.Status, status, r.Body)
	}
	body := r.Map(t)
	if body["status"] != float64(status) || body["error"] != code {
		t.Fatalf("body %s, want status %d error %q", r.Body, status, code)
	}
	if msg, _ := body["message"].(string); msg == "" || !strings.Contains(msg, mentions) {
		t.Fatalf("message %q is empty or does not mention %q", msg, mentions)
	}
	if ct := r.Header.Get("Content-Type"); ct != "application/json; charset=utf-8" {
		t.Fatalf("Content-Type = %q", ct)
	}
}

// AssertGraphQLError checks that r is a GraphQL error answer with the given
// HTTP status and extensions.code, a message, and no data.
func (r *Response) AssertGraphQLError(t testing.TB, status int, code string) {
	t.Helper()
	if r.Status != status {
		t.Fatalf("status %d, want %d: %s", r.Status, status, r.Body)
	}
	var g GraphQLResponse
	r.JSON(t, &g)
	if g.Code() != code || g.Errors[0].Message == "" {
		t.Fatalf("body %s, want an error with extensions.code %q and a message", r.Body, code)
	}
	if len(g.Data) > 0 && string(g.Data) != "null" {
		t.Fatalf("body %s carries data beside the error", r.Body)
	}
	if ct := r.Header.Get("Content-Type"); !strings.HasPrefix(ct, "application/json") {
		t.Fatalf("Content-Type = %q", ct)
	}
}

// DeliverWebhooks is a config adjustment (NewWithConfig) that makes the
// server queue and send webhooks: a relay and a River worker polling often, retrying after
// milliseconds, allowed to call loopback, stopped when t ends. adjust, if
// not nil, changes its config first.
func DeliverWebhooks(t testing.TB, adjust func(*webhook.Config)) func(*server.Config) {
	return func(cfg *server.Config) {
		if cfg.Broker == nil {
			cfg.Broker = &recruiting.Broker{}
		}
		wc := webhook.Config{DB: cfg.DB, Sealer: cfg.Sealer, Now: cfg.Now, AllowNets: loopbackNets, AllowHTTPNets: loopbackNets, Workers: 4,
			PollInterval: 100 * time.Millisecond, Timeout: 5 * time.Second, RetryBase: 10 * time.Millisecond,
			Broker: cfg.Broker, RelayInterval: 100 * time.Millisecond}
		if adjust != nil {
			adjust(&wc)
		}
		d, err := webhook.New(wc)
		if err != nil {
			t.Fatal(err)
		}
		if err := d.Start(context.Background()); err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() {
			ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
			defer cancel()
			d.Stop(ctx)
		})
		cfg.Webhooks = d
	}
}
