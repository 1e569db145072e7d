package main

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/hiregraph/hiregraph/internal/demo"
	"github.com/hiregraph/hiregraph/internal/hiregraphtest/testdb"
)

// databaseURL is the database the command tests run against: a temp SQLite
// file, or the PostgreSQL of HIREGRAPH_TEST_DATABASE_URL in a fresh schema.
func databaseURL(t *testing.T) string {
	if pg := os.Getenv(testdb.Env); pg != "" {
		return testdb.PostgresSchemaURL(t, pg)
	}
	return "sqlite://" + filepath.Join(t.TempDir(), "demo.db")
}

// existingDatabaseURL is databaseURL with the database created, as a
// server's first start leaves it: commands other than serve and migrate
// refuse a database that does not exist.
func existingDatabaseURL(t *testing.T) string {
	t.Helper()
	dbURL := databaseURL(t)
	if err := run(context.Background(), []string{"migrate", "--database-url", dbURL}, io.Discard); err != nil {
		t.Fatalf("hiregraph migrate: %v", err)
	}
	return dbURL
}

func runDemo(t *testing.T, dbURL, keyFile string, extra ...string) demo.Manifest {
	t.Helper()
	var out bytes.Buffer
	args := append([]string{"demo", "--json", "--database-url", dbURL, "--secret-key-file", keyFile}, extra...)
	if err := run(context.Background(), args, &out); err != nil {
		t.Fatalf("hiregraph %v: %v", args, err)
	}
	var m demo.Manifest
	if err := json.Unmarshal(out.Bytes(), &m); err != nil {
		t.Fatalf("demo --json printed no JSON manifest: %v\n%s", err, out.Bytes())
	}
	return m
}

func TestDemoManifestIsCompleteAndIdempotent(t *testing.T) {
	t.Parallel()
	dbURL := existingDatabaseURL(t)
	keyFile := filepath.Join(t.TempDir(), "key")
	first := runDemo(t, dbURL, keyFile)
	for name, v := range map[string]string{
		"company_uid": first.CompanyUID, "api_key": first.APIKey, "careers_token": first.CareersToken,
		"template_position_uid": first.TemplatePositionUID, "non_template_position_uid": first.NonTemplatePositionUID,
		"published_position_uid": first.PublishedPositionUID, "unpublished_position_uid": first.UnpublishedPositionUID,
		"candidate_uid": first.CandidateUID, "conversation_uid": first.ConversationUID, "evaluation_partner_uid": first.EvaluationPartnerUID,
		"owner": first.Users["owner"], "recruiter": first.Users["recruiter"], "hiring_manager": first.Users["hiring_manager"],
	} {
		if v == "" {
			t.Errorf("manifest field %s is empty", name)
		}
	}
	second := runDemo(t, dbURL, keyFile)
	if second.CompanyUID != first.CompanyUID || second.TemplatePositionUID != first.TemplatePositionUID || second.CandidateUID != first.CandidateUID {
		t.Errorf("second run made a new company or records: %+v vs %+v", second, first)
	}
	if second.APIKey != first.APIKey || second.APIKeyID != first.APIKeyID {
		t.Error("second run issued another API key instead of printing the demo key again")
	}
	other := runDemo(t, dbURL, keyFile, "--company", "Globex")
	if other.CompanyUID == first.CompanyUID || other.PublishedPositionUID == first.PublishedPositionUID {
		t.Errorf("--company made no new company: %+v", other)
	}
}

func TestAPIKeyCreate(t *testing.T) {
	t.Parallel()
	dbURL := existingDatabaseURL(t)
	keyFile := filepath.Join(t.TempDir(), "key")
	m := runDemo(t, dbURL, keyFile)
	var out bytes.Buffer
	err := run(context.Background(), []string{"apikey", "create", "--company", m.CompanyUID, "--scopes", "read", "--database-url", dbURL, "--secret-key-file", keyFile}, &out)
	if err != nil {
		t.Fatal(err)
	}
	var key struct {
		ID     string   `json:"id"`
		APIKey string   `json:"api_key"`
		Scopes []string `json:"scopes"`
	}
	if err := json.Unmarshal(out.Bytes(), &key); err != nil || key.APIKey == "" || len(key.Scopes) != 1 {
		t.Fatalf("apikey create printed %s (%v)", out.Bytes(), err)
	}
	err = run(context.Background(), []string{"apikey", "create", "--company", m.CompanyUID, "--scopes", "root", "--database-url", dbURL, "--secret-key-file", keyFile}, &out)
	if err == nil {
		t.Error("an unknown scope was accepted")
	}
	err = run(context.Background(), []string{"apikey", "create", "--company", "com_nope", "--database-url", dbURL, "--secret-key-file", keyFile}, &out)
	if err == nil {
		t.Error("a key for an unknown company was created")
	}
}

func TestDemoEnvExportsTheNamesTheDocsUse(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	out := mustRun(t, dir, nil, "demo", "--env", "--database-url", existingDatabaseURL(t), "--secret-key-file", filepath.Join(dir, "key"))
	exported := map[string]bool{}
	for _, line := range strings.Split(strings.TrimSpace(out), "\n") {
		name, _, ok := strings.Cut(strings.TrimPrefix(line, "export "), "=")
		if !strings.HasPrefix(line, "export HIREGRAPH_") || !ok {
			t.Fatalf("demo --env printed a line that is no export: %q", line)
		}
		exported[name] = true
	}
	// A shell takes the lines as they are.
	sh := exec.Command("sh", "-c", out+`printf %s "$HIREGRAPH_API_KEY"`)
	key, err := sh.Output()
	if err != nil || !strings.HasPrefix(string(key), "hgk_") {
		t.Fatalf("sh could not use the exports: %q %v", key, err)
	}
	docs, err := filepath.Glob("../../docs/*.md")
	if err != nil {
		t.Fatal(err)
	}
	// Besides the demo's names, the examples may expand the server's settings.
	settings := mustRun(t, dir, nil, "help", "serve")
	used := 0
	for _, doc := range append(docs, "../../README.md") {
		text, err := os.ReadFile(doc)
		if err != nil {
			t.Fatal(err)
		}
		for _, u := range regexp.MustCompile(`\$\{?(HIREGRAPH_[A-Z_]+)`).FindAllStringSubmatch(string(text), -1) {
			used++
			if !exported[u[1]] && !strings.Contains(settings, "$"+u[1]+")") {
				t.Errorf("%s uses $%s, which neither demo --env exports nor serve reads", doc, u[1])
			}
		}
	}
	if used == 0 {
		t.Fatal("README.md and docs/ use no $HIREGRAPH_ variable; their examples should take demo --env's")
	}
}

// TestDemoEnvDoesNotPileUpKeys: every `eval "$(hiregraph demo --env)"`
// exports the same demo key rather than issuing another admin key that
// never expires; once that key is revoked, the next run issues a new one.
func TestDemoEnvDoesNotPileUpKeys(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	store := []string{"--database-url", existingDatabaseURL(t), "--secret-key-file", filepath.Join(dir, "key")}
	exported := func() string {
		out := mustRun(t, dir, nil, append([]string{"demo", "--env"}, store...)...)
		key := regexp.MustCompile(`(?m)^export HIREGRAPH_API_KEY='([^']+)'$`).FindStringSubmatch(out)
		if key == nil {
			t.Fatalf("demo --env exported no HIREGRAPH_API_KEY:\n%s", out)
		}
		return key[1]
	}
	first := exported()
	for range 2 {
		if again := exported(); again != first {
			t.Fatalf("demo --env exported another key: %s, then %s", first, again)
		}
	}
	var keys []keyInfo
	if err := json.Unmarshal([]byte(mustRun(t, dir, nil, append([]string{"apikey", "list", "--json"}, store...)...)), &keys); err != nil {
		t.Fatal(err)
	}
	if len(keys) != 1 || keys[0].Name != "demo" {
		t.Fatalf("after three runs of demo --env the keys are %+v, want the one demo key", keys)
	}
	mustRun(t, dir, nil, append([]string{"apikey", "revoke", keys[0].ID}, store...)...)
	if renewed := exported(); renewed == first {
		t.Error("demo --env exported the revoked key")
	}
}
