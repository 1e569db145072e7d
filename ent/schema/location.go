package schema

import (
	"entgo.io/contrib/entgql"
	"entgo.io/ent"
	"entgo.io/ent/schema"
	"entgo.io/ent/schema/edge"
	"entgo.io/ent/schema/field"

	"github.com/hiregraph/hiregraph/ent/schema/uid"
)

// Location is an office or site where a position is based (spec 2.3).
type Location struct {
	ent.Schema
}

// Mixin of the Location.
func (Location) Mixin() []ent.Mixin {
	return []ent.Mixin{uid.Mixin("loc"), TenantMixin{}}
}

// Fields of the Location.
func (Location) Fields() []ent.Field {
	return []ent.Field{
		field.String("name").NotEmpty().MaxLen(200).Annotations(entgql.OrderField("NAME")),
		field.String("country").MaxLen(2).Default("").Comment("ISO 3166-1 alpha-2 country code"),
		field.String("city").MaxLen(100).Default(""),
		field.String("state").MaxLen(100).Default(""),
		field.String("postal_code").MaxLen(20).Default(""),
		field.String("street_name").MaxLen(200).Default(""),
		field.String("street_number").MaxLen(20).Default(""),
		field.String("arrival_instructions").Optional().Nillable().MaxLen(2000),
		field.String("timezone").MaxLen(64).Default("UTC"),
	}
}

// Edges of the Location.
func (Location) Edges() []ent.Edge {
	return []ent.Edge{
		edge.From("positions", Position.Type).Ref("location").Annotations(entgql.RelayConnection()),
	}
}

// Annotations of the Location.
func (Location) Annotations() []schema.Annotation {
	return []schema.Annotation{
		entgql.QueryField(),
		entgql.RelayConnection(),
		entgql.Mutations(entgql.MutationCreate()),
	}
}
