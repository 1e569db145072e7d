package server

import "github.com/hiregraph/hiregraph/internal/personaldata"

// personalDataJobs is cfg.PersonalData, or jobs that only queue exports.
func personalDataJobs(cfg Config) *personaldata.Jobs {
	if cfg.PersonalData != nil {
		return cfg.PersonalData
	}
	jobs, err := personaldata.New(personaldata.Config{DB: cfg.DB})
	if err != nil {
		// Only a River configuration this code sets can fail here.
		panic(err)
	}
	return jobs
}
