// Package maildelivery sends the e-mail of messages users send to
// candidates (recruiting.CandidateService.SendMessage) as River jobs in the
// service's own database: queued in the transaction that writes the
// message, retried with backoff while the mail server refuses for now.
package maildelivery

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"log/slog"
	"strings"
	"time"

	"github.com/riverqueue/river"

	"github.com/hiregraph/hiregraph/ent"
	"github.com/hiregraph/hiregraph/internal/database"
	"github.com/hiregraph/hiregraph/internal/jobs"
	"github.com/hiregraph/hiregraph/internal/mail"
	"github.com/hiregraph/hiregraph/recruiting"
)

// Job settings.
const (
	// Queue is River's queue of e-mails.
	Queue = "mail"
	// DefaultWorkers is how many e-mails one process sends at once.
	DefaultWorkers = 4
	// DefaultMaxAttempts is how often an e-mail is tried: with
	// DefaultRetryBase doubling, the last try comes about a day after
	// the first.
	DefaultMaxAttempts = 10
	// DefaultRetryBase is the wait before the first retry.
	DefaultRetryBase = time.Minute
	// maxRetryWait caps the wait between two tries.
	maxRetryWait = 6 * time.Hour
	// sendTimeout bounds one try, below the webhook deliveries' job
	// timeout of the River client these jobs share.
	sendTimeout = 45 * time.Second
)

// Config says how e-mail is sent.
type Config struct {
	DB *database.DB
	// Sender delivers the e-mails (mail.SMTP, mail.Outbox); nil makes
	// these jobs only queue, for a process that sends.
	Sender mail.Sender
	// From is the address e-mails come from (a recruiter's name shows
	// beside it, and answers go to the recruiter).
	From string
	// Workers is how many e-mails this process sends at once; zero makes
	// it only queue them.
	Workers int
	// PollInterval is how often an idle worker looks for e-mails (zero:
	// River's default, 1s).
	PollInterval time.Duration
	// MaxAttempts and RetryBase change the retries (zero:
	// DefaultMaxAttempts and DefaultRetryBase); tests shorten them.
	MaxAttempts int
	RetryBase   time.Duration
	// Now is the clock; tests replace it.
	Now func() time.Time
}

// Jobs queues e-mails (recruiting.MailQueue) and, when it works, sends
// them: on a River client of its own (Start), or, in a server, on the one
// client of the process (Set).
type Jobs struct {
	*jobs.Client
	attempts int
}

// sendArgs is River's job of one message's e-mail; the worker reads the
// message as it is when it runs.
type sendArgs struct {
	MessageID string `json:"message_id"`
}

func (sendArgs) Kind() string { return "send_mail" }

// New returns the jobs over cfg.DB.
func New(cfg Config) (*Jobs, error) {
	if cfg.Sender != nil && !mail.ValidAddress(cfg.From) {
		return nil, fmt.Errorf("the address mail comes from must be a bare e-mail address, got %q", cfg.From)
	}
	service := recruiting.New(recruiting.Dependencies{Client: cfg.DB.Client, Dialect: cfg.DB.Dialect, Now: cfg.Now})
	w := &worker{service: service, sender: cfg.Sender, from: cfg.From, retryBase: cmp.Or(cfg.RetryBase, DefaultRetryBase)}
	workers := cfg.Workers
	if cfg.Sender == nil {
		workers = 0
	}
	client, err := jobs.NewClient(cfg.DB, jobs.Set{
		Queue:   Queue,
		Workers: workers,
		Register: func(ws *river.Workers) error {
			return errors.Join(river.AddWorkerSafely(ws, w), river.AddWorkerSafely(ws, &inviteWorker{sender: w}))
		},
	}, cfg.PollInterval)
	if err != nil {
		return nil, err
	}
	return &Jobs{Client: client, attempts: cmp.Or(cfg.MaxAttempts, DefaultMaxAttempts)}, nil
}

// EnqueueMail queues a message's e-mail in client's transaction
// (recruiting.MailQueue).
func (j *Jobs) EnqueueMail(ctx context.Context, client *ent.Client, messageID string) error {
	return j.InsertTx(ctx, client, sendArgs{MessageID: messageID}, river.InsertOpts{MaxAttempts: j.attempts})
}

// EnqueueInvitation queues an interview's invitation e-mail in client's
// transaction (recruiting.MailQueue).
func (j *Jobs) EnqueueInvitation(ctx context.Context, client *ent.Client, m recruiting.InterviewMail) error {
	return j.InsertTx(ctx, client, inviteArgs{m}, river.InsertOpts{MaxAttempts: j.attempts})
}

// inviteArgs is River's job of one interview invitation e-mail.
type inviteArgs struct {
	recruiting.InterviewMail
}

func (inviteArgs) Kind() string { return "send_interview_invitation" }

// inviteWorker sends one invitation, with the message worker's sender,
// address and retries. Invitations have no delivery status of their own:
// a permanent refusal ends the job, and River keeps it as discarded.
type inviteWorker struct {
	river.WorkerDefaults[inviteArgs]
	sender *worker
}

func (w *inviteWorker) Timeout(*river.Job[inviteArgs]) time.Duration { return sendTimeout }

func (w *inviteWorker) NextRetry(job *river.Job[inviteArgs]) time.Time {
	return time.Now().Add(w.sender.retryWait(job.Attempt))
}

func (w *inviteWorker) Work(ctx context.Context, job *river.Job[inviteArgs]) error {
	err := w.sender.service.DeliverInvitation(ctx, job.Args.InterviewMail, w.sender.send)
	if mail.IsPermanent(err) {
		slog.WarnContext(ctx, "interview invitation not delivered", "interview", job.Args.InterviewID, "error", err)
		return river.JobCancel(err)
	}
	return err
}

// worker sends one message's e-mail.
type worker struct {
	river.WorkerDefaults[sendArgs]
	service   *recruiting.Service
	sender    mail.Sender
	from      string
	retryBase time.Duration
}

func (w *worker) Timeout(*river.Job[sendArgs]) time.Duration { return sendTimeout }

// NextRetry waits retryBase, doubling with each attempt, up to
// maxRetryWait.
func (w *worker) NextRetry(job *river.Job[sendArgs]) time.Time {
	return time.Now().Add(w.retryWait(job.Attempt))
}

// retryWait is the wait after the attempt-th try: retryBase, doubling with
// each attempt, up to maxRetryWait.
func (w *worker) retryWait(attempt int) time.Duration {
	wait := w.retryBase
	for i := 1; i < attempt && wait < maxRetryWait; i++ {
		wait *= 2
	}
	return min(wait, maxRetryWait)
}

func (w *worker) Work(ctx context.Context, job *river.Job[sendArgs]) error {
	last := job.Attempt >= job.MaxAttempts
	return w.service.DeliverMessage(ctx, job.Args.MessageID, last, w.send)
}

// send sends m from the service's address.
func (w *worker) send(ctx context.Context, m mail.Message) error {
	m.From = w.from
	// The Message-ID's domain is the sender's, as RFC 5322 suggests.
	_, domain, _ := strings.Cut(w.from, "@")
	m.ID += "@" + domain
	return w.sender.Send(ctx, m)
}
