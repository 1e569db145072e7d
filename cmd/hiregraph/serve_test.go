package main

import (
	"context"
	"io"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestFirstRunBindsThenPrintsCredentialsThenURLs(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	s := startServer(t, dir, nil, "--database-url", databaseURL(t), "--secret-key-file", filepath.Join(dir, "key"))
	if !strings.Contains(s.lines[0], "hiregraph help") {
		t.Errorf("first line %q does not say how to get help", s.lines[0])
	}
	m := s.manifest(t)
	key, _ := m["api_key"].(string)
	ready := s.lines[len(s.lines)-1]
	for _, want := range []string{s.url + "/ ", s.url + "/app ", s.url + "/careers/" + m["company_uid"].(string) + "?token=" + m["careers_token"].(string), s.url + "/openapi.json"} {
		if !strings.Contains(ready+" ", want) {
			t.Errorf("ready line %q lacks %q", ready, want)
		}
	}
	// The printed key works on the printed address.
	req, _ := http.NewRequest(http.MethodGet, s.url+"/graphql?query={viewer{name}}", nil)
	req.Header.Set("Authorization", "Bearer "+key)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK || !strings.Contains(string(body), "Acme") {
		t.Errorf("GraphQL with the printed key: %d %s", resp.StatusCode, body)
	}
	// So does the pipeline board it names.
	if resp, err = http.Get(s.url + "/app"); err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		t.Errorf("the printed board URL answered %d", resp.StatusCode)
	}
	if out := mustRun(t, dir, nil, "healthcheck", "--url", s.url+"/readyz"); !strings.Contains(out, "ready") {
		t.Errorf("healthcheck printed %q", out)
	}
	if r := hiregraph(t, dir, nil, "healthcheck", "--url", s.url+"/nowhere"); r.exitCode == 0 {
		t.Error("healthcheck of a 404 exited 0")
	}
}

func TestBusyPortFailsBeforePrintingCredentials(t *testing.T) {
	t.Parallel()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	dir := t.TempDir()
	r := hiregraph(t, dir, nil, "--addr", ln.Addr().String(), "--database-url", databaseURL(t), "--secret-key-file", filepath.Join(dir, "key"))
	if r.exitCode == 0 || !strings.Contains(r.stderr, "address already in use") || !strings.Contains(r.stderr, "--addr") {
		t.Errorf("exit %d, stderr %q: want the bind error and how to change the address", r.exitCode, r.stderr)
	}
	if strings.Contains(r.stdout, "api_key") {
		t.Errorf("credentials were printed although the port was busy:\n%s", r.stdout)
	}
}

func TestLimitsComeFromFlagsAndEnvironment(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	dbURL := databaseURL(t)
	keyFile := filepath.Join(dir, "key")
	s := startServer(t, dir, []string{"HIREGRAPH_API_RATE=7", "HIREGRAPH_API_BURST=3"}, "--database-url", dbURL, "--secret-key-file", keyFile, "--max-body-bytes", "100")
	key := s.manifest(t)["api_key"].(string)
	req, _ := http.NewRequest(http.MethodGet, s.url+"/v1/questionnaires", nil)
	req.Header.Set("Authorization", "Bearer "+key)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if got := resp.Header.Get("X-RateLimit-Limit"); got != "7" {
		t.Errorf("X-RateLimit-Limit = %q with HIREGRAPH_API_RATE=7", got)
	}
	req, _ = http.NewRequest(http.MethodPost, s.url+"/graphql", strings.NewReader(`{"query":"{ viewer { name } }", "padding": "`+strings.Repeat("x", 200)+`"}`))
	req.Header.Set("Authorization", "Bearer "+key)
	req.Header.Set("Content-Type", "application/json")
	resp, err = http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusRequestEntityTooLarge {
		t.Errorf("a 250-byte body with --max-body-bytes 100 got %d, want 413", resp.StatusCode)
	}
	r := hiregraph(t, dir, nil, "--api-rate", "0", "--database-url", dbURL)
	if r.exitCode == 0 || !strings.Contains(r.stderr, "--api-rate must be positive") {
		t.Errorf("--api-rate 0: exit %d, stderr %q", r.exitCode, r.stderr)
	}
	r = hiregraph(t, dir, []string{"HIREGRAPH_APPLY_COMPANY_RATE=0"}, "--database-url", dbURL)
	if r.exitCode == 0 || !strings.Contains(r.stderr, "--apply-company-rate must be positive") {
		t.Errorf("HIREGRAPH_APPLY_COMPANY_RATE=0: exit %d, stderr %q", r.exitCode, r.stderr)
	}
}

// TestCloudFilesURLNamesTheBuildTag: a default build has no object-storage
// driver, and serve says which tag compiles in the one --files-url names.
func TestCloudFilesURLNamesTheBuildTag(t *testing.T) {
	t.Parallel()
	for _, c := range []struct{ url, tag string }{{"s3://bucket?region=eu-central-1", "s3"}, {"gs://bucket", "gcs"}} {
		dir := t.TempDir()
		r := hiregraph(t, dir, nil, "--addr", "127.0.0.1:0", "--database-url", "sqlite://"+filepath.Join(dir, "h.db"), "--files-url", c.url)
		if r.exitCode == 0 || !strings.Contains(r.stderr, "go build -tags "+c.tag+" ./cmd/hiregraph") {
			t.Errorf("--files-url %s: exit %d, stderr %q; want it to name -tags %s", c.url, r.exitCode, r.stderr, c.tag)
		}
	}
}

// The server collects garbage at GOGC=400 unless GOGC says otherwise, as
// its metrics report.
func TestGCPercentDefaultsTo400(t *testing.T) {
	t.Parallel()
	if os.Getenv("GOGC") != "" {
		t.Skip("GOGC is set in this environment")
	}
	for _, c := range []struct {
		env  []string
		want string
	}{{nil, "go_gc_gogc_percent 400\n"}, {[]string{"GOGC=150"}, "go_gc_gogc_percent 150\n"}} {
		dir := t.TempDir()
		s := startServer(t, dir, c.env, "--database-url", "sqlite://"+filepath.Join(dir, "gc.db"))
		resp, err := http.Get(s.url + "/metrics")
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if !strings.Contains(string(body), c.want) {
			t.Errorf("environment %v: metrics lack %q", c.env, c.want)
		}
	}
}

// TestAStopDuringTheStartIsACleanExit: SIGTERM that comes while the
// service is still starting (here, before it opened its database) ends it
// with status 0, as one that comes while it serves: the replicas of a
// rolling update are stopped at any moment, and a non-zero exit reads as
// a crash.
func TestAStopDuringTheStartIsACleanExit(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	db := "sqlite://" + filepath.Join(t.TempDir(), "hiregraph.db")
	if err := run(ctx, []string{"serve", "--database-url", db, "--addr", "127.0.0.1:0"}, io.Discard); err != nil {
		t.Fatalf("serve stopped before it started: %v; want a clean exit", err)
	}
}
