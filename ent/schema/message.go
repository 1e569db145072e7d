package schema

import (
	"entgo.io/ent"
	"entgo.io/ent/schema"
	"entgo.io/ent/schema/edge"
	"entgo.io/ent/schema/field"
	"entgo.io/ent/schema/index"

	"github.com/hiregraph/hiregraph/ent/schema/enumdoc"
	entgql "github.com/hiregraph/hiregraph/ent/schema/gqlannotation"
	"github.com/hiregraph/hiregraph/ent/schema/schematype"
	"github.com/hiregraph/hiregraph/ent/schema/uid"
)

// Message is one message of a conversation (spec 2.9). Recipients carry
// their own delivery status (spec 2.10).
type Message struct {
	ent.Schema
}

// Mixin of the Message.
func (Message) Mixin() []ent.Mixin {
	return []ent.Mixin{uid.Mixin("msg"), TenantMixin{}}
}

// Fields of the Message.
func (Message) Fields() []ent.Field {
	return []ent.Field{
		field.String("conversation_id").Comment("The conversation the message belongs to.").Immutable().Annotations(entgql.Skip()),
		field.Time("time_sent").Comment("When the message was sent, as the caller stated it.").Immutable().Annotations(entgql.OrderField("TIME_SENT")),
		field.String("status").Comment("The message's delivery status: the status given, or the furthest any recipient got (Sent, Open, Clicked, Failed).").MaxLen(40).Default(""),
		field.String("subject").Comment("The subject, plain text (HTML-escaped).").MaxLen(500).Default(""),
		// body is sanitized HTML: <b>, <i>, <u> and safe <a> links.
		field.Text("body").Comment("The body, sanitized HTML: <b>, <i>, <u> and http(s)/mailto links."),
		field.JSON("from", schematype.Party{}).Comment("The sender."),
		field.JSON("to", []schematype.Party{}).Comment("The recipients, each with a delivery status.").Default([]schematype.Party{}),
		field.JSON("cc", []schematype.Party{}).Comment("The copy recipients, each with a delivery status.").Default([]schematype.Party{}),
		field.JSON("bcc", []schematype.Party{}).Comment("The blind copy recipients, each with a delivery status.").Default([]schematype.Party{}),
		// Delivery by e-mail: only messages a user sends (sendMessage) are
		// e-mailed; messages logged through the REST API keep null here.
		field.Enum("delivery_status").Comment("Where the e-mail to the candidate stands; null for a message that is only logged, not sent.").
			NamedValues("Queued", "QUEUED", "Sent", "SENT", "Failed", "FAILED").
			Optional().Nillable().
			Annotations(enumdoc.Values{
				"QUEUED": "Waiting to be sent, or to be tried again after a refusal (deliveryError says why).",
				"SENT":   "Accepted by the mail server (or written to the outbox).",
				"FAILED": "Refused for good, or refused at every attempt; deliveryError says why.",
			}),
		field.String("delivery_error").Comment("Why the last delivery attempt failed; null while none has.").MaxLen(1000).Optional().Nillable(),
		field.Int("delivery_attempts").Comment("How many times the e-mail was tried.").Default(0).NonNegative(),
		field.Time("time_delivered").Comment("When the mail server accepted the e-mail; null until it has.").Optional().Nillable(),
	}
}

// Edges of the Message.
func (Message) Edges() []ent.Edge {
	return []ent.Edge{
		edge.From("conversation", Conversation.Type).Comment("The conversation the message belongs to.").Ref("messages").Field("conversation_id").Unique().Required().Immutable(),
	}
}

// Indexes of the Message.
func (Message) Indexes() []ent.Index {
	return []ent.Index{
		// Nested connections (package perparent) read each parent's first rows
		// in id order on (company, parent, id).
		index.Fields("company_id", "conversation_id", "id"),
	}
}

// Annotations of the Message.
func (Message) Annotations() []schema.Annotation {
	return []schema.Annotation{schema.Comment("A message in a conversation (spec 2.9)."), entgql.RelayConnection()}
}
