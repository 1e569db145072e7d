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

// Candidate is one hiring process: one person considered for one position
// (spec 2.7).
type Candidate struct {
	ent.Schema
}

// Mixin of the Candidate.
func (Candidate) Mixin() []ent.Mixin {
	return []ent.Mixin{uid.Mixin("can"), TenantMixin{}}
}

// Fields of the Candidate.
func (Candidate) Fields() []ent.Field {
	return []ent.Field{
		field.String("person_id").Immutable().Annotations(entgql.Skip()),
		field.String("position_id").Immutable().Annotations(entgql.Skip()),
		field.Enum("status").
			NamedValues("InProgress", "IN_PROGRESS", "Rejected", "REJECTED", "Hired", "HIRED", "Withdrawn", "WITHDRAWN").
			Default("IN_PROGRESS").
			Annotations(entgql.OrderField("STATUS")),
		field.Bool("deleted").Default(false),
		field.JSON("current_steps", []schematype.Step{}).Default([]schematype.Step{}),
		field.JSON("completed_steps", []schematype.Step{}).Default([]schematype.Step{}),
		field.JSON("address", &schematype.Address{}).Optional(),
		field.Time("time_created").Default(now).Immutable().Annotations(entgql.OrderField("TIME_CREATED")),
		field.Time("time_last_status_changed").Default(now).Annotations(entgql.OrderField("TIME_LAST_STATUS_CHANGED")),
		// time_hiring_process_updated moves with any activity on the
		// candidate (spec 4.5, time_hiring_process_updated).
		field.Time("time_hiring_process_updated").Default(now).Annotations(entgql.OrderField("TIME_HIRING_PROCESS_UPDATED")),
	}
}

// Edges of the Candidate.
func (Candidate) Edges() []ent.Edge {
	return []ent.Edge{
		edge.From("person", Person.Type).Ref("candidates").Field("person_id").Unique().Required().Immutable(),
		edge.From("position", Position.Type).Ref("candidates").Field("position_id").Unique().Required().Immutable(),
		edge.To("notes", Note.Type).Annotations(entgql.RelayConnection()),
		edge.To("conversations", Conversation.Type).Annotations(entgql.RelayConnection()),
		edge.To("test_submissions", TestSubmission.Type).Annotations(entgql.RelayConnection()),
		edge.To("offer_letters", OfferLetter.Type),
		edge.From("hired_for", Opening.Type).Ref("hired_candidate"),
	}
}

// Indexes of the Candidate: one for each filter of spec 4.5, led by the tenant.
func (Candidate) Indexes() []ent.Index {
	return []ent.Index{
		// time_created then id: the keyset order of the REST lists.
		index.Fields("company_id", "time_created", "id"),
		index.Fields("company_id", "time_last_status_changed"),
		index.Fields("company_id", "time_hiring_process_updated"),
		index.Fields("company_id", "status"),
		index.Fields("person_id"),
		// position_id then id: nested connections page by id within a position.
		index.Fields("position_id", "id"),
	}
}

// Annotations of the Candidate.
func (Candidate) Annotations() []schema.Annotation {
	// The top-level query field is hand-written in graph/lists.graphqls: it adds
	// the filter argument that the REST list shares.
	return []schema.Annotation{entgql.RelayConnection(), entgql.MultiOrder()}
}
