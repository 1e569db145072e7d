// Package telemetry traces HTTP requests, GraphQL operations and resolvers,
// and SQL statements with OpenTelemetry, exported over OTLP/HTTP when the
// standard OTEL_EXPORTER_OTLP_ENDPOINT (or OTEL_EXPORTER_OTLP_TRACES_ENDPOINT)
// is set. Without one nothing is wrapped: the server, the GraphQL handler
// and the database connections are exactly those of an untraced build.
package telemetry

import (
	"context"
	"database/sql"
	"database/sql/driver"
	"fmt"
	"net/http"
	"os"
	"strings"
	"sync/atomic"

	"github.com/XSAM/otelsql"
	"go.opentelemetry.io/contrib/instrumentation/net/http/otelhttp"
	"go.opentelemetry.io/otel"
	"go.opentelemetry.io/otel/exporters/otlp/otlptrace/otlptracehttp"
	"go.opentelemetry.io/otel/propagation"
	"go.opentelemetry.io/otel/sdk/resource"
	sdktrace "go.opentelemetry.io/otel/sdk/trace"
	semconv "go.opentelemetry.io/otel/semconv/v1.43.0"
	"go.opentelemetry.io/otel/trace"
)

// ServiceName names the service in traces unless OTEL_SERVICE_NAME does.
const ServiceName = "hiregraph"

// instrumentation names the tracer of the spans this package makes itself.
const instrumentation = "github.com/hiregraph/hiregraph/internal/telemetry"

var enabled atomic.Bool

// Enabled reports whether traces are recorded; it is false unless Start
// found an endpoint or Use installed a provider.
func Enabled() bool { return enabled.Load() }

// Configured reports whether the environment asks for traces.
func Configured() bool {
	if strings.EqualFold(os.Getenv("OTEL_SDK_DISABLED"), "true") {
		return false
	}
	return os.Getenv("OTEL_EXPORTER_OTLP_ENDPOINT") != "" || os.Getenv("OTEL_EXPORTER_OTLP_TRACES_ENDPOINT") != ""
}

// Start exports traces over OTLP/HTTP when the environment configures an
// endpoint (the exporter reads the OTEL_EXPORTER_OTLP_* variables:
// endpoint, headers, timeout, TLS). The returned function flushes and stops
// the exporter; it does nothing when tracing is off.
func Start(ctx context.Context, version string) (shutdown func(context.Context) error, err error) {
	if !Configured() {
		return func(context.Context) error { return nil }, nil
	}
	exporter, err := otlptracehttp.New(ctx)
	if err != nil {
		return nil, fmt.Errorf("creating the OTLP trace exporter: %w", err)
	}
	res, err := resource.Merge(resource.Default(), resource.NewSchemaless(
		semconv.ServiceName(ServiceName), semconv.ServiceVersion(version)))
	if err != nil {
		return nil, fmt.Errorf("describing the service for traces: %w", err)
	}
	// resource.Default reads OTEL_SERVICE_NAME and OTEL_RESOURCE_ATTRIBUTES;
	// they win over the defaults above.
	if res, err = resource.Merge(res, resource.Environment()); err != nil {
		return nil, fmt.Errorf("reading OTEL_RESOURCE_ATTRIBUTES: %w", err)
	}
	tp := sdktrace.NewTracerProvider(sdktrace.WithBatcher(exporter), sdktrace.WithResource(res))
	Use(tp)
	return tp.Shutdown, nil
}

// Use records traces with tp from now on (tests pass one with an in-memory
// exporter). Call it before the database and the server are built.
func Use(tp trace.TracerProvider) {
	otel.SetTracerProvider(tp)
	otel.SetTextMapPropagator(propagation.NewCompositeTextMapPropagator(propagation.TraceContext{}, propagation.Baggage{}))
	enabled.Store(true)
}

// HTTP is a middleware that opens a server span per request (continuing a
// caller's W3C trace context) and names it after the route pattern that
// routeOf gives once the request is routed ("GET /v1/candidates"), not after
// the raw path, which would make one span name per uid.
func HTTP(routeOf func(*http.Request) string) func(http.Handler) http.Handler {
	return func(next http.Handler) http.Handler {
		if !Enabled() {
			return next
		}
		routed := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			next.ServeHTTP(w, r)
			if route := routeOf(r); route != "" {
				trace.SpanFromContext(r.Context()).SetAttributes(semconv.HTTPRoute(route))
			}
		})
		// otelhttp names the span when it starts and again once the router
		// has set the request's pattern.
		return otelhttp.NewHandler(routed, "http", otelhttp.WithSpanNameFormatter(func(_ string, r *http.Request) string {
			if route := routeOf(r); route != "" {
				return r.Method + " " + route
			}
			return r.Method
		}))
	}
}

// OpenDB is sql.OpenDB, traced when tracing is on: a span per statement
// with its SQL text (never its arguments). driverName is "sqlite" or
// "postgres".
func OpenDB(c driver.Connector, driverName string) *sql.DB {
	if !Enabled() {
		return sql.OpenDB(c)
	}
	system := semconv.DBSystemNamePostgreSQL
	if driverName == "sqlite" {
		system = semconv.DBSystemNameSQLite
	}
	return otelsql.OpenDB(c,
		otelsql.WithAttributes(system),
		otelsql.WithSpanOptions(otelsql.SpanOptions{OmitConnResetSession: true, OmitRows: true, OmitConnectorConnect: true}))
}
