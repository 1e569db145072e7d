package recruiting

import (
	"context"
	"fmt"
	"net/http"
	"slices"
	"strings"

	"github.com/hiregraph/hiregraph/ent"
	"github.com/hiregraph/hiregraph/ent/candidate"
	"github.com/hiregraph/hiregraph/ent/person"
	"github.com/hiregraph/hiregraph/ent/pipelinestep"
	"github.com/hiregraph/hiregraph/ent/schema/rule"
	"github.com/hiregraph/hiregraph/ent/schema/schematype"
	"github.com/hiregraph/hiregraph/ent/user"
	"github.com/hiregraph/hiregraph/internal/apierror"
	"github.com/hiregraph/hiregraph/internal/permission"
)

// transitionFunc changes a candidate loaded in the transaction and returns
// it as saved (what its update's Save returned, so nothing reads it again)
// with the verb and changes of its activity.
type transitionFunc func(ctx context.Context, client *ent.Client, c *ent.Candidate) (saved *ent.Candidate, verb string, changes []schematype.FieldChange, err error)

// transition runs one change of a candidate in one transaction: it needs
// perm (the permission rule.RequirePermissions' table names for its change,
// asked first so a forbidden change answers forbidden), reads another company's candidate (or a deleted one) as
// missing, and records the activity and the change of the reports' counts
// (rollupState) with the change. It returns the
// candidate as saved. The candidate row stays locked until the commit, so
// of two racing transitions the second sees the first's result and answers
// as a later request would.
func (s *CandidateService) transition(ctx context.Context, candidateID, perm string, fn transitionFunc) (*ent.Candidate, error) {
	if err := Require(ctx, perm); err != nil {
		return nil, err
	}
	var out *ent.Candidate
	err := s.WithTx(ctx, func(ctx context.Context, client *ent.Client) error {
		c, err := lockCandidate(ctx, client, candidateID)
		if err != nil {
			return err
		}
		counted, err := rollupBefore(ctx, client, c)
		if err != nil {
			return err
		}
		var verb string
		var changes []schematype.FieldChange
		if out, verb, changes, err = fn(ctx, client, c); err != nil {
			return err
		}
		if err := counted.settle(ctx, client, out); err != nil {
			return err
		}
		return s.record(ctx, client, Activity{Verb: verb, ObjectType: "Candidate", ObjectID: c.ID, Candidate: out, Changes: changes, Object: out})
	})
	return out, err
}

// lockCandidate reads a candidate that is not deleted and locks it until
// the transaction ends (docs/concurrency.md: candidates are locked first).
func lockCandidate(ctx context.Context, client *ent.Client, candidateID string) (*ent.Candidate, error) {
	c, err := client.Candidate.Query().Where(candidate.ID(candidateID), candidate.Deleted(false), lockedForWrite).Only(ctx)
	if ent.IsNotFound(err) {
		return nil, apierror.NotFound(apierror.CodeCandidateNotFound, "no candidate has the uid %q", candidateID)
	}
	if err != nil {
		return nil, fmt.Errorf("locking candidate: %w", err)
	}
	return c, nil
}

// illegal answers a transition the candidate's status does not allow.
func illegal(c *ent.Candidate, action string, allowed ...candidate.Status) error {
	spelled := make([]string, len(allowed))
	for i, st := range allowed {
		spelled[i] = string(st)
	}
	return apierror.New(http.StatusConflict, CodeIllegalTransition,
		"cannot %s candidate %s: its status is %s; only a candidate in status %s can be", action, c.ID, c.Status, strings.Join(spelled, " or "))
}

// setStatus changes the status and when it changed, and returns the change.
func (s *CandidateService) setStatus(upd *ent.CandidateUpdateOne, c *ent.Candidate, to candidate.Status) []schematype.FieldChange {
	upd.SetStatus(to).SetTimeLastStatusChanged(s.now())
	return Change("status", c.Status, to)
}

// MoveCandidate moves a candidate in progress to another step of its
// position's pipeline. The hired step is reached through HireCandidate.
func (s *CandidateService) MoveCandidate(ctx context.Context, candidateID, stepID string) (*ent.Candidate, error) {
	return s.transition(ctx, candidateID, permission.MoveCandidates, func(ctx context.Context, client *ent.Client, c *ent.Candidate) (*ent.Candidate, string, []schematype.FieldChange, error) {
		if c.Status != candidate.StatusInProgress {
			return nil, "", nil, illegal(c, "move", candidate.StatusInProgress)
		}
		step, err := client.PipelineStep.Query().Where(pipelinestep.ID(stepID), pipelinestep.PositionID(c.PositionID)).Only(ctx)
		if ent.IsNotFound(err) {
			return nil, "", nil, apierror.NotFound(CodeStepNotFound, "the candidate's position has no pipeline step with the uid %q", stepID)
		}
		if err != nil {
			return nil, "", nil, err
		}
		if step.Kind == pipelinestep.KindHired {
			return nil, "", nil, apierror.New(http.StatusConflict, CodeIllegalTransition, "step %q is the hired step; use hireCandidate, which fills an opening", step.Name)
		}
		if c.CurrentStepID != nil && *c.CurrentStepID == step.ID {
			return nil, "", nil, apierror.New(http.StatusConflict, CodeIllegalTransition, "candidate %s is already at step %q", c.ID, step.Name)
		}
		before := currentStepName(c)
		saved, err := enterStep(ctx, client, c, step, actorOf(ctx), s.now())
		if err != nil {
			return nil, "", nil, err
		}
		return saved, VerbCandidateMoved, Change("step", before, step.Name), nil
	})
}

func currentStepName(c *ent.Candidate) any {
	if len(c.CurrentSteps) == 0 {
		return nil
	}
	return c.CurrentSteps[len(c.CurrentSteps)-1].Name
}

// RejectCandidateInput says why a candidate is rejected.
type RejectCandidateInput struct {
	ReasonID string  `json:"reason_uid"`
	Note     *string `json:"note"`
	// MessageTemplateID, when set, e-mails the candidate the template
	// rendered for them, from the signed-in user, in a new conversation.
	MessageTemplateID *string `json:"-"`
}

// RejectCandidate turns a candidate in progress down for one of the
// company's rejection reasons. The candidate stays at its step, so the board
// shows where it left.
func (s *CandidateService) RejectCandidate(ctx context.Context, candidateID string, in RejectCandidateInput) (*ent.Candidate, error) {
	note := ""
	if in.Note != nil {
		note = strings.TrimSpace(*in.Note)
		if len([]rune(note)) > 2000 {
			return nil, apierror.Invalid("note", "note may be at most 2000 characters")
		}
	}
	return s.transition(ctx, candidateID, permission.RejectCandidates, func(ctx context.Context, client *ent.Client, c *ent.Candidate) (*ent.Candidate, string, []schematype.FieldChange, error) {
		if c.Status != candidate.StatusInProgress {
			return nil, "", nil, illegal(c, "reject", candidate.StatusInProgress)
		}
		if err := s.emailRejection(ctx, client, c, in.MessageTemplateID); err != nil {
			return nil, "", nil, err
		}
		if err := ensureRejectionReasons(ctx, client); err != nil {
			return nil, "", nil, err
		}
		reason, err := client.RejectionReason.Get(ctx, in.ReasonID)
		if ent.IsNotFound(err) {
			return nil, "", nil, apierror.NotFound(CodeReasonNotFound, "no rejection reason has the uid %q; the rejectionReasons query lists the company's", in.ReasonID)
		}
		if err != nil {
			return nil, "", nil, err
		}
		upd := client.Candidate.UpdateOne(c).SetRejectionReasonID(reason.ID)
		changes := s.setStatus(upd, c, candidate.StatusRejected)
		changes = append(changes, Change("rejectionReason", nil, reason.Name)...)
		if note != "" {
			upd.SetRejectionNote(note)
			changes = append(changes, Change("rejectionNote", nil, note)...)
		}
		saved, err := upd.Save(ctx)
		if err != nil {
			return nil, "", nil, fmt.Errorf("rejecting candidate: %w", err)
		}
		return saved, VerbCandidateRejected, changes, nil
	})
}

// ReviveCandidate puts a rejected or withdrawn candidate back in progress,
// at the step it left from; the rejection reason and note are cleared.
func (s *CandidateService) ReviveCandidate(ctx context.Context, candidateID string) (*ent.Candidate, error) {
	return s.transition(ctx, candidateID, permission.RejectCandidates, func(ctx context.Context, client *ent.Client, c *ent.Candidate) (*ent.Candidate, string, []schematype.FieldChange, error) {
		if c.Status != candidate.StatusRejected && c.Status != candidate.StatusWithdrawn {
			return nil, "", nil, illegal(c, "revive", candidate.StatusRejected, candidate.StatusWithdrawn)
		}
		upd := client.Candidate.UpdateOne(c).ClearRejectionReason().ClearRejectionNote()
		changes := s.setStatus(upd, c, candidate.StatusInProgress)
		if c.RejectionNote != nil {
			changes = append(changes, Change("rejectionNote", *c.RejectionNote, nil)...)
		}
		saved, err := upd.Save(ctx)
		if err != nil {
			return nil, "", nil, fmt.Errorf("reviving candidate: %w", err)
		}
		return saved, VerbCandidateRevived, changes, nil
	})
}

// WithdrawCandidate records that a candidate in progress withdrew.
func (s *CandidateService) WithdrawCandidate(ctx context.Context, candidateID string) (*ent.Candidate, error) {
	return s.transition(ctx, candidateID, permission.RejectCandidates, func(ctx context.Context, client *ent.Client, c *ent.Candidate) (*ent.Candidate, string, []schematype.FieldChange, error) {
		if c.Status != candidate.StatusInProgress {
			return nil, "", nil, illegal(c, "withdraw", candidate.StatusInProgress)
		}
		upd := client.Candidate.UpdateOne(c)
		changes := s.setStatus(upd, c, candidate.StatusWithdrawn)
		saved, err := upd.Save(ctx)
		if err != nil {
			return nil, "", nil, fmt.Errorf("withdrawing candidate: %w", err)
		}
		return saved, VerbCandidateWithdrawn, changes, nil
	})
}

// AssignCandidate adds users of the company to the candidate's assignees;
// UnassignCandidate removes them. Users already in (or out) are skipped.
func (s *CandidateService) AssignCandidate(ctx context.Context, candidateID string, userIDs []string) (*ent.Candidate, error) {
	return s.assign(ctx, candidateID, userIDs, true)
}

// UnassignCandidate removes users from the candidate's assignees.
func (s *CandidateService) UnassignCandidate(ctx context.Context, candidateID string, userIDs []string) (*ent.Candidate, error) {
	return s.assign(ctx, candidateID, userIDs, false)
}

func (s *CandidateService) assign(ctx context.Context, candidateID string, userIDs []string, add bool) (*ent.Candidate, error) {
	if len(userIDs) == 0 {
		return nil, apierror.Invalid("userIDs", "userIDs must name at least one user")
	}
	return s.transition(ctx, candidateID, permission.EditCandidates, func(ctx context.Context, client *ent.Client, c *ent.Candidate) (*ent.Candidate, string, []schematype.FieldChange, error) {
		for i, id := range userIDs {
			ok, err := client.User.Query().Where(user.ID(id)).Exist(ctx)
			if err != nil {
				return nil, "", nil, err
			}
			if !ok {
				return nil, "", nil, apierror.NotFound(CodeUserNotFound, "userIDs[%d]: no user has the uid %q", i, id)
			}
		}
		before, err := c.QueryAssignees().IDs(ctx)
		if err != nil {
			return nil, "", nil, err
		}
		slices.Sort(before)
		upd := client.Candidate.UpdateOne(c)
		after := slices.Clone(before)
		verb := VerbCandidateAssigned
		if add {
			for _, id := range userIDs {
				if !slices.Contains(after, id) {
					after = append(after, id)
					upd.AddAssigneeIDs(id)
				}
			}
		} else {
			verb = VerbCandidateUnassigned
			for _, id := range userIDs {
				if i := slices.Index(after, id); i >= 0 {
					after = slices.Delete(after, i, i+1)
					upd.RemoveAssigneeIDs(id)
				}
			}
		}
		slices.Sort(after)
		if err := upd.Exec(ctx); err != nil {
			return nil, "", nil, fmt.Errorf("assigning candidate: %w", err)
		}
		// Read back through the viewer's rules: the assignees decide
		// which candidates some users see.
		saved, err := client.Candidate.Get(ctx, c.ID)
		if err != nil {
			return nil, "", nil, err
		}
		return saved, verb, Change("assignees", before, after), nil
	})
}

// UpdateCandidateInput changes a candidate; null fields stay as they are.
type UpdateCandidateInput struct {
	Source  *string       `json:"source"`
	Address *AddressInput `json:"address"`
}

// AddressInput is a postal address in a request. It is a type of its own,
// not schematype.Address, so the graph's Address output type and this
// input bind to different Go types.
type AddressInput struct {
	Country       string `json:"country"`
	State         string `json:"state"`
	Zip           string `json:"zip"`
	StreetAddress string `json:"street_address"`
	City          string `json:"city"`
}

// UpdateCandidate changes a candidate's source or address.
func (s *CandidateService) UpdateCandidate(ctx context.Context, candidateID string, in UpdateCandidateInput) (*ent.Candidate, error) {
	if in.Source != nil && len([]rune(*in.Source)) > 200 {
		return nil, apierror.Invalid("source", "source may be at most 200 characters")
	}
	return s.transition(ctx, candidateID, permission.EditCandidates, func(ctx context.Context, client *ent.Client, c *ent.Candidate) (*ent.Candidate, string, []schematype.FieldChange, error) {
		upd := client.Candidate.UpdateOne(c)
		var changes []schematype.FieldChange
		if in.Source != nil {
			src := strings.TrimSpace(*in.Source)
			upd.SetSource(src)
			changes = append(changes, Change("source", c.Source, src)...)
		}
		if in.Address != nil {
			addr := schematype.Address(*in.Address)
			upd.SetAddress(&addr)
			changes = append(changes, Change("address", c.Address, addr)...)
		}
		saved, err := upd.Save(ctx)
		if err != nil {
			return nil, "", nil, fmt.Errorf("updating candidate: %w", err)
		}
		return saved, VerbCandidateUpdated, changes, nil
	})
}

// UpdatePerson changes a person's fields. An e-mail address another person
// of the company has is refused (person_exists): the two would be one
// person recorded twice. The activity shows on each of the person's
// candidates' timelines.
func (s *CandidateService) UpdatePerson(ctx context.Context, personID string, in PersonInput) (*ent.Person, error) {
	if err := Require(ctx, permission.EditCandidates); err != nil {
		return nil, err
	}
	if err := validatePerson(in); err != nil {
		return nil, err
	}
	var out *ent.Person
	err := s.WithTx(ctx, func(ctx context.Context, client *ent.Client) error {
		p, err := client.Person.Get(ctx, personID)
		if ent.IsNotFound(err) {
			return apierror.NotFound(CodePersonNotFound, "no person has the uid %q", personID)
		}
		if err != nil {
			return err
		}
		upd, changes, err := personUpdate(ctx, client, p, in)
		if err != nil {
			return err
		}
		cands, err := s.lockCandidatesOf(ctx, client, p.ID)
		if err != nil {
			return err
		}
		if out, err = upd.Save(ctx); err != nil {
			return fmt.Errorf("updating person: %w", err)
		}
		return s.recordOnPerson(ctx, client, cands, Activity{Verb: VerbPersonUpdated, ObjectType: "Person", ObjectID: p.ID, Changes: changes})
	})
	return out, err
}

func personUpdate(ctx context.Context, client *ent.Client, p *ent.Person, in PersonInput) (*ent.PersonUpdateOne, []schematype.FieldChange, error) {
	upd := client.Person.UpdateOne(p)
	var changes []schematype.FieldChange
	if in.FirstName != nil {
		v := strings.TrimSpace(*in.FirstName)
		upd.SetFirstName(v)
		changes = append(changes, Change("firstName", p.FirstName, v)...)
	}
	for _, f := range []struct {
		name   string
		value  *string
		before string
		set    func(string) *ent.PersonUpdateOne
		clear  func() *ent.PersonUpdateOne
	}{
		{"middleName", in.MiddleName, p.MiddleName, upd.SetMiddleName, upd.ClearMiddleName},
		{"lastName", in.LastName, p.LastName, upd.SetLastName, upd.ClearLastName},
		{"email", in.Email, p.Email, upd.SetEmail, upd.ClearEmail},
		{"phone", in.Phone, p.Phone, upd.SetPhone, upd.ClearPhone},
	} {
		if f.value == nil {
			continue
		}
		v := strings.TrimSpace(*f.value)
		if v == "" {
			f.clear()
		} else {
			f.set(v)
		}
		changes = append(changes, Change(f.name, f.before, v)...)
	}
	if in.Email != nil {
		key := rule.NormalEmail(*in.Email)
		if key != "" {
			taken, err := client.Person.Query().Where(person.EmailNormalized(key), person.IDNEQ(p.ID)).Exist(ctx)
			if err != nil {
				return nil, nil, err
			}
			if taken {
				return nil, nil, apierror.New(http.StatusConflict, CodePersonExists,
					"another person of the company has the e-mail address %q; findDuplicates shows them", strings.TrimSpace(*in.Email))
			}
		}
	}
	return upd, changes, nil
}

// CodePersonExists: an update would give a person another person's e-mail.
const CodePersonExists = "person_exists"
