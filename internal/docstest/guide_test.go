// Package docstest runs the examples of docs/guide.md against a real server,
// so that the guide a newcomer copies from cannot drift from the code.
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
	"syscall"
	"testing"
	"time"

	"github.com/hiregraph/hiregraph/internal/hiregraphtest"
)

// guide is the task guide whose sh blocks this test runs, from the module root.
const guide = "docs/guide.md"

// servePrefix starts the line of the guide's Start section that runs the
// server; the test starts it with the same arguments.
const servePrefix = "./hiregraph serve"

// expectPrefix starts a comment line of a block naming a regular expression
// the block's output must match.
const expectPrefix = "# expect: "

// tools are the commands the guide's examples call besides ./hiregraph.
var tools = []string{"bash", "curl", "jq", "python3", "openssl", "xxd", "base64"}

// block is one ```sh block of the guide.
type block struct {
	line    int // where its code starts in the guide
	code    string
	expects []*regexp.Regexp
}

// TestGuideExamplesRun builds the binary, starts it as the guide's Start
// section does, and runs every sh block of the guide in order in one bash
// process, so later blocks use the variables of earlier ones as a reader's
// shell would.
func TestGuideExamplesRun(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the binary and runs a server")
	}
	for _, tool := range tools {
		if _, err := exec.LookPath(tool); err != nil {
			t.Skipf("the guide's examples need %s, which is not installed", tool)
		}
	}
	root := hiregraphtest.ModuleRoot()
	text, err := os.ReadFile(filepath.Join(root, guide))
	if err != nil {
		t.Fatal(err)
	}
	blocks := readBlocks(t, string(text))
	serveArgs := serveCommand(t, string(text))
	dir := t.TempDir()
	build := exec.Command("go", "build", "-o", filepath.Join(dir, "hiregraph"), "./cmd/hiregraph")
	build.Dir = root
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	hg := startServer(t, dir, serveArgs)
	runBlocks(t, dir, hg, blocks)
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

// readBlocks returns the ```sh blocks of the guide's text.
func readBlocks(t *testing.T, text string) []block {
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
		t.Fatalf("%s: the sh block at line %d is not closed", guide, cur.line)
	}
	if len(blocks) == 0 {
		t.Fatalf("%s has no sh blocks", guide)
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
func runBlocks(t *testing.T, dir, hg string, blocks []block) {
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
		t.Fatalf("%s: the block at line %d failed (%v):\n%s\noutput:\n%s", guide, blocks[i].line, err, blocks[i].code, out)
	}
	for i, b := range blocks {
		out, err := os.ReadFile(outFile(outDir, i))
		if err != nil {
			t.Fatal(err)
		}
		for _, re := range b.expects {
			if !re.Match(out) {
				t.Errorf("%s: the output of the block at line %d does not match %q:\n%s", guide, b.line, re, out)
			}
		}
	}
}

func outFile(dir string, i int) string {
	return filepath.Join(dir, fmt.Sprintf("block%02d.out", i))
}
