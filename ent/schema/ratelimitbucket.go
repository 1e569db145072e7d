package schema

import (
	"entgo.io/ent"
	"entgo.io/ent/dialect/entsql"
	"entgo.io/ent/schema"
	"entgo.io/ent/schema/field"
	"entgo.io/ent/schema/index"
	entgql "github.com/hiregraph/hiregraph/ent/schema/gqlannotation"
)

// RateLimitBucket is one token bucket of a rate limit shared by every
// process serving the database (package ratelimit reads and writes it with
// one SQL statement per request). It belongs to no company: buckets are
// keyed by API key, careers company or client address.
type RateLimitBucket struct {
	ent.Schema
}

// Fields of the RateLimitBucket.
func (RateLimitBucket) Fields() []ent.Field {
	return []ent.Field{
		// id names the limit and the client, such as "api:key_…".
		field.String("id").NotEmpty().MaxLen(200).Immutable(),
		// tat is the bucket's theoretical arrival time (GCRA), in
		// microseconds since 1970: the moment it is full again.
		field.Int64("tat"),
	}
}

// Indexes of the RateLimitBucket.
func (RateLimitBucket) Indexes() []ent.Index {
	// The sweep deletes buckets that are full again.
	return []ent.Index{index.Fields("tat")}
}

// Annotations of the RateLimitBucket.
func (RateLimitBucket) Annotations() []schema.Annotation {
	return []schema.Annotation{entgql.Skip(), entsql.Annotation{Table: "rate_limit_buckets"}}
}
