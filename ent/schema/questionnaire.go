package schema

import (
	"entgo.io/ent"
	"entgo.io/ent/schema"
	"entgo.io/ent/schema/edge"
	"entgo.io/ent/schema/field"
	"entgo.io/ent/schema/index"

	entgql "github.com/hiregraph/hiregraph/ent/schema/gqlannotation"
	"github.com/hiregraph/hiregraph/ent/schema/schematype"
	"github.com/hiregraph/hiregraph/ent/schema/uid"
)

// Questionnaire is a set of questions put to candidates (spec 2.11).
type Questionnaire struct {
	ent.Schema
}

// Mixin of the Questionnaire.
func (Questionnaire) Mixin() []ent.Mixin {
	return []ent.Mixin{uid.Mixin("qnr"), TenantMixin{}}
}

// Fields of the Questionnaire.
func (Questionnaire) Fields() []ent.Field {
	return []ent.Field{
		field.String("name").Comment("The questionnaire's name.").NotEmpty().MaxLen(200).Annotations(entgql.OrderField("NAME")),
		field.String("specific_type").Comment("What kind of questionnaire it is (REST spells it speicifc_type, as spec 2.11 does).").MaxLen(100).Default(""),
		field.String("enabled_for").Comment("Who the questionnaire is enabled for.").MaxLen(100).Default(""),
		field.String("show_as").Comment("How the questionnaire is shown.").MaxLen(100).Default(""),
		field.JSON("questions", []schematype.Question{}).Comment("The questions, in order.").Default([]schematype.Question{}),
		field.Time("time_created").Comment("When the questionnaire was created.").Default(now).Immutable().Annotations(entgql.OrderField("TIME_CREATED")),
	}
}

// Edges of the Questionnaire.
func (Questionnaire) Edges() []ent.Edge {
	return []ent.Edge{
		edge.From("positions", Position.Type).Comment("The positions that use the questionnaire.").Ref("questionnaires"),
	}
}

// Indexes of the Questionnaire.
func (Questionnaire) Indexes() []ent.Index {
	return []ent.Index{index.Fields("company_id", "time_created", "id")}
}

// Annotations of the Questionnaire.
func (Questionnaire) Annotations() []schema.Annotation {
	// The top-level query field is hand-written in graph/lists.graphqls.
	return []schema.Annotation{schema.Comment("A questionnaire candidates answer (spec 2.11)."), entgql.RelayConnection()}
}
