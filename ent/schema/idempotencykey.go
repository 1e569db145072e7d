package schema

import (
	"entgo.io/contrib/entgql"
	"entgo.io/ent"
	"entgo.io/ent/schema"
	"entgo.io/ent/schema/field"
	"entgo.io/ent/schema/index"

	"github.com/hiregraph/hiregraph/ent/schema/uid"
)

// IdempotencyKey remembers the response to a REST POST sent with an
// Idempotency-Key header, so a retried request gets the first answer and
// writes nothing twice.
type IdempotencyKey struct {
	ent.Schema
}

// Mixin of the IdempotencyKey.
func (IdempotencyKey) Mixin() []ent.Mixin {
	return []ent.Mixin{uid.Mixin("idk"), TenantMixin{}}
}

// Fields of the IdempotencyKey.
func (IdempotencyKey) Fields() []ent.Field {
	return []ent.Field{
		field.String("key").NotEmpty().MaxLen(255).Immutable(),
		// request_hash covers method, path and body: the same key with
		// another request is a client bug, not a retry.
		field.String("request_hash").NotEmpty().Immutable(),
		// status is 0 while the first request is still being served.
		field.Int("status").Default(0),
		field.String("content_type").Default(""),
		field.Bytes("response").Optional(),
		field.Time("time_created").Default(now).Immutable(),
	}
}

// Indexes of the IdempotencyKey.
func (IdempotencyKey) Indexes() []ent.Index {
	return []ent.Index{index.Fields("company_id", "key").Unique()}
}

// Annotations of the IdempotencyKey.
func (IdempotencyKey) Annotations() []schema.Annotation {
	return []schema.Annotation{entgql.Skip()}
}
