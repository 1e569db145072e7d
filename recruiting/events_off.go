//go:build benchnoevents

package recruiting

import "testing"

// eventsOn: see events_on.go. A service that drops its events is never
// right outside a benchmark, so a binary other than a test's refuses to
// start.
const eventsOn = false

func init() {
	if !testing.Testing() {
		panic("the benchnoevents tag is for benchmarks only")
	}
}
