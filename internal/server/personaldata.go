package server

import (
	"fmt"

	"github.com/hiregraph/hiregraph/internal/personaldata"
)

// personalDataJobs is cfg.PersonalData, or jobs that only queue exports
// for another process to write.
func personalDataJobs(cfg Config) (*personaldata.Jobs, error) {
	if cfg.PersonalData != nil {
		return cfg.PersonalData, nil
	}
	jobs, err := personaldata.New(personaldata.Config{DB: cfg.DB})
	if err != nil {
		return nil, fmt.Errorf("personal data jobs: %w", err)
	}
	return jobs, nil
}
