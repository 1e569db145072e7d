package schema

import (
	"entgo.io/ent"
	"entgo.io/ent/dialect/entsql"
	"entgo.io/ent/schema"
	"entgo.io/ent/schema/edge"
	"entgo.io/ent/schema/field"

	"github.com/hiregraph/hiregraph/ent/privacy"
	"github.com/hiregraph/hiregraph/ent/schema/enumdoc"
	entgql "github.com/hiregraph/hiregraph/ent/schema/gqlannotation"
	"github.com/hiregraph/hiregraph/ent/schema/rule"
)

// HiringTeamMember is a row of a position's hiring team: the edge
// Position.hiring_team with the member's role on the team. The graph shows
// it through the hand-written Position.team (graph/hiringteam.graphqls).
type HiringTeamMember struct {
	ent.Schema
}

// Fields of the HiringTeamMember.
func (HiringTeamMember) Fields() []ent.Field {
	return []ent.Field{
		field.String("position_id").Comment("The position whose team the user is on."),
		field.String("user_id").Comment("The member."),
		// A default, because ent inserts the rows of Position.hiring_team
		// without one; everyone added before roles existed interviews.
		field.Enum("role").Comment("The member's role on the team.").
			NamedValues("HiringManager", "HIRING_MANAGER", "Recruiter", "RECRUITER", "Coordinator", "COORDINATOR", "Interviewer", "INTERVIEWER").
			Default("INTERVIEWER").
			Annotations(enumdoc.Values{
				"HIRING_MANAGER": "Hires for the position.",
				"RECRUITER":      "Runs the position's hiring.",
				"COORDINATOR":    "Schedules the position's interviews.",
				"INTERVIEWER":    "Interviews the position's candidates.",
			}),
	}
}

// Edges of the HiringTeamMember.
func (HiringTeamMember) Edges() []ent.Edge {
	return []ent.Edge{
		edge.To("position", Position.Type).Field("position_id").Unique().Required().Annotations(entsql.OnDelete(entsql.Cascade)),
		edge.To("user", User.Type).Field("user_id").Unique().Required().Annotations(entsql.OnDelete(entsql.Cascade)),
	}
}

// Annotations of the HiringTeamMember.
func (HiringTeamMember) Annotations() []schema.Annotation {
	return []schema.Annotation{
		field.ID("position_id", "user_id"),
		// The table of the edge before it had roles.
		entsql.Annotation{Table: "position_hiring_team"},
		schema.Comment("A member of a position's hiring team and their role on it."),
		entgql.Skip(),
	}
}

// Policy of the HiringTeamMember: rows are reached through their position,
// which the position's own rules filter; writes need the team permission.
func (HiringTeamMember) Policy() ent.Policy {
	return privacy.Policy{Mutation: privacy.MutationPolicy{rule.RequirePermissions()}}
}
