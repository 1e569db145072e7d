package hiregraphtest

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
)

// LongEnv, set to 1, runs the tests that take long by design: those that
// wait on real time (a River lease running out, a dozen rounds of River's
// scheduler) and those that drive headless Chromium. Together they add
// about two minutes of a 2-core machine, so a plain `go test ./...` skips
// them and .ci/run sets it.
const LongEnv = "HIREGRAPH_TEST_LONG"

// RequireEnv, set to 1 (.ci/run sets it), makes a test fail where it would
// skip for want of something CI installs: Chromium, axe-core. A green CI
// run then proves the browser and accessibility checks ran.
const RequireEnv = "HIREGRAPH_TEST_REQUIRE"

// Long skips t, saying what it waits for, unless LongEnv is set.
func Long(t testing.TB, waits string) {
	t.Helper()
	if testing.Short() || os.Getenv(LongEnv) == "" {
		announceLongSkips()
		t.Skipf("long test: set %s=1 to run it: %s", LongEnv, waits)
	}
}

// missing skips t for want of what, or fails it under RequireEnv.
func missing(t testing.TB, what string) {
	t.Helper()
	if os.Getenv(RequireEnv) != "" {
		t.Fatalf("%s (%s is set: CI must have it)", what, RequireEnv)
	}
	t.Skip(what)
}

var longSkips sync.Once

// announceLongSkips says once per test binary that its long tests are
// skipped. `go test ./...` shows nothing but "ok" of a package that passes,
// whatever its tests print, so the line goes to the terminal when there is
// one (stderr otherwise, shown with -v).
func announceLongSkips() {
	longSkips.Do(func() {
		pkg := strings.TrimSuffix(filepath.Base(os.Args[0]), ".test")
		var w io.Writer = os.Stderr
		if tty, err := os.OpenFile("/dev/tty", os.O_WRONLY, 0); err == nil {
			defer tty.Close()
			w = tty
		}
		fmt.Fprintf(w, "%s: skipping long tests (browsers, real-time waits); set %s=1 to run them\n", pkg, LongEnv)
	})
}
