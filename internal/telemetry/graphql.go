package telemetry

import (
	"context"
	"strings"

	"github.com/99designs/gqlgen/graphql"
	"go.opentelemetry.io/otel"
	"go.opentelemetry.io/otel/attribute"
	"go.opentelemetry.io/otel/codes"
	"go.opentelemetry.io/otel/trace"
)

// GraphQL is a gqlgen extension that opens a span per operation and one per
// resolver that runs code (fields read off a loaded struct get none, so a
// page of 100 nodes does not make thousands of spans). Variables are not
// recorded: they carry partner credentials and personal data.
type GraphQL struct{}

var _ interface {
	graphql.HandlerExtension
	graphql.ResponseInterceptor
	graphql.FieldInterceptor
} = GraphQL{}

func (GraphQL) ExtensionName() string                   { return "OpenTelemetry" }
func (GraphQL) Validate(graphql.ExecutableSchema) error { return nil }
func tracer() trace.Tracer                              { return otel.Tracer(instrumentation) }

// InterceptResponse spans one operation, named like "query Candidates".
func (GraphQL) InterceptResponse(ctx context.Context, next graphql.ResponseHandler) *graphql.Response {
	if !graphql.HasOperationContext(ctx) {
		return next(ctx)
	}
	oc := graphql.GetOperationContext(ctx)
	kind, name := "operation", oc.OperationName
	if oc.Operation != nil {
		kind = string(oc.Operation.Operation)
		if name == "" {
			name = oc.Operation.Name
		}
	}
	ctx, span := tracer().Start(ctx, strings.TrimSpace(kind+" "+name), trace.WithAttributes(
		attribute.String("graphql.operation.type", kind),
		attribute.String("graphql.operation.name", name),
	))
	defer span.End()
	resp := next(ctx)
	if resp != nil && len(resp.Errors) > 0 {
		span.SetStatus(codes.Error, resp.Errors.Error())
	}
	return resp
}

// InterceptField spans a resolver, named like "Query.candidates".
func (GraphQL) InterceptField(ctx context.Context, next graphql.Resolver) (any, error) {
	fc := graphql.GetFieldContext(ctx)
	if fc == nil || !fc.IsResolver {
		return next(ctx)
	}
	ctx, span := tracer().Start(ctx, fc.Object+"."+fc.Field.Name, trace.WithAttributes(
		attribute.String("graphql.field.path", fc.Path().String()),
	))
	defer span.End()
	res, err := next(ctx)
	if err != nil {
		span.SetStatus(codes.Error, err.Error())
	}
	return res, err
}
