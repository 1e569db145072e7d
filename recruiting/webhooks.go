package recruiting

import (
	"context"
	"crypto/rand"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"strings"
	"time"

	"github.com/hiregraph/hiregraph/ent"
	"github.com/hiregraph/hiregraph/ent/activity"
	"github.com/hiregraph/hiregraph/ent/webhookattempt"
	"github.com/hiregraph/hiregraph/ent/webhookendpoint"
	"github.com/hiregraph/hiregraph/internal/apierror"
	"github.com/hiregraph/hiregraph/internal/apitime"
	"github.com/hiregraph/hiregraph/internal/permission"
	"github.com/hiregraph/hiregraph/internal/viewer"
)

// Webhook limits.
const (
	// MaxWebhookEndpoints bounds a company's endpoints: each event is
	// queued for each of them.
	MaxWebhookEndpoints = 20
	// DefaultSecretOverlap is how long a rotated-out secret keeps signing
	// payloads, so receivers can switch without missing one.
	DefaultSecretOverlap = 24 * time.Hour
	// MaxSecretOverlap bounds the overlap a rotation may ask for.
	MaxSecretOverlap = 7 * 24 * time.Hour
	// SecretPrefix starts every signing secret, as Standard Webhooks
	// spells them.
	SecretPrefix = "whsec_"
)

// CodeWebhookNotFound answers an endpoint id of no endpoint of the company.
const CodeWebhookNotFound = "webhook_not_found"

// CodeEventNotFound answers an event id of no event of the company.
const CodeEventNotFound = "event_not_found"

// Deliveries sends webhooks; package webhook implements it. Redeliver
// enqueues through client, in the caller's transaction.
type Deliveries interface {
	Ping(ctx context.Context, endpoint *ent.WebhookEndpoint) (*ent.WebhookAttempt, error)
	Redeliver(ctx context.Context, client *ent.Client, endpoint *ent.WebhookEndpoint, ev *ent.Activity) error
}

// WebhookInput creates or changes an endpoint; nil fields are left as they
// are (on create: every event type, active).
type WebhookInput struct {
	URL        *string  `json:"url"`
	EventTypes []string `json:"event_types"`
	// Permissions are what payloads are shown with; nil leaves them as
	// they are (on create: none).
	Permissions []string `json:"permissions"`
	Active      *bool    `json:"active"`
}

// WebhookWithSecret is an endpoint with its signing secret, answered once,
// when it is created or its secret rotated.
type WebhookWithSecret struct {
	Endpoint *ent.WebhookEndpoint
	Secret   string
}

// EventPayload is an event as the feed answers it and webhooks post it.
type EventPayload struct {
	// ID is the event's own (EventIDOf), the webhook-id of its deliveries.
	ID string `json:"id"`
	// ActivityID is the activity the event announces.
	ActivityID  string      `json:"-"`
	Sequence    int64       `json:"sequence"`
	Type        string      `json:"type"`
	TimeCreated string      `json:"time_created"`
	Time        time.Time   `json:"-"`
	Actor       EventActor  `json:"actor"`
	Object      EventObject `json:"object"`
}

// IsNode makes events Nodes of the graph, which node(id:) resolves.
func (*EventPayload) IsNode() {}

// EventActor is who caused an event.
type EventActor struct {
	Type string `json:"type"`
	ID   string `json:"id,omitempty"`
	Name string `json:"name,omitempty"`
}

// EventObject is the record an event is about, as it was right after.
type EventObject struct {
	Type string `json:"type"`
	ID   string `json:"id"`
	Data any    `json:"data"`
}

// NewEventPayload shapes the event ev (an activity from Events) for the
// feed and webhooks.
func NewEventPayload(ev *ent.Activity) *EventPayload {
	var data any = json.RawMessage("null")
	if len(ev.Data) > 0 {
		data = ev.Data
	}
	var seq int64
	if ev.Sequence != nil {
		seq = *ev.Sequence
	}
	return &EventPayload{
		ID: EventIDOf(ev.ID), ActivityID: ev.ID, Sequence: seq, Type: ev.Verb,
		TimeCreated: apitime.Format(ev.TimeCreated), Time: ev.TimeCreated,
		Actor:  EventActor{Type: string(ev.ActorType), ID: ev.ActorID, Name: ev.ActorName},
		Object: EventObject{Type: ev.ObjectType, ID: ev.ObjectID, Data: data},
	}
}

// WebhookEndpoints lists the company's endpoints, oldest first.
func (s *EventService) WebhookEndpoints(ctx context.Context) ([]*ent.WebhookEndpoint, error) {
	if err := Require(ctx, permission.ManageWebhooks); err != nil {
		return nil, err
	}
	return s.Client.WebhookEndpoint.Query().Order(ent.Asc(webhookendpoint.FieldID)).Limit(MaxWebhookEndpoints).All(ctx)
}

// WebhookEndpoint reads one of the company's endpoints; an id of none is
// ent's not-found error.
func (s *EventService) WebhookEndpoint(ctx context.Context, id string) (*ent.WebhookEndpoint, error) {
	if err := Require(ctx, permission.ManageWebhooks); err != nil {
		return nil, err
	}
	return s.Client.WebhookEndpoint.Get(ctx, id)
}

// WebhookAttempt reads one delivery attempt to an endpoint of the
// company; an id of none is ent's not-found error.
func (s *EventService) WebhookAttempt(ctx context.Context, id string) (*ent.WebhookAttempt, error) {
	if err := Require(ctx, permission.ManageWebhooks); err != nil {
		return nil, err
	}
	return s.Client.WebhookAttempt.Get(ctx, id)
}

// CreateWebhookEndpoint adds an endpoint with a new signing secret, which
// the answer shows this once.
func (s *EventService) CreateWebhookEndpoint(ctx context.Context, in WebhookInput) (*WebhookWithSecret, error) {
	if err := Require(ctx, permission.ManageWebhooks); err != nil {
		return nil, err
	}
	if in.URL == nil {
		return nil, apierror.Invalid("url", "url is required")
	}
	rawURL, err := s.webhookURL(ctx, *in.URL)
	if err != nil {
		return nil, err
	}
	types, err := eventTypes(in.EventTypes)
	if err != nil {
		return nil, err
	}
	perms, err := webhookPermissions(ctx, in.Permissions)
	if err != nil {
		return nil, err
	}
	secret, sealed, err := s.newWebhookSecret()
	if err != nil {
		return nil, err
	}
	var out *WebhookWithSecret
	err = s.WithTx(ctx, func(ctx context.Context, client *ent.Client) error {
		n, err := client.WebhookEndpoint.Query().Count(ctx)
		if err != nil {
			return err
		}
		if n >= MaxWebhookEndpoints {
			return apierror.Invalid("url", "a company may have at most %d webhook endpoints", MaxWebhookEndpoints)
		}
		// A new endpoint gets the events that settle from now on.
		end, err := s.FeedEnd(ctx, client)
		if err != nil {
			return err
		}
		create := client.WebhookEndpoint.Create().SetURL(rawURL).SetEventTypes(types).SetPermissions(perms).SetSealedSecret(sealed).
			SetTimeCreated(s.now()).SetQueuedThroughTxid(end.Txid).SetQueuedThrough(end.Sequence)
		if in.Active != nil {
			create.SetActive(*in.Active)
		}
		ep, err := create.Save(ctx)
		if err != nil {
			return fmt.Errorf("saving webhook endpoint: %w", err)
		}
		out = &WebhookWithSecret{Endpoint: ep, Secret: secret}
		return nil
	})
	return out, err
}

// UpdateWebhookEndpoint changes an endpoint's URL, event types or active
// flag. Reactivating an endpoint clears its failing mark.
func (s *EventService) UpdateWebhookEndpoint(ctx context.Context, id string, in WebhookInput) (*ent.WebhookEndpoint, error) {
	if err := Require(ctx, permission.ManageWebhooks); err != nil {
		return nil, err
	}
	var ep *ent.WebhookEndpoint
	err := s.WithTx(ctx, func(ctx context.Context, client *ent.Client) error {
		current, err := webhookByID(ctx, client, id)
		if err != nil {
			return err
		}
		update := client.WebhookEndpoint.UpdateOneID(id)
		if in.URL != nil {
			rawURL, err := s.webhookURL(ctx, *in.URL)
			if err != nil {
				return err
			}
			update.SetURL(rawURL)
		}
		if in.EventTypes != nil {
			types, err := eventTypes(in.EventTypes)
			if err != nil {
				return err
			}
			update.SetEventTypes(types)
		}
		if in.Permissions != nil {
			perms, err := webhookPermissions(ctx, in.Permissions)
			if err != nil {
				return err
			}
			update.SetPermissions(perms)
		}
		if in.Active != nil {
			update.SetActive(*in.Active)
			if *in.Active {
				update.SetFailing(false)
			}
			if *in.Active && !current.Active {
				// None of the events from while it was inactive.
				end, err := s.FeedEnd(ctx, client)
				if err != nil {
					return err
				}
				update.SetQueuedThroughTxid(end.Txid).SetQueuedThrough(end.Sequence)
			}
		}
		ep, err = update.Save(ctx)
		return err
	})
	return ep, err
}

// DeleteWebhookEndpoint removes an endpoint; deliveries still queued for it
// find it gone and end.
func (s *EventService) DeleteWebhookEndpoint(ctx context.Context, id string) error {
	if err := Require(ctx, permission.ManageWebhooks); err != nil {
		return err
	}
	return s.WithTx(ctx, func(ctx context.Context, client *ent.Client) error {
		if _, err := webhookByID(ctx, client, id); err != nil {
			return err
		}
		// Its attempts go with it (ON DELETE CASCADE).
		return client.WebhookEndpoint.DeleteOneID(id).Exec(ctx)
	})
}

// RotateWebhookSecret gives an endpoint a new secret, shown this once. The
// old one keeps signing payloads, beside the new, for overlap (zero:
// DefaultSecretOverlap), so a receiver can switch without missing one.
func (s *EventService) RotateWebhookSecret(ctx context.Context, id string, overlap time.Duration) (*WebhookWithSecret, error) {
	if err := Require(ctx, permission.ManageWebhooks); err != nil {
		return nil, err
	}
	if overlap == 0 {
		overlap = DefaultSecretOverlap
	}
	if overlap < 0 || overlap > MaxSecretOverlap {
		return nil, apierror.Invalid("overlap_hours", "the overlap must lie between 0 and %d hours", int(MaxSecretOverlap.Hours()))
	}
	secret, sealed, err := s.newWebhookSecret()
	if err != nil {
		return nil, err
	}
	var out *WebhookWithSecret
	err = s.WithTx(ctx, func(ctx context.Context, client *ent.Client) error {
		current, err := webhookByID(ctx, client, id)
		if err != nil {
			return err
		}
		ep, err := client.WebhookEndpoint.UpdateOne(current).
			SetSealedPreviousSecret(current.SealedSecret).
			SetPreviousSecretExpires(s.now().Add(overlap)).
			SetSealedSecret(sealed).
			Save(ctx)
		if err != nil {
			return fmt.Errorf("rotating the webhook secret: %w", err)
		}
		out = &WebhookWithSecret{Endpoint: ep, Secret: secret}
		return nil
	})
	return out, err
}

// WebhookAttempts lists the latest delivery attempts to an endpoint, newest
// first, optionally of one event.
func (s *EventService) WebhookAttempts(ctx context.Context, endpointID, eventID string, limit int) ([]*ent.WebhookAttempt, error) {
	if err := Require(ctx, permission.ManageWebhooks); err != nil {
		return nil, err
	}
	if err := checkPageSize("limit", limit); err != nil {
		return nil, err
	}
	q := s.Client.WebhookAttempt.Query().Where(webhookattempt.EndpointID(endpointID))
	if eventID != "" {
		q.Where(webhookattempt.EventID(canonicalEventID(eventID)))
	}
	return q.Order(ent.Desc(webhookattempt.FieldID)).Limit(limit).All(ctx)
}

// PingWebhookEndpoint posts a test event to an endpoint now and answers the
// attempt.
func (s *EventService) PingWebhookEndpoint(ctx context.Context, id string) (*ent.WebhookAttempt, error) {
	if err := Require(ctx, permission.ManageWebhooks); err != nil {
		return nil, err
	}
	if s.Webhooks == nil {
		return nil, apierror.New(503, "webhooks_unavailable", "this server does not deliver webhooks")
	}
	ep, err := webhookByID(ctx, s.Client, id)
	if err != nil {
		return nil, err
	}
	return s.Webhooks.Ping(ctx, ep)
}

// RedeliverEvent queues an event for an endpoint again, whatever became of
// earlier deliveries; the receiver sees the same webhook-id.
func (s *EventService) RedeliverEvent(ctx context.Context, endpointID, eventID string) error {
	if err := Require(ctx, permission.ManageWebhooks); err != nil {
		return err
	}
	if s.Webhooks == nil {
		return apierror.New(503, "webhooks_unavailable", "this server does not deliver webhooks")
	}
	return s.WithTx(ctx, func(ctx context.Context, client *ent.Client) error {
		ep, err := webhookByID(ctx, client, endpointID)
		if err != nil {
			return err
		}
		ev, err := eventByID(ctx, client, eventID)
		if ent.IsNotFound(err) {
			return apierror.NotFound(CodeEventNotFound, "no event has the id %q", eventID)
		}
		if err != nil {
			return err
		}
		return s.Webhooks.Redeliver(ctx, client, ep, ev)
	})
}

// eventByID reads the event id (EventIDOf, or its activity's id) through
// client; an id of no event is ent's not-found error.
func eventByID(ctx context.Context, client *ent.Client, id string) (*ent.Activity, error) {
	return Events(client).Where(activity.ID(ActivityOfEvent(id))).Only(ctx)
}

func webhookByID(ctx context.Context, client *ent.Client, id string) (*ent.WebhookEndpoint, error) {
	ep, err := client.WebhookEndpoint.Get(ctx, id)
	if ent.IsNotFound(err) {
		return nil, apierror.NotFound(CodeWebhookNotFound, "no webhook endpoint has the id %q", id)
	}
	return ep, err
}

// newWebhookSecret returns a new signing secret, as shown to the admin and
// sealed for storage: whsec_ and 32 random bytes in base64, the form
// Standard Webhooks libraries read.
func (s *EventService) newWebhookSecret() (string, []byte, error) {
	key := make([]byte, 32)
	if _, err := rand.Read(key); err != nil {
		return "", nil, fmt.Errorf("generating a webhook secret: %w", err)
	}
	secret := SecretPrefix + base64.StdEncoding.EncodeToString(key)
	sealed, err := s.Sealer.Seal([]byte(secret))
	if err != nil {
		return "", nil, fmt.Errorf("sealing the webhook secret: %w", err)
	}
	return secret, sealed, nil
}

// eventTypes checks a list of event types: object.action words, each once.
func eventTypes(in []string) ([]string, error) {
	if len(in) > maxFeedTypes {
		return nil, apierror.Invalid("event_types", "event_types may name at most %d types", maxFeedTypes)
	}
	out := make([]string, 0, len(in))
	seen := map[string]bool{}
	for i, t := range in {
		t = strings.TrimSpace(t)
		if !validEventType(t) {
			return nil, apierror.Invalid(fmt.Sprintf("event_types[%d]", i), "event_types[%d] must be an event type such as candidate.created, got %q", i, t)
		}
		if !seen[t] {
			seen[t] = true
			out = append(out, t)
		}
	}
	return out, nil
}

// webhookPermissions checks the permissions an endpoint's payloads are to
// be shown with: known names, each held by the caller, who may not hand a
// receiver more than they see themselves. They come back in documented
// order, each once.
func webhookPermissions(ctx context.Context, in []string) ([]string, error) {
	v, _ := viewer.FromContext(ctx)
	for i, p := range in {
		field := fmt.Sprintf("permissions[%d]", i)
		if !permission.Known(p) {
			return nil, apierror.Invalid(field, "%s must be a permission such as %s, got %q", field, permission.ViewSalary, p)
		}
		if !v.Has(p) {
			return nil, apierror.Invalid(field, "%s is %q, which you do not hold: an endpoint may receive only what its registrant sees", field, p)
		}
	}
	return append([]string{}, permission.Union(in)...), nil
}

func validEventType(t string) bool {
	obj, action, ok := strings.Cut(t, ".")
	if !ok || obj == "" || action == "" || len(t) > 64 {
		return false
	}
	for _, r := range t {
		if (r < 'a' || r > 'z') && r != '.' && r != '_' {
			return false
		}
	}
	return true
}
