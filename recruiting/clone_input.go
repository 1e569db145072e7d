package recruiting

import (
	"fmt"
	"regexp"
	"slices"
	"strings"

	"github.com/bojanz/currency"

	"github.com/hiregraph/hiregraph/ent/opening"
	"github.com/hiregraph/hiregraph/ent/schema/schematype"
	"github.com/hiregraph/hiregraph/internal/apierror"
)

// CloneInput is the body of spec 4.1. Pointers tell a missing field from a
// zero value, so required fields are checked, not silently defaulted.
type CloneInput struct {
	CopyAssignees *bool `json:"copy_assignees"`
	NewPositionFields
}

// LocationRef names a location of the company.
type LocationRef struct {
	UID *string `json:"uid"`
}

// SalaryRangeInput is a salary range of spec 2.4.
type SalaryRangeInput struct {
	Min          *int64  `json:"min"`
	Max          *int64  `json:"max"`
	CurrencyCode *string `json:"currency_code"`
	Period       *string `json:"period"`
}

// NamedValueInput is a category or detail of a clone request.
type NamedValueInput struct {
	Name  *string `json:"name"`
	Value *string `json:"value"`
}

// CloneUsers names the hiring team of the new position by e-mail.
type CloneUsers struct {
	LeadRecruiter             *UserRef `json:"lead_recruiter"`
	HiringManager             *UserRef `json:"hiring_manager"`
	LeadRecruitingCoordinator *UserRef `json:"lead_recruiting_coordinator"`
}

// UserRef names a user by e-mail.
type UserRef struct {
	Email *string `json:"email"`
}

// OpeningInput is one opening of a clone request.
type OpeningInput struct {
	Name             *string              `json:"name"`
	ApprovalStatus   *string              `json:"approval_status"`
	TimeExpectedHire *string              `json:"time_expected_hire"`
	Reason           *string              `json:"reason"`
	Status           *string              `json:"status"`
	TimeApproved     *string              `json:"time_approved"`
	TimeOpened       *string              `json:"time_opened"`
	CustomFields     schematype.StringMap `json:"custom_fields"`
}

// Values of spec 2.4.
var (
	salaryPeriods = []string{"hourly", "weekly", "monthly", "annually"}
	currencyCode  = regexp.MustCompile(`^[A-Z]{3}$`)
)

// Clone requests spell an opening's state and approval status in the
// stored form (spec 4.1): status must be OPEN, approval_status APPROVED.
const (
	cloneOpeningStatus  = string(opening.StatusOpen)
	cloneApprovalStatus = string(opening.ApprovalStatusApproved)
)

// maxText is the byte limit of the short text columns a clone writes (the
// MaxLen of name, department, experience_level, employment_type in
// ent/schema); checked here so the message names the request field.
const maxText = 200

func isBlank(s *string) bool { return s == nil || strings.TrimSpace(*s) == "" }

// invalidRef is a 422 with its own code for a request field that names
// something the company does not have (a user, a location, a field).
func invalidRef(code, field, format string, args ...any) *apierror.Error {
	e := apierror.Invalid(field, format, args...)
	e.Code = code
	return e
}

func tooLong(field string, s *string) error {
	if s != nil && len(*s) > maxText {
		return apierror.Invalid(field, "%s must be at most %d bytes of UTF-8, got %d", field, maxText, len(*s))
	}
	return nil
}

// validate checks what needs no database: presence, enums, lengths and
// ranges, reporting the first mistake of each check.
func (in CloneInput) validate() error {
	var errs []error
	for _, check := range []func() error{
		in.checkRequired, in.checkUsers, in.checkLengths, in.checkLocation,
		func() error { return validateNamedValues("categories", in.Categories) },
		func() error { return validateNamedValues("details", in.Details) },
		in.checkSalaryRange, in.checkOpenings,
	} {
		errs = append(errs, check())
	}
	return apierror.Join(errs...)
}

func (in CloneInput) checkRequired() error {
	switch {
	case isBlank(in.Name):
		return apierror.Invalid("name", "name is required")
	case in.CopyAssignees == nil:
		return apierror.Invalid("copy_assignees", "copy_assignees is required (true or false)")
	case in.Status == nil:
		return apierror.Invalid("status", "status is required (open, on hold or closed)")
	case in.IsDiscreet == nil:
		return apierror.Invalid("is_discreet", "is_discreet is required (true or false)")
	}
	if _, ok := PositionStatuses.Read(*in.Status); !ok {
		return apierror.Invalid("status", "status must be one of %s, got %q", strings.Join(PositionStatuses.Spellings(), ", "), *in.Status)
	}
	return nil
}

func (in CloneInput) checkUsers() error {
	switch {
	case in.Users == nil:
		return apierror.Invalid("users", "users is required, with lead_recruiter and hiring_manager")
	case in.Users.LeadRecruiter == nil || isBlank(in.Users.LeadRecruiter.Email):
		return apierror.Invalid("users.lead_recruiter.email", "users.lead_recruiter.email is required")
	case in.Users.HiringManager == nil || isBlank(in.Users.HiringManager.Email):
		return apierror.Invalid("users.hiring_manager.email", "users.hiring_manager.email is required")
	}
	return nil
}

func (in CloneInput) checkLengths() error {
	for _, f := range []struct {
		field string
		value *string
	}{
		{"name", in.Name}, {"department", in.Department},
		{"experience_level", in.ExperienceLevel}, {"employment_type", in.EmploymentType},
	} {
		if err := tooLong(f.field, f.value); err != nil {
			return err
		}
	}
	return nil
}

func (in CloneInput) checkLocation() error {
	if in.Location != nil && in.LocationUID != nil && in.Location.UID != nil && *in.Location.UID != *in.LocationUID {
		return apierror.Invalid("location.uid", "location.uid and location_uid name different locations")
	}
	return nil
}

func (in CloneInput) checkSalaryRange() error {
	if in.SalaryRange == nil {
		return nil
	}
	return in.SalaryRange.validate()
}

func (in CloneInput) checkOpenings() error {
	if in.Openings != nil && len(in.Openings) == 0 {
		return apierror.Invalid("openings", "openings is empty; omit it to create one opening, or list at least one")
	}
	for i, o := range in.Openings {
		if err := o.validate(fmt.Sprintf("openings[%d]", i)); err != nil {
			return err
		}
	}
	return nil
}

func (o OpeningInput) validate(field string) error {
	switch {
	case isBlank(o.Name):
		return apierror.Invalid(field+".name", "%s.name is required", field)
	case len(*o.Name) > maxText:
		return tooLong(field+".name", o.Name)
	case o.Status == nil || *o.Status != cloneOpeningStatus:
		return apierror.Invalid(field+".status", "%s.status is required and must be %s", field, cloneOpeningStatus)
	case o.Reason == nil || !OpeningReasons.Knows(*o.Reason):
		return apierror.Invalid(field+".reason", "%s.reason must be one of %s", field, strings.Join(OpeningReasons.Spellings(), ", "))
	case isBlank(o.TimeExpectedHire):
		return apierror.Invalid(field+".time_expected_hire", "%s.time_expected_hire is required", field)
	case o.ApprovalStatus != nil && *o.ApprovalStatus != cloneApprovalStatus:
		return apierror.Invalid(field+".approval_status", "%s.approval_status can only be %s", field, cloneApprovalStatus)
	case o.ApprovalStatus != nil && isBlank(o.TimeApproved):
		return apierror.Invalid(field+".time_approved", "%s.time_approved is required when approval_status is APPROVED", field)
	case o.ApprovalStatus == nil && o.TimeApproved != nil:
		return apierror.Invalid(field+".time_approved", "%s.time_approved needs approval_status APPROVED", field)
	}
	return nil
}

// validateNamedValues checks categories or details: each names a field
// once, with a value.
func validateNamedValues(field string, values []NamedValueInput) error {
	seen := map[string]bool{}
	for i, v := range values {
		at := fmt.Sprintf("%s[%d]", field, i)
		switch {
		case isBlank(v.Name):
			return apierror.Invalid(at+".name", "%s.name is required", at)
		case v.Value == nil:
			return apierror.Invalid(at+".value", "%s.value is required", at)
		case seen[*v.Name]:
			return apierror.Invalid(at+".name", "%s.name: %q is given twice; give each field once", at, *v.Name)
		}
		seen[*v.Name] = true
	}
	return nil
}

func (s SalaryRangeInput) validate() error {
	switch {
	case s.Min == nil:
		return apierror.Invalid("salary_range.min", "salary_range.min is required")
	case s.Max == nil:
		return apierror.Invalid("salary_range.max", "salary_range.max is required")
	case *s.Min < 0:
		return apierror.Invalid("salary_range.min", "salary_range.min must not be negative")
	case *s.Min > *s.Max:
		return apierror.Invalid("salary_range.max", "salary_range.max (%d) is below salary_range.min (%d)", *s.Max, *s.Min)
	case s.CurrencyCode == nil || !isISO4217(*s.CurrencyCode):
		return apierror.Invalid("salary_range.currency_code", "salary_range.currency_code must be an ISO 4217 code such as EUR")
	case s.Period == nil || !slices.Contains(salaryPeriods, *s.Period):
		return apierror.Invalid("salary_range.period", "salary_range.period must be one of %s", strings.Join(salaryPeriods, ", "))
	}
	return nil
}

// isISO4217 accepts the codes of ISO 4217 list one, the currencies in force.
// golang.org/x/text/currency is not used: its tables date from 2017, so it
// refuses VES or SLE and accepts withdrawn codes such as DEM.
func isISO4217(code string) bool {
	return currencyCode.MatchString(code) && currency.IsValid(code)
}
