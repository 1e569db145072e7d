package hiregraphtest

import (
	"context"
	"testing"

	"github.com/hiregraph/hiregraph/ent/privacy"
)

// System is a context that reads every company's records, for checks of
// what a request wrote.
func System() context.Context { return privacy.DecisionContext(context.Background(), privacy.Allow) }

// CloneCounts is what a refused clone must leave as it was: positions,
// openings, approval processes, field definitions and their options.
type CloneCounts struct{ Positions, Openings, Approvals, Fields, FieldOptions int }

// CloneCounts counts the records a clone writes, across companies.
func (e *Env) CloneCounts() CloneCounts {
	ctx := System()
	c := CloneCounts{
		Positions: e.DB.Client.Position.Query().CountX(ctx),
		Openings:  e.DB.Client.Opening.Query().CountX(ctx),
		Approvals: e.DB.Client.ApprovalProcess.Query().CountX(ctx),
	}
	for _, d := range e.DB.Client.FieldDefinition.Query().AllX(ctx) {
		c.Fields++
		c.FieldOptions += len(d.Options)
	}
	return c
}

// AssertCloneUnchanged fails when a clone wrote anything since before.
func (e *Env) AssertCloneUnchanged(t testing.TB, before CloneCounts) {
	t.Helper()
	if after := e.CloneCounts(); after != before {
		t.Errorf("a refused clone wrote: %+v -> %+v", before, after)
	}
}

// CoordinatorEmail is a demo user with the coordinator role only.
const CoordinatorEmail = "cody.coordinator@acme.example"

// CloneInput is a valid clonePosition input of the demo company, in the
// GraphQL input's camelCase. It adds options (department Research,
// category value Data), so a refused variant must also undo those.
func (e *Env) CloneInput() map[string]any {
	return map[string]any{
		"name": "Data Engineer", "copyAssignees": false, "status": "closed", "isDiscreet": true,
		"department": "Research", "experienceLevel": "senior",
		"locationUID": e.Demo.LocationUID,
		"salaryRange": map[string]any{"min": 1, "max": 2, "currencyCode": "VES", "period": "hourly"},
		"categories":  []any{map[string]any{"name": "Team", "value": "Data"}},
		"users": map[string]any{
			"leadRecruiter":             map[string]any{"email": e.Demo.Users["recruiter"]},
			"hiringManager":             map[string]any{"email": e.Demo.Users["hiring_manager"]},
			"leadRecruitingCoordinator": map[string]any{"email": CoordinatorEmail},
		},
		"openings": []any{map[string]any{"name": "DE #1", "timeExpectedHire": "2026-12-01", "reason": "Temporary replacement", "status": "OPEN",
			"approvalStatus": "APPROVED", "timeApproved": "2026-11-01", "customFields": map[string]any{"Requisition ID": "R-9"}}},
		"questionnaireUIDs": []any{e.Demo.QuestionnaireUID},
	}
}

// NoteCounts counts the records notes and messages write, across
// companies.
type NoteCounts struct{ Notes, Messages, Contacts int }

// NoteCounts counts notes, messages and contacts.
func (e *Env) NoteCounts() NoteCounts {
	ctx := System()
	return NoteCounts{
		Notes:    e.DB.Client.Note.Query().CountX(ctx),
		Messages: e.DB.Client.Message.Query().CountX(ctx),
		Contacts: e.DB.Client.Contact.Query().CountX(ctx),
	}
}

// AssertNothingWritten runs a request that must fail and checks that it
// changed no note, message or contact.
func (e *Env) AssertNothingWritten(t testing.TB, request func()) {
	t.Helper()
	before := e.NoteCounts()
	request()
	if after := e.NoteCounts(); after != before {
		t.Errorf("a refused request wrote records: before %+v, after %+v", before, after)
	}
}

// MessageInput is a valid createMessage input for the demo conversation,
// in the GraphQL input's camelCase.
func MessageInput() map[string]any {
	return map[string]any{
		"timeSent": "2026-03-02T09:00:00Z",
		"subject":  "Offer",
		"body":     `<i>Congratulations</i>! <a href="mailto:rita.recruiter@acme.example" onclick="x()">Reply</a>`,
		"from":     map[string]any{"type": "user", "firstName": "Rita", "email": "rita.recruiter@acme.example"},
		"to":       []any{map[string]any{"type": "candidate", "firstName": "Ada"}},
		"bcc":      []any{map[string]any{"type": "user", "firstName": "Hank", "email": "hank.manager@acme.example", "status": "Open"}},
		"status":   "Sent",
	}
}
