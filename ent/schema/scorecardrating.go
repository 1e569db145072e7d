package schema

import (
	"entgo.io/ent"
	"entgo.io/ent/dialect/entsql"
	"entgo.io/ent/schema"
	"entgo.io/ent/schema/edge"
	"entgo.io/ent/schema/field"
	"entgo.io/ent/schema/index"

	"github.com/hiregraph/hiregraph/ent/privacy"
	entgql "github.com/hiregraph/hiregraph/ent/schema/gqlannotation"
	"github.com/hiregraph/hiregraph/ent/schema/rule"
	"github.com/hiregraph/hiregraph/ent/schema/uid"
)

// ScorecardRating is a scorecard's rating of one attribute: a value on the
// template's scale, or none, and a note.
type ScorecardRating struct {
	ent.Schema
}

// Mixin of the ScorecardRating.
func (ScorecardRating) Mixin() []ent.Mixin {
	return []ent.Mixin{uid.Mixin("scr"), TenantMixin{}}
}

// Fields of the ScorecardRating.
func (ScorecardRating) Fields() []ent.Field {
	return []ent.Field{
		field.String("scorecard_id").Comment("The scorecard.").Immutable().Annotations(entgql.Skip()),
		field.String("attribute_id").Comment("The attribute rated.").Immutable().Annotations(entgql.Skip()),
		// Kept on the row so a candidate's summary aggregates its ratings
		// on one index.
		field.String("candidate_id").Comment("The scorecard's candidate.").Immutable().Annotations(entgql.Skip()),
		field.Int("rating").Comment("The rating, 1 to the template's scale; null when the interviewer left it out.").Optional().Nillable(),
		field.Text("note").Comment("The interviewer's note on the attribute, plain text.").Default("").MaxLen(5000),
	}
}

// Edges of the ScorecardRating.
func (ScorecardRating) Edges() []ent.Edge {
	return []ent.Edge{
		edge.From("scorecard", Scorecard.Type).Ref("ratings").Field("scorecard_id").Unique().Required().Immutable().
			Annotations(entgql.Skip()),
		edge.To("attribute", ScorecardAttribute.Type).Comment("The attribute rated.").Field("attribute_id").Unique().Required().Immutable().
			Annotations(entsql.OnDelete(entsql.Cascade)),
	}
}

// Indexes of the ScorecardRating.
func (ScorecardRating) Indexes() []ent.Index {
	return []ent.Index{
		index.Fields("scorecard_id", "attribute_id").Unique(),
		index.Fields("candidate_id", "attribute_id"),
	}
}

// Annotations of the ScorecardRating.
func (ScorecardRating) Annotations() []schema.Annotation {
	return []schema.Annotation{
		schema.Comment("A scorecard's rating of one attribute of the template."),
		entgql.Skip(entgql.SkipMutationCreateInput, entgql.SkipMutationUpdateInput),
	}
}

// Policy of the ScorecardRating: a rating is read as blind as its
// scorecard.
func (ScorecardRating) Policy() ent.Policy {
	return privacy.Policy{Query: privacy.QueryPolicy{rule.FilterBlindFeedback()}}
}
