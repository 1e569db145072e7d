package recruiting

import (
	"context"
	"fmt"
	"net/http"
	"time"

	"entgo.io/ent/dialect/sql"

	"github.com/hiregraph/hiregraph/ent"
	"github.com/hiregraph/hiregraph/ent/candidate"
	"github.com/hiregraph/hiregraph/ent/candidatestep"
	"github.com/hiregraph/hiregraph/ent/opening"
	"github.com/hiregraph/hiregraph/ent/pipelinestep"
	"github.com/hiregraph/hiregraph/ent/position"
	"github.com/hiregraph/hiregraph/ent/schema/schematype"
	"github.com/hiregraph/hiregraph/internal/apierror"
	"github.com/hiregraph/hiregraph/internal/permission"
)

// An opening hires up to its headcount: each hired candidate points at the
// opening (hired_opening_id), and the opening is FILLED exactly when its
// hires reach its headcount. Every change of an opening's hires or
// headcount locks the opening first, so its hires are counted one change
// at a time.

// countHires counts the candidates hired for an opening.
func countHires(ctx context.Context, client *ent.Client, openingID string) (int, error) {
	n, err := client.Candidate.Query().Where(candidate.HiredOpeningID(openingID)).Count(ctx)
	if err != nil {
		return 0, fmt.Errorf("counting hires: %w", err)
	}
	return n, nil
}

// withOpeningDetails loads what an opening object shows besides its own
// fields: its approval process, and its hires oldest first (a hired
// candidate's status last changed when it was hired).
func withOpeningDetails(q *ent.OpeningQuery) *ent.OpeningQuery {
	return q.WithApprovalProcess().WithHires(func(q *ent.CandidateQuery) {
		q.Select(candidate.FieldHiredOpeningID).Order(candidate.ByTimeLastStatusChanged(), candidate.ByID())
	})
}

// OldestHire is the opening's oldest hire, or nil before the first: the
// candidate REST's hired_candidate_uid names.
func (s *CandidateService) OldestHire(ctx context.Context, o *ent.Opening) (*ent.Candidate, error) {
	return perRecord(ctx, o.ID, func(r *operationReads) *batch[*ent.Candidate] { return &r.oldestHires }, openingsRead, s.oldestHiresOf)
}

// oldestHiresOf reads the oldest hire of each opening of ids that has
// one, by opening.
func (s *CandidateService) oldestHiresOf(ctx context.Context, ids []string) (map[string]*ent.Candidate, error) {
	hires, err := s.clientOf(ctx).Candidate.Query().
		Where(candidate.HiredOpeningIDIn(ids...)).
		Order(candidate.ByTimeLastStatusChanged(), candidate.ByID()).
		All(ctx)
	if err != nil {
		return nil, fmt.Errorf("reading the openings' oldest hires: %w", err)
	}
	out := make(map[string]*ent.Candidate, len(ids))
	for _, c := range hires {
		if _, seen := out[*c.HiredOpeningID]; !seen {
			out[*c.HiredOpeningID] = c
		}
	}
	return out, nil
}

// HiredFor is the opening c was hired for; nil when none, or when the
// viewer does not see it. Within a GraphQL operation it is loaded for
// every candidate the operation read, at once.
func (s *CandidateService) HiredFor(ctx context.Context, c *ent.Candidate) (*ent.Opening, error) {
	return perRecord(ctx, c.ID, func(r *operationReads) *batch[*ent.Opening] { return &r.hiredOpenings }, candidatesRead, s.hiredOpeningsOf)
}

// hiredOpeningsOf reads the openings the candidates of ids were hired
// for, by candidate. The candidates' hired_opening_id is read again: a
// candidate the operation read may have been read without it (entgql
// reads the columns a query selects).
func (s *CandidateService) hiredOpeningsOf(ctx context.Context, ids []string) (map[string]*ent.Opening, error) {
	client := s.clientOf(ctx)
	hired, err := client.Candidate.Query().
		Where(candidate.IDIn(ids...), candidate.HiredOpeningIDNotNil()).
		Select(candidate.FieldID, candidate.FieldHiredOpeningID).
		All(ctx)
	if err != nil {
		return nil, fmt.Errorf("reading whom candidates were hired for: %w", err)
	}
	if len(hired) == 0 {
		return nil, nil
	}
	openingIDs := make([]string, len(hired))
	for i, c := range hired {
		openingIDs[i] = *c.HiredOpeningID
	}
	openings, err := client.Opening.Query().Where(opening.IDIn(openingIDs...)).All(ctx)
	if err != nil {
		return nil, fmt.Errorf("reading the openings candidates were hired for: %w", err)
	}
	byID := make(map[string]*ent.Opening, len(openings))
	for _, o := range openings {
		byID[o.ID] = o
	}
	out := make(map[string]*ent.Opening, len(hired))
	for _, c := range hired {
		if o, ok := byID[*c.HiredOpeningID]; ok {
			out[c.ID] = o
		}
	}
	return out, nil
}

// FirstHireID is the uid of the opening's oldest hire, the spec's
// hired_candidate_uid, or nil while it has none; its hires must be loaded
// (withOpeningDetails).
func FirstHireID(o *ent.Opening) *string {
	if len(o.Edges.Hires) == 0 {
		return nil
	}
	return &o.Edges.Hires[0].ID
}

// HireCandidate hires a candidate in progress for an open opening of its
// position: the opening records the hire and becomes FILLED when its hires
// reach its headcount, and the candidate moves to the pipeline's hired
// step when it has one.
func (s *CandidateService) HireCandidate(ctx context.Context, candidateID, openingID string) (*ent.Candidate, error) {
	return s.transition(ctx, candidateID, permission.HireCandidates, func(ctx context.Context, client *ent.Client, c *ent.Candidate) (*ent.Candidate, string, []schematype.FieldChange, error) {
		saved, changes, err := s.hire(ctx, client, c, openingID)
		return saved, VerbCandidateHired, changes, err
	})
}

// hire is the guarded transition of a hire, for a candidate locked in the
// transaction of client: HireCandidate and AcceptOffer both hire through
// it. It locks the opening, and returns the candidate as saved and the
// changes of the hire.
func (s *CandidateService) hire(ctx context.Context, client *ent.Client, c *ent.Candidate, openingID string) (*ent.Candidate, []schematype.FieldChange, error) {
	if c.Status != candidate.StatusInProgress {
		return nil, nil, illegal(c, "hire", candidate.StatusInProgress)
	}
	o, err := client.Opening.Query().Where(opening.ID(openingID), opening.PositionID(c.PositionID), lockedForWrite).Only(ctx)
	if ent.IsNotFound(err) {
		return nil, nil, apierror.NotFound(CodeOpeningNotFound, "the candidate's position has no opening with the uid %q", openingID)
	}
	if err != nil {
		return nil, nil, fmt.Errorf("loading opening: %w", err)
	}
	if o.Status == opening.StatusFilled {
		return nil, nil, apierror.New(http.StatusConflict, CodeOpeningFilled, "opening %s is already filled: its hires reached its headcount of %d", o.ID, o.Headcount)
	}
	if o.Status != opening.StatusOpen {
		return nil, nil, apierror.New(http.StatusConflict, CodeOpeningNotAvailable, "opening %s is %s; only an OPEN opening can be filled", o.ID, o.Status)
	}
	hires, err := countHires(ctx, client, o.ID)
	if err != nil {
		return nil, nil, err
	}
	now := s.now()
	changes := Change("opening", nil, o.ID)
	fill := client.Opening.UpdateOne(o).SetTimeUpdated(now)
	if hires+1 >= o.Headcount {
		fill.SetStatus(opening.StatusFilled).SetTimeLastStatusChange(now)
		changes = append(changes, Change("openingStatus", o.Status, opening.StatusFilled)...)
	}
	if err := fill.Exec(ctx); err != nil {
		return nil, nil, fmt.Errorf("filling opening: %w", err)
	}
	stepChanges, c, err := s.enterHiredStep(ctx, client, c, now)
	if err != nil {
		return nil, nil, err
	}
	upd := client.Candidate.UpdateOne(c).SetHiredOpeningID(o.ID)
	changes = append(append(s.setStatus(upd, c, candidate.StatusHired), changes...), stepChanges...)
	saved, err := upd.Save(ctx)
	if err != nil {
		return nil, nil, fmt.Errorf("hiring candidate: %w", err)
	}
	return saved, changes, nil
}

// enterHiredStep moves a candidate to its pipeline's hired step, when the
// pipeline has one and the candidate is not there yet.
func (s *CandidateService) enterHiredStep(ctx context.Context, client *ent.Client, c *ent.Candidate, now time.Time) ([]schematype.FieldChange, *ent.Candidate, error) {
	hiredStep, err := client.PipelineStep.Query().
		Where(pipelinestep.PositionID(c.PositionID), pipelinestep.KindEQ(pipelinestep.KindHired)).
		Order(pipelinestep.ByRank()).First(ctx)
	if ent.IsNotFound(err) {
		return nil, c, nil
	}
	if err != nil {
		return nil, nil, err
	}
	if c.CurrentStepID != nil && *c.CurrentStepID == hiredStep.ID {
		return nil, c, nil
	}
	before := currentStepName(c)
	if c, err = enterStep(ctx, client, c, hiredStep, actorOf(ctx), now); err != nil {
		return nil, nil, err
	}
	return Change("step", before, hiredStep.Name), c, nil
}

// UnhireCandidate undoes a hire: the candidate is in progress again, at
// the step it was at before the hired step, and its opening loses the
// hire (a FILLED opening opens again). The position must not be closed.
func (s *CandidateService) UnhireCandidate(ctx context.Context, candidateID string) (*ent.Candidate, error) {
	return s.transition(ctx, candidateID, permission.HireCandidates, func(ctx context.Context, client *ent.Client, c *ent.Candidate) (*ent.Candidate, string, []schematype.FieldChange, error) {
		if c.Status != candidate.StatusHired {
			return nil, "", nil, illegal(c, "unhire", candidate.StatusHired)
		}
		p, err := lockPosition(ctx, client, c.PositionID)
		if err != nil {
			return nil, "", nil, err
		}
		if p.Status == position.StatusClosed {
			return nil, "", nil, apierror.New(http.StatusConflict, CodeIllegalTransition, "position %s is closed; reopen it before unhiring its candidates", p.ID)
		}
		now := s.now()
		var changes []schematype.FieldChange
		if c.HiredOpeningID != nil {
			if changes, err = s.releaseHire(ctx, client, *c.HiredOpeningID, now); err != nil {
				return nil, "", nil, err
			}
		}
		stepChanges, c, err := s.leaveHiredStep(ctx, client, c, now)
		if err != nil {
			return nil, "", nil, err
		}
		upd := client.Candidate.UpdateOne(c).ClearHiredOpeningID()
		changes = append(append(s.setStatus(upd, c, candidate.StatusInProgress), changes...), stepChanges...)
		saved, err := upd.Save(ctx)
		if err != nil {
			return nil, "", nil, fmt.Errorf("unhiring candidate: %w", err)
		}
		return saved, VerbCandidateUnhired, changes, nil
	})
}

// releaseHire takes one hire off an opening: a FILLED opening is OPEN
// again, a CLOSED one stays closed.
func (s *CandidateService) releaseHire(ctx context.Context, client *ent.Client, openingID string, now time.Time) ([]schematype.FieldChange, error) {
	o, err := client.Opening.Query().Where(opening.ID(openingID), lockedForWrite).Only(ctx)
	if err != nil {
		return nil, fmt.Errorf("loading the hire's opening: %w", err)
	}
	changes := Change("opening", o.ID, nil)
	upd := client.Opening.UpdateOne(o).SetTimeUpdated(now)
	if o.Status == opening.StatusFilled {
		upd.SetStatus(opening.StatusOpen).SetTimeLastStatusChange(now)
		changes = append(changes, Change("openingStatus", o.Status, opening.StatusOpen)...)
	}
	if err := upd.Exec(ctx); err != nil {
		return nil, fmt.Errorf("releasing the hire's opening: %w", err)
	}
	return changes, nil
}

// leaveHiredStep moves a candidate at the hired step back to the last
// other step it was at. A candidate elsewhere stays where it is, and so
// does one whose earlier steps were all removed from the pipeline.
func (s *CandidateService) leaveHiredStep(ctx context.Context, client *ent.Client, c *ent.Candidate, now time.Time) ([]schematype.FieldChange, *ent.Candidate, error) {
	if c.CurrentStepID == nil {
		return nil, c, nil
	}
	current, err := client.PipelineStep.Get(ctx, *c.CurrentStepID)
	if err != nil {
		return nil, nil, fmt.Errorf("loading the current step: %w", err)
	}
	if current.Kind != pipelinestep.KindHired {
		return nil, c, nil
	}
	stay, err := client.CandidateStep.Query().
		Where(candidatestep.CandidateID(c.ID), candidatestep.StepIDNotNil(), candidatestep.StepIDNEQ(current.ID)).
		Order(candidatestep.ByTimeEntered(sql.OrderDesc()), candidatestep.ByID(sql.OrderDesc())).
		First(ctx)
	if ent.IsNotFound(err) {
		return nil, c, nil
	}
	if err != nil {
		return nil, nil, fmt.Errorf("finding the step before the hire: %w", err)
	}
	before, err := client.PipelineStep.Get(ctx, *stay.StepID)
	if err != nil {
		return nil, nil, fmt.Errorf("loading the step before the hire: %w", err)
	}
	if c, err = enterStep(ctx, client, c, before, actorOf(ctx), now); err != nil {
		return nil, nil, err
	}
	return Change("step", current.Name, before.Name), c, nil
}

// ReopenOpening opens a FILLED or CLOSED opening again, optionally with
// another headcount, which must exceed its hires. Like a reopened closed
// opening, it is Pending while its approval is not done. The position must
// not be closed.
func (s *CandidateService) ReopenOpening(ctx context.Context, id string, headcount *int) (*ent.Opening, error) {
	if err := Require(ctx, permission.ChangePositionStatus); err != nil {
		return nil, err
	}
	if err := checkHeadcount(headcount); err != nil {
		return nil, err
	}
	var reopened *ent.Opening
	err := s.WithTx(ctx, func(ctx context.Context, client *ent.Client) error {
		o, err := lockOpening(ctx, client, id)
		if err != nil {
			return err
		}
		if o.Status != opening.StatusFilled && o.Status != opening.StatusClosed {
			return refuseTransition("opening %s is %s; only a filled or closed opening can be reopened", o.ID, OpeningStates.Spell(o.Status))
		}
		if err := checkPositionNotClosed(ctx, client, o); err != nil {
			return err
		}
		n := o.Headcount
		if headcount != nil {
			n = *headcount
		}
		if err := checkRoomForHire(ctx, client, o, n); err != nil {
			return err
		}
		status := opening.StatusOpen
		if !approvalAllowsHiring(o.ApprovalStatus) {
			status = opening.StatusPending
		}
		now := s.now()
		saved, err := client.Opening.UpdateOne(o).SetStatus(status).SetHeadcount(n).SetTimeLastStatusChange(now).SetTimeUpdated(now).Save(ctx)
		if err != nil {
			return fmt.Errorf("reopening opening: %w", err)
		}
		changes := append(Change("status", o.Status, status), Change("headcount", o.Headcount, n)...)
		if err := s.record(ctx, client, Activity{Verb: VerbOpeningReopened, ObjectType: "Opening", ObjectID: o.ID, PositionID: o.PositionID,
			Changes: changes, Object: saved}); err != nil {
			return err
		}
		reopened, err = findOpening(ctx, client, id)
		return err
	})
	return reopened, err
}

// checkHeadcountChange keeps an opening FILLED exactly when its hires
// reach its headcount: a filled opening takes a new headcount through
// ReopenOpening, any other needs room for one more hire.
func checkHeadcountChange(ctx context.Context, client *ent.Client, o *ent.Opening, n int) error {
	if n == o.Headcount {
		return nil
	}
	if o.Status == opening.StatusFilled {
		return refuseTransition("opening %s is filled; reopenOpening gives it a higher headcount", o.ID)
	}
	return checkRoomForHire(ctx, client, o, n)
}

// checkRoomForHire refuses a headcount the opening's hires already reach.
func checkRoomForHire(ctx context.Context, client *ent.Client, o *ent.Opening, headcount int) error {
	hires, err := countHires(ctx, client, o.ID)
	if err != nil {
		return err
	}
	if hires >= headcount {
		return refuseTransition("opening %s has %d hires; its headcount must be higher than that for it to take candidates (got %d)", o.ID, hires, headcount)
	}
	return nil
}
