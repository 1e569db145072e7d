package schema

import (
	"entgo.io/ent"
	"entgo.io/ent/schema"
	"entgo.io/ent/schema/field"
	"entgo.io/ent/schema/index"

	entgql "github.com/hiregraph/hiregraph/ent/schema/gqlannotation"
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
		field.String("key").Comment("The Idempotency-Key header of the first request.").NotEmpty().MaxLen(255).Immutable(),
		// request_hash covers method, path and body: the same key with
		// another request is a client bug, not a retry.
		// path names the record the request wrote to, so erasing a person
		// forgets the answers kept about them.
		field.String("path").Comment("The path of the first request, which names the record it wrote to.").MaxLen(2048).Default("").Immutable(),
		field.String("request_hash").Comment("SHA-256 of the method, path and body: a retry must send the same request.").NotEmpty().Immutable(),
		// status is 0 while the first request is still being served.
		field.Int("status").Comment("The status of the stored response; 0 while the first request is being served.").Default(0),
		field.String("content_type").Comment("The Content-Type of the stored response.").Default(""),
		field.Bytes("response").Comment("The body of the stored response.").Optional(),
		field.Time("time_created").Comment("When the first request arrived; keys are kept 24 hours.").Default(now).Immutable(),
	}
}

// Indexes of the IdempotencyKey.
func (IdempotencyKey) Indexes() []ent.Index {
	return []ent.Index{
		index.Fields("company_id", "key").Unique(),
		// The periodic sweep deletes expired keys of every company.
		index.Fields("time_created"),
	}
}

// Annotations of the IdempotencyKey.
func (IdempotencyKey) Annotations() []schema.Annotation {
	return []schema.Annotation{entgql.Skip()}
}
