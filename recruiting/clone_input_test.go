package recruiting

import (
	"strings"
	"testing"

	"github.com/hiregraph/hiregraph/internal/apierror"
)

func ptr[T any](v T) *T { return &v }

// validInput is a clone request that passes validate.
func validInput() CloneInput {
	return CloneInput{CopyAssignees: ptr(true), NewPositionFields: NewPositionFields{
		PositionFields: PositionFields{
			Name: ptr("Backend Engineer"), IsDiscreet: ptr(false),
			SalaryRange: &SalaryRangeInput{Min: ptr[int64](1), Max: ptr[int64](2), CurrencyCode: ptr("VES"), Period: ptr("hourly")},
		},
		Status: ptr("on hold"),
		Users:  &CloneUsers{LeadRecruiter: &UserRef{Email: ptr("r@acme.example")}, HiringManager: &UserRef{Email: ptr("m@acme.example")}},
		Openings: []OpeningInput{{
			Name: ptr("#1"), TimeExpectedHire: ptr("2026-09-01"), Reason: ptr("Replacement hire"), Status: ptr("OPEN"),
			ApprovalStatus: ptr("APPROVED"), TimeApproved: ptr("2026-04-01"),
		}},
	}}
}

// TestCloneValidation: the rules of a clone request that need no database,
// each broken once; the error is 422 validation_failed naming the field.
func TestCloneValidation(t *testing.T) {
	if err := validInput().validate(); err != nil {
		t.Fatalf("valid input refused: %v", err)
	}
	opening := func(in *CloneInput) *OpeningInput { return &in.Openings[0] }
	for _, c := range []struct {
		field  string
		change func(*CloneInput)
	}{
		{"name", func(in *CloneInput) { in.Name = nil }},
		{"name", func(in *CloneInput) { in.Name = ptr("  ") }},
		{"name", func(in *CloneInput) { in.Name = ptr(strings.Repeat("x", maxText+1)) }},
		{"copy_assignees", func(in *CloneInput) { in.CopyAssignees = nil }},
		{"status", func(in *CloneInput) { in.Status = nil }},
		{"status", func(in *CloneInput) { in.Status = ptr("On hold") }},
		{"status", func(in *CloneInput) { in.Status = ptr("ON_HOLD") }},
		{"is_discreet", func(in *CloneInput) { in.IsDiscreet = nil }},
		{"users", func(in *CloneInput) { in.Users = nil }},
		{"users.lead_recruiter.email", func(in *CloneInput) { in.Users.LeadRecruiter = nil }},
		{"users.hiring_manager.email", func(in *CloneInput) { in.Users.HiringManager.Email = ptr("") }},
		{"department", func(in *CloneInput) { in.Department = ptr(strings.Repeat("d", maxText+1)) }},
		{"location.uid", func(in *CloneInput) {
			in.Location, in.LocationUID = &LocationRef{UID: ptr("loc_a")}, ptr("loc_b")
		}},
		{"categories[1].name", func(in *CloneInput) {
			in.Categories = []NamedValueInput{{Name: ptr("Team"), Value: ptr("a")}, {Name: ptr("Team"), Value: ptr("b")}}
		}},
		{"details[0].value", func(in *CloneInput) { in.Details = []NamedValueInput{{Name: ptr("Job description")}} }},
		{"salary_range.max", func(in *CloneInput) { in.SalaryRange.Max = ptr[int64](0) }},
		{"salary_range.min", func(in *CloneInput) { in.SalaryRange.Min = ptr[int64](-1) }},
		{"salary_range.currency_code", func(in *CloneInput) { in.SalaryRange.CurrencyCode = ptr("DEM") }},
		{"salary_range.currency_code", func(in *CloneInput) { in.SalaryRange.CurrencyCode = ptr("XTS") }},
		{"salary_range.currency_code", func(in *CloneInput) { in.SalaryRange.CurrencyCode = ptr("eur") }},
		{"salary_range.period", func(in *CloneInput) { in.SalaryRange.Period = ptr("yearly") }},
		{"openings", func(in *CloneInput) { in.Openings = []OpeningInput{} }},
		{"openings[0].name", func(in *CloneInput) { opening(in).Name = nil }},
		{"openings[0].status", func(in *CloneInput) { opening(in).Status = ptr("Open") }},
		{"openings[0].reason", func(in *CloneInput) { opening(in).Reason = ptr("new") }},
		{"openings[0].time_expected_hire", func(in *CloneInput) { opening(in).TimeExpectedHire = nil }},
		{"openings[0].approval_status", func(in *CloneInput) { opening(in).ApprovalStatus = ptr("STARTED") }},
		{"openings[0].time_approved", func(in *CloneInput) { opening(in).TimeApproved = nil }},
		{"openings[0].time_approved", func(in *CloneInput) { opening(in).ApprovalStatus = nil }},
	} {
		in := validInput()
		c.change(&in)
		err := in.validate()
		e, ok := apierror.As(err)
		if !ok || e.Code != apierror.CodeValidation || e.Status != 422 || e.Field != c.field || !strings.Contains(e.Message, c.field) {
			t.Errorf("breaking %s: got %v (%+v)", c.field, err, e)
		}
	}
}

// TestCloneAcceptsEverySpelling: each spelling of the vocabularies a clone
// request takes is accepted.
func TestCloneAcceptsEverySpelling(t *testing.T) {
	for _, status := range PositionStatuses.Spellings() {
		in := validInput()
		in.Status = ptr(status)
		if err := in.validate(); err != nil {
			t.Errorf("status %q refused: %v", status, err)
		}
	}
	for _, reason := range OpeningReasons.Spellings() {
		in := validInput()
		in.Openings[0].Reason = ptr(reason)
		if err := in.validate(); err != nil {
			t.Errorf("reason %q refused: %v", reason, err)
		}
	}
}
