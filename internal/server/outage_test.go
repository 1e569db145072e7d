package server_test

import (
	"database/sql"
	"encoding/json"
	"io"
	"net"
	"net/http"
	"net/url"
	"os"
	"strings"
	"sync"
	"testing"
	"time"

	"entgo.io/ent/dialect"

	"github.com/hiregraph/hiregraph/internal/hiregraphtest"
	"github.com/hiregraph/hiregraph/internal/hiregraphtest/testdb"
)

// outageRequest is a request of each kind an outage must answer with 503:
// a REST read and write, a GraphQL query and mutation.
type outageRequest struct {
	name         string
	method, path string
	body         any
}

func outageRequests(env *hiregraphtest.Env) []outageRequest {
	note := map[string]any{
		"time_created": "2026-03-01T10:00:00Z",
		"created_by":   map[string]any{"type": "app", "first_name": "Outage"},
		"text":         "written during an outage",
	}
	graphQL := func(query string) map[string]any {
		return map[string]any{"query": query, "variables": map[string]any{"id": env.Demo.CandidateUID}}
	}
	return []outageRequest{
		{"REST read", http.MethodGet, "/v1/candidates?limit=5", nil},
		{"REST write", http.MethodPost, "/v1/candidates/" + env.Demo.CandidateUID + "/notes", note},
		{"GraphQL query", http.MethodPost, "/graphql", graphQL(`query($id: ID!) { node(id: $id) { ... on Candidate { notes { totalCount } } } }`)},
		{"GraphQL mutation", http.MethodPost, "/graphql", graphQL(`mutation($id: ID!) { createNote(candidateID: $id,
			input: {timeCreated: "2026-03-01T10:00:00Z", createdBy: {type: "app", firstName: "Outage"}, text: "written during an outage"}) { id } }`)},
	}
}

// TestDatabaseOutageAnswersRetryable503 cuts the server off PostgreSQL,
// as a restart does: a proxy between them drops every connection and
// refuses new ones. Every kind of request answers 503 service_unavailable
// with Retry-After (GraphQL in extensions.code), /readyz reports the
// outage, nothing is written, and once PostgreSQL is reachable again the
// same requests succeed.
func TestDatabaseOutageAnswersRetryable503(t *testing.T) {
	env, proxy := serveThroughProxy(t)
	before := writtenRecords(t, env)
	proxy.cut()
	for _, req := range outageRequests(env) {
		assertUnavailable(t, req.name, env.Do(req.method, req.path, req.body))
	}
	if r := env.Do(http.MethodGet, "/readyz", nil); r.Status != http.StatusServiceUnavailable {
		t.Errorf("/readyz during the outage: %s, want 503", r)
	}
	proxy.restore(t)
	if after := writtenRecords(t, env); after != before {
		t.Errorf("requests refused in the outage wrote records: before %+v, after %+v", before, after)
	}
	for _, req := range outageRequests(env) {
		if r := env.Do(req.method, req.path, req.body); r.Status >= 300 || strings.Contains(string(r.Body), `"errors"`) {
			t.Errorf("%s after the outage: %s", req.name, r)
		}
	}
	if r := env.Do(http.MethodGet, "/readyz", nil); r.Status != http.StatusOK {
		t.Errorf("/readyz after the outage: %s, want 200", r)
	}
}

// TestRequestInFlightWhenPostgreSQLEndsItAnswers503 ends the server's
// connections while requests wait for a lock the test holds: a write
// inside its transaction, ended by pg_terminate_backend (as a restart or
// failover does), and a GraphQL query whose two root fields fail at once,
// cut off by the proxy (a read outside a transaction is retried on a new
// connection, which the cut refuses). Each answers 503 and a write leaves
// nothing behind; the same request then succeeds.
func TestRequestInFlightWhenPostgreSQLEndsItAnswers503(t *testing.T) {
	env, proxy := serveThroughProxy(t)
	admin, err := sql.Open("postgres", os.Getenv(testdb.Env))
	if err != nil {
		t.Fatal(err)
	}
	defer admin.Close()
	requests := outageRequests(env)
	notes := `{ ... on Candidate { notes { totalCount } } }`
	twoReads := outageRequest{"GraphQL query of two root fields", http.MethodPost, "/graphql", map[string]any{
		"query": `query($id: ID!) { a: node(id: $id) ` + notes + ` b: node(id: $id) ` + notes + ` }`, "variables": map[string]any{"id": env.Demo.CandidateUID},
	}}
	for _, c := range []struct {
		req     outageRequest
		waiting int  // the server's connections that wait for the lock
		cut     bool // cut the proxy rather than end the connections
	}{{requests[1], 1, false}, {requests[3], 1, false}, {twoReads, 2, true}} {
		t.Run(c.req.name, func(t *testing.T) {
			before := writtenRecords(t, env)
			lock, err := admin.Begin()
			if err != nil {
				t.Fatal(err)
			}
			defer lock.Rollback()
			if _, err := lock.Exec("LOCK TABLE " + proxy.schema + ".notes IN ACCESS EXCLUSIVE MODE"); err != nil {
				t.Fatal(err)
			}
			answer := make(chan *hiregraphtest.Response, 1)
			go func() { answer <- env.Do(c.req.method, c.req.path, c.req.body) }()
			waitForLock(t, admin, proxy.appName, c.waiting)
			if c.cut {
				proxy.cut()
			} else if _, err := admin.Exec(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = $1 AND wait_event_type = 'Lock'`, proxy.appName); err != nil {
				t.Fatal(err)
			}
			select {
			case r := <-answer:
				assertUnavailable(t, c.req.name, r)
			case <-time.After(time.Minute):
				t.Fatal("no answer a minute after the connections ended")
			}
			if c.cut {
				proxy.restore(t)
			}
			if err := lock.Rollback(); err != nil {
				t.Fatal(err)
			}
			if after := writtenRecords(t, env); after != before {
				t.Errorf("the ended request left records: before %+v, after %+v", before, after)
			}
			if r := env.Do(c.req.method, c.req.path, c.req.body); r.Status >= 300 || strings.Contains(string(r.Body), `"errors"`) {
				t.Errorf("%s sent again: %s", c.req.name, r)
			}
		})
	}
}

// TestSQLiteBusyPastItsTimeoutAnswers503: another process holding
// SQLite's write lock longer than the busy timeout makes a write answer
// 503 with Retry-After, and the write succeeds once the lock is free.
func TestSQLiteBusyPastItsTimeoutAnswers503(t *testing.T) {
	hiregraphtest.Long(t, "waits out SQLite's busy timeout (10 s)")
	env := hiregraphtest.New(t)
	if env.DB.Dialect != dialect.SQLite {
		t.Skip("PostgreSQL has no busy timeout: writers wait for row locks")
	}
	// A first request records the key's last use (once a minute), which
	// would wait out the busy timeout too.
	env.Do(http.MethodGet, "/v1/candidates?limit=1", nil)
	// Another process: a connection of its own, outside the server's pool.
	other, err := sql.Open("sqlite", env.DB.DSN)
	if err != nil {
		t.Fatal(err)
	}
	defer other.Close()
	lock, err := other.Begin() // BEGIN IMMEDIATE: the DSN's _txlock
	if err != nil {
		t.Fatal(err)
	}
	defer lock.Rollback()
	write := outageRequests(env)[1]
	before := writtenRecords(t, env)
	assertUnavailable(t, write.name, env.Do(write.method, write.path, write.body))
	if err := lock.Rollback(); err != nil {
		t.Fatal(err)
	}
	if after := writtenRecords(t, env); after != before {
		t.Errorf("the refused write left records: before %+v, after %+v", before, after)
	}
	if r := env.Do(write.method, write.path, write.body); r.Status != http.StatusCreated {
		t.Errorf("the write sent again: %s", r)
	}
}

// assertUnavailable checks the answer to a request the database could not
// serve: 503 with Retry-After, and the code in the REST error body or in
// GraphQL's extensions.
func assertUnavailable(t *testing.T, name string, r *hiregraphtest.Response) {
	t.Helper()
	if r.Status != http.StatusServiceUnavailable {
		t.Errorf("%s: %s, want 503", name, r)
		return
	}
	if r.Header.Get("Retry-After") == "" {
		t.Errorf("%s: 503 without Retry-After", name)
	}
	var body struct {
		Error  string
		Errors []struct{ Extensions struct{ Code string } }
	}
	if err := json.Unmarshal(r.Body, &body); err != nil {
		t.Fatalf("%s: body is not JSON: %s", name, r.Body)
	}
	code := body.Error
	if len(body.Errors) > 0 {
		code = body.Errors[0].Extensions.Code
	}
	if code != "service_unavailable" {
		t.Errorf("%s: code %q, want service_unavailable: %s", name, code, r.Body)
	}
}

// records counts what the outage requests would write: notes and events.
type records struct{ Notes, Events int }

func writtenRecords(t *testing.T, env *hiregraphtest.Env) records {
	t.Helper()
	ctx := hiregraphtest.System()
	return records{Notes: env.DB.Client.Note.Query().CountX(ctx), Events: env.DB.Client.Activity.Query().CountX(ctx)}
}

// serveThroughProxy starts a server whose database connections go through
// a proxy the test can cut. It needs PostgreSQL: SQLite is a file, with
// no connection to lose.
func serveThroughProxy(t *testing.T) (*hiregraphtest.Env, *pgProxy) {
	pg := strings.TrimSpace(os.Getenv(testdb.Env))
	if pg == "" {
		t.Skip("needs PostgreSQL: set " + testdb.Env)
	}
	u, err := url.Parse(testdb.PostgresSchemaURL(t, pg))
	if err != nil {
		t.Fatal(err)
	}
	proxy := startProxy(t, u.Host)
	q := u.Query()
	proxy.schema = q.Get("search_path")
	// Names the server's connections, for pg_terminate_backend.
	proxy.appName = "hiregraph_" + proxy.schema
	q.Set("application_name", proxy.appName)
	u.Host, u.RawQuery = proxy.addr, q.Encode()
	return hiregraphtest.NewOn(t, u.String(), nil), proxy
}

// pgProxy forwards TCP connections to PostgreSQL. cut drops them all and
// refuses new ones (connection refused, as while PostgreSQL restarts);
// restore accepts them again on the same address.
type pgProxy struct {
	addr, target    string
	schema, appName string

	mu    sync.Mutex
	ln    net.Listener // nil while cut
	conns []net.Conn
}

func startProxy(t *testing.T, target string) *pgProxy {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	p := &pgProxy{addr: ln.Addr().String(), target: target}
	p.serve(ln)
	t.Cleanup(p.cut)
	return p
}

func (p *pgProxy) serve(ln net.Listener) {
	p.mu.Lock()
	p.ln = ln
	p.mu.Unlock()
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			go p.forward(c)
		}
	}()
}

func (p *pgProxy) forward(client net.Conn) {
	server, err := net.Dial("tcp", p.target)
	if err != nil {
		client.Close()
		return
	}
	p.mu.Lock()
	if p.ln == nil { // cut while this one was being accepted
		p.mu.Unlock()
		client.Close()
		server.Close()
		return
	}
	p.conns = append(p.conns, client, server)
	p.mu.Unlock()
	go func() {
		io.Copy(server, client)
		server.Close()
	}()
	io.Copy(client, server)
	client.Close()
}

func (p *pgProxy) cut() {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.ln != nil {
		p.ln.Close()
		p.ln = nil
	}
	for _, c := range p.conns {
		c.Close()
	}
	p.conns = nil
}

func (p *pgProxy) restore(t *testing.T) {
	t.Helper()
	ln, err := net.Listen("tcp", p.addr)
	if err != nil {
		t.Fatalf("listening again on %s: %v", p.addr, err)
	}
	p.serve(ln)
}

// waitForLock returns once n of the server's connections wait for a lock.
func waitForLock(t *testing.T, admin *sql.DB, appName string, n int) {
	t.Helper()
	for deadline := time.Now().Add(10 * time.Second); time.Now().Before(deadline); time.Sleep(10 * time.Millisecond) {
		var waiting int
		err := admin.QueryRow(`SELECT count(*) FROM pg_stat_activity WHERE application_name = $1 AND wait_event_type = 'Lock'`, appName).Scan(&waiting)
		if err != nil {
			t.Fatal(err)
		}
		if waiting >= n {
			return
		}
	}
	t.Fatalf("fewer than %d of the server's connections ever waited for the lock", n)
}
