package rest

import (
	"net/http"
	"time"

	"github.com/go-chi/chi/v5"

	"github.com/hiregraph/hiregraph/ent"
	"github.com/hiregraph/hiregraph/internal/apierror"
	"github.com/hiregraph/hiregraph/internal/apitime"
	"github.com/hiregraph/hiregraph/recruiting"
)

// listEvents serves GET /events?after=&limit=&types=: the change feed.
func (a *API) listEvents(w http.ResponseWriter, r *http.Request) error {
	q := newQueryReader(r.URL.Query())
	_, limit, _ := q.value("limit")
	page, err := recruiting.ParsePageRequest(limit, "")
	if err != nil {
		return err
	}
	feed, err := a.Service.Events(r.Context(), r.URL.Query().Get("after"), q.list("types"), page.Limit)
	if err != nil {
		return err
	}
	out := make([]*recruiting.EventPayload, len(feed.Events))
	for i, ev := range feed.Events {
		out[i] = recruiting.NewEventPayload(ev)
	}
	WriteJSON(w, http.StatusOK, map[string]any{"events": out, "cursor": feed.Cursor, "has_more": feed.HasMore})
	return nil
}

// webhookJSON is an endpoint as /webhooks answers it; the secret appears
// only in the answers that create or rotate it.
type webhookJSON struct {
	ID                    string   `json:"id"`
	URL                   string   `json:"url"`
	EventTypes            []string `json:"event_types"`
	Permissions           []string `json:"permissions"`
	Active                bool     `json:"active"`
	Failing               bool     `json:"failing"`
	PreviousSecretExpires *string  `json:"previous_secret_expires"`
	TimeCreated           string   `json:"time_created"`
	Secret                string   `json:"secret,omitempty"`
}

func newWebhookJSON(ep *ent.WebhookEndpoint) webhookJSON {
	return webhookJSON{
		ID: ep.ID, URL: ep.URL, EventTypes: append([]string{}, ep.EventTypes...), Permissions: append([]string{}, ep.Permissions...), Active: ep.Active, Failing: ep.Failing,
		PreviousSecretExpires: apitime.FormatPtr(ep.PreviousSecretExpires), TimeCreated: apitime.Format(ep.TimeCreated),
	}
}

type attemptJSON struct {
	ID          string  `json:"id"`
	EventID     string  `json:"event_id"`
	EventType   string  `json:"event_type"`
	Attempt     int     `json:"attempt"`
	Status      int     `json:"status"`
	LatencyMs   int64   `json:"latency_ms"`
	Error       *string `json:"error"`
	Success     bool    `json:"success"`
	TimeCreated string  `json:"time_created"`
}

func newAttemptJSON(a *ent.WebhookAttempt) attemptJSON {
	out := attemptJSON{ID: a.ID, EventID: a.EventID, EventType: a.EventType, Attempt: a.Attempt, Status: a.Status,
		LatencyMs: a.LatencyMs, Success: a.Success, TimeCreated: apitime.Format(a.TimeCreated)}
	if a.Error != "" {
		out.Error = &a.Error
	}
	return out
}

func (a *API) listWebhooks(w http.ResponseWriter, r *http.Request) error {
	eps, err := a.Service.WebhookEndpoints(r.Context())
	if err != nil {
		return err
	}
	out := make([]webhookJSON, len(eps))
	for i, ep := range eps {
		out[i] = newWebhookJSON(ep)
	}
	WriteJSON(w, http.StatusOK, map[string]any{"webhooks": out})
	return nil
}

func (a *API) createWebhook(w http.ResponseWriter, r *http.Request) error {
	var in recruiting.WebhookInput
	if err := DecodeJSON(r, &in); err != nil {
		return err
	}
	created, err := a.Service.CreateWebhookEndpoint(r.Context(), in)
	if err != nil {
		return err
	}
	out := newWebhookJSON(created.Endpoint)
	out.Secret = created.Secret
	WriteJSON(w, http.StatusCreated, out)
	return nil
}

func (a *API) updateWebhook(w http.ResponseWriter, r *http.Request) error {
	var in recruiting.WebhookInput
	if err := DecodeJSON(r, &in); err != nil {
		return err
	}
	ep, err := a.Service.UpdateWebhookEndpoint(r.Context(), chi.URLParam(r, "id"), in)
	if err != nil {
		return err
	}
	WriteJSON(w, http.StatusOK, newWebhookJSON(ep))
	return nil
}

func (a *API) deleteWebhook(w http.ResponseWriter, r *http.Request) error {
	if err := a.Service.DeleteWebhookEndpoint(r.Context(), chi.URLParam(r, "id")); err != nil {
		return err
	}
	w.WriteHeader(http.StatusNoContent)
	return nil
}

func (a *API) rotateWebhookSecret(w http.ResponseWriter, r *http.Request) error {
	var in struct {
		OverlapHours int `json:"overlap_hours"`
	}
	if r.ContentLength != 0 {
		if err := DecodeJSON(r, &in); err != nil {
			return err
		}
	}
	rotated, err := a.Service.RotateWebhookSecret(r.Context(), chi.URLParam(r, "id"), time.Duration(in.OverlapHours)*time.Hour)
	if err != nil {
		return err
	}
	out := newWebhookJSON(rotated.Endpoint)
	out.Secret = rotated.Secret
	WriteJSON(w, http.StatusOK, out)
	return nil
}

func (a *API) pingWebhook(w http.ResponseWriter, r *http.Request) error {
	attempt, err := a.Service.PingWebhookEndpoint(r.Context(), chi.URLParam(r, "id"))
	if err != nil {
		return err
	}
	WriteJSON(w, http.StatusOK, newAttemptJSON(attempt))
	return nil
}

func (a *API) listWebhookAttempts(w http.ResponseWriter, r *http.Request) error {
	q := newQueryReader(r.URL.Query())
	_, limit, _ := q.value("limit")
	page, err := recruiting.ParsePageRequest(limit, "")
	if err != nil {
		return err
	}
	attempts, err := a.Service.WebhookAttempts(r.Context(), chi.URLParam(r, "id"), r.URL.Query().Get("event_id"), page.Limit)
	if err != nil {
		return err
	}
	out := make([]attemptJSON, len(attempts))
	for i, at := range attempts {
		out[i] = newAttemptJSON(at)
	}
	WriteJSON(w, http.StatusOK, map[string]any{"attempts": out})
	return nil
}

func (a *API) redeliverWebhook(w http.ResponseWriter, r *http.Request) error {
	var in struct {
		EventID string `json:"event_id"`
	}
	if err := DecodeJSON(r, &in); err != nil {
		return err
	}
	if in.EventID == "" {
		return apierror.Invalid("event_id", "event_id is required")
	}
	if err := a.Service.RedeliverEvent(r.Context(), chi.URLParam(r, "id"), in.EventID); err != nil {
		return err
	}
	WriteJSON(w, http.StatusAccepted, map[string]any{"event_id": in.EventID, "queued": true})
	return nil
}
