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
		field.String("partner_id").Comment("The evaluation partner the candidate was sent to.").Immutable().Annotations(entgql.Skip()),
		field.String("candidate_id").Comment("The candidate sent.").Immutable().Annotations(entgql.Skip()),
		field.String("test_id").Comment("The partner's id of the test.").NotEmpty().MaxLen(200),
		// status is "submitted", "failed", or what the partner reports later:
		// at most 40 characters, so up to 160 bytes of UTF-8.
		field.String("status").Comment("submitted or failed at first; then what the partner reports (completed is final).").NotEmpty().MaxLen(160),
		field.String("candidate_evaluation_id").Comment("The partner's id of the evaluation (spec 4.9); null when the submission failed.").Optional().Nillable().MaxLen(200),
		field.String("display_message").Comment("The partner's message shown to the recruiter when it refused the submission.").Optional().MaxLen(2000),
		field.String("error_code").Comment("Why the submission failed: the error code the recruiter got.").Optional().MaxLen(100),
		field.Enum("outcome").Comment("The result the partner reported, if any.").NamedValues("Passed", "PASSED", "Review", "REVIEW", "Failed", "FAILED").Optional().Nillable().
			Annotations(enumdoc.Values{
				"PASSED": "The candidate passed (REST: passed).",
				"REVIEW": "The result needs a person's review (REST: review).",
				"FAILED": "The candidate did not pass (REST: failed).",
			}),
		field.Int("score").Comment("The score from 1 to 5 the partner reported, if any.").Optional().Nillable().Range(1, 5),
		field.Text("summary").Comment("The partner's summary of the evaluation, plain text.").Optional(),
		field.Strings("result_urls").Comment("Links to the partner's results.").Default([]string{}),
		field.Bool("completed").Comment("Whether the partner reported the evaluation completed; no update follows.").Default(false),
		field.Time("time_submitted").Comment("When the submission was sent.").Default(now).Immutable().Annotations(entgql.OrderField("TIME_SUBMITTED")),
		field.Time("time_updated").Comment("When the submission last changed.").Default(now).UpdateDefault(now),
	}
}

// Edges of the TestSubmission.
func (TestSubmission) Edges() []ent.Edge {
	return []ent.Edge{
		edge.From("partner", EvaluationPartner.Type).Comment("The evaluation partner.").Ref("test_submissions").Field("partner_id").Unique().Required().Immutable(),
		edge.From("candidate", Candidate.Type).Comment("The candidate sent.").Ref("test_submissions").Field("candidate_id").Unique().Required().Immutable(),
	}
}

// Indexes of the TestSubmission.
func (TestSubmission) Indexes() []ent.Index {
	return []ent.Index{
		// Partners report status updates by candidate_evaluation_id alone
		// (POST /v1/evaluations/{id}), so it must name one submission of
		// the company, whichever partner issued it.
		index.Fields("company_id", "candidate_evaluation_id").Unique(),
		// Nested connections (package perparent) read each parent's first rows
		// in id order on (company, parent, id).
		index.Fields("company_id", "candidate_id", "id"),
		index.Fields("company_id", "partner_id", "id"),
	}
}

// Annotations of the TestSubmission.
func (TestSubmission) Annotations() []schema.Annotation {
	return []schema.Annotation{schema.Comment("One attempt to send a candidate to an evaluation partner's test, and what the partner reported since."), entgql.RelayConnection()}
}
