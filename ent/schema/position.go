package schema

import (
	"entgo.io/contrib/entgql"
	"entgo.io/ent"
	"entgo.io/ent/schema"
	"entgo.io/ent/schema/edge"
	"entgo.io/ent/schema/field"
	"entgo.io/ent/schema/index"

	"github.com/hiregraph/hiregraph/ent/schema/schematype"
	"github.com/hiregraph/hiregraph/ent/schema/uid"
)

// Position is a job a company hires for (spec 2.1). Templates are positions
// with is_template set; new positions are cloned from them (spec 4.1).
type Position struct {
	ent.Schema
}

// Mixin of the Position.
func (Position) Mixin() []ent.Mixin {
	return []ent.Mixin{uid.Mixin("pos"), TenantMixin{}}
}

// Fields of the Position.
func (Position) Fields() []ent.Field {
	return []ent.Field{
		field.String("name").NotEmpty().MaxLen(200).Annotations(entgql.OrderField("NAME")),
		field.Enum("status").
			NamedValues("Open", "OPEN", "OnHold", "ON_HOLD", "Closed", "CLOSED").
			Default("OPEN").
			Annotations(entgql.OrderField("STATUS")),
		field.Bool("is_template").Default(false),
		field.Bool("is_discreet").Default(false),
		field.Bool("is_published").Default(false),
		field.Bool("is_talent_pool").Default(false),
		field.String("department").MaxLen(200).Default(""),
		field.String("email").MaxLen(320).Default(""),
		field.String("url_service_hosted_page").MaxLen(2000).Default(""),
		field.String("url_active_page").MaxLen(2000).Default(""),
		field.String("employment_type").MaxLen(200).Default(""),
		field.String("experience_level").MaxLen(200).Default(""),
		field.String("workplace_type").MaxLen(50).Default("").Comment("on-site, hybrid or remote"),
		field.String("internal_use_custom_id").Optional().Nillable().MaxLen(200),
		field.String("picture_url").MaxLen(2000).Default(""),
		field.JSON("salary_range", &schematype.SalaryRange{}).Optional(),
		field.JSON("categories", []schematype.NamedValue{}).Default([]schematype.NamedValue{}),
		field.JSON("details", []schematype.NamedValue{}).Default([]schematype.NamedValue{}),
		field.JSON("workflow", []schematype.WorkflowStep{}).Default([]schematype.WorkflowStep{}),
		field.String("location_id").Optional().Nillable().Annotations(entgql.Skip()),
		field.String("template_id").Optional().Nillable().Immutable().Annotations(entgql.Skip()),
		field.String("lead_recruiter_id").Optional().Nillable().Annotations(entgql.Skip()),
		field.String("hiring_manager_id").Optional().Nillable().Annotations(entgql.Skip()),
		field.String("coordinator_id").Optional().Nillable().Annotations(entgql.Skip()),
		field.Time("time_created").Default(now).Immutable().Annotations(entgql.OrderField("TIME_CREATED")),
		field.Time("time_updated").Default(now).UpdateDefault(now).Annotations(entgql.OrderField("TIME_UPDATED")),
	}
}

// Edges of the Position.
func (Position) Edges() []ent.Edge {
	return []ent.Edge{
		edge.To("location", Location.Type).Field("location_id").Unique(),
		edge.To("clones", Position.Type).
			From("template").Field("template_id").Unique().Immutable(),
		edge.To("lead_recruiter", User.Type).Field("lead_recruiter_id").Unique(),
		edge.To("hiring_manager", User.Type).Field("hiring_manager_id").Unique(),
		edge.To("coordinator", User.Type).Field("coordinator_id").Unique(),
		edge.To("hiring_team", User.Type),
		edge.To("questionnaires", Questionnaire.Type),
		edge.To("openings", Opening.Type).Annotations(entgql.RelayConnection()),
		edge.To("candidates", Candidate.Type).Annotations(entgql.RelayConnection()),
	}
}

// Indexes of the Position.
func (Position) Indexes() []ent.Index {
	return []ent.Index{
		index.Fields("company_id", "is_published", "is_template"),
		index.Fields("company_id", "time_updated"),
	}
}

// Annotations of the Position.
func (Position) Annotations() []schema.Annotation {
	return []schema.Annotation{entgql.QueryField(), entgql.RelayConnection(), entgql.MultiOrder()}
}
