package webhook_test

import (
	"context"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"

	"github.com/riverqueue/river/rivertype"

	"github.com/hiregraph/hiregraph/internal/hiregraphtest"
	"github.com/hiregraph/hiregraph/internal/server"
	"github.com/hiregraph/hiregraph/internal/webhook"
)

// TestDeletingAnEndpointMidDeliveryEndsTheDelivery: an endpoint deleted
// while its receiver is still answering is deleted at once (204), and the
// delivery then ends without an error or a retry, though it can no longer
// log its attempt.
func TestDeletingAnEndpointMidDeliveryEndsTheDelivery(t *testing.T) {
	var deliverer *webhook.Deliverer
	env := hiregraphtest.NewWithConfig(t, func(c *server.Config) {
		hiregraphtest.DeliverWebhooks(t, nil)(c)
		deliverer = c.Webhooks
	})
	called, release := make(chan struct{}, 1), make(chan struct{})
	rc := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		called <- struct{}{}
		<-release
	}))
	defer rc.Close()
	id := addEndpoint(t, env, rc.URL)
	addNote(t, env, time.Now())
	select {
	case <-called:
	case <-time.After(20 * time.Second):
		t.Fatal("the delivery never reached the receiver")
	}
	r := env.Do(http.MethodDelete, "/v1/webhooks/"+id, nil)
	close(release)
	if r.Status != http.StatusNoContent {
		t.Fatalf("delete during a delivery: %s", r)
	}

	ctx := context.Background()
	deadline := time.Now().Add(20 * time.Second)
	for {
		done, err := deliverer.Jobs(ctx, rivertype.JobStateCompleted, rivertype.JobStateRetryable)
		if err != nil {
			t.Fatal(err)
		}
		if len(done) == 1 {
			if j := done[0]; j.State != rivertype.JobStateCompleted || len(j.Errors) > 0 {
				t.Errorf("the delivery ended %s after errors %+v, want completed at once", j.State, j.Errors)
			}
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("%d deliveries ended, want 1", len(done))
		}
		time.Sleep(20 * time.Millisecond)
	}
}
