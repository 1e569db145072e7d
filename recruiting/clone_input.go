package recruiting

import (
	"fmt"
	"regexp"
	"slices"
	"strings"

	"github.com/bojanz/currency"

	"github.com/hiregraph/hiregraph/apierror"
	"github.com/hiregraph/hiregraph/ent/position"
	"github.com/hiregraph/hiregraph/ent/schema/schematype"
)

// CloneInput is the body of spec 4.1. Pointers tell a missing field from a
// zero value, so required fields are checked, not silently defaulted.
type CloneInput struct {
	Name            *string      `json:"name"`
	CopyAssignees   *bool        `json:"copy_assignees"`
	Status          *string      `json:"status"`
	IsDiscreet      *bool        `json:"is_discreet"`
	Department      *string      `json:"department"`
	ExperienceLevel *string      `json:"experience_level"`
	EmploymentType  *string      `json:"employment_type"`
	IsTalentPool    *bool        `json:"is_talent_pool"`
	Location        *LocationRef `json:"location"`
	// LocationUID is where the spec's sample puts the location.
	LocationUID       *string           `json:"location_uid"`
	SalaryRange       *SalaryRangeInput `json:"salary_range"`
	Categories        []NamedValueInput `json:"categories"`
	Details           []NamedValueInput `json:"details"`
	AllowFallback     *bool             `json:"allow_fallback"`
	Users             *CloneUsers       `json:"users"`
	Openings          []OpeningInput    `json:"openings"`
	QuestionnaireUIDs []string          `json:"questionnaire_uids"`
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

// Values of spec 4.1 and 2.4.
var (
	positionStatuses = map[string]position.Status{"open": position.StatusOpen, "on hold": position.StatusOnHold, "closed": position.StatusClosed}
	salaryPeriods    = []string{"hourly", "weekly", "monthly", "annually"}
	currencyCode     = regexp.MustCompile(`^[A-Z]{3}$`)
)

func isBlank(s *string) bool { return s == nil || strings.TrimSpace(*s) == "" }

// validate checks what needs no database: presence, enums and ranges.
func (in CloneInput) validate() error {
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
	if _, ok := positionStatuses[*in.Status]; !ok {
		return apierror.Invalid("status", "status must be open, on hold or closed, got %q", *in.Status)
	}
	if in.Users == nil {
		return apierror.Invalid("users", "users is required, with lead_recruiter and hiring_manager")
	}
	if in.Users.LeadRecruiter == nil || isBlank(in.Users.LeadRecruiter.Email) {
		return apierror.Invalid("users.lead_recruiter.email", "users.lead_recruiter.email is required")
	}
	if in.Users.HiringManager == nil || isBlank(in.Users.HiringManager.Email) {
		return apierror.Invalid("users.hiring_manager.email", "users.hiring_manager.email is required")
	}
	if in.Location != nil && in.LocationUID != nil && in.Location.UID != nil && *in.Location.UID != *in.LocationUID {
		return apierror.Invalid("location.uid", "location.uid and location_uid name different locations")
	}
	if err := validateNamedValues("categories", in.Categories); err != nil {
		return err
	}
	if err := validateNamedValues("details", in.Details); err != nil {
		return err
	}
	if in.SalaryRange != nil {
		if err := in.SalaryRange.validate(); err != nil {
			return err
		}
	}
	if in.Openings != nil && len(in.Openings) == 0 {
		return apierror.Invalid("openings", "openings is empty; omit it to create one opening, or list at least one")
	}
	return nil
}

func validateNamedValues(field string, values []NamedValueInput) error {
	for i, v := range values {
		if isBlank(v.Name) {
			return apierror.Invalid(fmt.Sprintf("%s[%d].name", field, i), "%s[%d].name is required", field, i)
		}
		if v.Value == nil {
			return apierror.Invalid(fmt.Sprintf("%s[%d].value", field, i), "%s[%d].value is required", field, i)
		}
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
