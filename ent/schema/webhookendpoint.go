package schema

import (
	"entgo.io/ent"
	"entgo.io/ent/dialect/entsql"
	"entgo.io/ent/schema"
	"entgo.io/ent/schema/edge"
	"entgo.io/ent/schema/field"

	"github.com/hiregraph/hiregraph/ent/privacy"
	entgql "github.com/hiregraph/hiregraph/ent/schema/gqlannotation"
	"github.com/hiregraph/hiregraph/ent/schema/rule"
	"github.com/hiregraph/hiregraph/ent/schema/uid"
)

// WebhookEndpoint is a URL a company wants its events posted to.
type WebhookEndpoint struct {
	ent.Schema
}

// Mixin of the WebhookEndpoint.
func (WebhookEndpoint) Mixin() []ent.Mixin {
	return []ent.Mixin{uid.Mixin("whe"), TenantMixin{}}
}

// Fields of the WebhookEndpoint.
func (WebhookEndpoint) Fields() []ent.Field {
	return []ent.Field{
		field.String("url").Comment("Where events are posted: an absolute http(s) URL on a public address.").NotEmpty().MaxLen(2048),
		field.Strings("event_types").Comment("The event types sent; empty sends every type.").Default([]string{}),
		field.Strings("permissions").Comment("The permissions the endpoint's payloads are shown with, as a reader holding them would see them; empty: no salary, no demographic answers, no discreet positions.").Default([]string{}),
		field.Bool("active").Comment("Whether events are sent; an inactive endpoint gets none.").Default(true),
		field.Bytes("sealed_secret").Comment("The signing secret, sealed; shown once when created or rotated.").Sensitive(),
		field.Bytes("sealed_previous_secret").Comment("The secret before the last rotation, sealed; payloads carry both signatures until previous_secret_expires.").Optional().Sensitive(),
		field.Time("previous_secret_expires").Comment("When the previous secret stops signing payloads.").Optional().Nillable(),
		field.Bool("failing").Comment("Set when an event could not be delivered after every retry; cleared by the next delivery that succeeds.").Default(false),
		field.Time("time_created").Comment("When the endpoint was added.").Default(now).Immutable(),
		field.Int64("queued_through_txid").Comment("With queued_through, the place in the company's feed (txid, sequence) of the last event the relay has queued for the endpoint (or skipped, as not of its types); it starts at the end of the feed when the endpoint is created or reactivated.").Default(0),
		field.Int64("queued_through").Comment("The sequence number of the last event the relay has queued for the endpoint: see queued_through_txid.").Default(0),
	}
}

// Edges of the WebhookEndpoint.
func (WebhookEndpoint) Edges() []ent.Edge {
	return []ent.Edge{
		// The database removes the attempts with the endpoint: a delivery in
		// flight may log one after the deleting transaction looked.
		edge.To("attempts", WebhookAttempt.Type).Comment("The delivery attempts to the endpoint.").
			Annotations(entsql.OnDelete(entsql.Cascade)),
	}
}

// Annotations of the WebhookEndpoint.
func (WebhookEndpoint) Annotations() []schema.Annotation {
	return []schema.Annotation{schema.Comment("A URL events are posted to."), entgql.Skip()}
}

// Policy of the WebhookEndpoint: roles limited to their assigned positions cannot read it.
func (WebhookEndpoint) Policy() ent.Policy {
	return privacy.Policy{Query: privacy.QueryPolicy{rule.EveryPosition("webhook endpoints")}}
}
