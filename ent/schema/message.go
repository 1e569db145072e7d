package schema

import (
	"entgo.io/contrib/entgql"
	"entgo.io/ent"
	"entgo.io/ent/schema"
	"entgo.io/ent/schema/edge"
	"entgo.io/ent/schema/field"
	"entgo.io/ent/schema/index"

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
		field.String("conversation_id").Immutable().Annotations(entgql.Skip()),
		field.Time("time_sent").Immutable().Annotations(entgql.OrderField("TIME_SENT")),
		field.String("status").MaxLen(40).Default(""),
		field.String("subject").MaxLen(500).Default(""),
		// body is sanitized HTML: <b>, <i>, <u> and safe <a> links.
		field.Text("body"),
		field.JSON("from", schematype.Party{}),
		field.JSON("to", []schematype.Party{}).Default([]schematype.Party{}),
		field.JSON("cc", []schematype.Party{}).Default([]schematype.Party{}),
		field.JSON("bcc", []schematype.Party{}).Default([]schematype.Party{}),
	}
}

// Edges of the Message.
func (Message) Edges() []ent.Edge {
	return []ent.Edge{
		edge.From("conversation", Conversation.Type).Ref("messages").Field("conversation_id").Unique().Required().Immutable(),
	}
}

// Indexes of the Message.
func (Message) Indexes() []ent.Index {
	return []ent.Index{index.Fields("conversation_id", "time_sent")}
}

// Annotations of the Message.
func (Message) Annotations() []schema.Annotation {
	return []schema.Annotation{entgql.RelayConnection()}
}
