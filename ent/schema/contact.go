package schema

import (
	"entgo.io/ent"
	"entgo.io/ent/schema"
	"entgo.io/ent/schema/field"
	"entgo.io/ent/schema/index"

	entgql "github.com/hiregraph/hiregraph/ent/schema/gqlannotation"
	"github.com/hiregraph/hiregraph/ent/schema/uid"
)

// Contact is a party to notes and messages who is neither a user nor a
// candidate of the company: a source contact, an app or someone else. It
// gives such a party a stable uid (spec 2.8, 2.9).
type Contact struct {
	ent.Schema
}

// Mixin of the Contact.
func (Contact) Mixin() []ent.Mixin {
	return []ent.Mixin{uid.Mixin("ctc"), TenantMixin{}}
}

// Fields of the Contact.
func (Contact) Fields() []ent.Field {
	return []ent.Field{
		field.String("type").Comment("user, candidate, source_contact, other or app: what the party was named as.").NotEmpty().MaxLen(40),
		field.String("first_name").Comment("The contact's first name.").MaxLen(100),
		field.String("middle_name").Comment("The contact's middle name, if given.").Optional().MaxLen(100),
		field.String("last_name").Comment("The contact's last name, if given.").Optional().MaxLen(100),
		field.String("email").Comment("The contact's e-mail address, if given; contacts are reused by type and e-mail.").Optional().MaxLen(320),
		field.Time("time_created").Comment("When the contact was first named in a note or message.").Default(now).Immutable().Annotations(entgql.OrderField("TIME_CREATED")),
	}
}

// Indexes of the Contact.
func (Contact) Indexes() []ent.Index {
	return []ent.Index{index.Fields("company_id", "type", "email")}
}

// Annotations of the Contact.
func (Contact) Annotations() []schema.Annotation {
	return []schema.Annotation{schema.Comment("A party of a note or message that is not a user or candidate of the company: a source contact, an app, anyone else."), entgql.QueryField().Description("The company's contacts: parties of notes and messages that are neither users nor candidates."), entgql.RelayConnection()}
}
