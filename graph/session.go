package graph

import (
	"cmp"
	"context"
	"errors"
	"net/http"
	"slices"
	"sync"
	"sync/atomic"
	"time"

	"github.com/99designs/gqlgen/graphql/handler/transport"

	"github.com/hiregraph/hiregraph/internal/apierror"
	"github.com/hiregraph/hiregraph/internal/viewer"
	"github.com/hiregraph/hiregraph/recruiting"
)

// Close codes of graphql-transport-ws. graphql-ws's client gives up on
// 4401 and 4429 and retries 4403 with its back-off; a plain 1000 would
// have it reconnect at once, over and over.
const (
	CloseUnauthorized    = 4401 // the credential no longer holds: sign in again
	CloseForbidden       = 4403 // refused, or the credential's rights changed
	CloseTooManyRequests = 4429 // throttled, or too many connections
)

// DefaultSessionCheck is how often an open WebSocket connection's
// credential is checked again when Sessions.Every is zero.
const DefaultSessionCheck = 5 * time.Second

// MaxConnectionsPerCredential bounds the WebSocket connections one API key
// or one user holds open on a server at once.
const MaxConnectionsPerCredential = 20

// Sessions decides who may hold a WebSocket connection, and for how long:
// a connection lasts only while the credential it opened with still
// authenticates with the same rights.
type Sessions struct {
	// Admit checks connection_init's Authorization, counting failures
	// against the client as failed HTTP authentications are counted.
	Admit Authenticate
	// Check checks it again while the connection lasts.
	Check Authenticate
	// Every is how often Check runs; DefaultSessionCheck when zero.
	Every time.Duration
}

// Authenticate checks the credentials of an Authorization header, as HTTP
// requests are checked.
type Authenticate func(ctx context.Context, header string) (viewer.Viewer, error)

// socket holds the connection the transport accepted for a request, so a
// session can close it with a code of its own: gqlgen closes a connection
// whose context ends with 1000, which tells clients nothing.
type socket struct {
	mu   sync.Mutex
	conn transport.WebsocketConn
}

type socketKey struct{}

// withSocket gives an upgrade request's context a place for its socket.
func withSocket(r *http.Request) *http.Request {
	return r.WithContext(context.WithValue(r.Context(), socketKey{}, &socket{}))
}

func (s *socket) close(code int, reason string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.conn == nil {
		return
	}
	// The reason of a close frame holds at most 123 bytes.
	if len(reason) > 123 {
		reason = reason[:120] + "..."
	}
	_ = s.conn.WriteClose(code, reason)
	_ = s.conn.Close()
}

// keptSockets is the transport's implementation, keeping each accepted
// connection in its request's socket.
type keptSockets struct {
	transport.WebsocketImplementation
}

func (k keptSockets) Accept(w http.ResponseWriter, r *http.Request, options transport.WebsocketAcceptOptions) (transport.WebsocketConn, error) {
	conn, err := k.WebsocketImplementation.Accept(w, r, options)
	if s, ok := r.Context().Value(socketKey{}).(*socket); ok && err == nil {
		s.mu.Lock()
		s.conn = conn
		s.mu.Unlock()
	}
	return conn, err
}

// open admits a connection: it authenticates the init payload's
// Authorization, takes one of the credential's connections, and watches
// the credential until the connection ends.
func (s Sessions) open(ctx context.Context, open *openSessions, header string) (context.Context, error) {
	v, err := s.Admit(ctx, header)
	if err != nil {
		return refused(ctx, err), err
	}
	subscriptions, release, err := open.take(credentialOf(v))
	if err != nil {
		return refused(ctx, err), err
	}
	sock, _ := ctx.Value(socketKey{}).(*socket)
	go s.watch(ctx, sock, header, v, release)
	return recruiting.WithSubscriptionSlots(viewer.NewContext(ctx, v), subscriptions), nil
}

// watch checks the credential every s.Every until ctx (the connection's)
// ends, and closes the connection once it no longer holds: 4401 when it
// no longer authenticates (revoked key, deactivated user, expired token),
// 4403 when it does with other rights (a role or scope changed), so
// subscriptions never outlive what the same credential gets over HTTP.
func (s Sessions) watch(ctx context.Context, sock *socket, header string, was viewer.Viewer, release func()) {
	defer release()
	tick := time.NewTicker(cmp.Or(s.Every, DefaultSessionCheck))
	defer tick.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-tick.C:
		}
		v, err := s.Check(ctx, header)
		var e *apierror.Error
		switch {
		case errors.As(err, &e) && e.Status == http.StatusUnauthorized:
			sock.close(CloseUnauthorized, e.Message)
			return
		case err != nil:
			// The database, not the credential, failed: check again later.
			continue
		case !sameRights(v, was):
			sock.close(CloseForbidden, "the credential's rights changed; connect again")
			return
		}
	}
}

// refused sets the close code and reason gqlgen answers a refused
// connection_init with.
func refused(ctx context.Context, err error) context.Context {
	code := CloseForbidden
	var e *apierror.Error
	if errors.As(err, &e) && e.Status == http.StatusTooManyRequests {
		code = CloseTooManyRequests
	}
	return transport.WithWebsocketCloseCode(transport.AppendCloseReason(ctx, err.Error()), code)
}

// sameRights tells whether two viewers of one credential may do the same.
// Permissions are compared too: a custom role's change keeps the roles.
func sameRights(a, b viewer.Viewer) bool {
	return a.CompanyID == b.CompanyID && a.KeyID == b.KeyID && a.UserID == b.UserID && a.PartnerID == b.PartnerID &&
		slices.Equal(sorted(a.Scopes), sorted(b.Scopes)) && slices.Equal(sorted(a.Roles), sorted(b.Roles)) &&
		slices.Equal(a.Permissions, b.Permissions)
}

func sorted(s []string) []string { return slices.Sorted(slices.Values(s)) }

// credentialOf names what a viewer's connections are counted by: its API
// key, or its user when signed in with a user token.
func credentialOf(v viewer.Viewer) string {
	if v.KeyID != "" {
		return "key:" + v.KeyID
	}
	return "user:" + v.UserID
}

// openSessions counts each credential's open connections, and holds the
// subscriptions they share (recruiting.MaxSubscriptionsPerCredential).
// The counts are the server's own: each replica bounds what it holds.
type openSessions struct {
	mu    sync.Mutex
	byKey map[string]*credentialSessions
}

type credentialSessions struct {
	connections   int
	subscriptions atomic.Int32
}

// take counts one more connection of credential, or refuses it past
// MaxConnectionsPerCredential. release gives it back.
func (o *openSessions) take(credential string) (subscriptions *atomic.Int32, release func(), err error) {
	o.mu.Lock()
	defer o.mu.Unlock()
	if o.byKey == nil {
		o.byKey = map[string]*credentialSessions{}
	}
	c := o.byKey[credential]
	if c == nil {
		c = &credentialSessions{}
		o.byKey[credential] = c
	}
	if c.connections >= MaxConnectionsPerCredential {
		return nil, nil, apierror.New(http.StatusTooManyRequests, CodeTooManyConnections,
			"a credential may hold at most %d WebSocket connections at once; close one first", MaxConnectionsPerCredential)
	}
	c.connections++
	return &c.subscriptions, func() {
		o.mu.Lock()
		defer o.mu.Unlock()
		if c.connections--; c.connections == 0 {
			delete(o.byKey, credential)
		}
	}, nil
}

// CodeTooManyConnections refuses a connection past
// MaxConnectionsPerCredential.
const CodeTooManyConnections = "too_many_connections"
