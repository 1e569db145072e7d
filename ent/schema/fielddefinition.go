package schema

import (
	"entgo.io/contrib/entgql"
	"entgo.io/ent"
	"entgo.io/ent/schema"
	"entgo.io/ent/schema/field"
	"entgo.io/ent/schema/index"

	"github.com/hiregraph/hiregraph/ent/schema/uid"
)

// FieldDefinition is a field a company configures for its positions and
// openings: a category, a detail, an opening custom field, or the option
// lists of department, experience level and employment type. Fields marked
// internal_use never leave the service in position responses (spec 2.1).
type FieldDefinition struct {
	ent.Schema
}

// Mixin of the FieldDefinition.
func (FieldDefinition) Mixin() []ent.Mixin {
	return []ent.Mixin{uid.Mixin("fld"), TenantMixin{}}
}

// Fields of the FieldDefinition.
func (FieldDefinition) Fields() []ent.Field {
	return []ent.Field{
		field.Enum("scope").
			NamedValues(
				"Category", "CATEGORY",
				"Detail", "DETAIL",
				"OpeningCustomField", "OPENING_CUSTOM_FIELD",
				"Department", "DEPARTMENT",
				"ExperienceLevel", "EXPERIENCE_LEVEL",
				"EmploymentType", "EMPLOYMENT_TYPE",
			).
			Annotations(entgql.OrderField("SCOPE")),
		field.String("name").NotEmpty().MaxLen(200).Annotations(entgql.OrderField("NAME")),
		field.Enum("kind").NamedValues("Text", "TEXT", "Dropdown", "DROPDOWN").Default("TEXT"),
		field.Strings("options").Default([]string{}),
		field.Bool("internal_use").Default(false),
	}
}

// Indexes of the FieldDefinition.
func (FieldDefinition) Indexes() []ent.Index {
	return []ent.Index{index.Fields("company_id", "scope", "name").Unique()}
}

// Annotations of the FieldDefinition.
func (FieldDefinition) Annotations() []schema.Annotation {
	return []schema.Annotation{entgql.QueryField(), entgql.RelayConnection()}
}
