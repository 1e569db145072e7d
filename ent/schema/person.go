package schema

import (
	"entgo.io/contrib/entgql"
	"entgo.io/ent"
	"entgo.io/ent/schema"
	"entgo.io/ent/schema/edge"
	"entgo.io/ent/schema/field"
	"entgo.io/ent/schema/index"

	"github.com/hiregraph/hiregraph/ent/schema/uid"
)

// Person is one human being, who may be a candidate for several positions:
// each of those hiring processes is a Candidate (spec 2.7).
type Person struct {
	ent.Schema
}

// Mixin of the Person.
func (Person) Mixin() []ent.Mixin {
	return []ent.Mixin{uid.Mixin("per"), TenantMixin{}}
}

// Fields of the Person.
func (Person) Fields() []ent.Field {
	return []ent.Field{
		field.String("first_name").MaxLen(100),
		field.String("middle_name").Optional().MaxLen(100),
		field.String("last_name").Optional().MaxLen(100),
		field.String("email").Optional().MaxLen(320),
		field.String("phone").Optional().MaxLen(50),
		// id_number is the custom candidate field "ID Number" (spec 4.9).
		field.String("id_number").Optional().MaxLen(100),
		field.String("resume_name").Optional().MaxLen(300),
		field.String("resume_url").Optional().MaxLen(2000),
		// time_last_activity is the latest activity across all of the
		// person's candidates (spec 4.5, time_person_last_activity).
		field.Time("time_last_activity").Default(now).Annotations(entgql.OrderField("TIME_LAST_ACTIVITY")),
		field.Time("time_created").Default(now).Immutable().Annotations(entgql.OrderField("TIME_CREATED")),
	}
}

// Edges of the Person.
func (Person) Edges() []ent.Edge {
	return []ent.Edge{
		edge.To("candidates", Candidate.Type).Annotations(entgql.RelayConnection()),
	}
}

// Indexes of the Person.
func (Person) Indexes() []ent.Index {
	return []ent.Index{
		index.Fields("company_id", "time_last_activity"),
		index.Fields("company_id", "email"),
	}
}

// Annotations of the Person.
func (Person) Annotations() []schema.Annotation {
	return []schema.Annotation{entgql.QueryField("people"), entgql.RelayConnection()}
}
