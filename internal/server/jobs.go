package server

import (
	"fmt"

	"github.com/hiregraph/hiregraph/internal/filetext"
	"github.com/hiregraph/hiregraph/internal/maildelivery"
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

// mailJobs is cfg.Mail, or jobs that only queue e-mail for another
// process to send.
func mailJobs(cfg Config) (*maildelivery.Jobs, error) {
	if cfg.Mail != nil {
		return cfg.Mail, nil
	}
	jobs, err := maildelivery.New(maildelivery.Config{DB: cfg.DB})
	if err != nil {
		return nil, fmt.Errorf("mail jobs: %w", err)
	}
	return jobs, nil
}

// fileTextJobs is cfg.FileText, or jobs that only queue file readings for
// another process to run.
func fileTextJobs(cfg Config) (*filetext.Jobs, error) {
	if cfg.FileText != nil {
		return cfg.FileText, nil
	}
	jobs, err := filetext.New(filetext.Config{DB: cfg.DB})
	if err != nil {
		return nil, fmt.Errorf("file text jobs: %w", err)
	}
	return jobs, nil
}
