package schema

import (
	"entgo.io/contrib/entgql"
	"entgo.io/ent"
	"entgo.io/ent/schema"
	"entgo.io/ent/schema/edge"
	"entgo.io/ent/schema/field"

	"github.com/hiregraph/hiregraph/ent/schema/schematype"
	"github.com/hiregraph/hiregraph/ent/schema/uid"
)

// EvaluationPartner is an assessment vendor a company sends candidates to
// (spec 4.9).
type EvaluationPartner struct {
	ent.Schema
}

// Mixin of the EvaluationPartner.
func (EvaluationPartner) Mixin() []ent.Mixin {
	return []ent.Mixin{uid.Mixin("prt"), TenantMixin{}}
}

// Fields of the EvaluationPartner.
func (EvaluationPartner) Fields() []ent.Field {
	return []ent.Field{
		field.String("name").NotEmpty().MaxLen(200).Annotations(entgql.OrderField("NAME")),
		field.String("submit_url").NotEmpty().MaxLen(2000),
		field.String("tests_url").Optional().MaxLen(2000),
		// auth_mode says how the service authenticates to the partner: a
		// static bearer token, or a short-lived HS256 JWT signed with the secret.
		field.Enum("auth_mode").NamedValues("StaticToken", "STATIC_TOKEN", "SignedJWT", "SIGNED_JWT").Default("STATIC_TOKEN"),
		// The credentials are write-only: sealed with the operator's key at
		// rest and never readable through any API.
		field.Bytes("sealed_access_token").Optional().Sensitive().Annotations(entgql.Skip()),
		field.Bytes("sealed_signing_secret").Optional().Sensitive().Annotations(entgql.Skip()),
		field.JSON("required_fields", schematype.RequiredCandidateFields{}).
			Default(schematype.RequiredCandidateFields{Email: true}),
		field.Bool("can_see_offers").Default(false),
		// test_catalog is the last list of tests fetched successfully from
		// tests_url; a failed refresh keeps it.
		field.JSON("test_catalog", []schematype.PartnerTest{}).Default([]schematype.PartnerTest{}),
		field.Time("time_catalog_fetched").Optional().Nillable(),
		field.Time("time_created").Default(now).Immutable(),
	}
}

// Edges of the EvaluationPartner.
func (EvaluationPartner) Edges() []ent.Edge {
	return []ent.Edge{
		edge.To("test_submissions", TestSubmission.Type).Annotations(entgql.RelayConnection()),
	}
}

// Annotations of the EvaluationPartner.
func (EvaluationPartner) Annotations() []schema.Annotation {
	return []schema.Annotation{entgql.QueryField(), entgql.RelayConnection()}
}
