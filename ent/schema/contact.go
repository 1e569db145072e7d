package schema

import (
	"entgo.io/contrib/entgql"
	"entgo.io/ent"
	"entgo.io/ent/schema"
	"entgo.io/ent/schema/field"
	"entgo.io/ent/schema/index"

	"github.com/hiregraph/hiregraph/ent/schema/uid"
)

// Contact is a party to notes and messages who is neither a user nor a
// candidate of the company: a source contact, an app or someone else. It
// gives such a party a stable uid (spec 2.8, 2.9).
type Contact struct {
	ent.Schema
}

// Mixin of the Contact.
func (Contact) Mixin() []ent.Mixin {
	return []ent.Mixin{uid.Mixin("ctc"), TenantMixin{}}
}

// Fields of the Contact.
func (Contact) Fields() []ent.Field {
	return []ent.Field{
		field.String("type").NotEmpty().MaxLen(40),
		field.String("first_name").MaxLen(100),
		field.String("middle_name").Optional().MaxLen(100),
		field.String("last_name").Optional().MaxLen(100),
		field.String("email").Optional().MaxLen(320),
		field.Time("time_created").Default(now).Immutable().Annotations(entgql.OrderField("TIME_CREATED")),
	}
}

// Indexes of the Contact.
func (Contact) Indexes() []ent.Index {
	return []ent.Index{index.Fields("company_id", "type", "email")}
}

// Annotations of the Contact.
func (Contact) Annotations() []schema.Annotation {
	return []schema.Annotation{entgql.QueryField(), entgql.RelayConnection()}
}
