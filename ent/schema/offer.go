package schema

import (
	"entgo.io/ent"
	"entgo.io/ent/schema"
	"entgo.io/ent/schema/edge"
	"entgo.io/ent/schema/field"
	"entgo.io/ent/schema/index"

	"github.com/hiregraph/hiregraph/ent/schema/enumdoc"
	entgql "github.com/hiregraph/hiregraph/ent/schema/gqlannotation"
	"github.com/hiregraph/hiregraph/ent/schema/rule"
	"github.com/hiregraph/hiregraph/ent/schema/schematype"
	"github.com/hiregraph/hiregraph/ent/schema/uid"
)

// Offer is an offer of employment to a candidate for one opening of its
// position. Its terms (salary, start date, custom fields, document) are
// those of its latest version; every change of terms is a new version
// (OfferVersion), and accepting it hires the candidate into the opening.
type Offer struct {
	ent.Schema
}

// Mixin of the Offer.
func (Offer) Mixin() []ent.Mixin {
	return []ent.Mixin{uid.Mixin("off"), TenantMixin{}}
}

// Fields of the Offer.
func (Offer) Fields() []ent.Field {
	return []ent.Field{
		field.String("candidate_id").Comment("The candidate the offer is made to.").Immutable().Annotations(entgql.Skip()),
		field.String("opening_id").Comment("The opening accepting the offer hires the candidate into.").Immutable().Annotations(entgql.Skip()),
		field.Enum("status").Comment("Where the offer stands.").
			NamedValues("Draft", "DRAFT", "PendingApproval", "PENDING_APPROVAL", "Approved", "APPROVED", "Sent", "SENT",
				"Accepted", "ACCEPTED", "Declined", "DECLINED", "Withdrawn", "WITHDRAWN").
			Default("DRAFT").
			Annotations(enumdoc.Values{
				"DRAFT":            "Being written; its terms may change.",
				"PENDING_APPROVAL": "Awaiting its approvers, in order.",
				"APPROVED":         "Every approver approved; it may be sent.",
				"SENT":             "Sent to the candidate, who may accept or decline it.",
				"ACCEPTED":         "The candidate accepted it and was hired into its opening.",
				"DECLINED":         "The candidate declined it.",
				"WITHDRAWN":        "The company withdrew it.",
			}),
		field.Int("version").Comment("The number of the current version of the terms, from 1.").Default(1).Positive(),
		field.JSON("salary", &schematype.OfferSalary{}).Comment("The pay offered; null when not set or when the reader lacks salary:view.").Optional().
			// Named: OfferSalaryInput binds the same Go type.
			Annotations(entgql.Type("OfferSalary")),
		field.Time("start_date").Comment("The day the candidate would start.").Optional().Nillable(),
		field.JSON("custom_fields", schematype.StringMap{}).Comment("The company's own terms of the offer.").Default(schematype.StringMap{}),
		field.String("document_id").Comment("The candidate file holding the offer document.").Optional().Nillable().Annotations(entgql.Skip()),
		// The graph shows the users through the hand-written
		// Offer.approvers (graph/offer.graphqls).
		field.Strings("approvers").Comment("The ids of the users who approve, in order.").Default([]string{}).Annotations(entgql.Skip()),
		field.Int("approvals").Comment("How many of the approvers approved the current version.").Default(0).NonNegative().Annotations(entgql.Skip()),
		field.Time("time_created").Comment("When the offer was drafted.").Default(now).Immutable(),
		field.Time("time_updated").Comment("When the offer last changed.").Default(now),
	}
}

// Edges of the Offer.
func (Offer) Edges() []ent.Edge {
	return []ent.Edge{
		edge.From("candidate", Candidate.Type).Comment("The candidate the offer is made to.").Ref("offers").Field("candidate_id").Unique().Required().Immutable(),
		edge.From("opening", Opening.Type).Comment("The opening accepting the offer hires the candidate into.").Ref("offers").Field("opening_id").Unique().Required().Immutable(),
		edge.From("document", CandidateFile.Type).Comment("The candidate file holding the offer document; null when none.").Ref("offers").Field("document_id").Unique(),
		// The graph lists them through the hand-written Offer.versions,
		// in version order.
		edge.To("versions", OfferVersion.Type).Comment("Every version of the offer's terms, oldest first.").Annotations(entgql.Skip()),
	}
}

// Indexes of the Offer.
func (Offer) Indexes() []ent.Index {
	return []ent.Index{
		index.Fields("company_id", "candidate_id", "id"),
		index.Fields("opening_id"),
		index.Fields("document_id"),
	}
}

// Interceptors of the Offer: its salary only for viewers with the salary
// permission.
func (Offer) Interceptors() []ent.Interceptor {
	return []ent.Interceptor{rule.HideSalaries()}
}

// Annotations of the Offer.
func (Offer) Annotations() []schema.Annotation {
	return []schema.Annotation{schema.Comment("An offer of employment to a candidate for an opening, with versions of its terms and an approval chain.")}
}
