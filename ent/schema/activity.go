package schema

import (
	"encoding/json"

	"entgo.io/ent"
	"entgo.io/ent/schema"
	"entgo.io/ent/schema/edge"
	"entgo.io/ent/schema/field"
	"entgo.io/ent/schema/index"

	"github.com/hiregraph/hiregraph/ent/privacy"
	"github.com/hiregraph/hiregraph/ent/schema/enumdoc"
	entgql "github.com/hiregraph/hiregraph/ent/schema/gqlannotation"
	"github.com/hiregraph/hiregraph/ent/schema/rule"
	"github.com/hiregraph/hiregraph/ent/schema/schematype"
	"github.com/hiregraph/hiregraph/ent/schema/uid"
)

// Activity is one entry of the timeline: who did what to which record, and
// which fields it changed. Every write of the recruiting package records one
// in the transaction of the change, so nothing changes unannounced. It is
// the change's event as well (the outbox row that the change feed reads and
// webhooks deliver): a change that commits always has its event and one
// that rolls back never does.
type Activity struct {
	ent.Schema
}

// Mixin of the Activity.
func (Activity) Mixin() []ent.Mixin {
	return []ent.Mixin{uid.Mixin("act"), TenantMixin{}}
}

// Fields of the Activity.
func (Activity) Fields() []ent.Field {
	return []ent.Field{
		field.String("verb").Comment("What happened, as object.action: candidate.created, candidate.moved, note.created and so on (README, Timeline).").
			NotEmpty().MaxLen(64).Immutable(),
		field.Enum("actor_type").Comment("Who did it: a user, an API key, an evaluation partner, a careers site or the service itself.").
			NamedValues("User", "USER", "APIKey", "API_KEY", "EvaluationPartner", "EVALUATION_PARTNER", "CareersSite", "CAREERS_SITE", "System", "SYSTEM").
			Immutable().
			Annotations(enumdoc.Values{
				"USER":               "A person signed in with a user token, or named by On-Behalf-Of.",
				"API_KEY":            "A server-side integration with a company API key.",
				"EVALUATION_PARTNER": "An evaluation partner reporting on a test.",
				"CAREERS_SITE":       "A careers site, on behalf of an applicant.",
				"SYSTEM":             "The service itself, such as a scheduled job.",
			}),
		field.String("actor_id").Comment("The uid of the user, API key or partner that did it; empty for careers sites and the system.").Optional().Immutable(),
		field.String("actor_name").Comment("The actor's display name when it was done.").Optional().Immutable(),
		field.String("object_type").Comment("The kind of record acted on: Candidate, Position, Opening, Note, Message, TestSubmission and so on.").NotEmpty().Immutable(),
		field.String("object_id").Comment("The uid of the record acted on.").NotEmpty().Immutable(),
		field.String("candidate_id").Comment("The candidate whose timeline shows the activity, if any.").Optional().Nillable().Immutable().Annotations(entgql.Skip()),
		field.String("position_id").Comment("The position whose timeline shows the activity, if any; a candidate's activities show in its position's timeline too.").Optional().Nillable().Immutable().Annotations(entgql.Skip()),
		field.JSON("changes", []schematype.FieldChange{}).Comment("The fields the activity changed, each with its value before and after.").Default([]schematype.FieldChange{}).Immutable(),
		field.Time("time_created").Comment("When it happened.").Default(now).Immutable().Annotations(entgql.OrderField("TIME_CREATED")),
		// An activity with a sequence is an event too: of the change feed and
		// of webhooks. One row, not an activity and an event, keeps what
		// events add to a write small (README, Events and webhooks).
		// The feed orders events by (txid, sequence) and shows one only once
		// every transaction that could still precede it has ended (README,
		// Events and webhooks), so writers take no company-wide lock.
		field.Int64("txid").Comment("The id of the transaction that wrote the event (PostgreSQL's xid8); 0 on SQLite and for events from before transaction ids were kept; none for activities that are not events.").
			Optional().Nillable().NonNegative().Immutable().Annotations(entgql.Skip()),
		field.Int64("sequence").Comment("The event's number: unique and increasing within its transaction, not gap-free (PostgreSQL takes it from a sequence; SQLite, whose writes are serialized, counts each company's events); none for activities recorded before events existed.").
			Optional().Nillable().Positive().Immutable().Annotations(entgql.Skip()),
		field.JSON("data", json.RawMessage{}).Comment("The record acted on, as JSON, right after the change: the object its event carries.").
			Optional().Immutable().Annotations(entgql.Skip()),
	}
}

// Edges of the Activity.
func (Activity) Edges() []ent.Edge {
	return []ent.Edge{
		edge.From("candidate", Candidate.Type).Comment("The candidate whose timeline shows the activity.").Ref("activities").Field("candidate_id").Unique().Immutable(),
		edge.From("position", Position.Type).Comment("The position whose timeline shows the activity.").Ref("activities").Field("position_id").Unique().Immutable(),
	}
}

// Indexes of the Activity.
func (Activity) Indexes() []ent.Index {
	return []ent.Index{
		// Nested connections (package perparent) read each parent's first rows
		// on (company, parent, id); ids are time-ordered, so id order is
		// time order.
		index.Fields("company_id", "candidate_id", "id"),
		index.Fields("company_id", "position_id", "id"),
		index.Fields("company_id", "time_created", "id"),
		// The change feed reads a company's events in (txid, sequence) order;
		// the unique index also refuses a second event at one place of the
		// feed.
		index.Fields("company_id", "txid", "sequence").Unique(),
	}
}

// Policy of the Activity: a private note's entry hides with the note.
func (Activity) Policy() ent.Policy {
	return privacy.Policy{Query: privacy.QueryPolicy{rule.HidePrivateNoteActivities()}}
}

// Annotations of the Activity.
func (Activity) Annotations() []schema.Annotation {
	return []schema.Annotation{schema.Comment("One entry of a timeline: who did what to which record, and what it changed."), entgql.RelayConnection()}
}
