package schema

import (
	"entgo.io/ent"
	"entgo.io/ent/schema"
	"entgo.io/ent/schema/edge"
	"entgo.io/ent/schema/field"

	entgql "github.com/hiregraph/hiregraph/ent/schema/gqlannotation"
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
		field.String("candidate_id").Comment("The candidate the offer is made to.").Immutable().Annotations(entgql.Skip()),
		field.String("file_name").Comment("The PDF's file name.").NotEmpty().MaxLen(300),
		field.Bytes("content").Comment("The PDF itself; partners fetch it through signed links.").Annotations(entgql.Skip()),
		field.Bool("signed").Comment("Whether the candidate has signed the offer.").Default(false),
		field.Time("time_created").Comment("When the letter was stored.").Default(now).Immutable(),
	}
}

// Edges of the OfferLetter.
func (OfferLetter) Edges() []ent.Edge {
	return []ent.Edge{
		edge.From("candidate", Candidate.Type).Comment("The candidate the offer is made to.").Ref("offer_letters").Field("candidate_id").Unique().Required().Immutable(),
	}
}

// Annotations of the OfferLetter.
func (OfferLetter) Annotations() []schema.Annotation {
	return []schema.Annotation{schema.Comment("A PDF offer letter made to a candidate; evaluation partners allowed to see offers get signed links to it (spec 4.9).")}
}
