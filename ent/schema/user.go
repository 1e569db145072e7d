package schema

import (
	"entgo.io/ent"
	"entgo.io/ent/schema"
	"entgo.io/ent/schema/edge"
	"entgo.io/ent/schema/field"
	"entgo.io/ent/schema/index"

	entgql "github.com/hiregraph/hiregraph/ent/schema/gqlannotation"
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
		field.String("email").Comment("The user's e-mail address; clone requests name users by it, in any case.").NotEmpty().MaxLen(320).Annotations(entgql.OrderField("EMAIL")),
		field.String("first_name").Comment("The user's first name.").MaxLen(100),
		field.String("middle_name").Comment("The user's middle name, if known.").Optional().MaxLen(100),
		field.String("last_name").Comment("The user's last name, if known.").Optional().MaxLen(100),
		// roles: owner (or admin), recruiter, coordinator, hiring_manager,
		// interviewer; README.md has the table of what each may do.
		field.Strings("roles").Comment("owner, admin, recruiter, coordinator, hiring_manager, interviewer.").Default([]string{}),
		// A deactivated user's tokens stop working on the next request.
		field.Bool("active").Comment("Whether the user may sign in; a deactivated user's tokens fail at once.").Default(true),
		// time_created orders owners: "the earliest Owner" of spec 4.1.
		field.Time("time_created").Comment("When the user was created; the earliest owner takes unknown users' roles with allow_fallback (spec 4.1).").Default(now).Immutable().Annotations(entgql.OrderField("TIME_CREATED")),
	}
}

// Edges of the User.
func (User) Edges() []ent.Edge {
	return []ent.Edge{
		edge.From("hiring_team_of", Position.Type).Comment("The positions whose hiring team the user is on.").Ref("hiring_team"),
		edge.From("assigned_candidates", Candidate.Type).Comment("The candidates the user looks after.").Ref("assignees").Annotations(entgql.Skip()),
		// The agenda is Company.interviews, the viewer's own.
		edge.From("interviews", Interview.Type).Comment("The interviews the user interviews at.").Ref("interviewers").
			Through("interviewer_rows", InterviewInterviewer.Type).Annotations(entgql.Skip()),
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
	return []schema.Annotation{schema.Comment("A user of the company: a recruiter, hiring manager, coordinator or owner."), entgql.QueryField().Description("The company's users."), entgql.RelayConnection()}
}
