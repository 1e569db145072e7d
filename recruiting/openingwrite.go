package recruiting

import (
	"context"
	"fmt"
	"maps"
	"net/http"
	"slices"
	"time"

	"github.com/hiregraph/hiregraph/ent"
	"github.com/hiregraph/hiregraph/ent/approvalprocess"
	"github.com/hiregraph/hiregraph/ent/opening"
	"github.com/hiregraph/hiregraph/ent/position"
	"github.com/hiregraph/hiregraph/ent/schema/schematype"
	"github.com/hiregraph/hiregraph/ent/user"
	"github.com/hiregraph/hiregraph/internal/apierror"
	"github.com/hiregraph/hiregraph/internal/apitime"
	"github.com/hiregraph/hiregraph/internal/permission"
	"github.com/hiregraph/hiregraph/internal/viewer"
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
func (s *PositionService) CreateOpening(ctx context.Context, positionID string, in CreateOpeningInput) (*ent.Opening, error) {
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
		c := &cloner{PositionService: s, client: client}
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
func (s *PositionService) UpdateOpening(ctx context.Context, id string, in UpdateOpeningInput) (*ent.Opening, error) {
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
func (s *PositionService) updateOpeningFields(ctx context.Context, client *ent.Client, o *ent.Opening, in UpdateOpeningInput) (*ent.Opening, error) {
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
func (s *PositionService) mergeCustomFields(ctx context.Context, client *ent.Client, current, given schematype.StringMap) (schematype.StringMap, error) {
	c := &cloner{PositionService: s, client: client}
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
func (s *PositionService) checkOpeningStatus(ctx context.Context, client *ent.Client, o *ent.Opening, to opening.Status) error {
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
func (s *PositionService) setOpeningStatus(ctx context.Context, client *ent.Client, o *ent.Opening, status opening.Status) error {
	if status == opening.StatusOpen && !approvalAllowsHiring(o.ApprovalStatus) {
		status = opening.StatusPending
	}
	now := s.now()
	if status == opening.StatusClosed {
		if err := s.endApproval(ctx, client, o, now); err != nil {
			return err
		}
	}
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

// CodeNotApprover refuses an approval decision to who is not the approver
// whose turn it is.
const CodeNotApprover = "not_approver"

// maxApprovers bounds an approval chain: longer ones are mistakes.
const maxApprovers = 10

// StartOpeningApproval starts the approval of an opening that needs none
// yet (NA), starts it again after a rejection or after its opening was
// closed, or resumes a paused one. An open opening turns Pending until the
// approval is approved. name names a new approval process (default
// "Opening approval"). approverIDs names the users who decide, in order;
// left out, a new round names none (any user or key with openings:approve
// decides, as before approvers existed) and a resumed one keeps its chain.
func (s *PositionService) StartOpeningApproval(ctx context.Context, id string, name *string, approverIDs []string) (*ent.Opening, error) {
	if name != nil && (isBlank(name) || len(*name) > maxText) {
		return nil, apierror.Invalid("name", "name must be 1 to %d bytes and not blank", maxText)
	}
	if len(approverIDs) > maxApprovers {
		return nil, apierror.Invalid("approverIDs", "approverIDs names at most %d users, got %d", maxApprovers, len(approverIDs))
	}
	return s.stepApproval(ctx, id, approvalStart, approvalChange{name: name, approverIDs: approverIDs})
}

// PauseOpeningApproval puts a started approval on hold.
func (s *PositionService) PauseOpeningApproval(ctx context.Context, id string) (*ent.Opening, error) {
	return s.stepApproval(ctx, id, approvalPause, approvalChange{})
}

// ApproveOpening approves a started or paused approval. With named
// approvers only the one whose turn it is approves, and the approval passes
// to the next; the last one's approval completes the process: the opening
// records time_approved and a pending opening opens.
func (s *PositionService) ApproveOpening(ctx context.Context, id string) (*ent.Opening, error) {
	return s.stepApproval(ctx, id, approvalApprove, approvalChange{})
}

// RejectOpening turns a started or paused approval down (with named
// approvers, only the one whose turn it is): the process is completed and
// the opening stays pending (start the approval again, or close the
// opening).
func (s *PositionService) RejectOpening(ctx context.Context, id string) (*ent.Opening, error) {
	return s.stepApproval(ctx, id, approvalReject, approvalChange{})
}

// approvalChange is what starting an approval may set besides its status.
type approvalChange struct {
	name        *string
	approverIDs []string
}

func (s *PositionService) stepApproval(ctx context.Context, id string, step approvalStep, change approvalChange) (*ent.Opening, error) {
	if err := Require(ctx, step.permission); err != nil {
		return nil, err
	}
	var updated *ent.Opening
	err := s.WithTx(ctx, func(ctx context.Context, client *ent.Client) error {
		o, err := lockOpening(ctx, client, id)
		if err != nil {
			return err
		}
		if err := checkApprovalStep(ctx, o, step); err != nil {
			return err
		}
		if err := checkApprovers(ctx, client, change.approverIDs); err != nil {
			return err
		}
		// One time for the whole step: time_completed and time_approved
		// of an approval are the same instant.
		now := s.now()
		if ap := o.Edges.ApprovalProcess; step.name == approvalApprove.name && ap != nil && ap.Approvals+1 < len(ap.Approvers) {
			if err := s.passApproval(ctx, client, o, ap); err != nil {
				return err
			}
		} else {
			processID, err := moveApprovalProcess(ctx, client, o, step, change, now)
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
		}
		updated, err = findOpening(ctx, client, id)
		return err
	})
	return updated, err
}

// passApproval records one approver's approval of a chain that has more
// approvers after them: the next one decides, the opening stays as it is.
func (s *PositionService) passApproval(ctx context.Context, client *ent.Client, o *ent.Opening, ap *ent.ApprovalProcess) error {
	if err := client.ApprovalProcess.UpdateOne(ap).SetApprovals(ap.Approvals + 1).Exec(ctx); err != nil {
		return fmt.Errorf("saving approval process: %w", err)
	}
	return s.record(ctx, client, Activity{Verb: VerbApprovalApproved, ObjectType: "ApprovalProcess", ObjectID: ap.ID, PositionID: o.PositionID,
		Changes: Change("currentApprover", ap.Approvers[ap.Approvals], ap.Approvers[ap.Approvals+1])})
}

func checkApprovalStep(ctx context.Context, o *ent.Opening, step approvalStep) error {
	if o.Status == opening.StatusFilled || o.Status == opening.StatusClosed {
		return refuseTransition("opening %s is %s; its approval can no longer change", o.ID, OpeningStates.Spell(o.Status))
	}
	if !slices.Contains(step.from, o.ApprovalStatus) {
		return refuseTransition("cannot %s the approval of opening %s: its approval status is %s (%s needs %v)",
			step.name, o.ID, ApprovalStatuses.Spell(o.ApprovalStatus), step.name, step.from)
	}
	ap := o.Edges.ApprovalProcess
	if step.name != approvalStart.name && ap != nil && ap.Status == approvalEnded {
		return refuseTransition("the approval of opening %s ended when the opening was closed; start it again", o.ID)
	}
	if step.permission != permission.ApproveOpenings || ap == nil || len(ap.Approvers) == 0 {
		return nil
	}
	// Named approvers decide in turn; nobody decides for them, an API key
	// acting for no one included.
	current := ap.Approvers[ap.Approvals]
	if v, _ := viewer.FromContext(ctx); v.UserID != current {
		return apierror.New(http.StatusForbidden, CodeNotApprover,
			"the approval of opening %s awaits the decision of user %s; only the approver whose turn it is may %s it", o.ID, current, step.name)
	}
	return nil
}

// checkApprovers verifies that approverIDs names distinct active users of
// the company.
func checkApprovers(ctx context.Context, client *ent.Client, approverIDs []string) error {
	for i, id := range approverIDs {
		field := fmt.Sprintf("approverIDs[%d]", i)
		if slices.Contains(approverIDs[:i], id) {
			return apierror.Invalid(field, "%s: user %s is named twice", field, id)
		}
		ok, err := client.User.Query().Where(user.ID(id), user.Active(true)).Exist(ctx)
		if err != nil {
			return fmt.Errorf("loading user: %w", err)
		}
		if !ok {
			return invalidRef(CodeUserNotFound, field, "%s: no active user has the uid %q", field, id)
		}
	}
	return nil
}

// moveApprovalProcess creates, restarts or moves the opening's approval
// process; its status is always the opening's approval status (ENDED
// aside, endApproval), and it carries time_completed exactly when it ended.
// A new round (a new process, or one started again after a rejection or
// an end) starts at its first approver.
func moveApprovalProcess(ctx context.Context, client *ent.Client, o *ent.Opening, step approvalStep, change approvalChange, now time.Time) (string, error) {
	status := ApprovalStatuses.Spell(step.to)
	ap := o.Edges.ApprovalProcess
	if ap == nil {
		processName := approvalProcessName
		if change.name != nil {
			processName = *change.name
		}
		created, err := client.ApprovalProcess.Create().SetOpening(o).SetName(processName).SetStatus(status).SetTimeStarted(now).
			SetApprovers(approversOrEmpty(change.approverIDs)).Save(ctx)
		if err != nil {
			return "", fmt.Errorf("saving approval process: %w", err)
		}
		return created.ID, nil
	}
	update := client.ApprovalProcess.UpdateOne(ap).SetStatus(status)
	if change.name != nil {
		update.SetName(*change.name)
	}
	newRound := step.name == approvalStart.name && (o.ApprovalStatus == opening.ApprovalStatusRejected || ap.Status == approvalEnded)
	switch {
	case step.to == opening.ApprovalStatusApproved || step.to == opening.ApprovalStatusRejected:
		update.SetTimeCompleted(now)
	case newRound:
		update.SetTimeStarted(now).ClearTimeCompleted().SetApprovals(0).SetApprovers(approversOrEmpty(change.approverIDs))
	case change.approverIDs != nil:
		// A resumed approval given a new chain starts it from the top.
		update.SetApprovals(0).SetApprovers(change.approverIDs)
	}
	if step.name == approvalApprove.name && len(ap.Approvers) > 0 {
		update.SetApprovals(len(ap.Approvers))
	}
	if err := update.Exec(ctx); err != nil {
		return "", fmt.Errorf("saving approval process: %w", err)
	}
	return ap.ID, nil
}

func approversOrEmpty(ids []string) []string {
	if ids == nil {
		return []string{}
	}
	return ids
}

// approvalEnded is the status of an approval process whose opening (or
// position) was closed before a decision.
const approvalEnded = "ENDED"

// endApproval ends the running approval of an opening being closed: the
// process records ENDED and time_completed, and the opening's approval
// status turns PAUSED, so reopening it leaves it Pending until an approval
// started again decides.
func (s *PositionService) endApproval(ctx context.Context, client *ent.Client, o *ent.Opening, now time.Time) error {
	if o.ApprovalStatus != opening.ApprovalStatusStarted && o.ApprovalStatus != opening.ApprovalStatusPaused {
		return nil
	}
	ap, err := client.ApprovalProcess.Query().Where(approvalprocess.HasOpeningWith(opening.ID(o.ID))).Only(ctx)
	if err != nil {
		return fmt.Errorf("loading approval process: %w", err)
	}
	if ap.Status == approvalEnded {
		return nil
	}
	if err := client.ApprovalProcess.UpdateOne(ap).SetStatus(approvalEnded).SetTimeCompleted(now).Exec(ctx); err != nil {
		return fmt.Errorf("saving approval process: %w", err)
	}
	if o.ApprovalStatus != opening.ApprovalStatusPaused {
		if err := client.Opening.UpdateOne(o).SetApprovalStatus(opening.ApprovalStatusPaused).Exec(ctx); err != nil {
			return fmt.Errorf("saving opening: %w", err)
		}
	}
	return s.record(ctx, client, Activity{Verb: VerbApprovalEnded, ObjectType: "ApprovalProcess", ObjectID: ap.ID, PositionID: o.PositionID,
		Changes: Change("approvalStatus", o.ApprovalStatus, opening.ApprovalStatusPaused)})
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
