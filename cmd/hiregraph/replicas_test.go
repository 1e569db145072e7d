package main

import (
	"bufio"
	"bytes"
	"crypto/rand"
	"database/sql"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"net/http"
	"net/url"
	"os"
	"os/exec"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/hiregraph/hiregraph/internal/demo"
	"github.com/hiregraph/hiregraph/internal/hiregraphtest/testdb"
	"github.com/hiregraph/hiregraph/internal/server"
)

// TestThreeProcessesBehaveAsOneService builds the binary and runs three
// serve processes on one PostgreSQL database: they migrate it together,
// share rate limits (in the database, or in Redis with --redis-url), share
// the throttling of failed credentials, honour each other's idempotency
// keys, and sweep expired keys.
func TestThreeProcessesBehaveAsOneService(t *testing.T) {
	t.Parallel()
	pg := os.Getenv(testdb.Env)
	if pg == "" {
		t.Skipf("replicas need PostgreSQL (%s)", testdb.Env)
	}
	if testing.Short() {
		t.Skip("builds the binary and starts processes")
	}
	bin := binary
	stores := map[string][]string{"postgres": nil}
	if redis := os.Getenv("HIREGRAPH_TEST_REDIS_URL"); redis != "" {
		stores["redis"] = []string{"--redis-url", redis}
	} else {
		t.Log("the Redis store is tested only with HIREGRAPH_TEST_REDIS_URL set")
	}
	for name, extra := range stores {
		t.Run(name, func(t *testing.T) {
			c := startCluster(t, bin, pg, extra)
			c.bucketsInDatabase = name == "postgres"
			t.Run("rate limits are shared", c.rateLimitsAreShared)
			t.Run("failed credentials are throttled across processes", c.guessingIsThrottledAcrossProcesses)
			t.Run("idempotency keys hold across processes", c.idempotencyKeysHoldAcrossProcesses)
			t.Run("expired keys are swept", c.expiredKeysAreSwept)
		})
	}
}

type cluster struct {
	bin    string
	env    []string // the processes' environment: database, secret key
	urls   []string // one per process
	dbURL  string
	demo   demo.Manifest
	client *http.Client
	// bucketsInDatabase: rate limits live in the database, not Redis.
	bucketsInDatabase bool
}

// startCluster starts three processes on a schema of pg that does not
// exist yet.
func startCluster(t *testing.T, bin, pg string, extra []string) *cluster {
	schema := "replicas_" + randomHex(6)
	t.Cleanup(func() {
		if admin, err := sql.Open("postgres", pg); err == nil {
			_, _ = admin.Exec("DROP SCHEMA IF EXISTS " + schema + " CASCADE")
			admin.Close()
		}
	})
	u, err := url.Parse(pg)
	if err != nil {
		t.Fatal(err)
	}
	q := u.Query()
	q.Set("search_path", schema)
	u.RawQuery = q.Encode()
	dbURL := u.String()
	env := append(os.Environ(), runMainEnv+"=1", "HIREGRAPH_SECRET_KEY="+randomHex(32), "HIREGRAPH_DATABASE_URL="+pg, "HIREGRAPH_DATABASE_SCHEMA="+schema)
	// Three processes migrate the missing schema at once: the advisory
	// lock makes one create it and apply the migrations, and the others
	// find them done.
	var wg sync.WaitGroup
	for range 3 {
		wg.Go(func() {
			cmd := exec.Command(bin, "migrate")
			cmd.Env = env
			if out, err := cmd.CombinedOutput(); err != nil {
				t.Errorf("hiregraph migrate: %v\n%s", err, out)
			}
		})
	}
	wg.Wait()
	cmd := exec.Command(bin, "demo", "--json")
	cmd.Env = env
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("hiregraph demo: %v", err)
	}
	c := &cluster{bin: bin, env: env, dbURL: dbURL, client: &http.Client{Timeout: 10 * time.Second}}
	if err := json.Unmarshal(out, &c.demo); err != nil {
		t.Fatalf("demo --json: %v\n%s", err, out)
	}
	args := append([]string{"serve", "--addr", "127.0.0.1:0", "--migrate=false",
		"--trusted-proxies", "127.0.0.0/8", "--sweep-interval", "200ms"}, extra...)
	for range 3 {
		c.urls = append(c.urls, startServe(t, bin, env, args))
	}
	return c
}

// startServe starts one serve process and returns its URL once it listens.
func startServe(t *testing.T, bin string, env, args []string) string {
	t.Helper()
	cmd := exec.Command(bin, args...)
	cmd.Env = env
	stderr, err := cmd.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		_ = cmd.Process.Signal(os.Interrupt)
		_ = cmd.Wait()
	})
	addr := make(chan string, 1)
	go func() {
		lines := bufio.NewScanner(stderr)
		for lines.Scan() {
			var entry struct{ Msg, Addr string }
			if json.Unmarshal(lines.Bytes(), &entry) == nil && entry.Msg == "listening" {
				addr <- entry.Addr
			}
			if testing.Verbose() || !json.Valid(lines.Bytes()) {
				t.Logf("serve: %s", lines.Bytes())
			}
		}
	}()
	select {
	case a := <-addr:
		return "http://" + a
	case <-time.After(30 * time.Second):
		t.Fatal("serve did not start listening within 30 s")
	}
	return ""
}

type answer struct {
	status int
	header http.Header
	body   []byte
}

func (c *cluster) do(t *testing.T, process int, method, path, body string, headers map[string]string) answer {
	t.Helper()
	var r io.Reader
	if body != "" {
		r = strings.NewReader(body)
	}
	req, err := http.NewRequest(method, c.urls[process%len(c.urls)]+path, r)
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Content-Type", "application/json")
	for k, v := range headers {
		req.Header.Set(k, v)
	}
	resp, err := c.client.Do(req)
	if err != nil {
		t.Fatalf("%s %s: %v", method, path, err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return answer{resp.StatusCode, resp.Header, b}
}

func (c *cluster) rateLimitsAreShared(t *testing.T) {
	key := map[string]string{"Authorization": "Bearer " + c.demo.APIKey}
	// 300 requests over three processes: limits of their own would let
	// all of them through (100 a process, the burst); one shared bucket
	// lets the burst through plus what refills meanwhile (10 a second).
	const total = 300
	statuses := make([]int, total)
	start := time.Now()
	var wg sync.WaitGroup
	for w := range 6 {
		wg.Go(func() {
			for i := w; i < total; i += 6 {
				statuses[i] = c.do(t, i, http.MethodGet, "/v1/questionnaires", "", key).status
			}
		})
	}
	wg.Wait()
	elapsed := time.Since(start)
	ok, limited := 0, 0
	for _, s := range statuses {
		switch s {
		case http.StatusOK:
			ok++
		case http.StatusTooManyRequests:
			limited++
		default:
			t.Fatalf("unexpected status %d", s)
		}
	}
	refilled := int(math.Ceil(elapsed.Seconds() * float64(server.DefaultAPIRate.PerMinute) / 60))
	if limit := server.DefaultAPIRate.Burst + refilled + 1; ok > limit || limited == 0 {
		t.Fatalf("%d of %d requests served in %s across 3 processes, want at most %d (one shared bucket)", ok, total, elapsed, limit)
	}
	t.Logf("%d served, %d refused in %s", ok, limited, elapsed)
}

func (c *cluster) guessingIsThrottledAcrossProcesses(t *testing.T) {
	address := fmt.Sprintf("10.%d.%d.%d", randomByte(), randomByte(), randomByte())
	burst := server.DefaultFailedAuthRate.Burst
	for i := range burst {
		a := c.do(t, i, http.MethodGet, "/v1/questionnaires", "", map[string]string{"Authorization": "Bearer hgk_guess" + fmt.Sprint(i), "X-Forwarded-For": address})
		if a.status != http.StatusUnauthorized {
			t.Fatalf("guess %d: %d %s", i, a.status, a.body)
		}
	}
	for p := range c.urls {
		a := c.do(t, p, http.MethodGet, "/v1/questionnaires", "", map[string]string{"Authorization": "Bearer hgk_guess", "X-Forwarded-For": address})
		if a.status != http.StatusTooManyRequests {
			t.Errorf("process %d after %d guesses spread over three: %d %s", p, burst, a.status, a.body)
		}
	}
	// Careers tokens guessed from many addresses stop at the company's
	// allowance (plus what refills meanwhile), counted across processes.
	rate := server.DefaultFailedCareersRate
	path := "/careers-api/2.0/company/" + c.demo.CompanyUID + "/positions?token=guess"
	start, refused := time.Now(), 0
	for i := range 3 * rate.Burst {
		a := c.do(t, i, http.MethodGet, path, "", map[string]string{"X-Forwarded-For": fmt.Sprintf("10.99.%d.%d", i/250, i%250)})
		if a.status == http.StatusTooManyRequests {
			refused = i
			break
		}
		if a.status != http.StatusUnauthorized {
			t.Fatalf("careers guess %d: %d %s", i, a.status, a.body)
		}
	}
	allowance := rate.Burst + int(math.Ceil(time.Since(start).Seconds()*float64(rate.PerMinute)/60)) + 1
	if refused == 0 || refused > allowance {
		t.Errorf("careers guesses from fresh addresses were refused after %d (0: never), want at most %d", refused, allowance)
	}
}

func (c *cluster) idempotencyKeysHoldAcrossProcesses(t *testing.T) {
	// The API key's bucket was emptied above; this test uses a key of its
	// own.
	key := c.newAPIKey(t)
	note := `{"time_created": "2026-03-01T10:00:00Z", "created_by": {"type": "user", "first_name": "Rita"}, "text": "%s"}`
	headers := map[string]string{"Authorization": "Bearer " + key, "Idempotency-Key": "replica-" + randomHex(8)}
	path := "/v1/candidates/" + c.demo.CandidateUID + "/notes"
	first := c.do(t, 0, http.MethodPost, path, fmt.Sprintf(note, "once"), headers)
	if first.status != http.StatusCreated {
		t.Fatalf("first POST: %d %s", first.status, first.body)
	}
	retry := c.do(t, 1, http.MethodPost, path, fmt.Sprintf(note, "once"), headers)
	if retry.status != http.StatusCreated || retry.header.Get("Idempotent-Replayed") != "true" || !bytes.Equal(retry.body, first.body) {
		t.Fatalf("retry on another process: %d %v %s", retry.status, retry.header, retry.body)
	}
	reused := c.do(t, 2, http.MethodPost, path, fmt.Sprintf(note, "something else"), headers)
	if reused.status != http.StatusUnprocessableEntity || !strings.Contains(string(reused.body), "idempotency_key_reused") {
		t.Fatalf("same key, another request, on a third process: %d %s", reused.status, reused.body)
	}
}

func (c *cluster) expiredKeysAreSwept(t *testing.T) {
	db, err := sql.Open("postgres", c.dbURL)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	old := time.Now().Add(-25 * time.Hour)
	_, err = db.Exec(`INSERT INTO idempotency_keys (id, company_id, key, request_hash, status, content_type, time_created)
		VALUES ('idk_swept', $1, 'expired', 'h', 201, 'application/json', $2)`, c.demo.CompanyUID, old)
	if err != nil {
		t.Fatal(err)
	}
	_, err = db.Exec(`INSERT INTO rate_limit_buckets (id, tat) VALUES ('test:full', $1)`, old.UnixMicro())
	if err != nil {
		t.Fatal(err)
	}
	deadline := time.Now().Add(10 * time.Second)
	for {
		var keys, buckets int
		_ = db.QueryRow(`SELECT COUNT(*) FROM idempotency_keys WHERE id = 'idk_swept'`).Scan(&keys)
		_ = db.QueryRow(`SELECT COUNT(*) FROM rate_limit_buckets WHERE id = 'test:full'`).Scan(&buckets)
		if keys == 0 && (buckets == 0 || !c.bucketsInDatabase) {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("after 10 s of sweeping every 200 ms: %d expired key(s), %d full bucket(s) left", keys, buckets)
		}
		time.Sleep(100 * time.Millisecond)
	}
}

func (c *cluster) newAPIKey(t *testing.T) string {
	cmd := exec.Command(c.bin, "apikey", "create", "--company", c.demo.CompanyUID, "--scopes", "read,write")
	cmd.Env = c.env
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("hiregraph apikey create: %v", err)
	}
	var key struct {
		APIKey string `json:"api_key"`
	}
	if err := json.Unmarshal(out, &key); err != nil {
		t.Fatal(err)
	}
	return key.APIKey
}

func randomHex(n int) string {
	b := make([]byte, n)
	_, _ = rand.Read(b)
	return hex.EncodeToString(b)
}

func randomByte() int {
	b := make([]byte, 1)
	_, _ = rand.Read(b)
	return int(b[0])
}

// TestReplicasOnAnEmptyDatabaseSeedTheDemoOnce starts three serve processes
// together on a PostgreSQL schema that does not exist yet: they migrate it,
// one of them seeds the demo company and prints its credentials, and the
// others find it there.
func TestReplicasOnAnEmptyDatabaseSeedTheDemoOnce(t *testing.T) {
	t.Parallel()
	pg := os.Getenv(testdb.Env)
	if pg == "" {
		t.Skipf("replicas need PostgreSQL (%s)", testdb.Env)
	}
	schema := "replicas_" + randomHex(6)
	admin, err := sql.Open("postgres", pg)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		_, _ = admin.Exec("DROP SCHEMA IF EXISTS " + schema + " CASCADE")
		admin.Close()
	})
	env := []string{"HIREGRAPH_SECRET_KEY=" + randomHex(32), "HIREGRAPH_DATABASE_URL=" + pg, "HIREGRAPH_DATABASE_SCHEMA=" + schema}
	var (
		wg      sync.WaitGroup
		mu      sync.Mutex
		printed int
	)
	for range 3 {
		wg.Go(func() {
			s := startServer(t, t.TempDir(), env)
			if slices.ContainsFunc(s.lines, func(l string) bool { return strings.Contains(l, "created the demo company") }) {
				mu.Lock()
				printed++
				mu.Unlock()
			}
		})
	}
	wg.Wait()
	var companies int
	if err := admin.QueryRow("SELECT count(*) FROM " + schema + ".companies").Scan(&companies); err != nil {
		t.Fatal(err)
	}
	if companies != 1 || printed != 1 {
		t.Errorf("three replicas starting together made %d companies and %d printed credentials, want 1 and 1", companies, printed)
	}
}
