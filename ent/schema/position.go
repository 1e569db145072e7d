package schema

import (
	"entgo.io/ent"
	"entgo.io/ent/dialect/entsql"
	"entgo.io/ent/schema"
	"entgo.io/ent/schema/edge"
	"entgo.io/ent/schema/field"
	"entgo.io/ent/schema/index"

	"github.com/hiregraph/hiregraph/ent/schema/enumdoc"
	entgql "github.com/hiregraph/hiregraph/ent/schema/gqlannotation"
	"github.com/hiregraph/hiregraph/ent/schema/rule"
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
		field.String("name").Comment("The position's name.").NotEmpty().MaxLen(200).Annotations(entgql.OrderField("NAME")),
		field.Enum("status").Comment("open, on hold or closed in REST (spec 2.1).").
			NamedValues("Open", "OPEN", "OnHold", "ON_HOLD", "Closed", "CLOSED").
			Default("OPEN").
			Annotations(entgql.OrderField("STATUS")).
			Annotations(enumdoc.Values{
				"OPEN":    "The position is hiring (REST: open).",
				"ON_HOLD": "Hiring is paused (REST: on hold).",
				"CLOSED":  "The position no longer hires (REST: closed).",
			}),
		field.Bool("is_template").Comment("Templates are cloned into new positions (spec 4.1).").Default(false),
		field.Bool("is_discreet").Comment("A discreet position is visible only to its hiring team.").Default(false),
		field.Bool("is_published").Comment("Published positions appear in the careers API.").Default(false),
		field.Bool("is_talent_pool").Comment("A talent pool collects candidates without a specific hire.").Default(false),
		field.String("department").Comment("The department, one of the company's department options.").MaxLen(200).Default("").
			// The graph declares it by hand (graph/position.graphqls): null when
			// the company marks the field internal-use.
			Annotations(entgql.Skip(entgql.SkipType)),
		field.String("email").Comment("The e-mail address candidates write to about the position.").MaxLen(320).Default(""),
		field.String("url_service_hosted_page").Comment("The position's page hosted by the service.").MaxLen(2000).Default(""),
		field.String("url_active_page").Comment("The position's page on the company's own site.").MaxLen(2000).Default(""),
		field.String("employment_type").Comment("The employment type, one of the company's options.").MaxLen(200).Default("").
			// The graph declares it by hand (graph/position.graphqls): null when
			// the company marks the field internal-use.
			Annotations(entgql.Skip(entgql.SkipType)),
		field.String("experience_level").Comment("The experience level, one of the company's options.").MaxLen(200).Default("").
			// The graph declares it by hand (graph/position.graphqls): null when
			// the company marks the field internal-use.
			Annotations(entgql.Skip(entgql.SkipType)),
		field.String("workplace_type").Comment("on-site, hybrid or remote.").MaxLen(50).Default(""),
		field.String("internal_use_custom_id").Comment("The company's own id of the requisition; null when not set.").Optional().Nillable().MaxLen(200),
		field.String("picture_url").Comment("A picture for the position's page.").MaxLen(2000).Default(""),
		field.JSON("salary_range", &schematype.SalaryRange{}).Comment("The pay band; null when not set. Writing it needs the salary_ranges:write scope.").Optional(),
		field.JSON("categories", []schematype.NamedValue{}).Comment("Custom categories, ordered; internal-use categories are left out.").Default([]schematype.NamedValue{}),
		field.JSON("details", []schematype.NamedValue{}).Comment("Free-form details such as the job description, sanitized HTML; internal-use details are left out.").Default([]schematype.NamedValue{}),
		field.JSON("workflow", []schematype.WorkflowStep{}).Comment("The steps of the hiring process, with who is assigned to each.").Default([]schematype.WorkflowStep{}),
		field.String("location_id").Comment("The location the position is based at.").Optional().Nillable().Annotations(entgql.Skip()),
		field.String("template_id").Comment("The template the position was cloned from.").Optional().Nillable().Immutable().Annotations(entgql.Skip()),
		field.String("lead_recruiter_id").Comment("The lead recruiter.").Optional().Nillable().Annotations(entgql.Skip()),
		field.String("hiring_manager_id").Comment("The hiring manager.").Optional().Nillable().Annotations(entgql.Skip()),
		field.String("coordinator_id").Comment("The lead recruiting coordinator.").Optional().Nillable().Annotations(entgql.Skip()),
		field.Int("scorecard_rating_scale").Comment("The top of the scorecard template's rating scale (ratings run 1 to it); null while the position has no template.").
			Optional().Nillable().Range(2, 10).Annotations(entgql.Skip()),
		field.Time("time_created").Comment("When the position was created.").Default(now).Immutable().Annotations(entgql.OrderField("TIME_CREATED")),
		field.Time("time_updated").Comment("When the position last changed.").Default(now).UpdateDefault(now).Annotations(entgql.OrderField("TIME_UPDATED")),
	}
}

// Edges of the Position.
func (Position) Edges() []ent.Edge {
	return []ent.Edge{
		edge.To("location", Location.Type).Comment("The location the position is based at; null when none.").Field("location_id").Unique(),
		edge.To("clones", Position.Type).Comment("The positions cloned from this template.").
			From("template").Comment("The template the position was cloned from; null for positions not cloned.").Field("template_id").Unique().Immutable(),
		edge.To("lead_recruiter", User.Type).Comment("The lead recruiter, a user with the recruiter role.").Field("lead_recruiter_id").Unique(),
		edge.To("hiring_manager", User.Type).Comment("The hiring manager.").Field("hiring_manager_id").Unique(),
		edge.To("coordinator", User.Type).Comment("The lead recruiting coordinator, if any.").Field("coordinator_id").Unique(),
		edge.To("hiring_team", User.Type).Comment("Everyone on the position's hiring team.").
			Through("team_members", HiringTeamMember.Type),
		edge.To("questionnaires", Questionnaire.Type).Comment("The questionnaires candidates for the position answer."),
		edge.To("openings", Opening.Type).Comment("The hires to be made for the position.").Annotations(entgql.RelayConnection()),
		edge.To("candidates", Candidate.Type).Comment("The people considered for the position.").Annotations(entgql.RelayConnection()),
		// A position's counts go with it: with SET NULL (ent's default)
		// they would turn into company-wide counts and be counted twice.
		edge.To("report_counts", ReportCount.Type).Comment("The reports' rollup of its candidates.").
			Annotations(entgql.Skip(), entsql.OnDelete(entsql.Cascade)),
		edge.To("interviews", Interview.Type).Comment("The interviews of the position's candidates.").Annotations(entgql.RelayConnection()),
		// The graph shows the template through the hand-written
		// Position.scorecardTemplate (graph/scorecard.graphqls).
		edge.To("scorecard_attributes", ScorecardAttribute.Type).Comment("The attributes of the position's scorecard template.").Annotations(entgql.Skip()),
		edge.To("activities", Activity.Type).Comment("The position's timeline, with the activities of its candidates.").Annotations(entgql.RelayConnection()),
		// The graph shows the steps in order through the hand-written
		// Position.pipeline (graph/pipeline.graphqls).
		edge.To("pipeline_steps", PipelineStep.Type).Comment("The position's own pipeline steps.").Annotations(entgql.Skip()),
	}
}

// Indexes of the Position.
func (Position) Indexes() []ent.Index {
	return []ent.Index{
		index.Fields("company_id", "is_published", "is_template"),
		// time_created then id: the keyset order of GET /v1/positions.
		index.Fields("company_id", "time_created", "id"),
		index.Fields("company_id", "time_updated"),
		// Location.positions, a nested connection (package perparent).
		index.Fields("company_id", "location_id", "id"),
	}
}

// Annotations of the Position.
func (Position) Annotations() []schema.Annotation {
	return []schema.Annotation{schema.Comment("A job the company hires for (spec 2.1); templates are cloned into new positions."), entgql.QueryField().Description("The company's positions, templates included."), entgql.RelayConnection(), entgql.MultiOrder()}
}

// Interceptors of the Position: salary ranges only for viewers with the
// salary permission.
func (Position) Interceptors() []ent.Interceptor {
	return []ent.Interceptor{rule.HideSalaries()}
}
