package schema

import (
	"entgo.io/ent"
	"entgo.io/ent/schema"
	"entgo.io/ent/schema/field"
	"entgo.io/ent/schema/index"

	"github.com/hiregraph/hiregraph/ent/privacy"
	"github.com/hiregraph/hiregraph/ent/schema/enumdoc"
	entgql "github.com/hiregraph/hiregraph/ent/schema/gqlannotation"
	"github.com/hiregraph/hiregraph/ent/schema/rule"
	"github.com/hiregraph/hiregraph/ent/schema/uid"
	"github.com/hiregraph/hiregraph/internal/permission"
)

// PersonExport is an export of everything the company holds about a
// person (an access request, GDPR Articles 15 and 20): a job writes one
// archive to the file store under storage_key, downloaded through a
// signed, expiring link.
type PersonExport struct {
	ent.Schema
}

// Mixin of the PersonExport.
func (PersonExport) Mixin() []ent.Mixin {
	return []ent.Mixin{uid.Mixin("pex"), TenantMixin{}}
}

// Fields of the PersonExport.
func (PersonExport) Fields() []ent.Field {
	return []ent.Field{
		field.String("person_id").Comment("The person exported.").NotEmpty().Immutable().Annotations(entgql.Skip()),
		field.String("requested_by").Comment("Who asked for the export: a user's or an API key's id.").Default("").Immutable(),
		field.Enum("status").Comment("Where the export stands.").
			NamedValues("Queued", "QUEUED", "Running", "RUNNING", "Done", "DONE", "Failed", "FAILED").
			Default("QUEUED").
			Annotations(enumdoc.Values{
				"QUEUED":  "Waiting for a worker.",
				"RUNNING": "Being written.",
				"DONE":    "Written: the archive can be downloaded.",
				"FAILED":  "Could not be written; failure says why.",
			}),
		field.String("failure").Comment("Why the export failed; empty unless it did.").Default(""),
		field.String("storage_key").Comment("Where the file store keeps the archive.").Optional().Sensitive().Annotations(entgql.Skip()),
		field.Int64("size").Comment("The archive's size in bytes; 0 until done.").Default(0).NonNegative(),
		field.Time("time_created").Comment("When the export was asked for.").Default(now).Immutable(),
		field.Time("time_completed").Comment("When the archive was written (or the export failed); null until then.").Optional().Nillable(),
	}
}

// Indexes of the PersonExport.
func (PersonExport) Indexes() []ent.Index {
	return []ent.Index{
		index.Fields("company_id", "person_id"),
		// The file sweep asks which stored keys rows name, a batch at a time.
		index.Fields("storage_key"),
	}
}

// Annotations of the PersonExport.
func (PersonExport) Annotations() []schema.Annotation {
	return []schema.Annotation{
		schema.Comment("An export of everything the company holds about a person, as one zip archive downloaded through a short-lived signed URL."),
		entgql.Skip(entgql.SkipMutationCreateInput, entgql.SkipMutationUpdateInput),
	}
}

// Policy of the PersonExport: an export holds everything about a person,
// so only holders of people:export read it.
func (PersonExport) Policy() ent.Policy {
	return privacy.Policy{Query: privacy.QueryPolicy{rule.ReadRequires(permission.ExportPeople, "person exports")}}
}
