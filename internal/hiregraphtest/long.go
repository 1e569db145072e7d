package hiregraphtest

import (
	"os"
	"testing"
)

// LongEnv, set to 1, runs the tests that take long by design: those that
// wait on real time (a River lease running out, a dozen rounds of River's
// scheduler) and those that drive headless Chromium. Together they add
// about two minutes of a 2-core machine, so a plain `go test ./...` skips
// them and .ci/run sets it.
const LongEnv = "HIREGRAPH_TEST_LONG"

// Long skips t, saying what it waits for, unless LongEnv is set.
func Long(t testing.TB, waits string) {
	t.Helper()
	if testing.Short() || os.Getenv(LongEnv) == "" {
		t.Skipf("set %s=1 to run it: %s", LongEnv, waits)
	}
}
