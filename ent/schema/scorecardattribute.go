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

// ScorecardAttribute is one attribute of a position's scorecard template,
// rated by interviewers. An attribute taken out of the template is kept
// (time_removed) so the scorecards that rated it still show it.
type ScorecardAttribute struct {
	ent.Schema
}

// Mixin of the ScorecardAttribute.
func (ScorecardAttribute) Mixin() []ent.Mixin {
	return []ent.Mixin{uid.Mixin("sca"), TenantMixin{}}
}

// Fields of the ScorecardAttribute.
func (ScorecardAttribute) Fields() []ent.Field {
	return []ent.Field{
		field.String("position_id").Comment("The position whose template holds the attribute.").Immutable().Annotations(entgql.Skip()),
		field.String("focus").Comment("The group the attribute belongs to, such as Skills or Culture.").NotEmpty().MaxLen(100),
		field.String("name").Comment("What is rated, such as Go or Communication.").NotEmpty().MaxLen(200),
		field.String("description").Comment("What interviewers look for, plain text.").Default("").MaxLen(2000),
		field.Int("ordinal").Comment("The attribute's place in the template.").NonNegative().Annotations(entgql.Skip()),
		field.Time("time_removed").Comment("When the attribute was taken out of the template; null while it is in.").Optional().Nillable().Annotations(entgql.Skip()),
	}
}

// Edges of the ScorecardAttribute.
func (ScorecardAttribute) Edges() []ent.Edge {
	return []ent.Edge{
		edge.From("position", Position.Type).Ref("scorecard_attributes").Field("position_id").Unique().Required().Immutable().
			Annotations(entgql.Skip()),
	}
}

// Indexes of the ScorecardAttribute.
func (ScorecardAttribute) Indexes() []ent.Index {
	return []ent.Index{index.Fields("position_id", "ordinal")}
}

// Annotations of the ScorecardAttribute.
func (ScorecardAttribute) Annotations() []schema.Annotation {
	return []schema.Annotation{
		schema.Comment("An attribute of a position's scorecard template: what interviewers rate, grouped by focus."),
		entgql.Skip(entgql.SkipMutationCreateInput, entgql.SkipMutationUpdateInput),
	}
}
