package schema

import (
	"entgo.io/ent"
	"entgo.io/ent/schema"
	"entgo.io/ent/schema/edge"
	"entgo.io/ent/schema/field"
	"entgo.io/ent/schema/index"

	"github.com/hiregraph/hiregraph/ent/schema/enumdoc"
	entgql "github.com/hiregraph/hiregraph/ent/schema/gqlannotation"
	"github.com/hiregraph/hiregraph/ent/schema/uid"
)

// CandidateFile is a document a candidate sent (a resume, a cover letter)
// or a recruiter attached. The bytes live in the file store (package
// filestore) under storage_key; the row says what and whose they are.
type CandidateFile struct {
	ent.Schema
}

// Mixin of the CandidateFile.
func (CandidateFile) Mixin() []ent.Mixin {
	return []ent.Mixin{uid.Mixin("fil"), TenantMixin{}}
}

// Fields of the CandidateFile.
func (CandidateFile) Fields() []ent.Field {
	return []ent.Field{
		field.String("candidate_id").Comment("The candidate the file belongs to.").Immutable().Annotations(entgql.Skip()),
		field.Enum("kind").Comment("What the file is.").
			NamedValues("Resume", "RESUME", "CoverLetter", "COVER_LETTER", "Attachment", "ATTACHMENT").
			Default("ATTACHMENT").Immutable().
			Annotations(enumdoc.Values{
				"RESUME":       "The candidate's resume (CV).",
				"COVER_LETTER": "A cover letter.",
				"ATTACHMENT":   "Any other document.",
			}),
		field.String("file_name").Comment("The file's name, sanitized: no path, only letters, digits, spaces and . - _ ( ).").NotEmpty().MaxLen(300).Immutable(),
		field.String("content_type").Comment("The file's type, sniffed from its bytes (PDF, DOC, DOCX, RTF, ODT or plain text).").NotEmpty().MaxLen(200).Immutable(),
		field.Int64("size").Comment("The file's size in bytes.").NonNegative().Immutable(),
		field.String("storage_key").Comment("Where the file store keeps the bytes: a random key.").NotEmpty().MaxLen(300).Immutable().Sensitive().Annotations(entgql.Skip()),
		// text is filled by a background job (internal/filetext) after the
		// upload's transaction; search indexes it.
		field.Text("text").Comment("The file's text, read from PDF and DOCX files in the background shortly after the upload; empty for other files, until read, or when it could not be read.").Default(""),
		field.Time("time_created").Comment("When the file was stored.").Default(now).Immutable(),
	}
}

// Edges of the CandidateFile.
func (CandidateFile) Edges() []ent.Edge {
	return []ent.Edge{
		edge.From("candidate", Candidate.Type).Comment("The candidate the file belongs to.").Ref("files").Field("candidate_id").Unique().Required().Immutable(),
		edge.To("offers", Offer.Type).Comment("The offers whose current document the file is.").Annotations(entgql.Skip()),
		edge.To("offer_versions", OfferVersion.Type).Comment("The offer versions whose document the file is.").Annotations(entgql.Skip()),
	}
}

// Indexes of the CandidateFile.
func (CandidateFile) Indexes() []ent.Index {
	return []ent.Index{
		// Candidate.files loads per parent on (company, parent, id).
		index.Fields("company_id", "candidate_id", "id"),
		// The file sweep asks which stored keys rows name, a batch at a time.
		index.Fields("storage_key"),
	}
}

// Annotations of the CandidateFile.
func (CandidateFile) Annotations() []schema.Annotation {
	return []schema.Annotation{schema.Comment("A document of a candidate (a resume, a cover letter, an attachment); recruiters download it through a short-lived signed URL."), entgql.RelayConnection()}
}
