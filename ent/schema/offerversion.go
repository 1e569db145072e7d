package schema

import (
	"entgo.io/ent"
	"entgo.io/ent/schema"
	"entgo.io/ent/schema/edge"
	"entgo.io/ent/schema/field"
	"entgo.io/ent/schema/index"

	entgql "github.com/hiregraph/hiregraph/ent/schema/gqlannotation"
	"github.com/hiregraph/hiregraph/ent/schema/rule"
	"github.com/hiregraph/hiregraph/ent/schema/schematype"
	"github.com/hiregraph/hiregraph/ent/schema/uid"
)

// OfferVersion is one version of an offer's terms, kept as it was written:
// the offer's history.
type OfferVersion struct {
	ent.Schema
}

// Mixin of the OfferVersion.
func (OfferVersion) Mixin() []ent.Mixin {
	return []ent.Mixin{uid.Mixin("ofv"), TenantMixin{}}
}

// Fields of the OfferVersion.
func (OfferVersion) Fields() []ent.Field {
	return []ent.Field{
		field.String("offer_id").Comment("The offer this is a version of.").Immutable().Annotations(entgql.Skip()),
		field.Int("version").Comment("The version's number, from 1.").Positive().Immutable(),
		field.JSON("salary", &schematype.OfferSalary{}).Comment("The pay offered; null when not set or when the reader lacks salary:view.").Optional().
			// Named: OfferSalaryInput binds the same Go type.
			Annotations(entgql.Type("OfferSalary")).Immutable(),
		field.Time("start_date").Comment("The day the candidate would start.").Optional().Nillable().Immutable(),
		field.JSON("custom_fields", schematype.StringMap{}).Comment("The company's own terms of the offer.").Default(schematype.StringMap{}).Immutable(),
		field.String("document_id").Comment("The candidate file holding the offer document.").Optional().Nillable().Annotations(entgql.Skip()),
		field.String("created_by").Comment("Who wrote the version: the user's name, or the API key's id.").Default("").MaxLen(300).Immutable(),
		field.Time("time_created").Comment("When the version was written.").Default(now).Immutable(),
	}
}

// Edges of the OfferVersion.
func (OfferVersion) Edges() []ent.Edge {
	return []ent.Edge{
		edge.From("offer", Offer.Type).Comment("The offer this is a version of.").Ref("versions").Field("offer_id").Unique().Required().Immutable(),
		edge.From("document", CandidateFile.Type).Comment("The candidate file holding the offer document; null when none or erased.").Ref("offer_versions").Field("document_id").Unique(),
	}
}

// Indexes of the OfferVersion.
func (OfferVersion) Indexes() []ent.Index {
	return []ent.Index{
		index.Fields("offer_id", "version").Unique(),
		index.Fields("document_id"),
	}
}

// Interceptors of the OfferVersion: its salary only for viewers with the
// salary permission.
func (OfferVersion) Interceptors() []ent.Interceptor {
	return []ent.Interceptor{rule.HideSalaries()}
}

// Annotations of the OfferVersion.
func (OfferVersion) Annotations() []schema.Annotation {
	return []schema.Annotation{schema.Comment("One version of an offer's terms.")}
}
