package schema

import (
	"entgo.io/ent"
	"entgo.io/ent/schema"
	"entgo.io/ent/schema/edge"
	"entgo.io/ent/schema/field"
	"entgo.io/ent/schema/index"

	"github.com/hiregraph/hiregraph/ent/privacy"
	entgql "github.com/hiregraph/hiregraph/ent/schema/gqlannotation"
	"github.com/hiregraph/hiregraph/ent/schema/rule"
	"github.com/hiregraph/hiregraph/ent/schema/uid"
)

// WebhookAttempt is the log of one try to deliver an event to an endpoint.
type WebhookAttempt struct {
	ent.Schema
}

// Mixin of the WebhookAttempt.
func (WebhookAttempt) Mixin() []ent.Mixin {
	return []ent.Mixin{uid.Mixin("wha"), TenantMixin{}}
}

// Fields of the WebhookAttempt.
func (WebhookAttempt) Fields() []ent.Field {
	return []ent.Field{
		field.String("endpoint_id").Comment("The endpoint called.").NotEmpty().Immutable(),
		field.String("event_id").Comment("The event sent; its id is the webhook-id header.").NotEmpty().Immutable(),
		field.String("event_type").Comment("The type of the event sent, or ping for a test call.").NotEmpty().Immutable(),
		field.Int("attempt").Comment("The try's number: 1 for the first.").Positive().Immutable(),
		field.Int("status").Comment("The HTTP status answered; 0 when no answer came.").Default(0).Immutable(),
		field.Int64("latency_ms").Comment("Milliseconds from sending to the complete answer or the failure.").Default(0).Immutable(),
		field.String("error").Comment("Why the attempt failed, if it did.").Optional().Immutable(),
		field.Bool("success").Comment("Whether the endpoint answered with a 2xx status.").Default(false).Immutable(),
		field.Time("time_created").Comment("When the attempt was made.").Default(now).Immutable(),
	}
}

// Edges of the WebhookAttempt.
func (WebhookAttempt) Edges() []ent.Edge {
	return []ent.Edge{
		edge.From("endpoint", WebhookEndpoint.Type).Comment("The endpoint called.").Ref("attempts").Field("endpoint_id").Unique().Required().Immutable(),
	}
}

// Indexes of the WebhookAttempt.
func (WebhookAttempt) Indexes() []ent.Index {
	return []ent.Index{
		index.Fields("company_id", "endpoint_id", "id"),
		index.Fields("company_id", "event_id", "id"),
	}
}

// Annotations of the WebhookAttempt.
func (WebhookAttempt) Annotations() []schema.Annotation {
	return []schema.Annotation{schema.Comment("One delivery attempt of a webhook."), entgql.Skip()}
}

// Policy of the WebhookAttempt: roles limited to their assigned positions cannot read it.
func (WebhookAttempt) Policy() ent.Policy {
	return privacy.Policy{Query: privacy.QueryPolicy{rule.EveryPosition("webhook attempts")}}
}
