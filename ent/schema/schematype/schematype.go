// Package schematype holds the value types stored in JSON columns. They are
// plain data: the ent schema stores them and the graph exposes them as
// GraphQL object types bound in gqlgen.yml.
package schematype

import "time"

// SalaryRange is a position's pay band (spec 2.4).
type SalaryRange struct {
	Min          int64  `json:"min"`
	Max          int64  `json:"max"`
	CurrencyCode string `json:"currency_code"`
	Period       string `json:"period"`
}

// NamedValue is one category or detail of a position (spec 2.1): Value is
// plain text for categories and sanitized HTML for details.
type NamedValue struct {
	Name  string `json:"name"`
	Value string `json:"value"`
	Order int    `json:"order"`
}

// Step is a stage of a candidate's hiring process (spec 2.7).
type Step struct {
	Name          string     `json:"name"`
	Type          string     `json:"type"`
	TimeScheduled *time.Time `json:"time_scheduled"`
	TimeCompleted *time.Time `json:"time_completed,omitempty"`
}

// FieldChange is one field an activity changed. Before and After hold the
// values as JSON would spell them; null when the field had no value.
type FieldChange struct {
	Field  string `json:"field"`
	Before any    `json:"before"`
	After  any    `json:"after"`
}

// WorkflowStep is a stage of a position's workflow with the users assigned to it.
type WorkflowStep struct {
	Name        string   `json:"name"`
	Type        string   `json:"type"`
	AssigneeIDs []string `json:"assignee_ids"`
}

// Address is a candidate's postal address (spec 2.7).
type Address struct {
	Country       string `json:"country"`
	State         string `json:"state"`
	Zip           string `json:"zip"`
	StreetAddress string `json:"street_address"`
	City          string `json:"city"`
}

// NoteDetail is a titled block of a note (spec 2.8).
type NoteDetail struct {
	Title string `json:"title"`
	Text  string `json:"text"`
}

// Party is who wrote a note or took part in a message (spec 2.8-2.10). UID
// links to the user, candidate or contact record the party was matched to.
type Party struct {
	Type       string `json:"type"`
	UID        string `json:"uid"`
	FirstName  string `json:"first_name"`
	MiddleName string `json:"middle_name,omitempty"`
	LastName   string `json:"last_name,omitempty"`
	Email      string `json:"email,omitempty"`
	// Status is the delivery status of a recipient; empty for senders.
	Status string `json:"status,omitempty"`
}

// Question is one question of a questionnaire (spec 2.11).
type Question struct {
	Title       string           `json:"title"`
	Explanation string           `json:"explanation"`
	Options     []QuestionOption `json:"options,omitempty"`
	// Required questions must be answered to apply through a careers
	// site. Spec 2.11 does not show it: the REST questionnaire leaves it out.
	Required bool `json:"required,omitempty"`
	// Demographic questions (gender, ethnicity, disability…) are asked
	// for equal-opportunity reporting only: their answers are stored apart
	// from the others and shown only to readers holding
	// permission.ViewDemographics.
	Demographic bool `json:"demographic,omitempty"`
}

// QuestionOption is one answer offered for a question.
type QuestionOption struct {
	Title string `json:"title"`
}

// PartnerTest is one entry of an evaluation partner's test catalog.
type PartnerTest struct {
	TestID   string `json:"test_id"`
	TestName string `json:"test_name"`
}

// RequiredCandidateFields says which candidate fields a partner insists on
// (spec 4.9: e-mail by default, last name and phone on request).
type RequiredCandidateFields struct {
	Email    bool `json:"email"`
	LastName bool `json:"last_name"`
	Phone    bool `json:"phone"`
}

// StringMap is a set of key-value pairs, such as an opening's custom fields.
type StringMap map[string]string

// OfferSalary is the pay an offer makes: an amount per period in a
// currency. It shows only to holders of salary:view, like a position's
// salary range.
type OfferSalary struct {
	Amount       int64  `json:"amount"`
	CurrencyCode string `json:"currency_code"`
	Period       string `json:"period"`
}
