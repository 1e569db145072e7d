//go:build unix

package rest_test

import (
	"syscall"
	"time"
)

// processCPU is the CPU time the process has used, user and system. On a
// shared machine it varies less than wall time with what else runs.
func processCPU() (time.Duration, bool) {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0, false
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano()), true
}
