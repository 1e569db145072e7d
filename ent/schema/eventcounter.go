package schema

import (
	"entgo.io/ent"
	"entgo.io/ent/schema"
	"entgo.io/ent/schema/field"
	"entgo.io/ent/schema/index"

	entgql "github.com/hiregraph/hiregraph/ent/schema/gqlannotation"
	"github.com/hiregraph/hiregraph/ent/schema/uid"
)

// EventCounter holds the last sequence number a company's events took. A
// write increments it in its transaction: on PostgreSQL the row stays locked
// until the write commits, so a company's events take their numbers in
// commit order and a reader of the feed never sees a later number before an
// earlier one (README, Events).
type EventCounter struct {
	ent.Schema
}

// Mixin of the EventCounter.
func (EventCounter) Mixin() []ent.Mixin {
	return []ent.Mixin{uid.Mixin("evc"), TenantMixin{}}
}

// Fields of the EventCounter.
func (EventCounter) Fields() []ent.Field {
	return []ent.Field{
		field.Int64("last").Comment("The sequence number of the company's latest event.").Default(0),
	}
}

// Indexes of the EventCounter.
func (EventCounter) Indexes() []ent.Index {
	return []ent.Index{index.Fields("company_id").Unique()}
}

// Annotations of the EventCounter.
func (EventCounter) Annotations() []schema.Annotation {
	return []schema.Annotation{schema.Comment("A company's event sequence counter."), entgql.Skip()}
}
