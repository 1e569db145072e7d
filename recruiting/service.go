// Package recruiting holds the operations of the service: the business rules
// that the GraphQL resolvers and the REST adapter both call, so each rule is
// written once. Operations take the viewer from the context; the data layer's
// privacy rules scope every query to the viewer's company.
package recruiting

import (
	"context"
	"fmt"
	"net/netip"
	"net/url"
	"slices"
	"time"

	"github.com/hiregraph/hiregraph/ent"
	"github.com/hiregraph/hiregraph/internal/apierror"
	"github.com/hiregraph/hiregraph/internal/auth"
	"github.com/hiregraph/hiregraph/internal/filestore"
	"github.com/hiregraph/hiregraph/internal/outbound"
	"github.com/hiregraph/hiregraph/internal/permission"
	"github.com/hiregraph/hiregraph/internal/viewer"
)

// Service is every operation of the domain, for the faces (GraphQL, REST)
// that serve all of them: it only embeds the services, each of one
// subsystem and holding only what that subsystem uses.
type Service struct {
	*core
	*PositionService
	*CandidateService
	*PartnerService
	*EventService
	*AdminService
	*CareersService
	*PrivacyService
	*InterviewService
	*ReportService
	*ScorecardService
}

// Dependencies are what the services are built from; New hands each
// service only the ones it uses.
type Dependencies struct {
	Client *ent.Client
	// Dialect is the database's, dialect.Postgres or dialect.SQLite, for
	// the few statements ent does not write (lockApplication) and the
	// events' places in the feed (event.go).
	Dialect string
	// Now is the clock; nil means time.Now.
	Now func() time.Time
	// Sealer seals partner credentials at rest and signs cursors, offer
	// letter URLs and file links.
	Sealer *auth.Sealer
	// Broker carries committed events to GraphQL subscriptions; nil sends
	// none.
	Broker *Broker
	// Links builds the absolute URLs the domain hands out.
	Links Links
	// Partners calls evaluation partners.
	Partners *outbound.Client
	// Files keeps candidates' documents (resumes, attachments).
	Files *filestore.Store
	// Webhooks pings endpoints and queues redeliveries; nil on a server
	// that does not deliver webhooks.
	Webhooks Deliveries
	// WebhookHTTPNets are the networks webhook endpoints may have plain
	// http:// URLs in (webhookURL); elsewhere they need https.
	WebhookHTTPNets []netip.Prefix
	// Exports queues person exports (ExportPerson); nil refuses them.
	Exports ExportQueue
	// Mail queues the e-mail of messages users send (SendMessage; nil
	// refuses to send) and interviews' invitations (nil sends none).
	Mail MailQueue
	// FileText queues the reading of uploaded PDF and DOCX files' text
	// for search (nil reads none).
	FileText FileTextQueue
}

// New builds the services on d, wired to each other, with every read of
// activities redacted for its reader (RedactEvents).
func New(d Dependencies) *Service {
	c := &core{Client: d.Client, Dialect: d.Dialect, Now: d.Now, Sealer: d.Sealer, Broker: d.Broker}
	docs := documents{Files: d.Files, FileText: d.FileText}
	candidates := &CandidateService{core: c, documents: docs, Links: d.Links, Mail: d.Mail}
	s := &Service{
		core:             c,
		PositionService:  &PositionService{core: c, candidates: candidates},
		CandidateService: candidates,
		PartnerService:   &PartnerService{core: c, Partners: d.Partners, Links: d.Links},
		EventService:     &EventService{core: c, Webhooks: d.Webhooks, WebhookHTTPNets: d.WebhookHTTPNets},
		AdminService:     &AdminService{core: c},
		CareersService:   &CareersService{core: c, documents: docs, candidates: candidates},
		PrivacyService:   &PrivacyService{core: c, documents: docs, Exports: d.Exports, Links: d.Links},
		InterviewService: &InterviewService{core: c, Links: d.Links, Mail: d.Mail},
		ReportService:    &ReportService{core: c},
		ScorecardService: &ScorecardService{core: c},
	}
	c.RedactEvents()
	c.RememberReads()
	return s
}

// core is what every service shares: the database, the clock, and the
// recording of activities and events that every write does.
type core struct {
	Client  *ent.Client
	Dialect string
	Now     func() time.Time
	Sealer  *auth.Sealer
	Broker  *Broker
}

// PositionService runs positions and their openings: clones, approvals,
// hiring teams, locations and questionnaires.
type PositionService struct {
	*core
	candidates *CandidateService
}

// CandidateService runs candidates on their positions' pipelines: moves,
// hires, notes, messages and files.
type CandidateService struct {
	*core
	documents
	Links Links
	Mail  MailQueue
}

// PartnerService runs evaluation partners: their settings and
// credentials, the tests candidates are sent to, and the partners' calls
// back (evaluation updates, offer letters).
type PartnerService struct {
	*core
	Partners *outbound.Client
	Links    Links
}

// EventService runs the change feed, subscriptions and webhook endpoints.
type EventService struct {
	*core
	Webhooks        Deliveries
	WebhookHTTPNets []netip.Prefix
}

// AdminService runs a company's users, roles and API keys.
type AdminService struct {
	*core
}

// CareersService runs the public careers API: published positions and
// applications.
type CareersService struct {
	*core
	documents
	candidates *CandidateService
}

// PrivacyService erases and exports people, keeps the company's retention
// rule, and sweeps what they left behind.
type PrivacyService struct {
	*core
	documents
	Exports ExportQueue
	Links   Links
}

// ScorecardService runs interview feedback: positions' scorecard
// templates, interviewers' scorecards, their blind reading and summaries,
// and the feedback a user owes.
type ScorecardService struct {
	*core
}

// InterviewService runs candidates' interviews: scheduling, rescheduling
// and cancelling them, interviewers' agendas and their iCalendar
// invitations.
type InterviewService struct {
	*core
	Links Links
	// Mail queues the invitations; nil sends none (they can still be
	// downloaded).
	Mail MailQueue
}

// Links builds absolute URLs from signed queries; the HTTP layer, which
// owns the paths, implements it (rest.Links), so the domain holds none.
type Links interface {
	OfferLetter(ctx context.Context, letterID string, query url.Values) string
	CandidateFile(ctx context.Context, fileID string, query url.Values) string
	PersonExport(ctx context.Context, exportID string, query url.Values) string
	// InterviewCalendar is the download of an interview's invitation,
	// which needs the API's credentials rather than a signature.
	InterviewCalendar(ctx context.Context, interviewID string) string
}

// now returns the current time in the precision the database keeps.
func (s *core) now() time.Time {
	t := time.Now()
	if s.Now != nil {
		t = s.Now()
	}
	return t.UTC().Truncate(time.Microsecond)
}

// WithTx runs fn in a transaction, so a write that fails changes nothing. A
// transaction already in ctx (GraphQL mutations run in one) is reused.
func (s *core) WithTx(ctx context.Context, fn func(ctx context.Context, client *ent.Client) error) error {
	if tx := ent.TxFromContext(ctx); tx != nil {
		return fn(ctx, tx.Client())
	}
	tx, err := s.Client.Tx(ctx)
	if err != nil {
		return fmt.Errorf("starting transaction: %w", err)
	}
	ctx = ent.NewTxContext(ctx, tx)
	if err := fn(ctx, tx.Client()); err != nil {
		if rerr := tx.Rollback(); rerr != nil {
			return fmt.Errorf("%w (rollback: %v)", err, rerr)
		}
		return err
	}
	if err := tx.Commit(); err != nil {
		return fmt.Errorf("committing transaction: %w", err)
	}
	return nil
}

// Require fails unless the viewer holds scope.
func Require(ctx context.Context, anyOf ...string) error {
	v, ok := viewer.FromContext(ctx)
	if !ok {
		return apierror.Unauthorized("no credentials")
	}
	if !slices.ContainsFunc(anyOf, v.Has) {
		return apierror.Forbidden("this needs %s", permission.Describe(anyOf[0]))
	}
	return nil
}

// RequireRead refuses a read to an API key without the read scope; users
// read what their permissions show them.
func RequireRead(ctx context.Context) error {
	v, ok := viewer.FromContext(ctx)
	if !ok {
		return apierror.Unauthorized("no credentials")
	}
	if !v.Can(viewer.ScopeRead) {
		return apierror.Forbidden("the API key lacks the scope %q", viewer.ScopeRead)
	}
	return nil
}

// OperationContext prepares ctx for one GraphQL operation: it carries the
// service's cursor key to the Cursor scalar, and a memo that reads the
// company's internal-use marks once however many positions the operation
// shows.
func (s *core) OperationContext(ctx context.Context) context.Context {
	ctx = context.WithValue(ctx, visibilityMemoKey{}, &visibilityMemo{})
	return context.WithValue(ctx, cursorSignerKey{}, s.Sealer)
}
