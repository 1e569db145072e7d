package schema

import (
	"entgo.io/ent"
	"entgo.io/ent/dialect/entsql"
	"entgo.io/ent/schema"
	"entgo.io/ent/schema/edge"
	"entgo.io/ent/schema/field"
	"entgo.io/ent/schema/index"

	"github.com/hiregraph/hiregraph/ent/privacy"
	entgql "github.com/hiregraph/hiregraph/ent/schema/gqlannotation"
	"github.com/hiregraph/hiregraph/ent/schema/rule"
)

// InterviewInterviewer is a row of Interview.interviewers: one user who
// interviews. It is a row of its own so an interviewer's agenda and the
// overlap check find a user's interviews on their index, and so what is
// per interviewer (their scorecard) has a place.
type InterviewInterviewer struct {
	ent.Schema
}

// Fields of the InterviewInterviewer.
func (InterviewInterviewer) Fields() []ent.Field {
	return []ent.Field{
		field.String("interview_id").Comment("The interview."),
		field.String("user_id").Comment("The interviewer."),
	}
}

// Edges of the InterviewInterviewer.
func (InterviewInterviewer) Edges() []ent.Edge {
	return []ent.Edge{
		edge.To("interview", Interview.Type).Field("interview_id").Unique().Required().Annotations(entsql.OnDelete(entsql.Cascade)),
		edge.To("user", User.Type).Field("user_id").Unique().Required().Annotations(entsql.OnDelete(entsql.Cascade)),
	}
}

// Indexes of the InterviewInterviewer.
func (InterviewInterviewer) Indexes() []ent.Index {
	// A user's interviews: the agenda and the overlap check.
	return []ent.Index{index.Fields("user_id", "interview_id")}
}

// Annotations of the InterviewInterviewer.
func (InterviewInterviewer) Annotations() []schema.Annotation {
	return []schema.Annotation{
		field.ID("interview_id", "user_id"),
		schema.Comment("An interviewer of an interview."),
		entgql.Skip(),
	}
}

// Policy of the InterviewInterviewer: rows are reached through their
// interview, which the interview's own rules filter; writes need the
// interview permission.
func (InterviewInterviewer) Policy() ent.Policy {
	return privacy.Policy{Mutation: privacy.MutationPolicy{rule.RequirePermissions()}}
}
