package schema

import (
	"entgo.io/contrib/entgql"
	"entgo.io/ent"
	"entgo.io/ent/schema"
	"entgo.io/ent/schema/edge"
	"entgo.io/ent/schema/field"
	"entgo.io/ent/schema/index"

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
		field.String("position_id").Immutable().Annotations(entgql.Skip()),
		field.String("hired_candidate_id").Optional().Nillable().Annotations(entgql.Skip()),
		field.String("name").NotEmpty().MaxLen(200).Annotations(entgql.OrderField("NAME")),
		field.Enum("status").
			NamedValues("Open", "OPEN", "Pending", "PENDING", "Filled", "FILLED", "Closed", "CLOSED").
			Default("OPEN").
			Annotations(entgql.OrderField("STATUS")),
		// approval_status is what the list filter of spec 4.4 matches.
		field.Enum("approval_status").
			NamedValues("NA", "NA", "Approved", "APPROVED", "Rejected", "REJECTED", "Started", "STARTED", "Paused", "PAUSED").
			Default("NA"),
		field.Enum("reason").
			NamedValues("New", "NEW", "ReplacementHire", "REPLACEMENT_HIRE", "TemporaryReplacement", "TEMPORARY_REPLACEMENT"),
		field.Int("headcount").Default(1).Positive(),
		field.Time("time_expected_hire").Optional().Nillable(),
		field.Time("time_approved").Optional().Nillable(),
		field.Time("time_opened").Default(now),
		field.JSON("custom_fields", schematype.StringMap{}).Default(schematype.StringMap{}),
		field.Time("time_created").Default(now).Immutable().Annotations(entgql.OrderField("TIME_CREATED")),
		field.Time("time_last_status_change").Default(now).Annotations(entgql.OrderField("TIME_LAST_STATUS_CHANGE")),
		field.Time("time_updated").Default(now).UpdateDefault(now).Annotations(entgql.OrderField("TIME_UPDATED")),
	}
}

// Edges of the Opening.
func (Opening) Edges() []ent.Edge {
	return []ent.Edge{
		edge.From("position", Position.Type).Ref("openings").Field("position_id").Unique().Required().Immutable(),
		edge.To("hired_candidate", Candidate.Type).Field("hired_candidate_id").Unique(),
		edge.To("approval_process", ApprovalProcess.Type).Unique(),
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
		// position_id then id: nested connections page by id within a position.
		index.Fields("position_id", "id"),
		index.Fields("hired_candidate_id"),
	}
}

// Annotations of the Opening.
func (Opening) Annotations() []schema.Annotation {
	// The top-level query field is hand-written in graph/lists.graphqls: it adds
	// the filter argument that the REST list shares.
	return []schema.Annotation{entgql.RelayConnection(), entgql.MultiOrder()}
}
