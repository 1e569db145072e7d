//go:build !benchnoevents

package recruiting

// eventsOn is false only in benchmark builds with the benchnoevents tag,
// which measure what events cost a write against the same write without
// them (README, Events and webhooks).
const eventsOn = true
