package schema

import (
	"entgo.io/contrib/entgql"
	"entgo.io/ent"
	"entgo.io/ent/schema"
	"entgo.io/ent/schema/edge"
	"entgo.io/ent/schema/field"
	"entgo.io/ent/schema/index"

	"github.com/hiregraph/hiregraph/ent/schema/uid"
)

// TestSubmission records one attempt to submit a candidate for a partner's
// test, and the evaluation the partner reports back (spec 4.9).
type TestSubmission struct {
	ent.Schema
}

// Mixin of the TestSubmission.
func (TestSubmission) Mixin() []ent.Mixin {
	return []ent.Mixin{uid.Mixin("tsb"), TenantMixin{}}
}

// Fields of the TestSubmission.
func (TestSubmission) Fields() []ent.Field {
	return []ent.Field{
		field.String("partner_id").Immutable().Annotations(entgql.Skip()),
		field.String("candidate_id").Immutable().Annotations(entgql.Skip()),
		field.String("test_id").NotEmpty().MaxLen(200),
		// status is "submitted", "failed", or what the partner reports later:
		// at most 40 characters, so up to 160 bytes of UTF-8.
		field.String("status").NotEmpty().MaxLen(160),
		field.String("candidate_evaluation_id").Optional().Nillable().MaxLen(200),
		field.String("display_message").Optional().MaxLen(2000),
		field.String("error_code").Optional().MaxLen(100),
		field.Enum("outcome").NamedValues("Passed", "PASSED", "Review", "REVIEW", "Failed", "FAILED").Optional().Nillable(),
		field.Int("score").Optional().Nillable().Range(1, 5),
		field.Text("summary").Optional(),
		field.Strings("result_urls").Default([]string{}),
		field.Bool("completed").Default(false),
		field.Time("time_submitted").Default(now).Immutable().Annotations(entgql.OrderField("TIME_SUBMITTED")),
		field.Time("time_updated").Default(now).UpdateDefault(now),
	}
}

// Edges of the TestSubmission.
func (TestSubmission) Edges() []ent.Edge {
	return []ent.Edge{
		edge.From("partner", EvaluationPartner.Type).Ref("test_submissions").Field("partner_id").Unique().Required().Immutable(),
		edge.From("candidate", Candidate.Type).Ref("test_submissions").Field("candidate_id").Unique().Required().Immutable(),
	}
}

// Indexes of the TestSubmission.
func (TestSubmission) Indexes() []ent.Index {
	return []ent.Index{
		// Partners report status updates by candidate_evaluation_id alone
		// (POST /v1/evaluations/{id}), so it must name one submission of
		// the company, whichever partner issued it.
		index.Fields("company_id", "candidate_evaluation_id").Unique(),
		index.Fields("candidate_id"),
	}
}

// Annotations of the TestSubmission.
func (TestSubmission) Annotations() []schema.Annotation {
	return []schema.Annotation{entgql.RelayConnection()}
}
