package schema

import (
	"entgo.io/ent"
	"entgo.io/ent/schema"
	"entgo.io/ent/schema/edge"
	"entgo.io/ent/schema/field"

	entgql "github.com/hiregraph/hiregraph/ent/schema/gqlannotation"
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
		field.String("name").Comment("The name of the approval process.").NotEmpty().MaxLen(200),
		field.String("status").Comment("The opening's approval status while the process runs or after it ended: APPROVED, REJECTED, STARTED or PAUSED (spec 2.6); ENDED when the opening or its position closed before a decision.").NotEmpty().MaxLen(40).Default("STARTED"),
		field.Time("time_started").Comment("When the approval process started.").Default(now),
		// The graph shows the users through the hand-written
		// ApprovalProcess.approvers (graph/hiringteam.graphqls).
		field.Strings("approvers").Comment("The ids of the users who decide, in order; each approves in turn after the one before. Empty: any user with openings:approve decides.").Default([]string{}).Annotations(entgql.Skip()),
		field.Int("approvals").Comment("How many of the approvers approved this round; the next one in order decides.").Default(0).NonNegative().Annotations(entgql.Skip()),
		field.Time("time_completed").Comment("When the approval process ended; null while it runs.").Optional().Nillable(),
	}
}

// Edges of the ApprovalProcess.
func (ApprovalProcess) Edges() []ent.Edge {
	return []ent.Edge{
		edge.From("opening", Opening.Type).Comment("The opening the approval is for.").Ref("approval_process").Unique().Annotations(entgql.Skip()),
	}
}

// Annotations of the ApprovalProcess.
func (ApprovalProcess) Annotations() []schema.Annotation {
	return []schema.Annotation{schema.Comment("The approval of an opening (spec 2.6).")}
}
