package schema

import (
	"entgo.io/ent"
	"entgo.io/ent/dialect/entsql"
	"entgo.io/ent/schema"
	"entgo.io/ent/schema/edge"
	"entgo.io/ent/schema/field"
	"entgo.io/ent/schema/index"

	"github.com/hiregraph/hiregraph/ent/schema/enumdoc"
	entgql "github.com/hiregraph/hiregraph/ent/schema/gqlannotation"
	"github.com/hiregraph/hiregraph/ent/schema/uid"
)

// Interview is an interview of a candidate at a step of its position's
// pipeline, with its interviewers. Scorecards (issue 37, point 2) hang off
// the interview and its interviewer rows (InterviewInterviewer).
type Interview struct {
	ent.Schema
}

// Mixin of the Interview.
func (Interview) Mixin() []ent.Mixin {
	return []ent.Mixin{uid.Mixin("itv"), TenantMixin{}}
}

// Fields of the Interview.
func (Interview) Fields() []ent.Field {
	return []ent.Field{
		field.String("candidate_id").Comment("The candidate interviewed.").Immutable().Annotations(entgql.Skip()),
		// The candidate's position, kept on the row so a position's
		// interviews load per parent on their own index.
		field.String("position_id").Comment("The candidate's position.").Immutable().Annotations(entgql.Skip()),
		field.String("step_id").Comment("The pipeline step the interview is for; null once the step was removed.").Optional().Nillable().Annotations(entgql.Skip()),
		field.String("organizer_id").Comment("The user who organizes the interview: who scheduled it, or its first interviewer when an API key did.").Annotations(entgql.Skip()),
		field.Enum("status").Comment("Whether the interview takes place.").
			NamedValues("Scheduled", "SCHEDULED", "Cancelled", "CANCELLED").
			Default("SCHEDULED").
			Annotations(entgql.OrderField("STATUS"), enumdoc.Values{
				"SCHEDULED": "Takes place at its time.",
				"CANCELLED": "Was cancelled; its invitation was withdrawn.",
			}),
		field.Time("time_start").Comment("When the interview starts.").Annotations(entgql.OrderField("TIME_START")),
		field.Time("time_end").Comment("When the interview ends."),
		field.String("time_zone").Comment("The IANA time zone the interview is held in (Europe/Berlin); invitations show its times in it.").NotEmpty().MaxLen(64),
		field.String("location").Comment("Where the interview takes place, for people; empty when it is held only by video.").Default("").MaxLen(500),
		field.String("video_url").Comment("The video call's link; empty when there is none.").Default("").MaxLen(2000),
		field.Text("instructions").Comment("Instructions for the interviewers, plain text.").Default("").MaxLen(10000),
		field.Int("sequence").Comment("The SEQUENCE of the interview's iCalendar invitation: it rises with every reschedule and the cancellation, so calendars replace what they hold.").Default(0).NonNegative(),
		field.Time("time_created").Comment("When the interview was scheduled.").Default(now).Immutable().Annotations(entgql.OrderField("TIME_CREATED")),
		field.Time("time_updated").Comment("When the interview last changed.").Default(now).UpdateDefault(now),
		field.Time("time_cancelled").Comment("When the interview was cancelled; null unless it was.").Optional().Nillable(),
	}
}

// Edges of the Interview.
func (Interview) Edges() []ent.Edge {
	return []ent.Edge{
		edge.From("candidate", Candidate.Type).Comment("The candidate interviewed.").Ref("interviews").Field("candidate_id").Unique().Required().Immutable(),
		edge.From("position", Position.Type).Comment("The candidate's position.").Ref("interviews").Field("position_id").Unique().Required().Immutable(),
		edge.To("step", PipelineStep.Type).Comment("The pipeline step the interview is for; null once the step was removed.").Field("step_id").Unique().
			Annotations(entsql.OnDelete(entsql.SetNull)),
		edge.To("organizer", User.Type).Comment("The user who organizes the interview.").Field("organizer_id").Unique().Required(),
		edge.To("interviewers", User.Type).Comment("The users who interview the candidate.").
			Through("interviewer_rows", InterviewInterviewer.Type),
		edge.To("scorecards", Scorecard.Type).Comment("The interviewers' scorecards on the interview, as blind as Candidate.scorecards."),
	}
}

// Indexes of the Interview.
func (Interview) Indexes() []ent.Index {
	return []ent.Index{
		// Nested connections (package perparent) read each parent's first rows
		// in id order on (company, parent, id).
		index.Fields("company_id", "candidate_id", "id"),
		index.Fields("company_id", "position_id", "id"),
		index.Fields("step_id"),
	}
}

// Annotations of the Interview.
func (Interview) Annotations() []schema.Annotation {
	return []schema.Annotation{
		schema.Comment("An interview of a candidate at a pipeline step: its interviewers, time, place and instructions."),
		entgql.RelayConnection(),
		entgql.Skip(entgql.SkipMutationCreateInput, entgql.SkipMutationUpdateInput),
	}
}
