package schema

import (
	"entgo.io/ent"
	"entgo.io/ent/schema"
	"entgo.io/ent/schema/edge"
	"entgo.io/ent/schema/field"

	entgql "github.com/hiregraph/hiregraph/ent/schema/gqlannotation"
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
		field.String("name").Comment("The location's name.").NotEmpty().MaxLen(200).Annotations(entgql.OrderField("NAME")),
		field.String("country").Comment("ISO 3166-1 alpha-2 country code.").MaxLen(2).Default(""),
		field.String("city").Comment("The city.").MaxLen(100).Default(""),
		field.String("state").Comment("The state or region.").MaxLen(100).Default(""),
		field.String("postal_code").Comment("The postal code.").MaxLen(20).Default(""),
		field.String("street_name").Comment("The street name.").MaxLen(200).Default(""),
		field.String("street_number").Comment("The street number.").MaxLen(20).Default(""),
		field.String("arrival_instructions").Comment("How to get there, for candidates; null when there are none.").Optional().Nillable().MaxLen(2000),
		field.String("timezone").Comment("The IANA time zone name, such as Europe/Berlin.").MaxLen(64).Default("UTC"),
	}
}

// Edges of the Location.
func (Location) Edges() []ent.Edge {
	return []ent.Edge{
		// A position names its location (createPosition, updatePosition);
		// a location that claimed positions would move them without the
		// checks a position's write makes.
		edge.From("positions", Position.Type).Comment("The positions based at this location.").Ref("location").
			Annotations(entgql.RelayConnection(), entgql.Skip(entgql.SkipMutationCreateInput, entgql.SkipMutationUpdateInput)),
	}
}

// Annotations of the Location.
func (Location) Annotations() []schema.Annotation {
	return []schema.Annotation{
		schema.Comment("An office or site where positions are based (spec 2.3)."),
		entgql.QueryField().Description("The company's locations."),
		entgql.RelayConnection(),
		entgql.Mutations(entgql.MutationCreate()),
	}
}
