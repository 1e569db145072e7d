package schema

import (
	"entgo.io/ent"
	"entgo.io/ent/schema/edge"
	"entgo.io/ent/schema/field"
	"entgo.io/ent/schema/mixin"

	"github.com/hiregraph/hiregraph/ent/privacy"
	entgql "github.com/hiregraph/hiregraph/ent/schema/gqlannotation"
	"github.com/hiregraph/hiregraph/ent/schema/rule"
)

// TenantMixin ties a record to the company that owns it. Its privacy policy
// scopes every query and mutation to the viewer's company.
type TenantMixin struct {
	mixin.Schema
}

// Fields of the TenantMixin.
func (TenantMixin) Fields() []ent.Field {
	return []ent.Field{
		field.String("company_id").Comment("The company that owns the record; the privacy rules scope every query to it.").
			Immutable().
			NotEmpty().
			Annotations(entgql.Skip()),
	}
}

// Edges of the TenantMixin.
func (TenantMixin) Edges() []ent.Edge {
	return []ent.Edge{
		edge.To("company", Company.Type).Comment("The company that owns the record.").
			Field("company_id").
			Unique().
			Required().
			Immutable().
			Annotations(entgql.Skip()),
	}
}

// Policy of the TenantMixin.
func (TenantMixin) Policy() ent.Policy {
	return privacy.Policy{
		Query:    privacy.QueryPolicy{rule.FilterTenant(), rule.FilterVisible()},
		Mutation: privacy.MutationPolicy{rule.FilterTenant(), rule.FilterVisible(), rule.RequirePermissions()},
	}
}

// Hooks of the TenantMixin: every record of a company links only records
// its writer may read.
func (TenantMixin) Hooks() []ent.Hook {
	return []ent.Hook{rule.SetTenantOnCreate, rule.CheckEdges}
}

// Interceptors of the TenantMixin: what a transaction read, CheckEdges
// need not read again.
func (TenantMixin) Interceptors() []ent.Interceptor {
	return []ent.Interceptor{rule.RememberReads()}
}
