package recruiting

import (
	"context"
	"fmt"
	"net/http"
	"net/mail"
	"net/url"
	"slices"
	"strings"

	"github.com/hiregraph/hiregraph/ent"
	"github.com/hiregraph/hiregraph/ent/candidate"
	"github.com/hiregraph/hiregraph/ent/fielddefinition"
	"github.com/hiregraph/hiregraph/ent/opening"
	"github.com/hiregraph/hiregraph/ent/position"
	"github.com/hiregraph/hiregraph/ent/schema/schematype"
	"github.com/hiregraph/hiregraph/ent/user"
	"github.com/hiregraph/hiregraph/internal/apierror"
	"github.com/hiregraph/hiregraph/internal/permission"
	"github.com/hiregraph/hiregraph/internal/sanitize"
)

// refuseTransition is the 409 illegal_transition of a position, opening
// or approval change that the current state does not allow (the code
// candidates answer too); the message says what state the record is in and
// what would make the change possible.
func refuseTransition(format string, args ...any) *apierror.Error {
	return apierror.New(http.StatusConflict, CodeIllegalTransition, format, args...)
}

// WorkplaceTypes are the values of a position's workplace_type.
var WorkplaceTypes = []string{"on-site", "hybrid", "remote"}

// CreatePositionInput is a position made from scratch: the clone request of
// spec 4.1 without a template (so without copy_assignees), and the fields a
// clone inherits from its template.
type CreatePositionInput struct {
	NewPositionFields
	PositionPageFields
}

// PositionPageFields are the fields a clone takes from its template and a
// new or updated position is given directly.
type PositionPageFields struct {
	WorkplaceType        *string `json:"workplace_type"`
	Email                *string `json:"email"`
	URLServiceHostedPage *string `json:"url_service_hosted_page"`
	URLActivePage        *string `json:"url_active_page"`
	PictureURL           *string `json:"picture_url"`
	InternalUseCustomID  *string `json:"internal_use_custom_id"`
}

// cloneInput is the clone request that creates the same position from a
// blank template, so both run one validation and one writer.
func (in CreatePositionInput) cloneInput() CloneInput {
	noTemplateTeam := false
	return CloneInput{CopyAssignees: &noTemplateTeam, NewPositionFields: in.NewPositionFields}
}

// validate checks the page fields: a workplace type of the list, an
// e-mail address, absolute http(s) URLs and the lengths the columns hold.
func (f PositionPageFields) validate() error {
	if f.WorkplaceType != nil && *f.WorkplaceType != "" && !slices.Contains(WorkplaceTypes, *f.WorkplaceType) {
		return apierror.Invalid("workplace_type", "workplace_type must be one of %s, or empty", strings.Join(WorkplaceTypes, ", "))
	}
	if f.Email != nil && *f.Email != "" {
		if a, err := mail.ParseAddress(*f.Email); err != nil || a.Address != *f.Email || len(*f.Email) > 320 {
			return apierror.Invalid("email", "email must be a bare e-mail address such as jobs@example.com, got %q", *f.Email)
		}
	}
	for _, u := range []struct {
		field string
		value *string
	}{{"url_service_hosted_page", f.URLServiceHostedPage}, {"url_active_page", f.URLActivePage}, {"picture_url", f.PictureURL}} {
		if err := checkPageURL(u.field, u.value); err != nil {
			return err
		}
	}
	return tooLong("internal_use_custom_id", f.InternalUseCustomID)
}

func checkPageURL(field string, value *string) error {
	if value == nil || *value == "" {
		return nil
	}
	u, err := url.Parse(*value)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" || len(*value) > 2000 {
		return apierror.Invalid(field, "%s must be an absolute http or https URL of at most 2000 bytes", field)
	}
	return nil
}

// blankBase is the template a position created from scratch is cloned
// from: it holds nothing but the page fields of the request.
func (f PositionPageFields) blankBase() *ent.Position {
	p := &ent.Position{Workflow: []schematype.WorkflowStep{}}
	set := func(dst *string, src *string) {
		if src != nil {
			*dst = *src
		}
	}
	set(&p.WorkplaceType, f.WorkplaceType)
	set(&p.Email, f.Email)
	set(&p.URLServiceHostedPage, f.URLServiceHostedPage)
	set(&p.URLActivePage, f.URLActivePage)
	set(&p.PictureURL, f.PictureURL)
	if f.InternalUseCustomID != nil && *f.InternalUseCustomID != "" {
		p.InternalUseCustomID = f.InternalUseCustomID
	}
	return p
}

// CreatePosition creates a position from scratch with its openings, in one
// transaction. It runs the clone's rules (spec 4.1) on a blank template:
// the same required fields, option lists, users, openings and errors; no
// workflow or questionnaires are inherited.
func (s *PositionService) CreatePosition(ctx context.Context, in CreatePositionInput) (*ent.Position, error) {
	if err := Require(ctx, permission.EditPositions); err != nil {
		return nil, err
	}
	if in.SalaryRange != nil {
		if err := Require(ctx, permission.EditSalary); err != nil {
			return nil, err
		}
	}
	clone := in.cloneInput()
	if err := clone.validate(); err != nil {
		return nil, err
	}
	if err := in.PositionPageFields.validate(); err != nil {
		return nil, err
	}
	var created *ent.Position
	err := s.WithTx(ctx, func(ctx context.Context, client *ent.Client) error {
		c := &cloner{PositionService: s, client: client, in: clone}
		id, err := c.clone(ctx, in.PositionPageFields.blankBase())
		if err != nil {
			return err
		}
		created, err = loadPositionWithOpenings(ctx, client, id)
		return err
	})
	return created, err
}

// UpdatePositionInput changes a position's fields; a field left out (null)
// keeps its value. Status and publication have operations of their own.
type UpdatePositionInput struct {
	PositionFields
	// ClearSalaryRange removes the range SalaryRange would replace. Both
	// need the salary_ranges:write scope.
	ClearSalaryRange *bool        `json:"clear_salary_range"`
	Users            *UpdateUsers `json:"users"`
	PositionPageFields
}

// UpdateUsers names new holders of a position's roles by e-mail; a role
// left out keeps its user.
type UpdateUsers struct {
	LeadRecruiter             *UserRef `json:"lead_recruiter"`
	HiringManager             *UserRef `json:"hiring_manager"`
	LeadRecruitingCoordinator *UserRef `json:"lead_recruiting_coordinator"`
}

func (in UpdatePositionInput) validate() error {
	if in.Name != nil && isBlank(in.Name) {
		return apierror.Invalid("name", "name must not be blank")
	}
	for _, f := range []struct {
		field string
		value *string
	}{{"name", in.Name}, {"department", in.Department}, {"experience_level", in.ExperienceLevel}, {"employment_type", in.EmploymentType}} {
		if err := tooLong(f.field, f.value); err != nil {
			return err
		}
	}
	if in.SalaryRange != nil && in.ClearSalaryRange != nil && *in.ClearSalaryRange {
		return apierror.Invalid("clear_salary_range", "give salary_range or clear_salary_range, not both")
	}
	if in.SalaryRange != nil {
		if err := in.SalaryRange.validate(); err != nil {
			return err
		}
	}
	if err := validateNamedValues("categories", in.Categories); err != nil {
		return err
	}
	if err := validateNamedValues("details", in.Details); err != nil {
		return err
	}
	return in.PositionPageFields.validate()
}

func (in UpdatePositionInput) writesSalary() bool {
	return in.SalaryRange != nil || (in.ClearSalaryRange != nil && *in.ClearSalaryRange)
}

// findPosition reads a position of the viewer's company, only the columns
// given when there are any; another company's reads like a missing one.
func findPosition(ctx context.Context, client *ent.Client, id string, columns ...string) (*ent.Position, error) {
	q := client.Position.Query().Where(position.ID(id))
	if len(columns) > 0 {
		q = q.Select(columns...).PositionQuery
	}
	return onePosition(ctx, q, id)
}

// lockPosition is findPosition of every column for a change of the position or its
// openings: the row stays locked until the transaction ends.
func lockPosition(ctx context.Context, client *ent.Client, id string) (*ent.Position, error) {
	return onePosition(ctx, client.Position.Query().Where(position.ID(id), lockedForWrite), id)
}

func onePosition(ctx context.Context, q *ent.PositionQuery, id string) (*ent.Position, error) {
	p, err := q.Only(ctx)
	if ent.IsNotFound(err) {
		return nil, apierror.NotFound("position_not_found", "no position has the uid %q", id)
	}
	if err != nil {
		return nil, fmt.Errorf("loading position: %w", err)
	}
	return p, nil
}

// UpdatePosition changes the fields the input gives, in one transaction,
// and records position.updated with the before and after of each field
// that changed. Categories and details merge by name as in a clone (a
// name given replaces that value; an empty value of a dropdown clears it).
func (s *PositionService) UpdatePosition(ctx context.Context, id string, in UpdatePositionInput) (*ent.Position, error) {
	if err := Require(ctx, permission.EditPositions); err != nil {
		return nil, err
	}
	var updated *ent.Position
	err := s.WithTx(ctx, func(ctx context.Context, client *ent.Client) error {
		p, err := lockPosition(ctx, client, id)
		if err != nil {
			return err
		}
		if in.writesSalary() {
			if err := Require(ctx, permission.EditSalary); err != nil {
				return err
			}
		}
		if err := in.validate(); err != nil {
			return err
		}
		u := &positionUpdater{cloner: &cloner{PositionService: s, client: client}, p: p, update: client.Position.UpdateOne(p)}
		if u.fields, err = loadFieldBook(ctx, client); err != nil {
			return err
		}
		if err := u.apply(ctx, in); err != nil {
			return err
		}
		if len(u.changes) == 0 {
			updated = p
			return nil
		}
		if updated, err = u.update.SetTimeUpdated(s.now()).Save(ctx); err != nil {
			return fmt.Errorf("saving position: %w", err)
		}
		if in.Users != nil {
			if err := GiveLeadRoles(ctx, client, updated); err != nil {
				return err
			}
		}
		return s.record(ctx, client, Activity{Verb: VerbPositionUpdated, ObjectType: "Position", ObjectID: p.ID, PositionID: p.ID, Changes: u.changes, Object: updated})
	})
	return updated, err
}

// positionUpdater applies one update: each step sets the fields it owns
// and notes their changes.
type positionUpdater struct {
	*cloner
	p       *ent.Position
	update  *ent.PositionUpdateOne
	changes []schematype.FieldChange
}

func (u *positionUpdater) note(field string, before, after any) {
	u.changes = append(u.changes, Change(field, before, after)...)
}

func (u *positionUpdater) apply(ctx context.Context, in UpdatePositionInput) error {
	p := u.p
	if in.Name != nil {
		u.update.SetName(*in.Name)
		u.note("name", p.Name, *in.Name)
	}
	if in.IsDiscreet != nil {
		u.update.SetIsDiscreet(*in.IsDiscreet)
		u.note("isDiscreet", p.IsDiscreet, *in.IsDiscreet)
	}
	if in.IsTalentPool != nil {
		u.update.SetIsTalentPool(*in.IsTalentPool)
		u.note("isTalentPool", p.IsTalentPool, *in.IsTalentPool)
	}
	u.applyPageFields(in.PositionPageFields)
	if err := u.applyOptions(ctx, in); err != nil {
		return err
	}
	if err := u.applyLocation(ctx, in.Location); err != nil {
		return err
	}
	u.applySalary(in)
	if err := u.applyNamedValues(ctx, in); err != nil {
		return err
	}
	if err := u.applyQuestionnaires(ctx, in.QuestionnaireUIDs); err != nil {
		return err
	}
	return u.applyUsers(ctx, in.Users)
}

func (u *positionUpdater) applyPageFields(f PositionPageFields) {
	p := u.p
	for _, x := range []struct {
		field  string // as the graph spells it
		value  *string
		before string
		set    func(string) *ent.PositionUpdateOne
	}{
		{"workplaceType", f.WorkplaceType, p.WorkplaceType, u.update.SetWorkplaceType},
		{"email", f.Email, p.Email, u.update.SetEmail},
		{"urlServiceHostedPage", f.URLServiceHostedPage, p.URLServiceHostedPage, u.update.SetURLServiceHostedPage},
		{"urlActivePage", f.URLActivePage, p.URLActivePage, u.update.SetURLActivePage},
		{"pictureURL", f.PictureURL, p.PictureURL, u.update.SetPictureURL},
	} {
		if x.value != nil {
			x.set(*x.value)
			u.note(x.field, x.before, *x.value)
		}
	}
	if id := f.InternalUseCustomID; id != nil {
		// An empty id clears it: null is what a position without one shows.
		var after *string
		if *id != "" {
			after = id
		}
		u.update.SetNillableInternalUseCustomID(after)
		if after == nil {
			u.update.ClearInternalUseCustomID()
		}
		u.note("internalUseCustomID", p.InternalUseCustomID, after)
	}
}

func (u *positionUpdater) applyOptions(ctx context.Context, in UpdatePositionInput) error {
	p := u.p
	for _, opt := range []struct {
		value        *string
		before       string
		scope        fielddefinition.Scope
		label, field string
		set          func(string) *ent.PositionUpdateOne
	}{
		{in.Department, p.Department, fielddefinition.ScopeDepartment, "Department", "department", u.update.SetDepartment},
		{in.ExperienceLevel, p.ExperienceLevel, fielddefinition.ScopeExperienceLevel, "Experience level", "experienceLevel", u.update.SetExperienceLevel},
		{in.EmploymentType, p.EmploymentType, fielddefinition.ScopeEmploymentType, "Employment type", "employmentType", u.update.SetEmploymentType},
	} {
		if opt.value == nil {
			continue
		}
		value, err := u.fields.useOption(ctx, opt.scope, opt.label, *opt.value)
		if err != nil {
			return err
		}
		opt.set(value)
		u.note(opt.field, opt.before, value)
	}
	return nil
}

// applyLocation sets the location; a location object without a uid
// removes it.
func (u *positionUpdater) applyLocation(ctx context.Context, ref *LocationRef) error {
	if ref == nil {
		return nil
	}
	if ref.UID == nil || *ref.UID == "" {
		u.update.ClearLocation()
		u.note("location", u.p.LocationID, nil)
		return nil
	}
	loc, err := u.client.Location.Get(ctx, *ref.UID)
	if ent.IsNotFound(err) {
		return invalidRef("location_not_found", "location.uid", "location.uid: no location has the uid %q", *ref.UID)
	}
	if err != nil {
		return err
	}
	u.update.SetLocation(loc)
	u.note("location", u.p.LocationID, loc.ID)
	return nil
}

func (u *positionUpdater) applySalary(in UpdatePositionInput) {
	switch {
	case in.SalaryRange != nil:
		r := in.SalaryRange
		after := &schematype.SalaryRange{Min: *r.Min, Max: *r.Max, CurrencyCode: *r.CurrencyCode, Period: *r.Period}
		u.update.SetSalaryRange(after)
		u.note("salaryRange", u.p.SalaryRange, after)
	case in.ClearSalaryRange != nil && *in.ClearSalaryRange:
		u.update.ClearSalaryRange()
		u.note("salaryRange", u.p.SalaryRange, nil)
	}
}

func (u *positionUpdater) applyNamedValues(ctx context.Context, in UpdatePositionInput) error {
	if in.Categories != nil {
		categories, err := u.namedValues(ctx, fielddefinition.ScopeCategory, "categories", u.p.Categories, in.Categories, func(s string) string { return s })
		if err != nil {
			return err
		}
		u.update.SetCategories(categories)
		u.note("categories", u.p.Categories, categories)
	}
	if in.Details != nil {
		details, err := u.namedValues(ctx, fielddefinition.ScopeDetail, "details", u.p.Details, in.Details, sanitize.PositionDetail)
		if err != nil {
			return err
		}
		u.update.SetDetails(details)
		u.note("details", u.p.Details, details)
	}
	return nil
}

// applyQuestionnaires replaces the questionnaires when the input lists
// them; an empty list removes them all.
func (u *positionUpdater) applyQuestionnaires(ctx context.Context, uids []string) error {
	if uids == nil {
		return nil
	}
	before, err := u.p.QueryQuestionnaires().IDs(ctx)
	if err != nil {
		return err
	}
	after := make([]string, 0, len(uids))
	for i, id := range uids {
		q, err := u.client.Questionnaire.Get(ctx, id)
		if ent.IsNotFound(err) {
			return invalidRef("questionnaire_not_found", fmt.Sprintf("questionnaire_uids[%d]", i), "questionnaire_uids[%d]: no questionnaire has the uid %q", i, id)
		}
		if err != nil {
			return err
		}
		if !slices.Contains(after, q.ID) {
			after = append(after, q.ID)
		}
	}
	u.update.ClearQuestionnaires().AddQuestionnaireIDs(after...)
	slices.Sort(before)
	slices.Sort(after)
	u.note("questionnaires", before, after)
	return nil
}

// applyUsers gives roles to new users, under the clone's rules (the lead
// recruiter holds the recruiter role; no fallback). A new holder joins the
// hiring team; the former one stays on it.
func (u *positionUpdater) applyUsers(ctx context.Context, users *UpdateUsers) error {
	if users == nil {
		return nil
	}
	p := u.p
	for _, role := range []struct {
		ref    *UserRef
		field  string
		before *string
		set    func(string) *ent.PositionUpdateOne
		name   string
	}{
		{users.LeadRecruiter, "users.lead_recruiter.email", p.LeadRecruiterID, u.update.SetLeadRecruiterID, "leadRecruiter"},
		{users.HiringManager, "users.hiring_manager.email", p.HiringManagerID, u.update.SetHiringManagerID, "hiringManager"},
		{users.LeadRecruitingCoordinator, "users.lead_recruiting_coordinator.email", p.CoordinatorID, u.update.SetCoordinatorID, "leadRecruitingCoordinator"},
	} {
		if role.ref == nil {
			continue
		}
		if isBlank(role.ref.Email) {
			return apierror.Invalid(role.field, "%s must not be blank", role.field)
		}
		holder, _, err := findUser(ctx, u.client, *role.ref.Email, role.field, false)
		if err != nil {
			return err
		}
		if role.name == "leadRecruiter" && !slices.Contains(holder.Roles, permission.RoleRecruiter) {
			return invalidRef("user_not_recruiter", role.field, "%s: %s does not have the recruiter role", role.field, holder.Email)
		}
		role.set(holder.ID)
		u.note(role.name, role.before, holder.ID)
		inTeam, err := u.p.QueryHiringTeam().Where(user.ID(holder.ID)).Exist(ctx)
		if err != nil {
			return err
		}
		if !inTeam {
			u.update.AddHiringTeamIDs(holder.ID)
		}
	}
	return nil
}

// SetPositionStatus moves a position to open, on hold or closed (README,
// "Position lifecycle"). Setting the status it has changes nothing and
// records nothing. On hold and closed positions are unpublished; closing
// needs every candidate in progress decided first and closes the openings
// still open or pending.
func (s *PositionService) SetPositionStatus(ctx context.Context, id string, status position.Status) (*ent.Position, error) {
	if err := Require(ctx, permission.ChangePositionStatus); err != nil {
		return nil, err
	}
	if err := position.StatusValidator(status); err != nil {
		return nil, apierror.Invalid("status", "status must be OPEN, ON_HOLD or CLOSED")
	}
	var updated *ent.Position
	err := s.WithTx(ctx, func(ctx context.Context, client *ent.Client) error {
		p, err := lockPosition(ctx, client, id)
		if err != nil {
			return err
		}
		if p.Status == status {
			updated = p
			return nil
		}
		if updated, err = s.changePositionStatus(ctx, client, p, status); err != nil {
			return err
		}
		return nil
	})
	return updated, err
}

func (s *PositionService) changePositionStatus(ctx context.Context, client *ent.Client, p *ent.Position, status position.Status) (*ent.Position, error) {
	if status == position.StatusClosed {
		inProgress, err := p.QueryCandidates().Where(candidate.StatusEQ(candidate.StatusInProgress), candidate.Deleted(false)).Count(ctx)
		if err != nil {
			return nil, err
		}
		if inProgress > 0 {
			return nil, apierror.New(http.StatusConflict, "candidates_in_progress",
				"position %s has %d candidates in progress; reject, withdraw or hire them before closing it, or put it on hold", p.ID, inProgress)
		}
		if err := s.closeOpenings(ctx, client, p); err != nil {
			return nil, err
		}
	}
	now := s.now()
	changes := Change("status", p.Status, status)
	update := client.Position.UpdateOne(p).SetStatus(status).SetTimeUpdated(now)
	if status != position.StatusOpen && p.IsPublished {
		update.SetIsPublished(false)
		changes = append(changes, Change("isPublished", true, false)...)
	}
	updated, err := update.Save(ctx)
	if err != nil {
		return nil, fmt.Errorf("saving position: %w", err)
	}
	return updated, s.record(ctx, client, Activity{Verb: VerbPositionStatusChanged, ObjectType: "Position", ObjectID: p.ID, PositionID: p.ID, Changes: changes, Object: updated})
}

// closeOpenings closes the position's open and pending openings, each with
// its activity; filled and closed ones keep their state.
func (s *PositionService) closeOpenings(ctx context.Context, client *ent.Client, p *ent.Position) error {
	// Not p.QueryOpenings(): an edge query reads DISTINCT rows, which
	// PostgreSQL cannot lock.
	open, err := client.Opening.Query().
		Where(opening.PositionID(p.ID), opening.StatusIn(opening.StatusOpen, opening.StatusPending), lockedForWrite).
		All(ctx)
	if err != nil {
		return err
	}
	for _, o := range open {
		if err := s.setOpeningStatus(ctx, client, o, opening.StatusClosed); err != nil {
			return err
		}
	}
	return nil
}

// PublishPosition shows an open position in the careers API and page from
// the moment it commits. Templates and positions that are on hold or
// closed cannot be published; publishing a published position changes
// nothing.
func (s *PositionService) PublishPosition(ctx context.Context, id string) (*ent.Position, error) {
	return s.setPublished(ctx, id, true)
}

// UnpublishPosition takes a position off the careers API and page;
// unpublishing an unpublished position changes nothing.
func (s *PositionService) UnpublishPosition(ctx context.Context, id string) (*ent.Position, error) {
	return s.setPublished(ctx, id, false)
}

func (s *PositionService) setPublished(ctx context.Context, id string, publish bool) (*ent.Position, error) {
	if err := Require(ctx, permission.PublishPositions); err != nil {
		return nil, err
	}
	var updated *ent.Position
	err := s.WithTx(ctx, func(ctx context.Context, client *ent.Client) error {
		p, err := lockPosition(ctx, client, id)
		if err != nil {
			return err
		}
		if p.IsPublished == publish {
			updated = p
			return nil
		}
		if publish {
			if err := checkPublishable(p); err != nil {
				return err
			}
		}
		if updated, err = client.Position.UpdateOne(p).SetIsPublished(publish).SetTimeUpdated(s.now()).Save(ctx); err != nil {
			return fmt.Errorf("saving position: %w", err)
		}
		verb := VerbPositionUnpublished
		if publish {
			verb = VerbPositionPublished
		}
		return s.record(ctx, client, Activity{Verb: verb, ObjectType: "Position", ObjectID: p.ID, PositionID: p.ID, Changes: Change("isPublished", !publish, publish), Object: updated})
	})
	return updated, err
}

func checkPublishable(p *ent.Position) error {
	if p.IsTemplate {
		return apierror.New(http.StatusUnprocessableEntity, CodePositionIsTemplate,
			"position %s is a template; templates are cloned, not published", p.ID)
	}
	if p.Status != position.StatusOpen {
		return refuseTransition("position %s is %s; only an open position can be published (set its status to open first)",
			p.ID, PositionStatuses.Spell(p.Status))
	}
	return nil
}
