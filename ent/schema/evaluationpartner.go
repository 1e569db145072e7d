package schema

import (
	"entgo.io/ent"
	"entgo.io/ent/schema"
	"entgo.io/ent/schema/edge"
	"entgo.io/ent/schema/field"

	"github.com/hiregraph/hiregraph/ent/schema/enumdoc"
	entgql "github.com/hiregraph/hiregraph/ent/schema/gqlannotation"
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
		field.String("name").Comment("The partner's name, shown to recruiters.").NotEmpty().MaxLen(200).Annotations(entgql.OrderField("NAME")),
		field.String("submit_url").Comment("The absolute http(s) URL the service POSTs test submissions to (spec 4.9).").NotEmpty().MaxLen(2000),
		field.String("tests_url").Comment("The absolute http(s) URL answering GET with the partner's tests; empty when the partner has no catalog.").Optional().MaxLen(2000),
		// auth_mode says how the service authenticates to the partner: a
		// static bearer token, or a short-lived HS256 JWT signed with the secret.
		field.Enum("auth_mode").Comment("How the service authenticates to the partner: STATIC_TOKEN or SIGNED_JWT.").NamedValues("StaticToken", "STATIC_TOKEN", "SignedJWT", "SIGNED_JWT").Default("STATIC_TOKEN").
			Annotations(enumdoc.Values{
				"STATIC_TOKEN": "The service sends the partner's access token as a bearer token.",
				"SIGNED_JWT":   "The service sends a fresh HS256 JWT signed with the partner's secret, valid 5 minutes.",
			}),
		// The credentials are write-only: sealed with the operator's key at
		// rest and never readable through any API.
		field.Bytes("sealed_access_token").Comment("The static bearer token, sealed; write-only.").Optional().Sensitive().Annotations(entgql.Skip()),
		field.Bytes("sealed_signing_secret").Comment("The JWT signing secret, sealed; write-only.").Optional().Sensitive().Annotations(entgql.Skip()),
		field.JSON("required_fields", schematype.RequiredCandidateFields{}).Comment("Which candidate fields the partner requires before a submission is sent.").
			Default(schematype.RequiredCandidateFields{Email: true}),
		field.Bool("can_see_offers").Comment("Whether submissions carry links to the candidate's offer letters.").Default(false),
		// test_catalog is the last list of tests fetched successfully from
		// tests_url; a failed refresh keeps it.
		field.JSON("test_catalog", []schematype.PartnerTest{}).Comment("The tests last fetched from testsURL.").Default([]schematype.PartnerTest{}),
		field.Time("time_catalog_fetched").Comment("When testCatalog was last fetched; null before the first fetch.").Optional().Nillable(),
		field.Time("time_created").Comment("When the partner was configured.").Default(now).Immutable(),
	}
}

// Edges of the EvaluationPartner.
func (EvaluationPartner) Edges() []ent.Edge {
	return []ent.Edge{
		edge.To("test_submissions", TestSubmission.Type).Comment("The submissions sent to this partner.").Annotations(entgql.RelayConnection()),
	}
}

// Annotations of the EvaluationPartner.
func (EvaluationPartner) Annotations() []schema.Annotation {
	return []schema.Annotation{schema.Comment("An assessment vendor the company sends candidates to for tests (spec 4.9)."), entgql.QueryField().Description("The company's evaluation partners."), entgql.RelayConnection()}
}
