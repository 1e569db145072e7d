package schema

import (
	"entgo.io/ent"
	"entgo.io/ent/schema"
	"entgo.io/ent/schema/edge"
	"entgo.io/ent/schema/field"
	"entgo.io/ent/schema/index"

	"github.com/hiregraph/hiregraph/ent/privacy"
	entgql "github.com/hiregraph/hiregraph/ent/schema/gqlannotation"
	"github.com/hiregraph/hiregraph/ent/schema/rule"
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
		// A private note shows only to its author and to holders of
		// notes:view_private (rule.FilterPrivateNotes).
		field.Bool("private").Comment("Whether only its author and users allowed to read private notes see the note.").Default(false).Immutable(),
		field.String("author_id").Comment("The user who wrote the note, when a user did: they always read it.").Optional().Nillable().Immutable().Annotations(entgql.Skip()),
	}
}

// Edges of the Note.
func (Note) Edges() []ent.Edge {
	return []ent.Edge{
		edge.From("candidate", Candidate.Type).Comment("The candidate the note is about.").Ref("notes").Field("candidate_id").Unique().Required().Immutable(),
	}
}

// Policy of the Note: private notes hide from who may not read them, by
// every path that reads notes or their timeline entries.
func (Note) Policy() ent.Policy {
	return privacy.Policy{Query: privacy.QueryPolicy{rule.FilterPrivateNotes()}}
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
