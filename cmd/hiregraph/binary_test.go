package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strings"
	"syscall"
	"testing"
	"time"
)

// binary is what the tests run as hiregraph: this test binary itself, which
// runs main (and only main) when runMainEnv is set. The tests see what a
// user sees (exit codes, stdout, stderr, a server in its own process)
// without linking the binary a second time.
var binary = os.Args[0]

const runMainEnv = "HIREGRAPH_CLI_TEST_RUN_MAIN"

func TestMain(m *testing.M) {
	if os.Getenv(runMainEnv) == "1" {
		main()
		os.Exit(0)
	}
	os.Exit(m.Run())
}

// result is one finished run of the binary.
type result struct {
	stdout, stderr string
	exitCode       int
}

// hiregraph runs the binary with args in dir, with the environment env
// added to a clean one (no HIREGRAPH_ variables of the caller's).
func hiregraph(t *testing.T, dir string, env []string, args ...string) result {
	t.Helper()
	cmd := exec.Command(binary, args...)
	cmd.Dir = dir
	cmd.Env = append(cleanEnv(), env...)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err := cmd.Run()
	r := result{stdout: stdout.String(), stderr: stderr.String()}
	if exit, ok := err.(*exec.ExitError); ok {
		r.exitCode = exit.ExitCode()
	} else if err != nil {
		t.Fatalf("running hiregraph %v: %v", args, err)
	}
	return r
}

// mustRun runs the binary and fails the test unless it exits 0.
func mustRun(t *testing.T, dir string, env []string, args ...string) string {
	t.Helper()
	r := hiregraph(t, dir, env, args...)
	if r.exitCode != 0 {
		t.Fatalf("hiregraph %v exited %d\nstdout: %s\nstderr: %s", args, r.exitCode, r.stdout, r.stderr)
	}
	return r.stdout
}

func cleanEnv() []string {
	env := []string{runMainEnv + "=1"}
	for _, kv := range os.Environ() {
		if !strings.HasPrefix(kv, "HIREGRAPH_") {
			env = append(env, kv)
		}
	}
	return env
}

// runningServer is a running `hiregraph serve`.
type runningServer struct {
	cmd *exec.Cmd
	// lines is what it printed on stdout up to and including "Ready.".
	lines []string
	// url is its address.
	url    string
	stderr *bytes.Buffer
}

// startServer runs `hiregraph serve` on a free loopback port and waits
// until it prints that it is ready; it is stopped with SIGTERM when t ends.
func startServer(t *testing.T, dir string, env []string, args ...string) *runningServer {
	t.Helper()
	cmd := exec.Command(binary, append([]string{"--addr", "127.0.0.1:0"}, args...)...)
	cmd.Dir = dir
	cmd.Env = append(cleanEnv(), env...)
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	s := &runningServer{cmd: cmd, stderr: &bytes.Buffer{}}
	cmd.Stderr = s.stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.stop(t) })
	ready := make(chan error, 1)
	go func() {
		sc := bufio.NewScanner(stdout)
		for sc.Scan() {
			s.lines = append(s.lines, sc.Text())
			if url, ok := strings.CutPrefix(sc.Text(), "Ready. GraphiQL: "); ok {
				s.url = strings.TrimSuffix(strings.Fields(url)[0], "/")
				ready <- nil
				io.Copy(io.Discard, stdout)
				return
			}
		}
		ready <- fmt.Errorf("stdout ended before Ready: %v", sc.Err())
	}()
	select {
	case err := <-ready:
		if err != nil {
			t.Fatalf("hiregraph serve: %v\nstdout: %s\nstderr: %s", err, strings.Join(s.lines, "\n"), s.stderr)
		}
	case <-time.After(60 * time.Second):
		t.Fatalf("hiregraph serve printed no Ready line in 60 s\nstdout: %s", strings.Join(s.lines, "\n"))
	}
	return s
}

// stop sends SIGTERM and requires a clean exit.
func (s *runningServer) stop(t *testing.T) {
	if s.cmd.ProcessState != nil {
		return
	}
	s.cmd.Process.Signal(syscall.SIGTERM)
	if err := s.cmd.Wait(); err != nil {
		t.Errorf("hiregraph serve did not exit cleanly on SIGTERM: %v\nstderr: %s", err, s.stderr)
	}
}

// manifest decodes the JSON the server printed between the line announcing
// the demo company and the Ready line.
func (s *runningServer) manifest(t *testing.T) map[string]any {
	t.Helper()
	start := -1
	for i, l := range s.lines {
		if l == "{" {
			start = i
			break
		}
	}
	if start < 0 {
		t.Fatalf("no credentials printed:\n%s", strings.Join(s.lines, "\n"))
	}
	var m map[string]any
	if err := json.Unmarshal([]byte(strings.Join(s.lines[start:len(s.lines)-1], "\n")), &m); err != nil {
		t.Fatalf("credentials are not JSON (%v):\n%s", err, strings.Join(s.lines, "\n"))
	}
	return m
}
