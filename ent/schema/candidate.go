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
	"github.com/hiregraph/hiregraph/ent/schema/schematype"
	"github.com/hiregraph/hiregraph/ent/schema/uid"
)

// Candidate is one hiring process: one person considered for one position
// (spec 2.7).
type Candidate struct {
	ent.Schema
}

// Mixin of the Candidate.
func (Candidate) Mixin() []ent.Mixin {
	return []ent.Mixin{uid.Mixin("can"), TenantMixin{}}
}

// Fields of the Candidate.
func (Candidate) Fields() []ent.Field {
	return []ent.Field{
		field.String("person_id").Comment("The person this hiring process is about.").Immutable().Annotations(entgql.Skip()),
		field.String("position_id").Comment("The position the person is considered for.").Immutable().Annotations(entgql.Skip()),
		field.Enum("status").Comment("Where the hiring process stands: In progress, Rejected, Hired or Withdrawn in REST (spec 2.7).").
			NamedValues("InProgress", "IN_PROGRESS", "Rejected", "REJECTED", "Hired", "HIRED", "Withdrawn", "WITHDRAWN").
			Default("IN_PROGRESS").
			Annotations(entgql.OrderField("STATUS")).
			Annotations(enumdoc.Values{
				"IN_PROGRESS": "The hiring process is under way (REST: In progress).",
				"REJECTED":    "The company turned the candidate down (REST: Rejected).",
				"HIRED":       "The candidate was hired (REST: Hired).",
				"WITHDRAWN":   "The candidate withdrew (REST: Withdrawn).",
			}),
		field.String("current_step_id").Comment("The pipeline step the candidate is at; null for candidates recorded before pipelines.").Optional().Nillable().Annotations(entgql.Skip()),
		field.String("hired_opening_id").Comment("The opening the candidate was hired for; null unless hired.").Optional().Nillable().Annotations(entgql.Skip()),
		field.String("rejection_reason_id").Comment("Why the candidate was rejected; null unless rejected.").Optional().Nillable().Annotations(entgql.Skip()),
		field.String("rejection_note").Comment("The recruiter's note on the rejection; null when none.").Optional().Nillable().MaxLen(2000),
		field.String("source").Comment("Where the candidate came from, such as careers site, referral or sourcing.").Default("").MaxLen(200),
		field.Bool("deleted").Comment("A deleted candidate is still listed, so syncing clients see the deletion.").Default(false),
		// current_steps and completed_steps are derived from the step history
		// (CandidateStep) by the write that changes it, so lists read them
		// without a join (README, Pipelines).
		field.JSON("current_steps", []schematype.Step{}).Comment("The workflow steps the candidate is in now.").Default([]schematype.Step{}),
		field.JSON("completed_steps", []schematype.Step{}).Comment("The workflow steps the candidate has completed, with when.").Default([]schematype.Step{}),
		field.JSON("address", &schematype.Address{}).Comment("The candidate's postal address, when known.").Optional().
			// Named: AddressInput binds the same Go type, and entgql would
			// otherwise pick either name.
			Annotations(entgql.Type("Address")),
		field.Time("time_created").Comment("When the hiring process started.").Default(now).Immutable().Annotations(entgql.OrderField("TIME_CREATED")),
		field.Time("time_last_status_changed").Comment("When status last changed.").Default(now).Annotations(entgql.OrderField("TIME_LAST_STATUS_CHANGED")),
		// time_hiring_process_updated moves with any activity on the
		// candidate (spec 4.5, time_hiring_process_updated).
		field.Time("time_hiring_process_updated").Comment("When anything last happened in the hiring process (a note, a message, a status change).").Default(now).Annotations(entgql.OrderField("TIME_HIRING_PROCESS_UPDATED")),
	}
}

// Edges of the Candidate.
func (Candidate) Edges() []ent.Edge {
	return []ent.Edge{
		edge.From("person", Person.Type).Comment("The person considered; one person may have several candidates.").Ref("candidates").Field("person_id").Unique().Required().Immutable(),
		edge.From("position", Position.Type).Comment("The position the person is considered for.").Ref("candidates").Field("position_id").Unique().Required().Immutable(),
		edge.To("notes", Note.Type).Comment("Notes on the candidate's profile.").Annotations(entgql.RelayConnection()),
		edge.To("conversations", Conversation.Type).Comment("Conversations about this candidate.").Annotations(entgql.RelayConnection()),
		edge.To("test_submissions", TestSubmission.Type).Comment("Every attempt to send the candidate to an evaluation partner's test.").Annotations(entgql.RelayConnection()),
		edge.To("offer_letters", OfferLetter.Type).Comment("The offer letters made to the candidate."),
		edge.To("offers", Offer.Type).Comment("The offers made to the candidate, oldest first.").Annotations(entgql.Skip()),
		edge.To("applications", Application.Type).Comment("What the person sent through careers sites for this position, oldest first."),
		edge.To("files", CandidateFile.Type).Comment("The candidate's documents: resumes, cover letters, attachments.").Annotations(entgql.RelayConnection()),
		edge.To("activities", Activity.Type).Comment("The candidate's timeline.").Annotations(entgql.RelayConnection()),
		edge.From("current_step", PipelineStep.Type).Comment("The pipeline step the candidate is at; null for candidates recorded before pipelines.").Ref("candidates").Field("current_step_id").Unique(),
		edge.To("interviews", Interview.Type).Comment("The candidate's interviews.").Annotations(entgql.RelayConnection()),
		edge.To("scorecards", Scorecard.Type).Comment("The interviewers' scorecards on the candidate; blind: a user sees others' only after submitting their own, unless they may see all feedback.").Annotations(entgql.RelayConnection()),
		edge.To("step_history", CandidateStep.Type).Comment("Every step the candidate has been in, with when it entered and left.").Annotations(entgql.RelayConnection()),
		edge.From("rejection_reason", RejectionReason.Type).Comment("Why the candidate was rejected; null unless rejected.").Ref("candidates").Field("rejection_reason_id").Unique(),
		edge.To("assignees", User.Type).Comment("The users who look after the candidate."),
		edge.From("hired_opening", Opening.Type).Comment("The opening the candidate was hired for; null unless hired.").Ref("hires").Field("hired_opening_id").Unique(),
	}
}

// LiveCandidacy is the condition of a candidacy that counts as the person's
// hiring process for its position, in SQL both databases read alike.
const LiveCandidacy = "deleted = false"

// Indexes of the Candidate: one for each filter of spec 4.5, led by the tenant.
func (Candidate) Indexes() []ent.Index {
	return []ent.Index{
		// time_created then id: the keyset order of the REST lists.
		index.Fields("company_id", "time_created", "id"),
		index.Fields("company_id", "time_last_status_changed"),
		index.Fields("company_id", "time_hiring_process_updated"),
		index.Fields("company_id", "status"),
		// The time-to-hire report reads the hires of a range.
		index.Fields("company_id", "status", "time_last_status_changed"),
		// Nested connections (package perparent) read each parent's first rows
		// in id order on (company, parent, id).
		index.Fields("company_id", "position_id", "id"),
		index.Fields("company_id", "person_id", "id"),
		// PipelineStep.candidates, the pipeline board (package perparent).
		index.Fields("company_id", "current_step_id", "id"),
		// One live hiring process of a person for a position, however many
		// creates and applications race: the database decides
		// (recruiting.insertCandidate); a deleted one does not count.
		index.Fields("person_id", "position_id").Unique().Annotations(entsql.IndexWhere(LiveCandidacy)),
		// An opening's hires.
		index.Fields("hired_opening_id"),
	}
}

// Annotations of the Candidate.
func (Candidate) Annotations() []schema.Annotation {
	// The top-level query field is hand-written in graph/lists.graphqls: it adds
	// the filter argument that the REST list shares.
	return []schema.Annotation{schema.Comment("One hiring process: one person considered for one position (spec 2.7)."), entgql.RelayConnection(), entgql.MultiOrder()}
}
