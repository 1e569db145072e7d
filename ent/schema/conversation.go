package schema

import (
	"entgo.io/contrib/entgql"
	"entgo.io/ent"
	"entgo.io/ent/schema"
	"entgo.io/ent/schema/edge"
	"entgo.io/ent/schema/field"

	"github.com/hiregraph/hiregraph/ent/schema/uid"
)

// Conversation is a thread of messages about a candidate (spec 4.3).
type Conversation struct {
	ent.Schema
}

// Mixin of the Conversation.
func (Conversation) Mixin() []ent.Mixin {
	return []ent.Mixin{uid.Mixin("cnv"), TenantMixin{}}
}

// Fields of the Conversation.
func (Conversation) Fields() []ent.Field {
	return []ent.Field{
		field.String("subject").MaxLen(500).Default(""),
		field.Time("time_created").Default(now).Immutable().Annotations(entgql.OrderField("TIME_CREATED")),
	}
}

// Edges of the Conversation.
func (Conversation) Edges() []ent.Edge {
	return []ent.Edge{
		edge.From("candidate", Candidate.Type).Ref("conversations").Unique(),
		edge.To("messages", Message.Type).Annotations(entgql.RelayConnection()),
	}
}

// Annotations of the Conversation.
func (Conversation) Annotations() []schema.Annotation {
	return []schema.Annotation{entgql.QueryField(), entgql.RelayConnection()}
}
