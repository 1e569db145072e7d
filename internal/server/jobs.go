package server

import (
	"fmt"
)

// jobsOr is given (the jobs the process runs), or, when nil, jobs made by
// queueOnly, which only queue their work for another process to run.
func jobsOr[J any](given *J, what string, queueOnly func() (*J, error)) (*J, error) {
	if given != nil {
		return given, nil
	}
	jobs, err := queueOnly()
	if err != nil {
		return nil, fmt.Errorf("%s jobs: %w", what, err)
	}
	return jobs, nil
}
