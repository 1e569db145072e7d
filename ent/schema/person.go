package schema

import (
	"entgo.io/ent"
	"entgo.io/ent/schema"
	"entgo.io/ent/schema/edge"
	"entgo.io/ent/schema/field"
	"entgo.io/ent/schema/index"

	entgql "github.com/hiregraph/hiregraph/ent/schema/gqlannotation"
	"github.com/hiregraph/hiregraph/ent/schema/rule"
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
		field.String("first_name").Comment("The person's first name.").MaxLen(100),
		field.String("middle_name").Comment("The person's middle name, if known.").Optional().MaxLen(100),
		field.String("last_name").Comment("The person's last name, if known.").Optional().MaxLen(100),
		field.String("email").Comment("The person's e-mail address, if known.").Optional().MaxLen(320),
		// email_normalized is the duplicate key: one person per address and
		// company, whatever the case or surrounding spaces.
		field.String("email_normalized").Comment("The e-mail address trimmed and in lower case; unique in the company, so a person is never recorded twice.").Optional().Nillable().MaxLen(320).Annotations(entgql.Skip()),
		field.String("phone").Comment("The person's phone number, if known.").Optional().MaxLen(50),
		// id_number is the custom candidate field "ID Number" (spec 4.9).
		field.String("id_number").Comment("The custom candidate field ID Number, sent to evaluation partners when known (spec 4.9).").Optional().MaxLen(100),
		field.String("resume_name").Comment("The file name of the person's resume.").Optional().MaxLen(300),
		field.String("resume_url").Comment("A URL where a signed-in user can view the resume.").Optional().MaxLen(2000),
		// time_last_activity is the latest activity across all of the
		// person's candidates (spec 4.5, time_person_last_activity).
		field.Time("time_last_activity").Comment("When anything last happened in any of the person's hiring processes.").Default(now).Annotations(entgql.OrderField("TIME_LAST_ACTIVITY")),
		// time_erased marks an erasure done: a repeat is a no-op, and the
		// person stays only as the anchor of their candidacies' skeleton.
		field.Time("time_erased").Comment("When the person's personal data was erased; null unless erased.").Optional().Nillable(),
		field.Time("time_created").Comment("When the person was first recorded.").Default(now).Immutable().Annotations(entgql.OrderField("TIME_CREATED")),
	}
}

// Edges of the Person.
func (Person) Edges() []ent.Edge {
	return []ent.Edge{
		edge.To("candidates", Candidate.Type).Comment("The person's hiring processes, one per position.").Annotations(entgql.RelayConnection()),
	}
}

// Indexes of the Person.
func (Person) Indexes() []ent.Index {
	return []ent.Index{
		index.Fields("company_id", "time_last_activity"),
		index.Fields("company_id", "email"),
		index.Fields("company_id", "email_normalized").Unique(),
	}
}

// Annotations of the Person.
func (Person) Annotations() []schema.Annotation {
	return []schema.Annotation{schema.Comment("A person the company considers; each of their hiring processes is a Candidate."), entgql.QueryField("people").Description("The people the company considers, each with their candidates."), entgql.RelayConnection()}
}

// Hooks of the Person.
func (Person) Hooks() []ent.Hook {
	return []ent.Hook{rule.NormalizeEmail}
}
