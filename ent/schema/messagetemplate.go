package schema

import (
	"entgo.io/ent"
	"entgo.io/ent/schema"
	"entgo.io/ent/schema/field"
	"entgo.io/ent/schema/index"

	"github.com/hiregraph/hiregraph/ent/schema/enumdoc"
	entgql "github.com/hiregraph/hiregraph/ent/schema/gqlannotation"
	"github.com/hiregraph/hiregraph/ent/schema/uid"
)

// MessageTemplate is a company's text for a common message to candidates,
// with variables (recruiting/messagetemplate.go checks them on save).
type MessageTemplate struct {
	ent.Schema
}

// Mixin of the MessageTemplate.
func (MessageTemplate) Mixin() []ent.Mixin {
	return []ent.Mixin{uid.Mixin("mtp"), TenantMixin{}}
}

// Fields of the MessageTemplate.
func (MessageTemplate) Fields() []ent.Field {
	return []ent.Field{
		field.String("name").Comment("The template's name, unique in the company.").NotEmpty().MaxLen(200).Annotations(entgql.OrderField("NAME")),
		field.Enum("kind").Comment("What the template is for.").
			NamedValues("Acknowledgement", "ACKNOWLEDGEMENT", "InterviewInvitation", "INTERVIEW_INVITATION", "Rejection", "REJECTION", "Other", "OTHER").
			Default("OTHER").
			Annotations(enumdoc.Values{
				"ACKNOWLEDGEMENT":      "Confirms an application was received.",
				"INTERVIEW_INVITATION": "Invites the candidate to an interview.",
				"REJECTION":            "Turns the candidate down (rejectCandidate's template).",
				"OTHER":                "Any other message.",
			}),
		field.String("subject").Comment("The subject line, a Go text/template with the template variables.").NotEmpty().MaxLen(500),
		field.Text("body").Comment("The plain-text body, a Go text/template with the template variables.").NotEmpty(),
		field.Time("time_created").Comment("When the template was created.").Default(now).Immutable(),
		field.Time("time_updated").Comment("When the template last changed.").Default(now).UpdateDefault(now),
	}
}

// Indexes of the MessageTemplate.
func (MessageTemplate) Indexes() []ent.Index {
	return []ent.Index{index.Fields("company_id", "name").Unique()}
}

// Annotations of the MessageTemplate.
func (MessageTemplate) Annotations() []schema.Annotation {
	return []schema.Annotation{
		schema.Comment("A company's template for a common message to candidates (acknowledgement, interview invitation, rejection)."),
		entgql.QueryField().Description("The company's message templates, for sendMessage and rejectCandidate."), entgql.RelayConnection(),
	}
}
