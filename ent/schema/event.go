package schema

import (
	"encoding/json"

	"entgo.io/ent"
	"entgo.io/ent/schema"
	"entgo.io/ent/schema/field"
	"entgo.io/ent/schema/index"

	"github.com/hiregraph/hiregraph/ent/privacy"
	"github.com/hiregraph/hiregraph/ent/schema/enumdoc"
	entgql "github.com/hiregraph/hiregraph/ent/schema/gqlannotation"
	"github.com/hiregraph/hiregraph/ent/schema/rule"
	"github.com/hiregraph/hiregraph/ent/schema/uid"
)

// Event is the announcement of one activity: the outbox row that the change
// feed reads and webhooks deliver. recruiting writes it with its activity, in
// the transaction of the change, so a change that commits always has its
// event and one that rolls back never does.
type Event struct {
	ent.Schema
}

// Mixin of the Event.
func (Event) Mixin() []ent.Mixin {
	return []ent.Mixin{uid.Mixin("evt"), TenantMixin{}}
}

// Fields of the Event.
func (Event) Fields() []ent.Field {
	return []ent.Field{
		field.Int64("sequence").Comment("The event's place in its company's feed: 1, 2, 3 and so on, without gaps, in commit order.").Positive().Immutable(),
		field.String("type").Comment("The activity's verb, such as candidate.created or note.created.").NotEmpty().MaxLen(64).Immutable(),
		field.String("activity_id").Comment("The activity the event announces.").NotEmpty().Immutable(),
		field.Enum("actor_type").Comment("Who did it, as the activity says.").
			NamedValues("User", "USER", "APIKey", "API_KEY", "EvaluationPartner", "EVALUATION_PARTNER", "CareersSite", "CAREERS_SITE", "System", "SYSTEM").
			Immutable().
			Annotations(enumdoc.Values{
				"USER":               "A person signed in with a user token, or named by On-Behalf-Of.",
				"API_KEY":            "A server-side integration with a company API key.",
				"EVALUATION_PARTNER": "An evaluation partner reporting on a test.",
				"CAREERS_SITE":       "A careers site, on behalf of an applicant.",
				"SYSTEM":             "The service itself, such as a scheduled job.",
			}),
		field.String("actor_id").Comment("The uid of the actor, if it has one.").Optional().Immutable(),
		field.String("actor_name").Comment("The actor's display name when it acted.").Optional().Immutable(),
		field.String("object_type").Comment("The kind of record acted on.").NotEmpty().Immutable(),
		field.String("object_id").Comment("The uid of the record acted on.").NotEmpty().Immutable(),
		field.JSON("data", json.RawMessage{}).Comment("The record's shape right after the change, as JSON.").Optional().Immutable(),
		field.Time("time_created").Comment("When the change happened.").Default(now).Immutable(),
	}
}

// Indexes of the Event.
func (Event) Indexes() []ent.Index {
	return []ent.Index{
		// The feed reads a company's events by sequence; the unique index
		// also refuses a second event at one place of the feed.
		index.Fields("company_id", "sequence").Unique(),
	}
}

// Annotations of the Event.
func (Event) Annotations() []schema.Annotation {
	return []schema.Annotation{schema.Comment("An event of the change feed and of webhooks."), entgql.Skip()}
}

// Policy of the Event: roles limited to their assigned positions cannot read it.
func (Event) Policy() ent.Policy {
	return privacy.Policy{Query: privacy.QueryPolicy{rule.EveryPosition("the change feed's events")}}
}
