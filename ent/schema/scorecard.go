package schema

import (
	"entgo.io/ent"
	"entgo.io/ent/dialect/entsql"
	"entgo.io/ent/schema"
	"entgo.io/ent/schema/edge"
	"entgo.io/ent/schema/field"
	"entgo.io/ent/schema/index"

	"github.com/hiregraph/hiregraph/ent/privacy"
	"github.com/hiregraph/hiregraph/ent/schema/enumdoc"
	entgql "github.com/hiregraph/hiregraph/ent/schema/gqlannotation"
	"github.com/hiregraph/hiregraph/ent/schema/rule"
	"github.com/hiregraph/hiregraph/ent/schema/uid"
)

// Scorecard is an interviewer's feedback on an interview they sat: an
// overall recommendation, notes, and ratings of the attributes of the
// position's template. One per interview and interviewer (a unique
// index), edited by submitting again.
type Scorecard struct {
	ent.Schema
}

// Mixin of the Scorecard.
func (Scorecard) Mixin() []ent.Mixin {
	return []ent.Mixin{uid.Mixin("scd"), TenantMixin{}}
}

// Fields of the Scorecard.
func (Scorecard) Fields() []ent.Field {
	return []ent.Field{
		field.String("interview_id").Comment("The interview.").Immutable().Annotations(entgql.Skip()),
		field.String("user_id").Comment("The interviewer who wrote it.").Immutable().Annotations(entgql.Skip()),
		// The interview's candidate, kept on the row so a candidate's
		// scorecards load per parent on their own index.
		field.String("candidate_id").Comment("The candidate.").Immutable().Annotations(entgql.Skip()),
		// The interview's step: the scorecard is editable while the
		// candidate is at it.
		field.String("step_id").Comment("The pipeline step of the interview; null once the step was removed.").Optional().Nillable().Immutable().Annotations(entgql.Skip()),
		field.Enum("overall_recommendation").Comment("Whether the interviewer would hire the candidate.").
			NamedValues("StrongNo", "STRONG_NO", "No", "NO", "Yes", "YES", "StrongYes", "STRONG_YES").
			Annotations(entgql.Type("ScorecardRecommendation"), enumdoc.Values{
				"STRONG_NO":  "Definitely not.",
				"NO":         "Not.",
				"YES":        "Hire.",
				"STRONG_YES": "Definitely hire.",
			}),
		field.Text("notes").Comment("The interviewer's overall notes, plain text.").Default("").MaxLen(10000),
		field.Time("time_submitted").Comment("When the scorecard was first submitted.").Default(now).Immutable(),
		field.Time("time_updated").Comment("When the scorecard last changed.").Default(now),
	}
}

// Edges of the Scorecard.
func (Scorecard) Edges() []ent.Edge {
	return []ent.Edge{
		edge.From("interview", Interview.Type).Comment("The interview the feedback is on.").Ref("scorecards").Field("interview_id").Unique().Required().Immutable(),
		edge.To("interviewer", User.Type).Comment("The interviewer who wrote it.").Field("user_id").Unique().Required().Immutable(),
		edge.From("candidate", Candidate.Type).Comment("The candidate.").Ref("scorecards").Field("candidate_id").Unique().Required().Immutable(),
		edge.To("step", PipelineStep.Type).Comment("The pipeline step of the interview.").Field("step_id").Unique().Immutable().
			Annotations(entsql.OnDelete(entsql.SetNull), entgql.Skip()),
		edge.To("ratings", ScorecardRating.Type).Comment("The ratings of the template's attributes.").
			Annotations(entsql.OnDelete(entsql.Cascade)),
	}
}

// Indexes of the Scorecard.
func (Scorecard) Indexes() []ent.Index {
	return []ent.Index{
		// One scorecard per interview and interviewer: concurrent first
		// submissions cannot make two.
		index.Fields("interview_id", "user_id").Unique(),
		// Nested connections (package perparent) read each parent's first
		// rows in id order on (company, parent, id).
		index.Fields("company_id", "candidate_id", "id"),
		// The blind rule: has the viewer written on this candidate?
		index.Fields("user_id", "candidate_id"),
	}
}

// Annotations of the Scorecard.
func (Scorecard) Annotations() []schema.Annotation {
	return []schema.Annotation{
		schema.Comment("An interviewer's feedback on an interview they sat."),
		entgql.RelayConnection(),
		entgql.Skip(entgql.SkipMutationCreateInput, entgql.SkipMutationUpdateInput),
	}
}

// Policy of the Scorecard: feedback is blind (rule.FilterBlindFeedback).
func (Scorecard) Policy() ent.Policy {
	return privacy.Policy{Query: privacy.QueryPolicy{rule.FilterBlindFeedback()}}
}
