package schema

import (
	"time"

	"entgo.io/ent"
	"entgo.io/ent/schema"
	"entgo.io/ent/schema/field"

	"github.com/hiregraph/hiregraph/ent/privacy"
	entgql "github.com/hiregraph/hiregraph/ent/schema/gqlannotation"
	"github.com/hiregraph/hiregraph/ent/schema/rule"
	"github.com/hiregraph/hiregraph/ent/schema/uid"
)

// Company is a tenant: every other record belongs to exactly one company.
type Company struct {
	ent.Schema
}

// Mixin of the Company.
func (Company) Mixin() []ent.Mixin {
	return []ent.Mixin{uid.Mixin("com")}
}

// Fields of the Company.
func (Company) Fields() []ent.Field {
	return []ent.Field{
		field.String("name").Comment("The company's name, shown as company_name in positions.").NotEmpty().MaxLen(200),
		// careers_token authenticates the public careers API (spec 4.7); it
		// is printed in position URLs, so it is a capability, not a secret key.
		field.String("careers_token").Comment("The token careers sites pass to the careers API; never shown in the graph.").NotEmpty().Sensitive().Annotations(entgql.Skip()),
		// retention_days turns retention on (docs/personal-data.md,
		// Retention): off unless a people:erase holder sets it.
		field.Int("retention_days").Comment("Days after which a rejected or withdrawn candidate with no activity is erased; null: never.").Optional().Nillable().Positive(),
		field.Time("time_created").Comment("When the company was created.").Default(now).Immutable(),
	}
}

// Annotations of the Company.
func (Company) Annotations() []schema.Annotation {
	return []schema.Annotation{schema.Comment("A company using the service; every record belongs to one, and each API key sees only its own."), entgql.Skip(entgql.SkipMutationCreateInput, entgql.SkipMutationUpdateInput)}
}

// Policy of the Company: a viewer reads only its own company.
func (Company) Policy() ent.Policy {
	return privacy.Policy{
		Query:    privacy.QueryPolicy{rule.FilterTenant()},
		Mutation: privacy.MutationPolicy{rule.DenyCompanyMutation()},
	}
}

// now is the default for every timestamp: UTC and whole microseconds, so a
// value reads back the same from SQLite and PostgreSQL and cursors match.
func now() time.Time { return time.Now().UTC().Truncate(time.Microsecond) }
