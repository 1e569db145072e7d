package schema

import (
	"entgo.io/ent"
	"entgo.io/ent/schema"
	"entgo.io/ent/schema/edge"
	"entgo.io/ent/schema/field"
	"entgo.io/ent/schema/index"

	"github.com/hiregraph/hiregraph/ent/schema/enumdoc"
	entgql "github.com/hiregraph/hiregraph/ent/schema/gqlannotation"
	"github.com/hiregraph/hiregraph/ent/schema/uid"
)

// PipelineStep is one stage of a hiring pipeline. Steps without a position
// form the company's default pipeline, which new positions copy; a
// position's own steps are its pipeline, edited freely (README, Pipelines).
type PipelineStep struct {
	ent.Schema
}

// Mixin of the PipelineStep.
func (PipelineStep) Mixin() []ent.Mixin {
	return []ent.Mixin{uid.Mixin("stp"), TenantMixin{}}
}

// Fields of the PipelineStep.
func (PipelineStep) Fields() []ent.Field {
	return []ent.Field{
		field.String("position_id").Comment("The position whose pipeline the step belongs to; null for a step of the company's default pipeline.").
			Optional().Nillable().Immutable().Annotations(entgql.Skip()),
		field.String("name").Comment("The step's name, as the board and the REST current_steps show it.").NotEmpty().MaxLen(100),
		field.Enum("kind").Comment("What happens in the step; REST spells it in lower case as the step's type.").
			NamedValues("Applied", "APPLIED", "Review", "REVIEW", "Screen", "SCREEN", "Interview", "INTERVIEW",
				"Assessment", "ASSESSMENT", "Offer", "OFFER", "Hired", "HIRED", "Other", "OTHER").
			Annotations(enumdoc.Values{
				"APPLIED":    "The candidate applied or was added; no one has looked yet.",
				"REVIEW":     "Someone reviews the application.",
				"SCREEN":     "A first call or screening.",
				"INTERVIEW":  "An interview.",
				"ASSESSMENT": "A test or home assignment.",
				"OFFER":      "An offer is made.",
				"HIRED":      "The candidate accepted; hireCandidate moves candidates here.",
				"OTHER":      "Any other stage.",
			}),
		field.Int("rank").Comment("The step's place in its pipeline, from 0.").NonNegative(),
		field.Strings("assignee_ids").Comment("The users responsible for candidates in the step.").Default([]string{}).
			// One spelling of ID across the schema: the graph answers
			// assigneeIDs (pipeline.graphqls); this name stays for a release.
			Annotations(entgql.Directives(entgql.Deprecated("Use assigneeIDs."))),
	}
}

// Edges of the PipelineStep.
func (PipelineStep) Edges() []ent.Edge {
	return []ent.Edge{
		edge.From("position", Position.Type).Comment("The position whose pipeline the step belongs to; null in the default pipeline.").
			Ref("pipeline_steps").Field("position_id").Unique().Immutable(),
		edge.To("candidates", Candidate.Type).Comment("The candidates now in the step, for a pipeline board.").Annotations(entgql.RelayConnection()),
		edge.To("visits", CandidateStep.Type).Comment("Every stay of a candidate in the step.").Annotations(entgql.Skip()),
	}
}

// Indexes of the PipelineStep.
func (PipelineStep) Indexes() []ent.Index {
	return []ent.Index{
		index.Fields("company_id", "position_id", "rank"),
	}
}

// Annotations of the PipelineStep.
func (PipelineStep) Annotations() []schema.Annotation {
	return []schema.Annotation{schema.Comment("One stage of a hiring pipeline: a position's own, or the company's default that new positions copy.")}
}
