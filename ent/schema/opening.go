package schema

import (
	"entgo.io/ent"
	"entgo.io/ent/schema"
	"entgo.io/ent/schema/edge"
	"entgo.io/ent/schema/field"
	"entgo.io/ent/schema/index"

	"github.com/hiregraph/hiregraph/ent/schema/enumdoc"
	entgql "github.com/hiregraph/hiregraph/ent/schema/gqlannotation"
	"github.com/hiregraph/hiregraph/ent/schema/schematype"
	"github.com/hiregraph/hiregraph/ent/schema/uid"
)

// Opening is one hire to be made for a position (spec 2.5).
type Opening struct {
	ent.Schema
}

// Mixin of the Opening.
func (Opening) Mixin() []ent.Mixin {
	return []ent.Mixin{uid.Mixin("opn"), TenantMixin{}}
}

// Fields of the Opening.
func (Opening) Fields() []ent.Field {
	return []ent.Field{
		field.String("position_id").Comment("The position the opening belongs to.").Immutable().Annotations(entgql.Skip()),
		field.String("name").Comment("The opening's name.").NotEmpty().MaxLen(200).Annotations(entgql.OrderField("NAME")),
		field.Enum("status").Comment("The opening's state: Open, Pending, Filled or Closed in REST (spec 2.5).").
			NamedValues("Open", "OPEN", "Pending", "PENDING", "Filled", "FILLED", "Closed", "CLOSED").
			Default("OPEN").
			Annotations(entgql.OrderField("STATUS")).
			Annotations(enumdoc.Values{
				"OPEN":    "The opening takes candidates (REST: Open).",
				"PENDING": "The opening waits, for example for its approval (REST: Pending).",
				"FILLED":  "Its hires reached its headcount (REST: Filled).",
				"CLOSED":  "The opening was closed without a hire (REST: Closed).",
			}),
		// approval_status is what the list filter of spec 4.4 matches.
		field.Enum("approval_status").Comment("Where the opening's approval stands; the openings list filter matches it (spec 4.4).").
			NamedValues("NA", "NA", "Approved", "APPROVED", "Rejected", "REJECTED", "Started", "STARTED", "Paused", "PAUSED").
			Default("NA").
			Annotations(enumdoc.Values{
				"NA":       "The opening needs no approval; it has no approval process.",
				"APPROVED": "The opening was approved.",
				"REJECTED": "The opening was turned down.",
				"STARTED":  "The approval is under way.",
				"PAUSED":   "The approval is on hold.",
			}),
		field.Enum("reason").Comment("Why the hire is made: New, Replacement hire or Temporary replacement in REST.").
			NamedValues("New", "NEW", "ReplacementHire", "REPLACEMENT_HIRE", "TemporaryReplacement", "TEMPORARY_REPLACEMENT").
			Annotations(enumdoc.Values{
				"NEW":                   "A new role (REST: New).",
				"REPLACEMENT_HIRE":      "Replaces someone who left (REST: Replacement hire).",
				"TEMPORARY_REPLACEMENT": "Covers for someone for a while (REST: Temporary replacement).",
			}),
		field.Int("headcount").Comment("How many people the opening hires; it is FILLED when its hires reach this number.").Default(1).Positive(),
		field.Time("time_expected_hire").Comment("When the hire is expected; null when not set.").Optional().Nillable(),
		field.Time("time_approved").Comment("When the opening was approved; null when it is not.").Optional().Nillable(),
		field.Time("time_opened").Comment("When the opening opened.").Default(now),
		field.JSON("custom_fields", schematype.StringMap{}).Comment("Values of the company's opening custom fields, by field name; internal-use fields are left out.").Default(schematype.StringMap{}),
		field.Time("time_created").Comment("When the opening was created.").Default(now).Immutable().Annotations(entgql.OrderField("TIME_CREATED")),
		field.Time("time_last_status_change").Comment("When status last changed.").Default(now).Annotations(entgql.OrderField("TIME_LAST_STATUS_CHANGE")),
		field.Time("time_updated").Comment("When the opening last changed.").Default(now).UpdateDefault(now).Annotations(entgql.OrderField("TIME_UPDATED")),
	}
}

// Edges of the Opening.
func (Opening) Edges() []ent.Edge {
	return []ent.Edge{
		edge.From("position", Position.Type).Comment("The position the opening belongs to.").Ref("openings").Field("position_id").Unique().Required().Immutable(),
		edge.To("hires", Candidate.Type).Comment("The candidates hired for the opening, oldest hire first in REST; the opening is FILLED when they reach its headcount."),
		edge.To("approval_process", ApprovalProcess.Type).Comment("The opening's approval process; null when its approval status is NA.").Unique(),
		edge.To("offers", Offer.Type).Comment("The offers made for the opening.").Annotations(entgql.Skip()),
	}
}

// Indexes of the Opening: one for each filter of spec 4.4, led by the tenant.
func (Opening) Indexes() []ent.Index {
	return []ent.Index{
		// time_created then id: the keyset order of the REST lists.
		index.Fields("company_id", "time_created", "id"),
		index.Fields("company_id", "time_last_status_change"),
		index.Fields("company_id", "time_updated"),
		index.Fields("company_id", "approval_status"),
		index.Fields("company_id", "status"),
		// Nested connections (package perparent) read each parent's first rows
		// in id order on (company, parent, id).
		index.Fields("company_id", "position_id", "id"),
	}
}

// Annotations of the Opening.
func (Opening) Annotations() []schema.Annotation {
	// The top-level query field is hand-written in graph/lists.graphqls: it adds
	// the filter argument that the REST list shares.
	return []schema.Annotation{schema.Comment("One hire to be made for a position (spec 2.5)."), entgql.RelayConnection(), entgql.MultiOrder()}
}
