package schema

import (
	"entgo.io/ent"
	"entgo.io/ent/schema"
	"entgo.io/ent/schema/edge"
	"entgo.io/ent/schema/field"
	"entgo.io/ent/schema/index"

	entgql "github.com/hiregraph/hiregraph/ent/schema/gqlannotation"
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
		field.String("candidate_id").Comment("The candidate the note is about.").Immutable().Annotations(entgql.Skip()),
		field.Time("time_created").Comment("When the note was written, as the caller stated it.").Immutable().Annotations(entgql.OrderField("TIME_CREATED")),
		field.JSON("created_by", schematype.Party{}).Comment("Who wrote the note.").Immutable(),
		// text is sanitized HTML: only <b>, <i> and <u> survive.
		field.Text("text").Comment("The note, sanitized HTML: only <b>, <i> and <u> are kept.").Immutable(),
		field.JSON("details", []schematype.NoteDetail{}).Comment("Titled blocks of plain text.").Default([]schematype.NoteDetail{}).Immutable(),
	}
}

// Edges of the Note.
func (Note) Edges() []ent.Edge {
	return []ent.Edge{
		edge.From("candidate", Candidate.Type).Comment("The candidate the note is about.").Ref("notes").Field("candidate_id").Unique().Required().Immutable(),
	}
}

// Indexes of the Note.
func (Note) Indexes() []ent.Index {
	return []ent.Index{
		// Nested connections (package perparent) read each parent's first rows
		// in id order on (company, parent, id).
		index.Fields("company_id", "candidate_id", "id"),
	}
}

// Annotations of the Note.
func (Note) Annotations() []schema.Annotation {
	return []schema.Annotation{schema.Comment("A note on a candidate's profile (spec 2.8)."), entgql.RelayConnection()}
}
