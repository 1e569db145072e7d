package schema

import (
	"entgo.io/ent"
	"entgo.io/ent/schema"
	"entgo.io/ent/schema/edge"
	"entgo.io/ent/schema/field"
	"entgo.io/ent/schema/index"

	entgql "github.com/hiregraph/hiregraph/ent/schema/gqlannotation"
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
		field.String("subject").Comment("The subject of the conversation.").MaxLen(500).Default(""),
		field.Time("time_created").Comment("When the conversation started.").Default(now).Immutable().Annotations(entgql.OrderField("TIME_CREATED")),
	}
}

// Edges of the Conversation.
func (Conversation) Edges() []ent.Edge {
	return []ent.Edge{
		edge.From("candidate", Candidate.Type).Comment("The candidate the conversation is about, if any.").Ref("conversations").Unique(),
		edge.To("messages", Message.Type).Comment("The messages of the conversation.").Annotations(entgql.RelayConnection()),
	}
}

// Indexes of the Conversation. Nested connections (package perparent) read
// a candidate's conversations through (company, candidate); ent puts edge
// columns after fields, so id cannot follow and the few conversations of one
// candidate are sorted after the read.
func (Conversation) Indexes() []ent.Index {
	return []ent.Index{index.Fields("company_id").Edges("candidate")}
}

// Annotations of the Conversation.
func (Conversation) Annotations() []schema.Annotation {
	return []schema.Annotation{schema.Comment("A conversation, usually with or about a candidate; messages are added to it (spec 4.3)."), entgql.QueryField().Description("The company's conversations."), entgql.RelayConnection()}
}
