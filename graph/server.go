package graph

import (
	"context"
	"fmt"
	"log/slog"
	"net/http"
	"slices"
	"strings"
	"time"

	"github.com/99designs/gqlgen/graphql"
	"github.com/99designs/gqlgen/graphql/handler"
	"github.com/99designs/gqlgen/graphql/handler/extension"
	"github.com/99designs/gqlgen/graphql/handler/lru"
	"github.com/99designs/gqlgen/graphql/handler/transport"
	coderws "github.com/coder/websocket"
	"github.com/vektah/gqlparser/v2/ast"
	"github.com/vektah/gqlparser/v2/gqlerror"
	"github.com/vektah/gqlparser/v2/validator/rules"

	"github.com/hiregraph/hiregraph/ent/entgql"
	"github.com/hiregraph/hiregraph/graph/generated"
	"github.com/hiregraph/hiregraph/internal/apierror"
	"github.com/hiregraph/hiregraph/internal/viewer"
	"github.com/hiregraph/hiregraph/recruiting"
)

// Limits that keep one request from costing the server more than it should.
const (
	MaxComplexity  = 5000  // see connectionCost
	MaxDepth       = 12    // nesting of selections, fragments included
	MaxTokens      = 10000 // lexer tokens in one query document
	MaxFields      = 2000  // fields in one operation, each fragment spread counted again
	MaxRootFields  = 20    // root fields of one operation
	MaxAliases     = 30    // aliased fields in one operation
	MaxSchemas     = 1     // __schema selections in one operation
	MaxQueryCache  = 1000  // parsed documents kept
	QueryTimeLimit = 30 * time.Second

	// DefaultMaxResponseBytes holds the full introspection answer (about
	// 430 KB) several times over, and any answer MaxComplexity allows.
	DefaultMaxResponseBytes = 4 << 20
)

// Page sizes of connections: those of every list of the service.
const (
	DefaultPage = recruiting.DefaultPageSize // first, when a connection gets neither first nor last
	MaxPage     = recruiting.MaxPageSize     // largest first or last
)

// partnerCalls are the mutations that call an evaluation partner (or a
// webhook endpoint, pingWebhookEndpoint). They run
// without the mutation transaction: the call must not hold a connection
// (and SQLite's write lock) while the partner answers, and the record of a
// failed attempt must survive the error it reports. They draw their own
// transactions (recruiting.Service.SubmitForTest).
var partnerCalls = []string{"submitCandidateForTest", "refreshPartnerTests", "pingWebhookEndpoint"}

// fileWrites are the mutations that write to the file store. They too run
// without the mutation transaction: the file is written first, with no
// connection held, then its row in a transaction of its own
// (recruiting.Service.UploadCandidateFile); a deleted (or erased) file's
// content goes only once the delete of its row has committed.
var fileWrites = []string{"uploadCandidateFile", "deleteCandidateFile", "erasePerson", "runRetention"}

// NewServer returns the handler of /graphql. Mutations run in one database
// transaction each, except partnerCalls and fileWrites; see requireScopes
// for who may run what, and Sessions for who may hold a WebSocket
// connection. extensions (tracing, say) wrap what the server does.
func NewServer(service *recruiting.Service, limits Limits, sessions Sessions, extensions ...graphql.HandlerExtension) http.Handler {
	if limits.MaxResponseBytes <= 0 {
		limits.MaxResponseBytes = DefaultMaxResponseBytes
	}
	schema := generated.NewExecutableSchema(generated.Config{
		Resolvers: &Resolver{service: service, client: service.Client},
	})
	srv := handler.New(connectionCost{schema})
	srv.AddTransport(websocketTransport(sessions))
	srv.AddTransport(transport.Options{})
	srv.AddTransport(get{})
	srv.AddTransport(post{})
	// Uploads (the GraphQL multipart request spec): the whole request is
	// capped by the server (server.Config.MaxUploadBytes); parts beyond
	// MaxMemory go to temporary files.
	srv.AddTransport(transport.MultipartForm{MaxUploadSize: limits.maxUploadBytes(), MaxMemory: 1 << 20})
	srv.SetQueryCache(lru.New[*ast.QueryDocument](MaxQueryCache))
	srv.SetParserTokenLimit(MaxTokens)
	srv.SetValidationRulesFn(func() *rules.Rules {
		r := rules.NewDefaultRules()
		r.AddRule("OperationShape", shapeRule(operationShape{maxFields: MaxFields, maxRoot: MaxRootFields, maxAliases: MaxAliases, maxDepth: MaxDepth, maxSchemas: MaxSchemas}))
		return r
	})
	srv.Use(extension.Introspection{})
	srv.Use(extension.AutomaticPersistedQuery{Cache: newPersistedQueries()})
	srv.Use(&complexityLimit{limit: MaxComplexity})
	srv.Use(transactioner{entgql.Transactioner{TxOpener: service.Client, SkipTxFunc: entgql.SkipIfHasFields(append(slices.Clone(partnerCalls), fileWrites...)...)}})
	// Inside the transaction: an answer refused for its size rolls the
	// mutation back.
	srv.AroundResponses(limitResponse(limits.MaxResponseBytes))
	srv.AroundResponses(cacheIntrospection())
	srv.AroundOperations(requireScopes(recordTypes(schema.Schema())))
	srv.AroundOperations(func(ctx context.Context, next graphql.OperationHandler) graphql.ResponseHandler {
		return next(service.OperationContext(ctx))
	})
	// Page sizes concern only fields with arguments: registered so, it
	// leaves every other field, resolvers without arguments included,
	// its fast path (graph/generated/middleware.go), which any
	// srv.AroundFields ends.
	srv.Use(generated.AroundArgumentFields(defaultPageSize))
	srv.SetErrorPresenter(presentError)
	srv.SetRecoverFunc(func(ctx context.Context, p any) error {
		slog.ErrorContext(ctx, "panic in resolver", "panic", fmt.Sprint(p))
		return apierror.Internal
	})
	for _, e := range extensions {
		srv.Use(e)
	}
	return Handler{gql: srv}
}

// websocketTransport serves subscriptions over WebSocket (graphql-ws and
// graphql-transport-ws). The upgrade request carries no credentials
// (browsers cannot set its headers): connection_init's Authorization
// does, checked by sessions, which also end the connection when it stops
// holding.
func websocketTransport(sessions Sessions) transport.Websocket {
	open := &openSessions{}
	return transport.Websocket{
		// Any origin, as the HTTP API allows: credentials come in the
		// init message, never from cookies.
		Implementation: keptSockets{transport.CoderWebsocketImplementation{AcceptOptions: coderws.AcceptOptions{InsecureSkipVerify: true}}},
		InitFunc: func(ctx context.Context, p transport.InitPayload) (context.Context, *transport.InitPayload, error) {
			ctx, err := sessions.open(ctx, open, p.Authorization())
			return ctx, nil, err
		},
		InitTimeout:           10 * time.Second,
		KeepAlivePingInterval: 15 * time.Second,
	}
}

// transactioner is entgql's, made safe for errors gqlgen reports before an
// operation exists (a body it cannot decode), where entgql's would panic.
type transactioner struct{ entgql.Transactioner }

func (t transactioner) InterceptResponse(ctx context.Context, next graphql.ResponseHandler) *graphql.Response {
	if !graphql.HasOperationContext(ctx) {
		return next(ctx)
	}
	return t.Transactioner.InterceptResponse(ctx, next)
}

// requireScopes checks, before an operation runs, the scopes of what it
// does, as REST does per endpoint. A query reads: it needs read. A
// mutation's root fields need the scope of their operation (write, admin),
// which the recruiting operation checks; its answer's own fields are what
// the write made, answered to a write-only key as REST answers them. A
// field of the answer that leads to other records (a node or a connection)
// reads them, so it needs read.
func requireScopes(records map[string]bool) graphql.OperationMiddleware {
	return func(ctx context.Context, next graphql.OperationHandler) graphql.ResponseHandler {
		if err := scopeError(ctx, graphql.GetOperationContext(ctx), records); err != nil {
			setStatus(ctx, err)
			return graphql.OneShot(&graphql.Response{Errors: gqlerror.List{presentError(ctx, err)}})
		}
		return next(ctx)
	}
}

func scopeError(ctx context.Context, oc *graphql.OperationContext, records map[string]bool) *apierror.Error {
	v, _ := viewer.FromContext(ctx)
	if v.Can(viewer.ScopeRead) {
		return nil
	}
	if oc.Operation.Operation != ast.Mutation {
		return apierror.Forbidden("the API key lacks the scope %q, which every query needs", viewer.ScopeRead)
	}
	var reads *ast.Field
	forEachField(oc.Doc, oc.Operation.SelectionSet, false, map[string]bool{}, func(root *ast.Field) bool {
		forEachField(oc.Doc, root.SelectionSet, true, map[string]bool{}, func(f *ast.Field) bool {
			if f.Definition != nil && records[f.Definition.Type.Name()] {
				reads = f
			}
			return reads == nil
		})
		return reads == nil
	})
	if reads == nil {
		return nil
	}
	return apierror.Forbidden("the API key lacks the scope %q, which selecting %q in a mutation's answer needs: it reads other records", viewer.ScopeRead, reads.Alias)
}

// recordTypes names the types of schema whose fields read stored records:
// nodes and connections of nodes.
func recordTypes(schema *ast.Schema) map[string]bool {
	records := map[string]bool{}
	for name, def := range schema.Types {
		if def.Kind == ast.Object && (slices.Contains(def.Interfaces, "Node") || strings.HasSuffix(name, "Connection")) {
			records[name] = true
		}
	}
	return records
}

// defaultPageSize applies the page sizes of every list
// (recruiting.RelayPageSize) to every connection, nested ones included: a
// page of DefaultPage when the query names neither first nor last, none
// beyond MaxPage, so no query reads a whole table.
func defaultPageSize(ctx context.Context, next graphql.Resolver) (any, error) {
	fc := graphql.GetFieldContext(ctx)
	if fc == nil || fc.Args == nil {
		return next(ctx)
	}
	first, hasFirst := fc.Args["first"].(*int)
	last, hasLast := fc.Args["last"].(*int)
	if !hasFirst && !hasLast {
		return next(ctx)
	}
	first, last, err := recruiting.RelayPageSize(first, last)
	if err != nil {
		return nil, err
	}
	fc.Args["first"], fc.Args["last"] = first, last
	return next(ctx)
}
