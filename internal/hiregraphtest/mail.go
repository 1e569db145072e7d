package hiregraphtest

import (
	"testing"
	"time"

	"github.com/hiregraph/hiregraph/internal/mail"
	"github.com/hiregraph/hiregraph/internal/maildelivery"
	"github.com/hiregraph/hiregraph/internal/server"
)

// MailFrom is the address test servers send e-mail from.
const MailFrom = "jobs@acme.example"

// DeliverMail is a config adjustment (NewWithConfig) that makes the server
// send e-mail through sender, polling often and retrying at once (up to
// attempts times; zero: the default), stopped when t ends.
func DeliverMail(t testing.TB, sender mail.Sender, attempts int) func(*server.Config) {
	return func(cfg *server.Config) {
		jobs, err := maildelivery.New(maildelivery.Config{DB: cfg.DB, Sender: sender, From: MailFrom, Workers: 2, Now: cfg.Now,
			PollInterval: 100 * time.Millisecond, RetryBase: time.Millisecond, MaxAttempts: attempts})
		if err != nil {
			t.Fatal(err)
		}
		runJobs(t, jobs)
		cfg.Mail = jobs
	}
}
