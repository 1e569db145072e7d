package graph

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"entgo.io/contrib/entgql"
	"github.com/99designs/gqlgen/graphql"
	"github.com/99designs/gqlgen/graphql/handler"
	"github.com/99designs/gqlgen/graphql/handler/extension"
	"github.com/99designs/gqlgen/graphql/handler/lru"
	"github.com/99designs/gqlgen/graphql/handler/transport"
	"github.com/vektah/gqlparser/v2/ast"
	"github.com/vektah/gqlparser/v2/gqlerror"
	"github.com/vektah/gqlparser/v2/validator/rules"

	"github.com/hiregraph/hiregraph/apierror"
	"github.com/hiregraph/hiregraph/graph/generated"
	"github.com/hiregraph/hiregraph/recruiting"
	"github.com/hiregraph/hiregraph/viewer"
)

// Limits that keep one request from costing the server more than it should.
const (
	MaxComplexity  = 5000  // see connectionCost
	MaxDepth       = 12    // nesting of selections, fragments included
	MaxTokens      = 10000 // lexer tokens in one query document
	MaxQueryCache  = 1000  // parsed documents kept
	DefaultPage    = 50    // first, when a connection gets neither first nor last
	MaxPage        = 100   // largest first or last
	QueryTimeLimit = 30 * time.Second
)

// partnerCalls are the mutations that call an evaluation partner. They run
// without the mutation transaction: the call must not hold a connection
// (and SQLite's write lock) while the partner answers, and the record of a
// failed attempt must survive the error it reports. They draw their own
// transactions (recruiting.Service.SubmitForTest).
var partnerCalls = []string{"submitCandidateForTest", "refreshPartnerTests"}

// NewServer returns the GraphQL HTTP handler. Mutations run in one database
// transaction each, except partnerCalls; queries need the read scope.
func NewServer(service *recruiting.Service) *handler.Server {
	schema := generated.NewExecutableSchema(generated.Config{
		Resolvers: &Resolver{service: service, client: service.Client},
	})
	srv := handler.New(connectionCost{schema})
	srv.AddTransport(transport.Options{})
	srv.AddTransport(transport.GET{})
	srv.AddTransport(transport.POST{})
	srv.SetQueryCache(lru.New[*ast.QueryDocument](MaxQueryCache))
	srv.SetParserTokenLimit(MaxTokens)
	srv.SetValidationRulesFn(func() *rules.Rules {
		r := rules.NewDefaultRules()
		r.AddRule("MaxDepth", maxDepthRule(MaxDepth))
		return r
	})
	srv.Use(extension.Introspection{})
	srv.Use(extension.FixedComplexityLimit(MaxComplexity))
	srv.Use(entgql.Transactioner{TxOpener: service.Client, SkipTxFunc: entgql.SkipIfHasFields(partnerCalls...)})
	srv.AroundOperations(requireReadScope)
	srv.AroundFields(defaultPageSize)
	srv.SetErrorPresenter(presentError)
	srv.SetRecoverFunc(func(ctx context.Context, p any) error {
		slog.ErrorContext(ctx, "panic in resolver", "panic", fmt.Sprint(p))
		return apierror.Internal
	})
	return srv
}

func requireReadScope(ctx context.Context, next graphql.OperationHandler) graphql.ResponseHandler {
	if err := recruiting.Require(ctx, viewer.ScopeRead); err != nil {
		return graphql.OneShot(&graphql.Response{Errors: gqlerror.List{presentError(ctx, err)}})
	}
	return next(ctx)
}

// defaultPageSize gives every connection a page of DefaultPage when the
// query names neither first nor last, and refuses pages beyond MaxPage, so
// no query reads a whole table.
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
	for name, n := range map[string]*int{"first": first, "last": last} {
		if n != nil && (*n < 1 || *n > MaxPage) {
			return nil, apierror.Invalid(name, "%s must be between 1 and %d, got %d", name, MaxPage, *n)
		}
	}
	if first == nil && last == nil {
		n := DefaultPage
		fc.Args["first"] = &n
	}
	return next(ctx)
}

// presentError maps errors to GraphQL errors with extensions.code, through
// the same apierror mapping the REST body uses.
func presentError(ctx context.Context, err error) *gqlerror.Error {
	e, unexpected := apierror.From(err)
	var gqlErr *gqlerror.Error
	if unexpected && errors.As(err, &gqlErr) && gqlErr.Err == nil {
		return gqlErr // parse, validation and complexity errors of gqlgen itself
	}
	out := graphql.DefaultErrorPresenter(ctx, err)
	if unexpected {
		slog.ErrorContext(ctx, "graphql resolver failed", "path", out.Path.String(), "error", err)
	}
	out.Message = e.Message
	if out.Extensions == nil {
		out.Extensions = map[string]any{}
	}
	out.Extensions["code"] = e.Code
	out.Extensions["status"] = e.Status
	if e.Field != "" {
		out.Extensions["field"] = e.Field
	}
	return out
}
