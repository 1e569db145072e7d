package telemetry_test

import (
	"bytes"
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"

	"go.opentelemetry.io/otel"
	sdktrace "go.opentelemetry.io/otel/sdk/trace"
	"go.opentelemetry.io/otel/sdk/trace/tracetest"
	"go.opentelemetry.io/otel/trace"

	"github.com/hiregraph/hiregraph/internal/hiregraphtest"
	"github.com/hiregraph/hiregraph/internal/telemetry"
)

func TestSpansForHTTPGraphQLAndSQL(t *testing.T) {
	exporter := tracetest.NewInMemoryExporter()
	telemetry.Use(sdktrace.NewTracerProvider(sdktrace.WithSyncer(exporter)))
	env := hiregraphtest.New(t) // its database and server are built traced
	exporter.Reset()

	r := env.GraphQL(`query Openings { positions(first: 2) { totalCount edges { node { name } } } }`, nil)
	if len(r.Errors) > 0 {
		t.Fatalf("query failed: %v", r.Errors)
	}

	spans := exporter.GetSpans()
	byName := map[string]tracetest.SpanStub{}
	for _, s := range spans {
		byName[s.Name] = s
	}
	httpSpan, ok := byName["POST /graphql"]
	if !ok || httpSpan.SpanKind != trace.SpanKindServer {
		t.Fatalf("no server span POST /graphql among %v", names(spans))
	}
	operation, ok := byName["query Openings"]
	if !ok || operation.SpanContext.TraceID() != httpSpan.SpanContext.TraceID() {
		t.Errorf("no GraphQL operation span in the request's trace among %v", names(spans))
	}
	if s, ok := byName["Query.positions"]; !ok || s.SpanContext.TraceID() != httpSpan.SpanContext.TraceID() {
		t.Errorf("no resolver span Query.positions in the request's trace among %v", names(spans))
	}
	sqlInTrace := false
	for _, s := range spans {
		for _, a := range s.Attributes {
			if a.Key == "db.query.text" && strings.Contains(a.Value.AsString(), "positions") &&
				s.SpanContext.TraceID() == httpSpan.SpanContext.TraceID() {
				sqlInTrace = true
			}
		}
	}
	if !sqlInTrace {
		t.Errorf("no SQL span reading positions in the request's trace among %v", names(spans))
	}
}

func TestStartExportsOverOTLPToTheConfiguredEndpoint(t *testing.T) {
	var (
		mu       sync.Mutex
		received []byte
		path     string
	)
	collector := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		mu.Lock()
		received, path = append(received, body...), r.URL.Path
		mu.Unlock()
		w.Header().Set("Content-Type", "application/x-protobuf")
	}))
	defer collector.Close()
	t.Setenv("OTEL_EXPORTER_OTLP_ENDPOINT", collector.URL)
	t.Setenv("OTEL_SDK_DISABLED", "")

	shutdown, err := telemetry.Start(context.Background(), "test")
	if err != nil {
		t.Fatal(err)
	}
	if !telemetry.Enabled() {
		t.Fatal("tracing is off with OTEL_EXPORTER_OTLP_ENDPOINT set")
	}
	_, span := otel.Tracer("probe").Start(context.Background(), "probe-span")
	span.End()
	if err := shutdown(context.Background()); err != nil {
		t.Fatal(err)
	}
	mu.Lock()
	defer mu.Unlock()
	if path != "/v1/traces" || !bytes.Contains(received, []byte("probe-span")) || !bytes.Contains(received, []byte("hiregraph")) {
		t.Errorf("collector got %q at %s, want the span and service name at /v1/traces", received, path)
	}
}

func TestConfiguredOnlyWithAnEndpoint(t *testing.T) {
	t.Setenv("OTEL_EXPORTER_OTLP_ENDPOINT", "")
	t.Setenv("OTEL_EXPORTER_OTLP_TRACES_ENDPOINT", "")
	if telemetry.Configured() {
		t.Error("tracing configured without an endpoint")
	}
	t.Setenv("OTEL_EXPORTER_OTLP_TRACES_ENDPOINT", "http://127.0.0.1:4318/v1/traces")
	t.Setenv("OTEL_SDK_DISABLED", "true")
	if telemetry.Configured() {
		t.Error("tracing configured although OTEL_SDK_DISABLED=true")
	}
}

func names(spans tracetest.SpanStubs) []string {
	var n []string
	for _, s := range spans {
		n = append(n, s.Name)
	}
	return n
}
