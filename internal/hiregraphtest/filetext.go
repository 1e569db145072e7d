package hiregraphtest

import (
	"testing"
	"time"

	"github.com/hiregraph/hiregraph/internal/filetext"
	"github.com/hiregraph/hiregraph/internal/server"
)

// ReadFileText is a config adjustment (NewWithConfig) that makes the
// server read the text of uploaded PDF and DOCX files, polling often,
// stopped when t ends.
func ReadFileText(t testing.TB) func(*server.Config) {
	return func(cfg *server.Config) {
		jobs, err := filetext.New(filetext.Config{DB: cfg.DB, Files: cfg.Files, Workers: 2, PollInterval: 100 * time.Millisecond})
		if err != nil {
			t.Fatal(err)
		}
		runJobs(t, jobs)
		cfg.FileText = jobs
	}
}
