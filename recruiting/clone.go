package recruiting

import (
	"context"
	"fmt"
	"maps"
	"net/http"
	"slices"

	"github.com/hiregraph/hiregraph/ent"
	"github.com/hiregraph/hiregraph/ent/fielddefinition"
	"github.com/hiregraph/hiregraph/ent/hiringteammember"
	"github.com/hiregraph/hiregraph/ent/opening"
	"github.com/hiregraph/hiregraph/ent/position"
	"github.com/hiregraph/hiregraph/ent/schema/rule"
	"github.com/hiregraph/hiregraph/ent/schema/schematype"
	"github.com/hiregraph/hiregraph/internal/apierror"
	"github.com/hiregraph/hiregraph/internal/apitime"
	"github.com/hiregraph/hiregraph/internal/permission"
	"github.com/hiregraph/hiregraph/internal/sanitize"
)

// ClonePosition creates a position from a template position, with its
// openings (spec 4.1), in one transaction: a request that fails on any
// field writes nothing. It returns the new position with its location,
// openings and their approval processes loaded.
func (s *PositionService) ClonePosition(ctx context.Context, templateID string, in CloneInput) (*ent.Position, error) {
	if err := Require(ctx, permission.EditPositions); err != nil {
		return nil, err
	}
	var created *ent.Position
	err := s.WithTx(ctx, func(ctx context.Context, client *ent.Client) error {
		tmpl, err := findTemplate(ctx, client, templateID)
		if err != nil {
			return err
		}
		if in.SalaryRange != nil {
			if err := Require(ctx, permission.EditSalary); err != nil {
				return err
			}
		}
		if err := in.validate(); err != nil {
			return err
		}
		c := &cloner{PositionService: s, client: client, in: in}
		id, err := c.clone(ctx, tmpl)
		if err != nil {
			return err
		}
		created, err = loadPositionWithOpenings(ctx, client, id)
		return err
	})
	return created, err
}

// loadPositionWithOpenings reads a position as the clone response shows
// it: with its location, and its openings with their approval processes.
func loadPositionWithOpenings(ctx context.Context, client *ent.Client, id string) (*ent.Position, error) {
	return client.Position.Query().
		Where(position.ID(id)).
		WithLocation().
		WithOpenings(func(q *ent.OpeningQuery) { withOpeningDetails(q).Order(opening.ByTimeCreated(), opening.ByID()) }).
		Only(ctx)
}

// findTemplate returns the position to clone. The path comes first: a
// request for a position that cannot be cloned gets that answer whatever its
// body says. Another company's position reads like a missing one.
func findTemplate(ctx context.Context, client *ent.Client, id string) (*ent.Position, error) {
	notFound := apierror.NotFound("position_not_found", "no position has the uid %q", id)
	// The clone keeps the template's salary range even when the caller may
	// not read it.
	tmpl, err := client.Position.Get(rule.WithSalaries(ctx), id)
	if ent.IsNotFound(err) {
		return nil, notFound
	}
	if err != nil {
		return nil, fmt.Errorf("loading template: %w", err)
	}
	if !tmpl.IsTemplate {
		return nil, apierror.New(http.StatusUnprocessableEntity, "position_not_template",
			"position %s is not a template; only positions with is_template true can be cloned", id)
	}
	return tmpl, nil
}

// cloner carries one clone request through its steps.
type cloner struct {
	*PositionService
	client *ent.Client
	in     CloneInput
	fields *fieldBook
}

func (c *cloner) clone(ctx context.Context, tmpl *ent.Position) (string, error) {
	var err error
	if c.fields, err = loadFieldBook(ctx, c.client); err != nil {
		return "", err
	}
	create, err := c.positionFromTemplate(ctx, tmpl)
	if err != nil {
		return "", err
	}
	if err := c.applyRequest(ctx, create, tmpl); err != nil {
		return "", err
	}
	saveCtx := ctx
	if c.in.SalaryRange == nil {
		// A range here is the template's copy, kept with or without the
		// salary permission (README, clone).
		saveCtx = rule.WithSalaries(ctx)
	}
	pos, err := create.Save(saveCtx)
	if err != nil {
		return "", fmt.Errorf("saving position: %w", err)
	}
	if err := c.giveTeamRoles(ctx, pos, tmpl); err != nil {
		return "", err
	}
	if err := c.record(ctx, c.client, Activity{Verb: VerbPositionCreated, ObjectType: "Position", ObjectID: pos.ID, PositionID: pos.ID,
		Changes: Change("template", nil, pos.TemplateID), Object: pos}); err != nil {
		return "", err
	}
	// The template's pipeline comes along, as its workflow did; a position
	// made from scratch (a blank base, whose ID is "") gets a copy of the
	// company's default pipeline.
	steps, err := c.candidates.pipelineOf(ctx, c.client, tmpl.ID)
	if err != nil {
		return "", err
	}
	if _, err := c.candidates.CopyPipeline(ctx, c.client, pos, steps, *c.in.CopyAssignees); err != nil {
		return "", err
	}
	if err := copyScorecardAttributes(ctx, c.client, tmpl.ID, pos.ID); err != nil {
		return "", err
	}
	return pos.ID, c.createOpenings(ctx, pos)
}

// isBlankBase tells the empty base of createPosition from a template.
func isBlankBase(tmpl *ent.Position) bool { return tmpl.ID == "" }

// positionFromTemplate copies what the new position inherits; a blank base
// (createPosition) gives nothing.
func (c *cloner) positionFromTemplate(ctx context.Context, tmpl *ent.Position) (*ent.PositionCreate, error) {
	now := c.now()
	create := c.client.Position.Create()
	if isBlankBase(tmpl) {
		// Not a clone: the requisition id is the request's own.
		create.SetNillableInternalUseCustomID(tmpl.InternalUseCustomID)
	} else {
		create.SetTemplate(tmpl)
	}
	create.
		SetTimeCreated(now).
		SetTimeUpdated(now).
		SetIsTemplate(false).
		SetIsPublished(false).
		SetEmail(tmpl.Email).
		SetURLServiceHostedPage(tmpl.URLServiceHostedPage).
		SetURLActivePage(tmpl.URLActivePage).
		SetPictureURL(tmpl.PictureURL).
		SetWorkplaceType(tmpl.WorkplaceType).
		SetDepartment(tmpl.Department).
		SetExperienceLevel(tmpl.ExperienceLevel).
		SetEmploymentType(tmpl.EmploymentType).
		SetIsTalentPool(tmpl.IsTalentPool).
		SetNillableLocationID(tmpl.LocationID).
		SetNillableScorecardRatingScale(tmpl.ScorecardRatingScale)
	if tmpl.SalaryRange != nil {
		create.SetSalaryRange(tmpl.SalaryRange)
	}
	// Omitted questionnaire_uids keep the template's; a list, even an
	// empty one, replaces them.
	if c.in.QuestionnaireUIDs == nil && !isBlankBase(tmpl) {
		ids, err := tmpl.QueryQuestionnaires().IDs(ctx)
		if err != nil {
			return nil, err
		}
		create.AddQuestionnaireIDs(ids...)
	}
	return create, nil
}

// applyRequest sets what the request says, over what the template gave.
func (c *cloner) applyRequest(ctx context.Context, create *ent.PositionCreate, tmpl *ent.Position) error {
	in := c.in
	status, _ := PositionStatuses.Read(*in.Status)
	create.SetName(*in.Name).SetStatus(status).SetIsDiscreet(*in.IsDiscreet)
	if in.IsTalentPool != nil {
		create.SetIsTalentPool(*in.IsTalentPool)
	}
	if in.SalaryRange != nil {
		r := in.SalaryRange
		create.SetSalaryRange(&schematype.SalaryRange{Min: *r.Min, Max: *r.Max, CurrencyCode: *r.CurrencyCode, Period: *r.Period})
	}
	for _, opt := range []struct {
		value *string
		scope fielddefinition.Scope
		label string
		set   func(string) *ent.PositionCreate
	}{
		{in.Department, fielddefinition.ScopeDepartment, "Department", create.SetDepartment},
		{in.ExperienceLevel, fielddefinition.ScopeExperienceLevel, "Experience level", create.SetExperienceLevel},
		{in.EmploymentType, fielddefinition.ScopeEmploymentType, "Employment type", create.SetEmploymentType},
	} {
		if opt.value == nil {
			continue
		}
		value, err := c.fields.useOption(ctx, opt.scope, opt.label, *opt.value)
		if err != nil {
			return err
		}
		opt.set(value)
	}
	if err := c.setLocation(ctx, create); err != nil {
		return err
	}
	categories, err := c.namedValues(ctx, fielddefinition.ScopeCategory, "categories", tmpl.Categories, in.Categories, func(s string) string { return s })
	if err != nil {
		return err
	}
	details, err := c.namedValues(ctx, fielddefinition.ScopeDetail, "details", tmpl.Details, in.Details, sanitize.PositionDetail)
	if err != nil {
		return err
	}
	create.SetCategories(categories).SetDetails(details)
	if err := c.setQuestionnaires(ctx, create); err != nil {
		return err
	}
	return c.setHiringTeam(ctx, create, tmpl)
}

func (c *cloner) setLocation(ctx context.Context, create *ent.PositionCreate) error {
	id, field := c.in.LocationUID, "location_uid"
	if c.in.Location != nil && c.in.Location.UID != nil {
		id, field = c.in.Location.UID, "location.uid"
	}
	if id == nil {
		return nil
	}
	loc, err := c.client.Location.Get(ctx, *id)
	if ent.IsNotFound(err) {
		return invalidRef("location_not_found", field, "%s: no location has the uid %q", field, *id)
	}
	if err != nil {
		return err
	}
	create.SetLocation(loc)
	return nil
}

// namedValues merges the request's categories or details over the
// template's: a name the request gives replaces the template's value, new
// names are appended, and order is renumbered from 1.
func (c *cloner) namedValues(ctx context.Context, scope fielddefinition.Scope, field string, base []schematype.NamedValue, in []NamedValueInput, clean func(string) string) ([]schematype.NamedValue, error) {
	out := append([]schematype.NamedValue{}, base...)
	for i, v := range in {
		def, err := c.fields.field(scope, *v.Name, fmt.Sprintf("%s[%d].name", field, i))
		if err != nil {
			return nil, err
		}
		value, err := c.fields.useValue(ctx, def, *v.Value)
		if err != nil {
			return nil, err
		}
		nv := schematype.NamedValue{Name: def.Name, Value: clean(value)}
		if at := slices.IndexFunc(out, func(x schematype.NamedValue) bool { return x.Name == def.Name }); at >= 0 {
			out[at] = nv
		} else {
			out = append(out, nv)
		}
	}
	for i := range out {
		out[i].Order = i + 1
	}
	return out, nil
}

func (c *cloner) setQuestionnaires(ctx context.Context, create *ent.PositionCreate) error {
	for i, id := range c.in.QuestionnaireUIDs {
		q, err := c.client.Questionnaire.Get(ctx, id)
		if ent.IsNotFound(err) {
			return invalidRef("questionnaire_not_found", fmt.Sprintf("questionnaire_uids[%d]", i), "questionnaire_uids[%d]: no questionnaire has the uid %q", i, id)
		}
		if err != nil {
			return err
		}
		create.AddQuestionnaires(q)
	}
	return nil
}

// setHiringTeam gives the position the users of the request. With
// copy_assignees the template's hiring team and workflow assignees come
// along; without, the workflow keeps its steps but not their assignees, which
// the new hiring team assigns.
func (c *cloner) setHiringTeam(ctx context.Context, create *ent.PositionCreate, tmpl *ent.Position) error {
	team, err := resolveHiringTeam(ctx, c.client, *c.in.Users, c.in.AllowFallback != nil && *c.in.AllowFallback)
	if err != nil {
		return err
	}
	create.SetLeadRecruiter(team.leadRecruiter).SetHiringManager(team.hiringManager)
	members := []*ent.User{team.leadRecruiter, team.hiringManager}
	if team.coordinator != nil {
		create.SetCoordinator(team.coordinator)
		members = append(members, team.coordinator)
	}
	workflow := append([]schematype.WorkflowStep{}, tmpl.Workflow...)
	if *c.in.CopyAssignees && !isBlankBase(tmpl) {
		templateTeam, err := tmpl.QueryHiringTeam().All(ctx)
		if err != nil {
			return err
		}
		members = append(members, templateTeam...)
	} else {
		for i := range workflow {
			workflow[i].AssigneeIDs = []string{}
		}
	}
	create.SetWorkflow(workflow).AddHiringTeamIDs(uniqueIDs(members)...)
	return nil
}

// giveTeamRoles gives the new position's team members the roles they have
// on the template's team (with copy_assignees), then the leads theirs.
func (c *cloner) giveTeamRoles(ctx context.Context, pos, tmpl *ent.Position) error {
	if *c.in.CopyAssignees && !isBlankBase(tmpl) {
		members, err := tmpl.QueryTeamMembers().All(ctx)
		if err != nil {
			return fmt.Errorf("loading the template's hiring team: %w", err)
		}
		for _, m := range members {
			err := c.client.HiringTeamMember.Update().
				Where(hiringteammember.PositionID(pos.ID), hiringteammember.UserID(m.UserID)).SetRole(m.Role).Exec(ctx)
			if err != nil {
				return fmt.Errorf("saving hiring team: %w", err)
			}
		}
	}
	return GiveLeadRoles(ctx, c.client, pos)
}

func uniqueIDs(users []*ent.User) []string {
	var ids []string
	for _, u := range users {
		if !slices.Contains(ids, u.ID) {
			ids = append(ids, u.ID)
		}
	}
	return ids
}

// createOpenings creates the request's openings, or one opening named
// after the position when the request lists none.
func (c *cloner) createOpenings(ctx context.Context, pos *ent.Position) error {
	if c.in.Openings == nil {
		now := c.now()
		o, err := c.client.Opening.Create().
			SetPosition(pos).SetName(pos.Name).SetReason(opening.ReasonNew).SetStatus(opening.StatusOpen).
			SetTimeOpened(now).SetTimeCreated(now).SetTimeLastStatusChange(now).SetTimeUpdated(now).
			Save(ctx)
		if err != nil {
			return err
		}
		return c.recordOpeningCreated(ctx, o)
	}
	for i, o := range c.in.Openings {
		if _, err := c.createOpening(ctx, pos, fmt.Sprintf("openings[%d]", i), o, 1); err != nil {
			return err
		}
	}
	return nil
}

func (c *cloner) recordOpeningCreated(ctx context.Context, o *ent.Opening) error {
	return c.record(ctx, c.client, Activity{Verb: VerbOpeningCreated, ObjectType: "Opening", ObjectID: o.ID, PositionID: o.PositionID, Object: o})
}

// createOpening creates one opening of the request, with its activity.
// validate has checked its fields; its dates are read here, where they are
// used.
func (c *cloner) createOpening(ctx context.Context, pos *ent.Position, field string, in OpeningInput, headcount int) (*ent.Opening, error) {
	o, err := c.saveOpening(ctx, pos, field, in, headcount)
	if err != nil {
		return nil, err
	}
	return o, c.recordOpeningCreated(ctx, o)
}

func (c *cloner) saveOpening(ctx context.Context, pos *ent.Position, field string, in OpeningInput, headcount int) (*ent.Opening, error) {
	expected, err := apitime.ParseDateOrTime(field+".time_expected_hire", *in.TimeExpectedHire)
	if err != nil {
		return nil, err
	}
	now := c.now()
	opened := now
	if in.TimeOpened != nil {
		if opened, err = apitime.ParseDateOrTime(field+".time_opened", *in.TimeOpened); err != nil {
			return nil, err
		}
	}
	customFields, err := c.customFields(ctx, field, in.CustomFields)
	if err != nil {
		return nil, err
	}
	reason, _ := OpeningReasons.Read(*in.Reason)
	create := c.client.Opening.Create().
		SetPosition(pos).SetName(*in.Name).SetStatus(opening.StatusOpen).SetReason(reason).SetHeadcount(headcount).
		SetTimeExpectedHire(expected).SetTimeOpened(opened).
		SetTimeCreated(now).SetTimeLastStatusChange(now).SetTimeUpdated(now).
		SetCustomFields(customFields)
	if in.ApprovalStatus == nil {
		return create.Save(ctx)
	}
	approved, err := apitime.ParseDateOrTime(field+".time_approved", *in.TimeApproved)
	if err != nil {
		return nil, err
	}
	o, err := create.SetApprovalStatus(opening.ApprovalStatusApproved).SetTimeApproved(approved).Save(ctx)
	if err != nil {
		return nil, err
	}
	// The opening arrives approved: its approval process is complete, and
	// its status is the opening's approval status, the value the openings
	// filter matches.
	return o, c.client.ApprovalProcess.Create().
		SetOpening(o).SetName(approvalProcessName).SetStatus(ApprovalStatuses.Spell(o.ApprovalStatus)).
		SetTimeStarted(approved).SetTimeCompleted(approved).
		Exec(ctx)
}

// approvalProcessName names the approval processes the service starts.
const approvalProcessName = "Opening approval"

// customFields checks an opening's custom fields against the company's
// definitions and returns them as stored (dropdown values in the options'
// spelling).
func (c *cloner) customFields(ctx context.Context, field string, values schematype.StringMap) (schematype.StringMap, error) {
	out := make(schematype.StringMap, len(values))
	// Sorted, so the first bad key is reported the same way every time.
	for _, k := range slices.Sorted(maps.Keys(values)) {
		def, err := c.fields.field(fielddefinition.ScopeOpeningCustomField, k, field+".custom_fields."+k)
		if err != nil {
			return nil, err
		}
		if out[def.Name], err = c.fields.useValue(ctx, def, values[k]); err != nil {
			return nil, err
		}
	}
	return out, nil
}
