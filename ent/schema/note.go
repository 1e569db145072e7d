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

// Note is a remark added to a candidate's profile (spec 2.8).
type Note struct {
	ent.Schema
}

// Mixin of the Note.
func (Note) Mixin() []ent.Mixin {
	return []ent.Mixin{uid.Mixin("not"), TenantMixin{}}
}

// Fields of the Note.
func (Note) Fields() []ent.Field {
	return []ent.Field{
		field.String("candidate_id").Immutable().Annotations(entgql.Skip()),
		field.Time("time_created").Immutable().Annotations(entgql.OrderField("TIME_CREATED")),
		field.JSON("created_by", schematype.Party{}).Immutable(),
		// text is sanitized HTML: only <b>, <i> and <u> survive.
		field.Text("text").Immutable(),
		field.JSON("details", []schematype.NoteDetail{}).Default([]schematype.NoteDetail{}).Immutable(),
	}
}

// Edges of the Note.
func (Note) Edges() []ent.Edge {
	return []ent.Edge{
		edge.From("candidate", Candidate.Type).Ref("notes").Field("candidate_id").Unique().Required().Immutable(),
	}
}

// Indexes of the Note.
func (Note) Indexes() []ent.Index {
	return []ent.Index{index.Fields("candidate_id", "time_created")}
}

// Annotations of the Note.
func (Note) Annotations() []schema.Annotation {
	return []schema.Annotation{entgql.RelayConnection()}
}
