//go:build !unix

package rest_test

import "time"

func processCPU() (time.Duration, bool) { return 0, false }
