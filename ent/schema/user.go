package schema

import (
	"entgo.io/contrib/entgql"
	"entgo.io/ent"
	"entgo.io/ent/schema"
	"entgo.io/ent/schema/edge"
	"entgo.io/ent/schema/field"
	"entgo.io/ent/schema/index"

	"github.com/hiregraph/hiregraph/ent/schema/uid"
)

// User is a member of a company's hiring team.
type User struct {
	ent.Schema
}

// Mixin of the User.
func (User) Mixin() []ent.Mixin {
	return []ent.Mixin{uid.Mixin("usr"), TenantMixin{}}
}

// Fields of the User.
func (User) Fields() []ent.Field {
	return []ent.Field{
		field.String("email").NotEmpty().MaxLen(320).Annotations(entgql.OrderField("EMAIL")),
		field.String("first_name").MaxLen(100),
		field.String("middle_name").Optional().MaxLen(100),
		field.String("last_name").Optional().MaxLen(100),
		// roles: owner, recruiter, hiring_manager, coordinator.
		field.Strings("roles").Default([]string{}),
		// time_created orders owners: "the earliest Owner" of spec 4.1.
		field.Time("time_created").Default(now).Immutable().Annotations(entgql.OrderField("TIME_CREATED")),
	}
}

// Edges of the User.
func (User) Edges() []ent.Edge {
	return []ent.Edge{
		edge.From("hiring_team_of", Position.Type).Ref("hiring_team"),
	}
}

// Indexes of the User.
func (User) Indexes() []ent.Index {
	return []ent.Index{
		index.Fields("company_id", "email").Unique(),
		index.Fields("company_id", "time_created"),
	}
}

// Annotations of the User.
func (User) Annotations() []schema.Annotation {
	return []schema.Annotation{entgql.QueryField(), entgql.RelayConnection()}
}
