package schema

import (
	"entgo.io/ent"
	"entgo.io/ent/schema"
	"entgo.io/ent/schema/edge"
	"entgo.io/ent/schema/field"
	"entgo.io/ent/schema/index"

	entgql "github.com/hiregraph/hiregraph/ent/schema/gqlannotation"
	"github.com/hiregraph/hiregraph/ent/schema/uid"
)

// CandidateStep is one stay of a candidate in a pipeline step: when it
// entered and left, and who moved it. The REST current_steps and
// completed_steps are derived from these rows.
type CandidateStep struct {
	ent.Schema
}

// Mixin of the CandidateStep.
func (CandidateStep) Mixin() []ent.Mixin {
	return []ent.Mixin{uid.Mixin("cst"), TenantMixin{}}
}

// Fields of the CandidateStep.
func (CandidateStep) Fields() []ent.Field {
	return []ent.Field{
		field.String("candidate_id").Comment("The candidate.").Immutable().Annotations(entgql.Skip()),
		field.String("step_id").Comment("The pipeline step; null once the step was removed from its pipeline.").Optional().Nillable().Annotations(entgql.Skip()),
		// The name and kind are kept: the step may be renamed or removed
		// later, and the history says what it was called then.
		field.String("name").Comment("The step's name when the candidate entered it.").Immutable(),
		field.String("kind").Comment("The step's kind when the candidate entered it, in lower case as REST spells it.").Immutable(),
		field.Time("time_entered").Comment("When the candidate entered the step.").Immutable().Annotations(entgql.OrderField("TIME_ENTERED")),
		field.Time("time_left").Comment("When the candidate left the step; null while it is there.").Optional().Nillable(),
		field.Time("time_scheduled").Comment("When the step is scheduled, such as an interview's time; null when not set.").Optional().Nillable(),
		field.String("entered_by").Comment("The uid of the user or API key that moved the candidate in, or the actor type when it has no uid.").Immutable(),
		field.String("left_by").Comment("The uid of the user or API key that moved the candidate on; null while it is there.").Optional().Nillable(),
	}
}

// Edges of the CandidateStep.
func (CandidateStep) Edges() []ent.Edge {
	return []ent.Edge{
		edge.From("candidate", Candidate.Type).Comment("The candidate.").Ref("step_history").Field("candidate_id").Unique().Required().Immutable(),
		edge.From("step", PipelineStep.Type).Comment("The pipeline step; null once it was removed.").Ref("visits").Field("step_id").Unique().
			Annotations(entgql.Skip()),
	}
}

// Indexes of the CandidateStep.
func (CandidateStep) Indexes() []ent.Index {
	return []ent.Index{
		index.Fields("company_id", "candidate_id", "id"),
		index.Fields("step_id"),
		// The time-in-step report reads the stays that ended in a range.
		index.Fields("company_id", "time_left"),
	}
}

// Annotations of the CandidateStep.
func (CandidateStep) Annotations() []schema.Annotation {
	return []schema.Annotation{schema.Comment("One stay of a candidate in a pipeline step: entered, left, and by whom."), entgql.RelayConnection()}
}
