package schema

import (
	"entgo.io/ent"
	"entgo.io/ent/schema"
	"entgo.io/ent/schema/field"
	"entgo.io/ent/schema/index"

	entgql "github.com/hiregraph/hiregraph/ent/schema/gqlannotation"
	"github.com/hiregraph/hiregraph/ent/schema/uid"
)

// Role is a custom role of a company: a named set of permissions its
// admins chose from package permission's list. Users hold it by name in
// their roles, beside the built-in ones.
type Role struct {
	ent.Schema
}

// Mixin of the Role.
func (Role) Mixin() []ent.Mixin {
	return []ent.Mixin{uid.Mixin("rol"), TenantMixin{}}
}

// Fields of the Role.
func (Role) Fields() []ent.Field {
	return []ent.Field{
		// Users' roles name it, so a rename would have to rewrite every
		// holder's roles: the name stays what it was created with.
		field.String("name").Comment("The role's name, as users' roles list it; unique in the company and never a built-in role's.").NotEmpty().MaxLen(64).Immutable(),
		field.String("description").Comment("What the role is for, for people.").MaxLen(500).Default(""),
		field.Strings("permissions").Comment("The permissions the role grants (package permission).").Default([]string{}),
		field.Time("time_created").Comment("When the role was defined.").Default(now).Immutable(),
	}
}

// Indexes of the Role.
func (Role) Indexes() []ent.Index {
	return []ent.Index{index.Fields("company_id", "name").Unique()}
}

// Annotations of the Role: graph/roles.graphqls shows custom roles beside
// the built-in ones, which are not records.
func (Role) Annotations() []schema.Annotation {
	return []schema.Annotation{schema.Comment("A custom role: a named set of permissions."), entgql.Skip()}
}
