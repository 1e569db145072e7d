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
	"github.com/hiregraph/hiregraph/ent/schema/uid"
	"github.com/hiregraph/hiregraph/internal/permission"
)

// APIKey authenticates a client of the service API. Only a SHA-256 hash of
// the secret is kept for bearer checks; the secret itself is sealed with the
// operator's key because verifying an HS256 JWT needs it.
type APIKey struct {
	ent.Schema
}

// Mixin of the APIKey.
func (APIKey) Mixin() []ent.Mixin {
	return []ent.Mixin{uid.Mixin("key"), TenantMixin{}}
}

// Fields of the APIKey.
func (APIKey) Fields() []ent.Field {
	return []ent.Field{
		field.String("name").Comment("A label for people: what the key is for.").MaxLen(200).Default(""),
		field.String("secret_hash").Comment("SHA-256 of the secret, for looking up bearer keys.").NotEmpty().Sensitive().Immutable(),
		field.Bytes("sealed_secret").Comment("The secret sealed with the operator's key: verifying an HS256 JWT needs the secret itself.").Sensitive().Immutable(),
		field.Strings("scopes").Comment("What the key may do: read, write, salary_ranges:write, evaluations:write, admin.").Default([]string{}),
		field.Bool("revoked").Comment("A revoked key authenticates nothing.").Default(false),
		field.Time("time_created").Comment("When the key was issued.").Default(now).Immutable(),
		field.String("user_id").Comment("The user the key is bound to: it acts for that user.").Optional().Nillable().Immutable(),
		field.String("partner_id").Comment("The evaluation partner the key is bound to.").Optional().Nillable().Immutable(),
		// Written at most once a minute per key: every request uses a key.
		field.Time("time_last_used").Comment("When the key last authenticated a request, to the minute.").Optional().Nillable(),
	}
}

// Edges of the APIKey.
func (APIKey) Edges() []ent.Edge {
	return []ent.Edge{
		edge.To("user", User.Type).Comment("The user the key acts for.").Field("user_id").Unique().Immutable(),
		edge.To("partner", EvaluationPartner.Type).Comment("The evaluation partner the key belongs to.").Field("partner_id").Unique().Immutable(),
	}
}

// Indexes of the APIKey.
func (APIKey) Indexes() []ent.Index {
	return []ent.Index{index.Fields("secret_hash").Unique()}
}

// Annotations of the APIKey.
func (APIKey) Annotations() []schema.Annotation {
	return []schema.Annotation{entgql.Skip()}
}

// Policy of the APIKey: only who manages keys lists them (issuing and
// revoking are rule.RequirePermissions' table). Checking a key's secret
// runs before any viewer exists, with a decision of its own.
func (APIKey) Policy() ent.Policy {
	return privacy.Policy{Query: privacy.QueryPolicy{rule.ReadRequires(permission.ManageAPIKeys, "API keys")}}
}
