package webhook_test

import (
	"context"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/riverqueue/river/rivertype"

	"github.com/hiregraph/hiregraph/internal/hiregraphtest"
	"github.com/hiregraph/hiregraph/internal/server"
	"github.com/hiregraph/hiregraph/internal/webhook"
)

// Deliveries carry people's data: an endpoint must be https unless the
// operator allows plain http for its network (tests allow loopback, as a
// developer would). Without that, an http:// URL is refused on create and
// update with https_required on the url field.
func TestWebhookEndpointsRequireHTTPS(t *testing.T) {
	env := hiregraphtest.NewWithConfig(t, func(c *server.Config) { c.WebhookAllowHTTP = nil })
	for _, url := range []string{"http://127.0.0.1:9/in", "http://hooks.acme.example/in"} {
		r := env.Do(http.MethodPost, "/v1/webhooks", map[string]any{"url": url})
		r.AssertError(t, http.StatusUnprocessableEntity, "https_required", "https://")
		var body struct{ Fields map[string]string }
		r.JSON(t, &body)
		if !strings.Contains(body.Fields["url"], "https://") {
			t.Errorf("%s: fields %v, want a message for url", url, body.Fields)
		}
	}
	id := addEndpoint(t, env, "https://hooks.acme.example/in")
	env.Do(http.MethodPatch, "/v1/webhooks/"+id, map[string]any{"url": "http://hooks.acme.example/in"}).
		AssertError(t, http.StatusUnprocessableEntity, "https_required", "https://")

	r := env.GraphQL(`mutation { createWebhookEndpoint(input: {url: "http://127.0.0.1:9/in"}) { secret } }`, nil)
	if r.Code() != "https_required" || r.Errors[0].Extensions["field"] != "url" {
		t.Errorf("GraphQL create of an http endpoint: %+v", r.Errors)
	}
}

// An http endpoint recorded before https was required (or while the
// operator allowed it) gets nothing over plain http: each delivery fails,
// saying why, and the receiver is never called.
func TestDeliveriesToHTTPEndpointsFailUnlessAllowed(t *testing.T) {
	var deliverer *webhook.Deliverer
	env := hiregraphtest.NewWithConfig(t, func(c *server.Config) {
		hiregraphtest.DeliverWebhooks(t, func(wc *webhook.Config) { wc.AllowHTTPNets = nil })(c)
		deliverer = c.Webhooks
	})
	var calls atomic.Int32
	rc := httptest.NewServer(http.HandlerFunc(func(http.ResponseWriter, *http.Request) { calls.Add(1) }))
	defer rc.Close()
	addEndpoint(t, env, rc.URL)
	addNote(t, env, time.Now())

	ctx := context.Background()
	deadline := time.Now().Add(20 * time.Second)
	for {
		jobs, err := deliverer.Jobs(ctx, rivertype.JobStateRetryable, rivertype.JobStateCompleted)
		if err != nil {
			t.Fatal(err)
		}
		if len(jobs) > 0 {
			j := jobs[0]
			if j.State != rivertype.JobStateRetryable || len(j.Errors) == 0 || !strings.Contains(j.Errors[0].Error, "https") {
				t.Errorf("the delivery is %s after errors %+v, want a retry for want of https", j.State, j.Errors)
			}
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("the delivery never ended an attempt")
		}
		time.Sleep(20 * time.Millisecond)
	}
	if n := calls.Load(); n != 0 {
		t.Errorf("the http receiver was called %d times", n)
	}
}
