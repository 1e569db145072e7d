// Package docstest runs the examples of README.md and docs/guide.md against
// a real server and checks the configuration table against the binary, so
// that what a newcomer copies from cannot drift from the code.
package docstest

import (
	"fmt"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/hiregraph/hiregraph/internal/hiregraphtest"
)

// guide is the task guide, from the module root; its Start section says how
// the server runs.
const guide = "docs/guide.md"

// examples are the documents whose sh blocks run, each in a shell of its own.
var examples = []string{"README.md", guide}

// servePrefix starts the line of the guide's Start section that runs the
// server; the test starts it with the same arguments.
const servePrefix = "./hiregraph serve"

// expectPrefix starts a comment line of a block naming a regular expression
// the block's output must match.
const expectPrefix = "# expect: "

// tools are the commands the guide's examples call besides ./hiregraph.
var tools = []string{"bash", "curl", "jq", "python3", "openssl", "xxd", "base64"}

// block is one ```sh block of a document.
type block struct {
	line    int // where its code starts in the document
	code    string
	expects []*regexp.Regexp
}

// TestExamplesRun builds the binary, starts it as the guide's Start section
// does, and runs every sh block of each document in order in one bash
// process, so later blocks use the variables of earlier ones as a reader's
// shell would.
func TestExamplesRun(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the binary and runs a server")
	}
	for _, tool := range tools {
		if _, err := exec.LookPath(tool); err != nil {
			t.Skipf("the guide's examples need %s, which is not installed", tool)
		}
	}
	text, err := os.ReadFile(filepath.Join(hiregraphtest.ModuleRoot(), guide))
	if err != nil {
		t.Fatal(err)
	}
	serveArgs := serveCommand(t, string(text))
	dir := t.TempDir()
	if err := os.Symlink(binary(t), filepath.Join(dir, "hiregraph")); err != nil {
		t.Fatal(err)
	}
	hg := startServer(t, dir, serveArgs)
	for _, doc := range examples {
		text, err := os.ReadFile(filepath.Join(hiregraphtest.ModuleRoot(), doc))
		if err != nil {
			t.Fatal(err)
		}
		runBlocks(t, dir, hg, doc, readBlocks(t, doc, string(text)))
	}
}

// serveCommand is the arguments of the guide's command that starts the
// server, after ./hiregraph.
func serveCommand(t *testing.T, text string) []string {
	t.Helper()
	for _, line := range strings.Split(text, "\n") {
		if strings.HasPrefix(line, servePrefix) {
			return strings.Fields(line)[1:]
		}
	}
	t.Fatalf("%s has no line starting with %q", guide, servePrefix)
	return nil
}

// built is the hiregraph binary the tests of this package share.
var built struct {
	once sync.Once
	dir  string
	err  error
}

// binary builds ./cmd/hiregraph once and returns the path of the binary.
func binary(t *testing.T) string {
	t.Helper()
	built.once.Do(func() {
		if built.dir, built.err = os.MkdirTemp("", "docstest"); built.err != nil {
			return
		}
		build := exec.Command("go", "build", "-o", filepath.Join(built.dir, "hiregraph"), "./cmd/hiregraph")
		build.Dir = hiregraphtest.ModuleRoot()
		if out, err := build.CombinedOutput(); err != nil {
			built.err = fmt.Errorf("go build: %w\n%s", err, out)
		}
	})
	if built.err != nil {
		t.Fatal(built.err)
	}
	return filepath.Join(built.dir, "hiregraph")
}

func TestMain(m *testing.M) {
	code := m.Run()
	if built.dir != "" {
		os.RemoveAll(built.dir)
	}
	os.Exit(code)
}

// readBlocks returns the ```sh blocks of the text of doc.
func readBlocks(t *testing.T, doc, text string) []block {
	t.Helper()
	var blocks []block
	var cur *block
	for i, line := range strings.Split(text, "\n") {
		switch {
		case cur == nil && line == "```sh":
			cur = &block{line: i + 2}
		case cur != nil && line == "```":
			blocks = append(blocks, *cur)
			cur = nil
		case cur != nil:
			cur.code += line + "\n"
			if re, ok := strings.CutPrefix(line, expectPrefix); ok {
				cur.expects = append(cur.expects, regexp.MustCompile("(?m)"+re))
			}
		}
	}
	if cur != nil {
		t.Fatalf("%s: the sh block at line %d is not closed", doc, cur.line)
	}
	if len(blocks) == 0 {
		t.Fatalf("%s has no sh blocks", doc)
	}
	return blocks
}

// environ is the environment of the server and the examples: the test's,
// without settings of Hiregraph a developer's shell may hold.
func environ(extra ...string) []string {
	var env []string
	for _, kv := range os.Environ() {
		if !strings.HasPrefix(kv, "HIREGRAPH_") && !strings.HasPrefix(kv, "HG=") {
			env = append(env, kv)
		}
	}
	return append(env, extra...)
}

// startServer runs ./hiregraph with args in dir, on a free port, and returns
// its URL once it is ready.
func startServer(t *testing.T, dir string, args []string) string {
	t.Helper()
	addr := freeAddr(t)
	log, err := os.Create(filepath.Join(dir, "serve.log"))
	if err != nil {
		t.Fatal(err)
	}
	serve := exec.Command("./hiregraph", args...)
	serve.Dir = dir
	serve.Env = environ("HIREGRAPH_ADDR=" + addr)
	serve.Stdout, serve.Stderr = log, log
	if err := serve.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		_ = serve.Process.Signal(syscall.SIGTERM)
		_ = serve.Wait()
		log.Close()
		if t.Failed() {
			out, _ := os.ReadFile(log.Name())
			t.Logf("server log:\n%s", out)
		}
	})
	hg := "http://" + addr
	waitReady(t, hg)
	return hg
}

// freeAddr is a loopback address with a port nothing listens on.
func freeAddr(t *testing.T) string {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	return l.Addr().String()
}

// waitReady polls the server's readiness; a cold start migrates an empty
// database and seeds the demo first.
func waitReady(t *testing.T, hg string) {
	t.Helper()
	deadline := time.Now().Add(2 * time.Minute)
	for time.Now().Before(deadline) {
		res, err := http.Get(hg + "/readyz")
		if err == nil {
			res.Body.Close()
			if res.StatusCode == http.StatusOK {
				return
			}
		}
		time.Sleep(200 * time.Millisecond)
	}
	t.Fatalf("the server at %s was not ready within two minutes", hg)
}

// runBlocks runs the blocks in order in one bash process with errexit and
// pipefail, each block's output in a file of its own, then checks each
// block's expectations against its output.
func runBlocks(t *testing.T, dir, hg, doc string, blocks []block) {
	t.Helper()
	outDir := t.TempDir()
	var script strings.Builder
	script.WriteString("set -euo pipefail\n")
	for i, b := range blocks {
		fmt.Fprintf(&script, "echo %d > %q\n{\n%s} > %q 2>&1\n", i, filepath.Join(outDir, "current"), b.code, outFile(outDir, i))
	}
	bash := exec.Command("bash", "-c", script.String())
	bash.Dir = dir
	bash.Env = environ("HG=" + hg)
	// Its own process group, so that what a block starts in the background
	// (the webhook receiver) ends with it.
	bash.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	err := bash.Run()
	if bash.Process != nil {
		_ = syscall.Kill(-bash.Process.Pid, syscall.SIGKILL)
	}
	if err != nil {
		current, _ := os.ReadFile(filepath.Join(outDir, "current"))
		var i int
		fmt.Sscan(string(current), &i)
		out, _ := os.ReadFile(outFile(outDir, i))
		t.Fatalf("%s: the block at line %d failed (%v):\n%s\noutput:\n%s", doc, blocks[i].line, err, blocks[i].code, out)
	}
	for i, b := range blocks {
		out, err := os.ReadFile(outFile(outDir, i))
		if err != nil {
			t.Fatal(err)
		}
		for _, re := range b.expects {
			if !re.Match(out) {
				t.Errorf("%s: the output of the block at line %d does not match %q:\n%s", doc, b.line, re, out)
			}
		}
	}
}

func outFile(dir string, i int) string {
	return filepath.Join(dir, fmt.Sprintf("block%02d.out", i))
}
