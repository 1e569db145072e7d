package recruiting

import (
	"context"
	"fmt"
	"maps"
	"net/http"
	"slices"
	"time"

	"github.com/hiregraph/hiregraph/apierror"
	"github.com/hiregraph/hiregraph/apitime"
	"github.com/hiregraph/hiregraph/ent"
	"github.com/hiregraph/hiregraph/ent/opening"
	"github.com/hiregraph/hiregraph/ent/position"
	"github.com/hiregraph/hiregraph/ent/schema/schematype"
	"github.com/hiregraph/hiregraph/permission"
)

// maxHeadcount bounds an opening's headcount: larger numbers are typing
// mistakes, not requisitions.
const maxHeadcount = 1000

// CreateOpeningInput is a new opening of an existing position: an opening
// of a clone request (spec 4.1, same rules) with a headcount. Status may be
// left out (it can only be OPEN).
type CreateOpeningInput struct {
	Name             *string              `json:"name"`
	ApprovalStatus   *string              `json:"approval_status"`
	TimeExpectedHire *string              `json:"time_expected_hire"`
	Reason           *string              `json:"reason"`
	Status           *string              `json:"status"`
	TimeApproved     *string              `json:"time_approved"`
	TimeOpened       *string              `json:"time_opened"`
	CustomFields     schematype.StringMap `json:"custom_fields"`
	Headcount        *int                 `json:"headcount"`
}

func (in CreateOpeningInput) openingInput() OpeningInput {
	status := in.Status
	if status == nil {
		open := cloneOpeningStatus
		status = &open
	}
	return OpeningInput{
		Name: in.Name, ApprovalStatus: in.ApprovalStatus, TimeExpectedHire: in.TimeExpectedHire, Reason: in.Reason,
		Status: status, TimeApproved: in.TimeApproved, TimeOpened: in.TimeOpened, CustomFields: in.CustomFields,
	}
}

func checkHeadcount(n *int) error {
	if n != nil && (*n < 1 || *n > maxHeadcount) {
		return apierror.Invalid("headcount", "headcount must be from 1 to %d, got %d", maxHeadcount, *n)
	}
	return nil
}

// findOpening reads an opening of the viewer's company with its approval
// process and hires.
func findOpening(ctx context.Context, client *ent.Client, id string) (*ent.Opening, error) {
	return oneOpening(ctx, client.Opening.Query().Where(opening.ID(id)), id)
}

// lockOpening is findOpening for a change of the opening: it locks the
// opening's position, then the opening, until the transaction ends (the
// lock order of docs/concurrency.md), so a change that depends on the
// position's state (reopening) cannot race the position's closing.
func lockOpening(ctx context.Context, client *ent.Client, id string) (*ent.Opening, error) {
	// An opening never changes position, so its position may be read
	// before the locks.
	positionID, err := client.Opening.Query().Where(opening.ID(id)).Select(opening.FieldPositionID).String(ctx)
	if ent.IsNotFound(err) {
		return nil, openingNotFound(id)
	}
	if err != nil {
		return nil, fmt.Errorf("loading opening: %w", err)
	}
	if _, err := lockPosition(ctx, client, positionID); err != nil {
		return nil, err
	}
	return oneOpening(ctx, client.Opening.Query().Where(opening.ID(id), lockedForWrite), id)
}

func openingNotFound(id string) error {
	return apierror.NotFound(CodeOpeningNotFound, "no opening has the uid %q", id)
}

func oneOpening(ctx context.Context, q *ent.OpeningQuery, id string) (*ent.Opening, error) {
	o, err := withOpeningDetails(q).Only(ctx)
	if ent.IsNotFound(err) {
		return nil, openingNotFound(id)
	}
	if err != nil {
		return nil, fmt.Errorf("loading opening: %w", err)
	}
	return o, nil
}

// CreateOpening adds an opening to a position that is not closed and not a
// template, with its activity, in one transaction.
func (s *Service) CreateOpening(ctx context.Context, positionID string, in CreateOpeningInput) (*ent.Opening, error) {
	if err := Require(ctx, permission.EditPositions); err != nil {
		return nil, err
	}
	var created *ent.Opening
	err := s.WithTx(ctx, func(ctx context.Context, client *ent.Client) error {
		p, err := lockPosition(ctx, client, positionID)
		if err != nil {
			return err
		}
		if err := checkTakesOpenings(p); err != nil {
			return err
		}
		oi := in.openingInput()
		if err := oi.validate("input"); err != nil {
			return err
		}
		if err := checkHeadcount(in.Headcount); err != nil {
			return err
		}
		c := &cloner{Service: s, client: client}
		if c.fields, err = loadFieldBook(ctx, client); err != nil {
			return err
		}
		headcount := 1
		if in.Headcount != nil {
			headcount = *in.Headcount
		}
		o, err := c.createOpening(ctx, p, "input", oi, headcount)
		if err != nil {
			return err
		}
		created, err = findOpening(ctx, client, o.ID)
		return err
	})
	return created, err
}

func checkTakesOpenings(p *ent.Position) error {
	if p.IsTemplate {
		return apierror.New(http.StatusUnprocessableEntity, CodePositionIsTemplate,
			"position %s is a template; its clones take openings", p.ID)
	}
	if p.Status == position.StatusClosed {
		return refuseTransition("position %s is closed; reopen it (status open or on hold) before adding openings", p.ID)
	}
	return nil
}

// UpdateOpeningInput changes an opening; a field left out keeps its value.
// Custom fields merge by name (an empty value of a dropdown clears it).
// Status takes OPEN or CLOSED: Pending follows the approval and Filled a
// hire.
type UpdateOpeningInput struct {
	Name             *string              `json:"name"`
	Reason           *string              `json:"reason"`
	Headcount        *int                 `json:"headcount"`
	TimeExpectedHire *string              `json:"time_expected_hire"`
	CustomFields     schematype.StringMap `json:"custom_fields"`
	Status           *opening.Status      `json:"status"`
}

func (in UpdateOpeningInput) validate() error {
	switch {
	case in.Name != nil && isBlank(in.Name):
		return apierror.Invalid("name", "name must not be blank")
	case in.Name != nil && len(*in.Name) > maxText:
		return tooLong("name", in.Name)
	case in.Reason != nil && !OpeningReasons.Knows(*in.Reason):
		return apierror.Invalid("reason", "reason must be one of %s", OpeningReasons.Spellings())
	}
	return checkHeadcount(in.Headcount)
}

// UpdateOpening changes the fields the input gives and records
// opening.updated with their before and after; a status change is
// opening.status_changed.
func (s *Service) UpdateOpening(ctx context.Context, id string, in UpdateOpeningInput) (*ent.Opening, error) {
	if err := Require(ctx, permission.EditPositions); err != nil {
		return nil, err
	}
	if err := in.validate(); err != nil {
		return nil, err
	}
	var updated *ent.Opening
	err := s.WithTx(ctx, func(ctx context.Context, client *ent.Client) error {
		o, err := lockOpening(ctx, client, id)
		if err != nil {
			return err
		}
		if in.Headcount != nil {
			if err := checkHeadcountChange(ctx, client, o, *in.Headcount); err != nil {
				return err
			}
		}
		if o, err = s.updateOpeningFields(ctx, client, o, in); err != nil {
			return err
		}
		if in.Status != nil && *in.Status != o.Status {
			if err := s.checkOpeningStatus(ctx, client, o, *in.Status); err != nil {
				return err
			}
			if err := s.setOpeningStatus(ctx, client, o, *in.Status); err != nil {
				return err
			}
		}
		updated, err = findOpening(ctx, client, id)
		return err
	})
	return updated, err
}

// updateOpeningFields saves the fields in changes and answers the opening
// as saved (o when nothing changed).
func (s *Service) updateOpeningFields(ctx context.Context, client *ent.Client, o *ent.Opening, in UpdateOpeningInput) (*ent.Opening, error) {
	update := client.Opening.UpdateOne(o)
	var changes []schematype.FieldChange
	if in.Name != nil {
		update.SetName(*in.Name)
		changes = append(changes, Change("name", o.Name, *in.Name)...)
	}
	if in.Reason != nil {
		reason, _ := OpeningReasons.Read(*in.Reason)
		update.SetReason(reason)
		changes = append(changes, Change("reason", o.Reason, reason)...)
	}
	if in.Headcount != nil {
		update.SetHeadcount(*in.Headcount)
		changes = append(changes, Change("headcount", o.Headcount, *in.Headcount)...)
	}
	if in.TimeExpectedHire != nil {
		t, err := apitime.ParseDateOrTime("time_expected_hire", *in.TimeExpectedHire)
		if err != nil {
			return nil, err
		}
		update.SetTimeExpectedHire(t)
		changes = append(changes, Change("timeExpectedHire", o.TimeExpectedHire, &t)...)
	}
	if in.CustomFields != nil {
		fields, err := s.mergeCustomFields(ctx, client, o.CustomFields, in.CustomFields)
		if err != nil {
			return nil, err
		}
		update.SetCustomFields(fields)
		changes = append(changes, Change("customFields", o.CustomFields, fields)...)
	}
	if len(changes) == 0 {
		return o, nil
	}
	saved, err := update.SetTimeUpdated(s.now()).Save(ctx)
	if err != nil {
		return nil, fmt.Errorf("saving opening: %w", err)
	}
	return saved, s.record(ctx, client, Activity{Verb: VerbOpeningUpdated, ObjectType: "Opening", ObjectID: o.ID, PositionID: o.PositionID, Changes: changes, Object: saved})
}

// mergeCustomFields checks the given custom fields like a clone's and
// merges them over the opening's; an empty value removes the key.
func (s *Service) mergeCustomFields(ctx context.Context, client *ent.Client, current, given schematype.StringMap) (schematype.StringMap, error) {
	c := &cloner{Service: s, client: client}
	var err error
	if c.fields, err = loadFieldBook(ctx, client); err != nil {
		return nil, err
	}
	checked, err := c.customFields(ctx, "input", given)
	if err != nil {
		return nil, err
	}
	out := maps.Clone(current)
	if out == nil {
		out = schematype.StringMap{}
	}
	for _, k := range slices.Sorted(maps.Keys(checked)) {
		if checked[k] == "" {
			delete(out, k)
			continue
		}
		out[k] = checked[k]
	}
	return out, nil
}

// checkOpeningStatus allows the status changes a caller may ask for:
// closing an open or pending opening, and reopening a closed one on a
// position that is not closed. Reopening gives Open when the approval
// allows hiring (NA or APPROVED) and Pending otherwise.
func (s *Service) checkOpeningStatus(ctx context.Context, client *ent.Client, o *ent.Opening, to opening.Status) error {
	switch {
	case to == opening.StatusFilled:
		return refuseTransition("an opening is filled by hiring a candidate into it, not by setting its status")
	case to == opening.StatusPending:
		return refuseTransition("an opening is pending while its approval runs; start its approval instead")
	case o.Status == opening.StatusFilled:
		return refuseTransition("opening %s is filled; a filled opening keeps its state", o.ID)
	case to == opening.StatusOpen && o.Status != opening.StatusClosed:
		return refuseTransition("opening %s is %s; only a closed opening can be reopened", o.ID, OpeningStates.Spell(o.Status))
	}
	if to != opening.StatusOpen {
		return nil
	}
	return checkPositionNotClosed(ctx, client, o)
}

// checkPositionNotClosed refuses to reopen an opening of a closed
// position. lockOpening has locked the position.
func checkPositionNotClosed(ctx context.Context, client *ent.Client, o *ent.Opening) error {
	p, err := client.Position.Get(ctx, o.PositionID)
	if err != nil {
		return fmt.Errorf("loading position: %w", err)
	}
	if p.Status == position.StatusClosed {
		return refuseTransition("position %s is closed; reopen it before its openings", p.ID)
	}
	return nil
}

// setOpeningStatus moves o to status and records opening.status_changed.
// A reopened opening waits again while its approval is not done.
func (s *Service) setOpeningStatus(ctx context.Context, client *ent.Client, o *ent.Opening, status opening.Status) error {
	if status == opening.StatusOpen && !approvalAllowsHiring(o.ApprovalStatus) {
		status = opening.StatusPending
	}
	now := s.now()
	saved, err := client.Opening.UpdateOne(o).SetStatus(status).SetTimeLastStatusChange(now).SetTimeUpdated(now).Save(ctx)
	if err != nil {
		return fmt.Errorf("saving opening: %w", err)
	}
	return s.record(ctx, client, Activity{Verb: VerbOpeningStatusChanged, ObjectType: "Opening", ObjectID: o.ID, PositionID: o.PositionID,
		Changes: Change("status", o.Status, status), Object: saved})
}

func approvalAllowsHiring(a opening.ApprovalStatus) bool {
	return a == opening.ApprovalStatusNA || a == opening.ApprovalStatusApproved
}

// An approval's steps (README, "Opening approval"): each names the
// approval statuses it starts from, the status it ends in, and its verb.
type approvalStep struct {
	name       string
	from       []opening.ApprovalStatus
	to         opening.ApprovalStatus
	verb       string
	permission string
}

var (
	approvalStart = approvalStep{"start", []opening.ApprovalStatus{opening.ApprovalStatusNA, opening.ApprovalStatusRejected, opening.ApprovalStatusPaused},
		opening.ApprovalStatusStarted, VerbApprovalStarted, permission.RequestApproval}
	approvalPause = approvalStep{"pause", []opening.ApprovalStatus{opening.ApprovalStatusStarted},
		opening.ApprovalStatusPaused, VerbApprovalPaused, permission.RequestApproval}
	approvalApprove = approvalStep{"approve", []opening.ApprovalStatus{opening.ApprovalStatusStarted, opening.ApprovalStatusPaused},
		opening.ApprovalStatusApproved, VerbApprovalApproved, permission.ApproveOpenings}
	approvalReject = approvalStep{"reject", []opening.ApprovalStatus{opening.ApprovalStatusStarted, opening.ApprovalStatusPaused},
		opening.ApprovalStatusRejected, VerbApprovalRejected, permission.ApproveOpenings}
)

// StartOpeningApproval starts the approval of an opening that needs none
// yet (NA), starts it again after a rejection, or resumes a paused one.
// An open opening turns Pending until the approval is approved. name
// names a new approval process (default "Opening approval").
func (s *Service) StartOpeningApproval(ctx context.Context, id string, name *string) (*ent.Opening, error) {
	if name != nil && (isBlank(name) || len(*name) > maxText) {
		return nil, apierror.Invalid("name", "name must be 1 to %d bytes and not blank", maxText)
	}
	return s.stepApproval(ctx, id, approvalStart, name)
}

// PauseOpeningApproval puts a started approval on hold.
func (s *Service) PauseOpeningApproval(ctx context.Context, id string) (*ent.Opening, error) {
	return s.stepApproval(ctx, id, approvalPause, nil)
}

// ApproveOpening approves a started or paused approval: the process is
// completed, the opening records time_approved and a pending opening opens.
func (s *Service) ApproveOpening(ctx context.Context, id string) (*ent.Opening, error) {
	return s.stepApproval(ctx, id, approvalApprove, nil)
}

// RejectOpening turns a started or paused approval down: the process is
// completed and the opening stays pending (start the approval again, or
// close the opening).
func (s *Service) RejectOpening(ctx context.Context, id string) (*ent.Opening, error) {
	return s.stepApproval(ctx, id, approvalReject, nil)
}

func (s *Service) stepApproval(ctx context.Context, id string, step approvalStep, name *string) (*ent.Opening, error) {
	if err := Require(ctx, step.permission); err != nil {
		return nil, err
	}
	var updated *ent.Opening
	err := s.WithTx(ctx, func(ctx context.Context, client *ent.Client) error {
		o, err := lockOpening(ctx, client, id)
		if err != nil {
			return err
		}
		if err := checkApprovalStep(o, step); err != nil {
			return err
		}
		// One time for the whole step: time_completed and time_approved
		// of an approval are the same instant.
		now := s.now()
		processID, err := moveApprovalProcess(ctx, client, o, step, name, now)
		if err != nil {
			return err
		}
		if err := moveApprovedOpening(ctx, client, o, step, now); err != nil {
			return err
		}
		if err := s.record(ctx, client, Activity{Verb: step.verb, ObjectType: "ApprovalProcess", ObjectID: processID, PositionID: o.PositionID,
			Changes: Change("approvalStatus", o.ApprovalStatus, step.to)}); err != nil {
			return err
		}
		updated, err = findOpening(ctx, client, id)
		return err
	})
	return updated, err
}

func checkApprovalStep(o *ent.Opening, step approvalStep) error {
	if o.Status == opening.StatusFilled || o.Status == opening.StatusClosed {
		return refuseTransition("opening %s is %s; its approval can no longer change", o.ID, OpeningStates.Spell(o.Status))
	}
	if !slices.Contains(step.from, o.ApprovalStatus) {
		return refuseTransition("cannot %s the approval of opening %s: its approval status is %s (%s needs %v)",
			step.name, o.ID, ApprovalStatuses.Spell(o.ApprovalStatus), step.name, step.from)
	}
	return nil
}

// moveApprovalProcess creates, restarts or moves the opening's approval
// process; its status is always the opening's approval status, and it
// carries time_completed exactly when it ended (APPROVED or REJECTED).
func moveApprovalProcess(ctx context.Context, client *ent.Client, o *ent.Opening, step approvalStep, name *string, now time.Time) (string, error) {
	status := ApprovalStatuses.Spell(step.to)
	ap := o.Edges.ApprovalProcess
	if ap == nil {
		processName := approvalProcessName
		if name != nil {
			processName = *name
		}
		created, err := client.ApprovalProcess.Create().SetOpening(o).SetName(processName).SetStatus(status).SetTimeStarted(now).Save(ctx)
		if err != nil {
			return "", fmt.Errorf("saving approval process: %w", err)
		}
		return created.ID, nil
	}
	update := client.ApprovalProcess.UpdateOne(ap).SetStatus(status)
	if name != nil {
		update.SetName(*name)
	}
	switch {
	case step.to == opening.ApprovalStatusApproved || step.to == opening.ApprovalStatusRejected:
		update.SetTimeCompleted(now)
	case o.ApprovalStatus == opening.ApprovalStatusRejected:
		// Started again after a rejection: a new round.
		update.SetTimeStarted(now).ClearTimeCompleted()
	}
	if err := update.Exec(ctx); err != nil {
		return "", fmt.Errorf("saving approval process: %w", err)
	}
	return ap.ID, nil
}

// moveApprovedOpening sets the opening's approval status and the state
// that follows from it: Pending while the approval runs, Open once
// approved.
func moveApprovedOpening(ctx context.Context, client *ent.Client, o *ent.Opening, step approvalStep, now time.Time) error {
	update := client.Opening.UpdateOne(o).SetApprovalStatus(step.to).SetTimeUpdated(now)
	status := o.Status
	switch step.to {
	case opening.ApprovalStatusStarted:
		status = opening.StatusPending
		update.ClearTimeApproved()
	case opening.ApprovalStatusApproved:
		status = opening.StatusOpen
		update.SetTimeApproved(now)
	}
	if status != o.Status {
		update.SetStatus(status).SetTimeLastStatusChange(now)
	}
	if err := update.Exec(ctx); err != nil {
		return fmt.Errorf("saving opening: %w", err)
	}
	return nil
}
