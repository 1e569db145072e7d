package schema

import (
	"entgo.io/ent"
	"entgo.io/ent/schema"
	"entgo.io/ent/schema/field"
	"entgo.io/ent/schema/index"

	"github.com/hiregraph/hiregraph/ent/schema/enumdoc"
	entgql "github.com/hiregraph/hiregraph/ent/schema/gqlannotation"
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
		field.Enum("scope").Comment("What the field applies to: position categories, details, opening custom fields, or the option lists of department, experience level and employment type.").
			NamedValues(
				"Category", "CATEGORY",
				"Detail", "DETAIL",
				"OpeningCustomField", "OPENING_CUSTOM_FIELD",
				"Department", "DEPARTMENT",
				"ExperienceLevel", "EXPERIENCE_LEVEL",
				"EmploymentType", "EMPLOYMENT_TYPE",
			).
			Annotations(entgql.OrderField("SCOPE")).
			Annotations(enumdoc.Values{
				"CATEGORY":             "A custom category of positions.",
				"DETAIL":               "A free-form detail of positions, such as the job description.",
				"OPENING_CUSTOM_FIELD": "A custom field of openings.",
				"DEPARTMENT":           "The option list of positions' department.",
				"EXPERIENCE_LEVEL":     "The option list of positions' experience level.",
				"EMPLOYMENT_TYPE":      "The option list of positions' employment type.",
			}),
		field.String("name").Comment("The field's name, as requests name it (categories[].name, custom_fields keys).").NotEmpty().MaxLen(200).Annotations(entgql.OrderField("NAME")),
		field.Enum("kind").Comment("TEXT takes any value; DROPDOWN takes one of options, and a new value becomes an option.").NamedValues("Text", "TEXT", "Dropdown", "DROPDOWN").Default("TEXT").
			Annotations(enumdoc.Values{
				"TEXT":     "Takes any text.",
				"DROPDOWN": "Takes one of the options; a new value becomes an option.",
			}),
		field.Strings("options").Comment("The values of a dropdown field.").Default([]string{}),
		field.Bool("internal_use").Comment("Internal-use fields never leave the service in a position or opening (spec 2.1).").Default(false),
	}
}

// Indexes of the FieldDefinition.
func (FieldDefinition) Indexes() []ent.Index {
	return []ent.Index{index.Fields("company_id", "scope", "name").Unique()}
}

// Annotations of the FieldDefinition.
func (FieldDefinition) Annotations() []schema.Annotation {
	return []schema.Annotation{schema.Comment("A field the company defines: a category, a detail, an opening custom field, or the option list of department, experience level or employment type."), entgql.QueryField().Description("The company's field definitions."), entgql.RelayConnection()}
}
