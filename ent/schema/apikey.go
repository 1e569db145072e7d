package schema

import (
	"entgo.io/contrib/entgql"
	"entgo.io/ent"
	"entgo.io/ent/schema"
	"entgo.io/ent/schema/field"
	"entgo.io/ent/schema/index"

	"github.com/hiregraph/hiregraph/ent/schema/uid"
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
		field.String("name").MaxLen(200).Default(""),
		field.String("secret_hash").NotEmpty().Sensitive().Immutable(),
		field.Bytes("sealed_secret").Sensitive().Immutable(),
		field.Strings("scopes").Default([]string{}),
		field.Bool("revoked").Default(false),
		field.Time("time_created").Default(now).Immutable(),
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
