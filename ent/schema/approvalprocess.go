package schema

import (
	"entgo.io/contrib/entgql"
	"entgo.io/ent"
	"entgo.io/ent/schema/edge"
	"entgo.io/ent/schema/field"

	"github.com/hiregraph/hiregraph/ent/schema/uid"
)

// ApprovalProcess tracks the approval of an opening (spec 2.6).
type ApprovalProcess struct {
	ent.Schema
}

// Mixin of the ApprovalProcess.
func (ApprovalProcess) Mixin() []ent.Mixin {
	return []ent.Mixin{uid.Mixin("apr"), TenantMixin{}}
}

// Fields of the ApprovalProcess.
func (ApprovalProcess) Fields() []ent.Field {
	return []ent.Field{
		field.String("name").NotEmpty().MaxLen(200),
		field.String("status").NotEmpty().MaxLen(40).Default("STARTED"),
		field.Time("time_started").Default(now),
		field.Time("time_completed").Optional().Nillable(),
	}
}

// Edges of the ApprovalProcess.
func (ApprovalProcess) Edges() []ent.Edge {
	return []ent.Edge{
		edge.From("opening", Opening.Type).Ref("approval_process").Unique().Annotations(entgql.Skip()),
	}
}
