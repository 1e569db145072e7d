package server_test

import (
	"net/http"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/hiregraph/hiregraph/internal/hiregraphtest"
	"github.com/hiregraph/hiregraph/internal/server"
)

func TestAPIKeyRateLimit(t *testing.T) {
	env := hiregraphtest.NewWithConfig(t, func(c *server.Config) { c.APIRatePerMinute, c.APIBurst = 60, 3 })
	for i := range 3 {
		r := env.Do(http.MethodPost, "/graphql", viewerQuery)
		if r.Status != http.StatusOK {
			t.Fatalf("request %d: %s", i, r)
		}
		if got := r.Header.Get("X-RateLimit-Remaining"); got != strconv.Itoa(2-i) {
			t.Errorf("request %d: X-RateLimit-Remaining = %q", i, got)
		}
		if r.Header.Get("X-RateLimit-Limit") != "60" || r.Header.Get("X-RateLimit-Reset") == "" {
			t.Errorf("request %d: rate headers %v", i, r.Header)
		}
	}
	// /graphql answers in the GraphQL error shape, as its clients read
	// every other error.
	r := env.Do(http.MethodPost, "/graphql", viewerQuery)
	r.AssertGraphQLError(t, http.StatusTooManyRequests, "rate_limited")
	if r.Header.Get("Retry-After") == "" {
		t.Error("429 without Retry-After")
	}
	// Another key of another company has a bucket of its own.
	other := env.DoWith(http.MethodGet, "/healthz", nil, nil)
	if other.Status != http.StatusOK {
		t.Errorf("unauthenticated health check was limited: %s", other)
	}
}

// At the default rate, PostgreSQL's buckets are leased ten tokens at a
// time; a client still sees its remaining requests count down one by one
// across leases.
func TestDefaultAPIRateCountsDownOneByOne(t *testing.T) {
	env := hiregraphtest.New(t)
	env.Clock.Set(time.Now()) // no token comes back during the test
	burst := server.DefaultAPIRate.Burst
	for i := range 25 {
		r := env.Do(http.MethodPost, "/graphql", viewerQuery)
		if r.Status != http.StatusOK {
			t.Fatalf("request %d: %s", i, r)
		}
		if got := r.Header.Get("X-RateLimit-Remaining"); got != strconv.Itoa(burst-1-i) {
			t.Fatalf("request %d: X-RateLimit-Remaining = %q, want %d", i, got, burst-1-i)
		}
	}
}

func TestMetricsCountRequestsByRoute(t *testing.T) {
	env := hiregraphtest.New(t)
	env.Do(http.MethodPost, "/graphql", viewerQuery)
	env.Do(http.MethodGet, "/v1/no-such-endpoint", nil)
	r := env.DoWith(http.MethodGet, "/metrics", nil, nil)
	body := string(r.Body)
	for _, want := range []string{
		`hiregraph_http_requests_total{method="POST",route="/graphql",status="200"} 1`,
		`hiregraph_http_request_duration_seconds_bucket{method="POST",route="/graphql"`,
	} {
		if !strings.Contains(body, want) {
			t.Errorf("metrics lack %s", want)
		}
	}
}
