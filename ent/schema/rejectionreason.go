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

// RejectionReason is one of the company's reasons for turning a candidate
// down; rejectCandidate takes one.
type RejectionReason struct {
	ent.Schema
}

// Mixin of the RejectionReason.
func (RejectionReason) Mixin() []ent.Mixin {
	return []ent.Mixin{uid.Mixin("rjr"), TenantMixin{}}
}

// Fields of the RejectionReason.
func (RejectionReason) Fields() []ent.Field {
	return []ent.Field{
		field.String("name").Comment("The reason, as recruiters pick it.").NotEmpty().MaxLen(200).Annotations(entgql.OrderField("NAME")),
		field.Bool("by_candidate").Comment("Whether the reason is the candidate's own choice (declined an offer) rather than the company's.").Default(false),
		field.Int("rank").Comment("The reason's place in the company's list, from 0.").Default(0).Annotations(entgql.OrderField("RANK")),
	}
}

// Edges of the RejectionReason.
func (RejectionReason) Edges() []ent.Edge {
	return []ent.Edge{
		edge.To("candidates", Candidate.Type).Comment("The candidates rejected for this reason.").Annotations(entgql.Skip()),
	}
}

// Indexes of the RejectionReason.
func (RejectionReason) Indexes() []ent.Index {
	return []ent.Index{
		index.Fields("company_id", "name").Unique(),
		index.Fields("company_id", "rank"),
	}
}

// Annotations of the RejectionReason.
func (RejectionReason) Annotations() []schema.Annotation {
	return []schema.Annotation{schema.Comment("A reason the company gives for rejecting a candidate."),
		entgql.QueryField().Description("The company's rejection reasons, for rejectCandidate."), entgql.RelayConnection()}
}
