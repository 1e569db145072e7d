package recruiting

import (
	"encoding/json"
	"fmt"
	"time"

	"github.com/hiregraph/hiregraph/ent"
	"github.com/hiregraph/hiregraph/ent/fielddefinition"
	"github.com/hiregraph/hiregraph/ent/schema/schematype"
	"github.com/hiregraph/hiregraph/internal/permission"
)

// EventVersion is the version of the payload types an event's object.data
// is written in; it is stored with the data, so a later shape can still
// read what this one wrote. Events written before versions existed hold
// ent's record as JSON, which has the same field names: they are read
// into these types too, so their extra fields never leave the service.
const EventVersion = 1

// The payload types: what an event says of the record it is about. Each
// is written at write time (eventObjectOf) and shown to each reader through
// redact at read time, so what a reader may see is decided when they read,
// with the permissions they hold then.

// PositionV1 is a position in an event.
type PositionV1 struct {
	Versioned
	ID                   string                    `json:"id"`
	Name                 string                    `json:"name"`
	Status               string                    `json:"status"`
	IsTemplate           bool                      `json:"is_template"`
	IsDiscreet           bool                      `json:"is_discreet"`
	IsPublished          bool                      `json:"is_published"`
	IsTalentPool         bool                      `json:"is_talent_pool"`
	Department           *string                   `json:"department"`
	ExperienceLevel      *string                   `json:"experience_level"`
	EmploymentType       *string                   `json:"employment_type"`
	WorkplaceType        string                    `json:"workplace_type"`
	Email                string                    `json:"email"`
	URLServiceHostedPage string                    `json:"url_service_hosted_page"`
	URLActivePage        string                    `json:"url_active_page"`
	InternalUseCustomID  *string                   `json:"internal_use_custom_id"`
	PictureURL           string                    `json:"picture_url"`
	SalaryRange          *schematype.SalaryRange   `json:"salary_range"`
	Categories           []schematype.NamedValue   `json:"categories"`
	Details              []schematype.NamedValue   `json:"details"`
	Workflow             []schematype.WorkflowStep `json:"workflow"`
	LocationID           *string                   `json:"location_id"`
	TemplateID           *string                   `json:"template_id"`
	LeadRecruiterID      *string                   `json:"lead_recruiter_id"`
	HiringManagerID      *string                   `json:"hiring_manager_id"`
	CoordinatorID        *string                   `json:"coordinator_id"`
	TimeCreated          time.Time                 `json:"time_created"`
	TimeUpdated          time.Time                 `json:"time_updated"`
}

// OpeningV1 is an opening in an event.
type OpeningV1 struct {
	Versioned
	ID                   string               `json:"id"`
	PositionID           string               `json:"position_id"`
	Name                 string               `json:"name"`
	Status               string               `json:"status"`
	ApprovalStatus       string               `json:"approval_status"`
	Reason               string               `json:"reason"`
	Headcount            int                  `json:"headcount"`
	TimeExpectedHire     *time.Time           `json:"time_expected_hire"`
	TimeApproved         *time.Time           `json:"time_approved"`
	TimeOpened           time.Time            `json:"time_opened"`
	CustomFields         schematype.StringMap `json:"custom_fields"`
	TimeCreated          time.Time            `json:"time_created"`
	TimeLastStatusChange time.Time            `json:"time_last_status_change"`
	TimeUpdated          time.Time            `json:"time_updated"`
}

// CandidateV1 is a candidate (one person's hiring process for one
// position) in an event.
type CandidateV1 struct {
	Versioned
	ID                       string              `json:"id"`
	PersonID                 string              `json:"person_id"`
	PositionID               string              `json:"position_id"`
	Status                   string              `json:"status"`
	CurrentStepID            *string             `json:"current_step_id"`
	HiredOpeningID           *string             `json:"hired_opening_id"`
	RejectionReasonID        *string             `json:"rejection_reason_id"`
	RejectionNote            *string             `json:"rejection_note"`
	Source                   string              `json:"source"`
	Deleted                  bool                `json:"deleted"`
	CurrentSteps             []schematype.Step   `json:"current_steps"`
	CompletedSteps           []schematype.Step   `json:"completed_steps"`
	Address                  *schematype.Address `json:"address"`
	TimeCreated              time.Time           `json:"time_created"`
	TimeLastStatusChanged    time.Time           `json:"time_last_status_changed"`
	TimeHiringProcessUpdated time.Time           `json:"time_hiring_process_updated"`
}

// NoteV1 is a note in an event.
type NoteV1 struct {
	Versioned
	ID          string                  `json:"id"`
	CandidateID string                  `json:"candidate_id"`
	TimeCreated time.Time               `json:"time_created"`
	CreatedBy   schematype.Party        `json:"created_by"`
	Text        string                  `json:"text"`
	Details     []schematype.NoteDetail `json:"details"`
	// Private notes show their text only to holders of notes:view_private.
	Private bool `json:"private,omitempty"`
}

// UserV1 is a user in an event (user.created, user.roles_changed).
type UserV1 struct {
	Versioned
	ID          string    `json:"id"`
	Email       string    `json:"email"`
	FirstName   string    `json:"first_name"`
	MiddleName  string    `json:"middle_name"`
	LastName    string    `json:"last_name"`
	Roles       []string  `json:"roles"`
	Active      bool      `json:"active"`
	TimeCreated time.Time `json:"time_created"`
}

// RoleV1 is a custom role in an event (role.created, .updated, .deleted).
type RoleV1 struct {
	Versioned
	ID          string    `json:"id"`
	Name        string    `json:"name"`
	Description string    `json:"description"`
	Permissions []string  `json:"permissions"`
	TimeCreated time.Time `json:"time_created"`
}

// MessageV1 is a message in an event.
type MessageV1 struct {
	Versioned
	ID             string             `json:"id"`
	ConversationID string             `json:"conversation_id"`
	TimeSent       time.Time          `json:"time_sent"`
	Status         string             `json:"status"`
	Subject        string             `json:"subject"`
	Body           string             `json:"body"`
	From           schematype.Party   `json:"from"`
	To             []schematype.Party `json:"to"`
	Cc             []schematype.Party `json:"cc"`
	Bcc            []schematype.Party `json:"bcc"`
	// DeliveryStatus and DeliveryError: messages sent by e-mail only.
	DeliveryStatus string `json:"delivery_status,omitempty"`
	DeliveryError  string `json:"delivery_error,omitempty"`
}

// ConversationV1 is a conversation in an event.
type ConversationV1 struct {
	Versioned
	ID          string    `json:"id"`
	CandidateID string    `json:"candidate_id,omitempty"`
	Subject     string    `json:"subject"`
	TimeCreated time.Time `json:"time_created"`
}

// TestSubmissionV1 is a candidate's submission to a partner's test in an
// event.
type TestSubmissionV1 struct {
	Versioned
	ID                    string    `json:"id"`
	PartnerID             string    `json:"partner_id"`
	CandidateID           string    `json:"candidate_id"`
	TestID                string    `json:"test_id"`
	Status                string    `json:"status"`
	CandidateEvaluationID *string   `json:"candidate_evaluation_id"`
	DisplayMessage        string    `json:"display_message"`
	ErrorCode             string    `json:"error_code"`
	Outcome               *string   `json:"outcome"`
	Score                 *int      `json:"score"`
	Summary               string    `json:"summary"`
	ResultUrls            []string  `json:"result_urls"`
	Completed             bool      `json:"completed"`
	TimeSubmitted         time.Time `json:"time_submitted"`
	TimeUpdated           time.Time `json:"time_updated"`
}

// CandidateFileV1 is a candidate's file (its metadata) in an event.
type CandidateFileV1 struct {
	Versioned
	ID          string    `json:"id"`
	CandidateID string    `json:"candidate_id"`
	Kind        string    `json:"kind"`
	FileName    string    `json:"file_name"`
	ContentType string    `json:"content_type"`
	Size        int64     `json:"size"`
	TimeCreated time.Time `json:"time_created"`
}

// PersonV1 is a person in an event (person.erased): their ids and dates
// only, never their personal data, which an event would keep after the
// person is erased.
type PersonV1 struct {
	Versioned
	ID          string     `json:"id"`
	TimeCreated time.Time  `json:"time_created"`
	TimeErased  *time.Time `json:"time_erased"`
}

// OfferV1 is an offer in an event; its salary shows only to readers with
// salary:view.
type OfferV1 struct {
	Versioned
	ID           string                  `json:"id"`
	CandidateID  string                  `json:"candidate_id"`
	OpeningID    string                  `json:"opening_id"`
	Status       string                  `json:"status"`
	OfferVersion int                     `json:"offer_version"` // not "version": that key is the payload's (Versioned)
	Salary       *schematype.OfferSalary `json:"salary"`
	StartDate    *time.Time              `json:"start_date"`
	CustomFields schematype.StringMap    `json:"custom_fields"`
	DocumentID   *string                 `json:"document_id"`
	Approvers    []string                `json:"approvers"`
	Approvals    int                     `json:"approvals"`
	TimeCreated  time.Time               `json:"time_created"`
	TimeUpdated  time.Time               `json:"time_updated"`
}

// InterviewV1 is an interview in an event (interview.scheduled,
// .rescheduled, .cancelled).
type InterviewV1 struct {
	Versioned
	ID             string     `json:"id"`
	CandidateID    string     `json:"candidate_id"`
	PositionID     string     `json:"position_id"`
	StepID         *string    `json:"step_id"`
	OrganizerID    string     `json:"organizer_id"`
	InterviewerIDs []string   `json:"interviewer_ids"`
	Status         string     `json:"status"`
	TimeStart      time.Time  `json:"time_start"`
	TimeEnd        time.Time  `json:"time_end"`
	TimeZone       string     `json:"time_zone"`
	Location       string     `json:"location"`
	VideoURL       string     `json:"video_url"`
	Instructions   string     `json:"instructions"`
	Sequence       int        `json:"sequence"`
	TimeCreated    time.Time  `json:"time_created"`
	TimeUpdated    time.Time  `json:"time_updated"`
	TimeCancelled  *time.Time `json:"time_cancelled"`
}

// ScorecardV1 is a scorecard in an event (scorecard.submitted, .updated).
// Feedback is blind: its recommendation, notes and ratings are null for a
// reader without scorecards:view_all.
type ScorecardV1 struct {
	Versioned
	ID                    string              `json:"id"`
	InterviewID           string              `json:"interview_id"`
	CandidateID           string              `json:"candidate_id"`
	InterviewerID         string              `json:"interviewer_id"`
	OverallRecommendation *string             `json:"overall_recommendation"`
	Notes                 *string             `json:"notes"`
	Ratings               []ScorecardRatingV1 `json:"ratings"`
	TimeSubmitted         time.Time           `json:"time_submitted"`
	TimeUpdated           time.Time           `json:"time_updated"`
}

// ScorecardRatingV1 is a scorecard's rating of one attribute in an event.
type ScorecardRatingV1 struct {
	AttributeID string `json:"attribute_id"`
	Rating      *int   `json:"rating"`
	Note        string `json:"note"`
}

// Versioned starts every payload type: the version it is written in.
type Versioned struct {
	Version int `json:"version"`
}

// current is the version payloads are written in.
var current = Versioned{Version: EventVersion}

// markCurrent marks a payload read from any earlier shape as the current
// version, which it is once read into its type.
func (v *Versioned) markCurrent() { *v = current }

// eventObject is a payload type: it knows how to take out what a reader
// may not see.
type eventObject interface {
	redact(r eventReader)
	markCurrent()
}

// eventReader is whoever an event is shown to: what they hold and which of
// the company's fields are internal-use.
type eventReader struct {
	has func(permission string) bool
	vis *Visibility
}

func (p *PositionV1) redact(r eventReader) {
	if !r.has(permission.ViewSalary) {
		p.SalaryRange = nil
	}
	p.Department = r.vis.standardPtr(fielddefinition.ScopeDepartment, p.Department)
	p.ExperienceLevel = r.vis.standardPtr(fielddefinition.ScopeExperienceLevel, p.ExperienceLevel)
	p.EmploymentType = r.vis.standardPtr(fielddefinition.ScopeEmploymentType, p.EmploymentType)
	p.Categories = r.vis.named(fielddefinition.ScopeCategory, p.Categories)
	p.Details = r.vis.named(fielddefinition.ScopeDetail, p.Details)
}

func (o *OpeningV1) redact(r eventReader) { o.CustomFields = r.vis.customFields(o.CustomFields) }

func (*CandidateV1) redact(eventReader) {}
func (n *NoteV1) redact(r eventReader) {
	if n.Private && !r.has(permission.ViewPrivateNotes) {
		n.Text, n.Details = "", nil
	}
}

func (*UserV1) redact(eventReader)           {}
func (*RoleV1) redact(eventReader)           {}
func (*MessageV1) redact(eventReader)        {}
func (*ConversationV1) redact(eventReader)   {}
func (*TestSubmissionV1) redact(eventReader) {}
func (*CandidateFileV1) redact(eventReader)  {}
func (*PersonV1) redact(eventReader)         {}
func (o *OfferV1) redact(r eventReader) {
	if !r.has(permission.ViewSalary) {
		o.Salary = nil
	}
}
func (*InterviewV1) redact(eventReader) {}
func (sc *ScorecardV1) redact(r eventReader) {
	if !r.has(permission.ViewAllFeedback) {
		sc.OverallRecommendation, sc.Notes, sc.Ratings = nil, nil, nil
	}
}

// eventPayloads makes, by object type, the empty payload its events carry,
// to read stored data into; a type missing here carries no data.
var eventPayloads = map[string]func() eventObject{
	"Position":       func() eventObject { return &PositionV1{} },
	"Opening":        func() eventObject { return &OpeningV1{} },
	"Candidate":      func() eventObject { return &CandidateV1{} },
	"Note":           func() eventObject { return &NoteV1{} },
	"Message":        func() eventObject { return &MessageV1{} },
	"Conversation":   func() eventObject { return &ConversationV1{} },
	"TestSubmission": func() eventObject { return &TestSubmissionV1{} },
	"CandidateFile":  func() eventObject { return &CandidateFileV1{} },
	"User":           func() eventObject { return &UserV1{} },
	"Role":           func() eventObject { return &RoleV1{} },
	"Person":         func() eventObject { return &PersonV1{} },
	"Offer":          func() eventObject { return &OfferV1{} },
	"Interview":      func() eventObject { return &InterviewV1{} },
	"Scorecard":      func() eventObject { return &ScorecardV1{} },
}

// newEventObject is the empty payload of an object type; nil for a type
// whose events carry no data.
func newEventObject(objectType string) eventObject {
	if payload, ok := eventPayloads[objectType]; ok {
		return payload()
	}
	return nil
}

// EventPayloadTypes is, by object type, an empty value of the payload type
// its events carry in object.data: what the webhook contract documents.
func EventPayloadTypes() map[string]any {
	out := make(map[string]any, len(eventPayloads))
	for objectType, payload := range eventPayloads {
		out[objectType] = payload()
	}
	return out
}

// eventObjectOf is the payload of the record acted on, as written with its
// event; nil for no record.
func eventObjectOf(object any) (eventObject, error) {
	switch o := object.(type) {
	case nil:
		return nil, nil
	case *ent.Position:
		return &PositionV1{
			Versioned: current, ID: o.ID, Name: o.Name, Status: string(o.Status),
			IsTemplate: o.IsTemplate, IsDiscreet: o.IsDiscreet, IsPublished: o.IsPublished, IsTalentPool: o.IsTalentPool,
			Department: &o.Department, ExperienceLevel: &o.ExperienceLevel, EmploymentType: &o.EmploymentType,
			WorkplaceType: o.WorkplaceType, Email: o.Email, URLServiceHostedPage: o.URLServiceHostedPage, URLActivePage: o.URLActivePage,
			InternalUseCustomID: o.InternalUseCustomID, PictureURL: o.PictureURL, SalaryRange: o.SalaryRange,
			Categories: o.Categories, Details: o.Details, Workflow: o.Workflow,
			LocationID: o.LocationID, TemplateID: o.TemplateID, LeadRecruiterID: o.LeadRecruiterID,
			HiringManagerID: o.HiringManagerID, CoordinatorID: o.CoordinatorID,
			TimeCreated: o.TimeCreated, TimeUpdated: o.TimeUpdated,
		}, nil
	case *ent.Opening:
		return &OpeningV1{
			Versioned: current, ID: o.ID, PositionID: o.PositionID, Name: o.Name, Status: string(o.Status),
			ApprovalStatus: string(o.ApprovalStatus), Reason: string(o.Reason), Headcount: o.Headcount,
			TimeExpectedHire: o.TimeExpectedHire, TimeApproved: o.TimeApproved, TimeOpened: o.TimeOpened,
			CustomFields: o.CustomFields, TimeCreated: o.TimeCreated, TimeLastStatusChange: o.TimeLastStatusChange, TimeUpdated: o.TimeUpdated,
		}, nil
	case *ent.Candidate:
		return &CandidateV1{
			Versioned: current, ID: o.ID, PersonID: o.PersonID, PositionID: o.PositionID, Status: string(o.Status),
			CurrentStepID: o.CurrentStepID, HiredOpeningID: o.HiredOpeningID, RejectionReasonID: o.RejectionReasonID,
			RejectionNote: o.RejectionNote, Source: o.Source, Deleted: o.Deleted,
			CurrentSteps: o.CurrentSteps, CompletedSteps: o.CompletedSteps, Address: o.Address,
			TimeCreated: o.TimeCreated, TimeLastStatusChanged: o.TimeLastStatusChanged, TimeHiringProcessUpdated: o.TimeHiringProcessUpdated,
		}, nil
	case *ent.Note:
		return &NoteV1{
			Versioned: current, ID: o.ID, CandidateID: o.CandidateID, TimeCreated: o.TimeCreated,
			CreatedBy: o.CreatedBy, Text: o.Text, Details: o.Details, Private: o.Private,
		}, nil
	case *ent.User:
		return &UserV1{
			Versioned: current, ID: o.ID, Email: o.Email, FirstName: o.FirstName, MiddleName: o.MiddleName,
			LastName: o.LastName, Roles: o.Roles, Active: o.Active, TimeCreated: o.TimeCreated,
		}, nil
	case *ent.Role:
		return &RoleV1{
			Versioned: current, ID: o.ID, Name: o.Name, Description: o.Description,
			Permissions: o.Permissions, TimeCreated: o.TimeCreated,
		}, nil
	case *ent.Message:
		return &MessageV1{
			Versioned: current, ID: o.ID, ConversationID: o.ConversationID, TimeSent: o.TimeSent, Status: o.Status,
			Subject: o.Subject, Body: o.Body, From: o.From, To: o.To, Cc: o.Cc, Bcc: o.Bcc,
			DeliveryStatus: deliveryStatusOf(o), DeliveryError: deref(o.DeliveryError),
		}, nil
	case *ent.Conversation:
		out := &ConversationV1{Versioned: current, ID: o.ID, Subject: o.Subject, TimeCreated: o.TimeCreated}
		if o.Edges.Candidate != nil {
			out.CandidateID = o.Edges.Candidate.ID
		}
		return out, nil
	case *ent.TestSubmission:
		out := &TestSubmissionV1{
			Versioned: current, ID: o.ID, PartnerID: o.PartnerID, CandidateID: o.CandidateID, TestID: o.TestID,
			Status: o.Status, CandidateEvaluationID: o.CandidateEvaluationID, DisplayMessage: o.DisplayMessage,
			ErrorCode: o.ErrorCode, Score: o.Score, Summary: o.Summary, ResultUrls: o.ResultUrls,
			Completed: o.Completed, TimeSubmitted: o.TimeSubmitted, TimeUpdated: o.TimeUpdated,
		}
		if o.Outcome != nil {
			outcome := string(*o.Outcome)
			out.Outcome = &outcome
		}
		return out, nil
	case *ent.Offer:
		return &OfferV1{
			Versioned: current, ID: o.ID, CandidateID: o.CandidateID, OpeningID: o.OpeningID, Status: string(o.Status),
			OfferVersion: o.Version, Salary: o.Salary, StartDate: o.StartDate, CustomFields: o.CustomFields, DocumentID: o.DocumentID,
			Approvers: o.Approvers, Approvals: o.Approvals, TimeCreated: o.TimeCreated, TimeUpdated: o.TimeUpdated,
		}, nil
	case *ent.Person:
		return &PersonV1{Versioned: current, ID: o.ID, TimeCreated: o.TimeCreated, TimeErased: o.TimeErased}, nil
	case *ent.Interview:
		ids := make([]string, len(o.Edges.Interviewers))
		for i, u := range o.Edges.Interviewers {
			ids[i] = u.ID
		}
		return &InterviewV1{
			Versioned: current, ID: o.ID, CandidateID: o.CandidateID, PositionID: o.PositionID, StepID: o.StepID,
			OrganizerID: o.OrganizerID, InterviewerIDs: ids, Status: string(o.Status),
			TimeStart: o.TimeStart, TimeEnd: o.TimeEnd, TimeZone: o.TimeZone, Location: o.Location, VideoURL: o.VideoURL,
			Instructions: o.Instructions, Sequence: o.Sequence, TimeCreated: o.TimeCreated, TimeUpdated: o.TimeUpdated,
			TimeCancelled: o.TimeCancelled,
		}, nil
	case *ent.Scorecard:
		return scorecardV1(o), nil
	case *ent.CandidateFile:
		return &CandidateFileV1{
			Versioned: current, ID: o.ID, CandidateID: o.CandidateID, Kind: string(o.Kind), FileName: o.FileName,
			ContentType: o.ContentType, Size: o.Size, TimeCreated: o.TimeCreated,
		}, nil
	}
	return nil, fmt.Errorf("no event payload type for %T", object)
}

// redactEventData is the stored object.data of an event about objectType
// as reader r may see it: read into its payload type (whatever version or
// legacy shape it was written in), redacted and written as the current
// version. Data of a type without a payload type reads as null: whatever
// it holds was never meant to leave.
func redactEventData(r eventReader, objectType string, data json.RawMessage) (json.RawMessage, error) {
	obj := newEventObject(objectType)
	if obj == nil || len(data) == 0 || string(data) == "null" {
		return nil, nil
	}
	if err := json.Unmarshal(data, obj); err != nil {
		return nil, fmt.Errorf("reading the %s of an event: %w", objectType, err)
	}
	obj.redact(r)
	obj.markCurrent()
	return json.Marshal(obj)
}

// redactChanges is the list of changes of an activity as reader r may see
// it: a change of a field the reader may not see is left out, and
// internal-use entries are taken out of the lists and maps that hold them.
// It goes by the field's name alone: a query that selects only changes
// (a GraphQL timeline) has no object type to go by, and these names mean
// the same on every record that has them.
func redactChanges(r eventReader, changes []schematype.FieldChange) []schematype.FieldChange {
	out := make([]schematype.FieldChange, 0, len(changes))
	for _, c := range changes {
		switch c.Field {
		case "salaryRange", "salary":
			if !r.has(permission.ViewSalary) {
				continue
			}
		case "department":
			if r.vis.isInternal(fielddefinition.ScopeDepartment) {
				continue
			}
		case "experienceLevel":
			if r.vis.isInternal(fielddefinition.ScopeExperienceLevel) {
				continue
			}
		case "employmentType":
			if r.vis.isInternal(fielddefinition.ScopeEmploymentType) {
				continue
			}
		case "categories":
			c = redactChange(c, func(v []schematype.NamedValue) any { return r.vis.named(fielddefinition.ScopeCategory, v) })
		case "details":
			c = redactChange(c, func(v []schematype.NamedValue) any { return r.vis.named(fielddefinition.ScopeDetail, v) })
		case "customFields":
			c = redactChange(c, func(v schematype.StringMap) any { return r.vis.customFields(v) })
		}
		if c.Field != "" {
			out = append(out, c)
		}
	}
	return out
}

// redactChange applies keep to the before and after of c, read as T (a
// change stored as JSON comes back as maps and slices of any). A value
// that does not read as T is dropped with the whole change: a reader
// never gets what could not be checked.
func redactChange[T any](c schematype.FieldChange, keep func(T) any) schematype.FieldChange {
	var ok bool
	if c.Before, ok = redactValue(c.Before, keep); !ok {
		return schematype.FieldChange{}
	}
	if c.After, ok = redactValue(c.After, keep); !ok {
		return schematype.FieldChange{}
	}
	return c
}

func redactValue[T any](v any, keep func(T) any) (any, bool) {
	if v == nil {
		return nil, true
	}
	raw, err := json.Marshal(v)
	if err != nil {
		return nil, false
	}
	var typed T
	if err := json.Unmarshal(raw, &typed); err != nil {
		return nil, false
	}
	return keep(typed), true
}

// deliveryStatusOf is a message's e-mail delivery status, "" for a
// message that is only logged.
func deliveryStatusOf(m *ent.Message) string {
	if m.DeliveryStatus == nil {
		return ""
	}
	return string(*m.DeliveryStatus)
}

func scorecardV1(sc *ent.Scorecard) *ScorecardV1 {
	ratings := make([]ScorecardRatingV1, len(sc.Edges.Ratings))
	for i, r := range sc.Edges.Ratings {
		ratings[i] = ScorecardRatingV1{AttributeID: r.AttributeID, Rating: r.Rating, Note: r.Note}
	}
	recommendation := string(sc.OverallRecommendation)
	return &ScorecardV1{
		Versioned: current, ID: sc.ID, InterviewID: sc.InterviewID, CandidateID: sc.CandidateID, InterviewerID: sc.UserID,
		OverallRecommendation: &recommendation, Notes: &sc.Notes, Ratings: ratings,
		TimeSubmitted: sc.TimeSubmitted, TimeUpdated: sc.TimeUpdated,
	}
}
