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

// Application is what a person sent through a careers site to apply for a
// position: the answers, the cover letter, where they came from and the
// consent they gave. The candidate it made (or found) holds the hiring
// process; the resume is among the candidate's files.
type Application struct {
	ent.Schema
}

// Mixin of the Application.
func (Application) Mixin() []ent.Mixin {
	return []ent.Mixin{uid.Mixin("app"), TenantMixin{}}
}

// Fields of the Application.
func (Application) Fields() []ent.Field {
	return []ent.Field{
		field.String("candidate_id").Comment("The candidate the application made or joined.").Immutable().Annotations(entgql.Skip()),
		field.String("email").Comment("The e-mail address the applicant gave, lower-cased: what repeated applications are matched on.").MaxLen(320).Immutable(),
		field.String("source").Comment("Where the applicant came from, as the careers site says (a job board, a referral); 'careers site' when it says nothing.").MaxLen(200).Immutable(),
		field.String("linkedin_url").Comment("The applicant's LinkedIn profile, when given.").MaxLen(2000).Default("").Immutable(),
		// The form allows 20,000 characters as typed; stored HTML-escaped,
		// each may take up to 5 bytes (& is &amp;).
		field.Text("cover_letter").Comment("The cover letter typed into the form, as plain text.").MaxLen(5 * 20000).Default("").Immutable(),
		field.JSON("answers", []schematype.NamedValue{}).Comment("The answers to the position's questionnaires: name is the question, value the answer.").Default([]schematype.NamedValue{}).Immutable(),
		field.JSON("demographic_answers", []schematype.NamedValue{}).Comment("The answers to questions marked demographic, kept apart from answers so that no reader without demographics:view gets them by any door.").Default([]schematype.NamedValue{}).Immutable().Annotations(entgql.Skip()),
		// 4,000 characters, of up to 4 bytes each in UTF-8.
		field.Text("consent_text").Comment("The text the applicant agreed to, exactly as the form showed it.").MaxLen(4 * 4000).NotEmpty().Immutable(),
		field.Time("time_consented").Comment("When the applicant agreed: when the application arrived.").Immutable(),
		// Null on applications older than the field: their consent ran
		// two years, as the form said (recruiting.ConsentPeriod).
		field.Time("time_consent_expires").Comment("When the consent ends: two years after it was given, as the form says.").Optional().Nillable().Immutable(),
		field.Time("time_created").Comment("When the application arrived.").Default(now).Immutable(),
	}
}

// Edges of the Application.
func (Application) Edges() []ent.Edge {
	return []ent.Edge{
		edge.From("candidate", Candidate.Type).Comment("The candidate the application made or joined.").Ref("applications").Field("candidate_id").Unique().Required().Immutable(),
	}
}

// Indexes of the Application.
func (Application) Indexes() []ent.Index {
	return []ent.Index{
		index.Fields("company_id", "candidate_id", "id"),
		// A repeated application is found by e-mail among the recent ones.
		index.Fields("company_id", "email", "time_created"),
	}
}

// Annotations of the Application.
func (Application) Annotations() []schema.Annotation {
	return []schema.Annotation{schema.Comment("An application sent through a careers site: answers, cover letter, source and the consent given.")}
}
