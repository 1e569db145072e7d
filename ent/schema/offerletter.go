package schema

import (
	"entgo.io/contrib/entgql"
	"entgo.io/ent"
	"entgo.io/ent/schema/edge"
	"entgo.io/ent/schema/field"

	"github.com/hiregraph/hiregraph/ent/schema/uid"
)

// OfferLetter is a PDF offer made to a candidate; evaluation partners with
// permission receive short-lived links to it (spec 4.9).
type OfferLetter struct {
	ent.Schema
}

// Mixin of the OfferLetter.
func (OfferLetter) Mixin() []ent.Mixin {
	return []ent.Mixin{uid.Mixin("ofr"), TenantMixin{}}
}

// Fields of the OfferLetter.
func (OfferLetter) Fields() []ent.Field {
	return []ent.Field{
		field.String("candidate_id").Immutable().Annotations(entgql.Skip()),
		field.String("file_name").NotEmpty().MaxLen(300),
		field.Bytes("content").Annotations(entgql.Skip()),
		field.Bool("signed").Default(false),
		field.Time("time_created").Default(now).Immutable(),
	}
}

// Edges of the OfferLetter.
func (OfferLetter) Edges() []ent.Edge {
	return []ent.Edge{
		edge.From("candidate", Candidate.Type).Ref("offer_letters").Field("candidate_id").Unique().Required().Immutable(),
	}
}
