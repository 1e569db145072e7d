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

// Service runs the operations against one database.
type Service struct {
	Client *ent.Client
	// Dialect is the database's, dialect.Postgres or dialect.SQLite, for
	// the few statements ent does not write (lockApplication) and the
	// events' places in the feed (event.go).
	Dialect string
	// Links builds the absolute URLs the domain hands out: offer letters
	// sent to partners, download links of files.
	Links Links
	// Sealer seals partner credentials at rest and signs offer letter URLs.
	Sealer *auth.Sealer
	// Partners calls evaluation partners.
	Partners *outbound.Client
	// Files keeps candidates' documents (resumes, attachments).
	Files *filestore.Store
	// WebhookHTTPNets are the networks webhook endpoints may have plain
	// http:// URLs in (webhookURL); elsewhere they need https.
	WebhookHTTPNets []netip.Prefix
	// Now is the clock; tests replace it.
	Now func() time.Time
	// Broker carries committed events to GraphQL subscriptions; nil sends
	// none.
	Broker *Broker
	// Webhooks pings endpoints and queues redeliveries; nil on a server
	// that does not deliver webhooks.
	Webhooks Deliveries
}

// Links builds absolute URLs from signed queries; the HTTP layer, which
// owns the paths, implements it (rest.Links), so the domain holds none.
type Links interface {
	OfferLetter(ctx context.Context, letterID string, query url.Values) string
	CandidateFile(ctx context.Context, fileID string, query url.Values) string
}

// now returns the current time in the precision the database keeps.
func (s *Service) now() time.Time {
	t := time.Now()
	if s.Now != nil {
		t = s.Now()
	}
	return t.UTC().Truncate(time.Microsecond)
}

// WithTx runs fn in a transaction, so a write that fails changes nothing. A
// transaction already in ctx (GraphQL mutations run in one) is reused.
func (s *Service) WithTx(ctx context.Context, fn func(ctx context.Context, client *ent.Client) error) error {
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
func (s *Service) OperationContext(ctx context.Context) context.Context {
	ctx = context.WithValue(ctx, visibilityMemoKey{}, &visibilityMemo{})
	return context.WithValue(ctx, cursorSignerKey{}, s.Sealer)
}
