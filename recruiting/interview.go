package recruiting

import (
	"context"
	"fmt"
	"net/http"
	"slices"
	"strings"
	"time"

	"github.com/hiregraph/hiregraph/ent"
	"github.com/hiregraph/hiregraph/ent/candidate"
	"github.com/hiregraph/hiregraph/ent/interview"
	"github.com/hiregraph/hiregraph/ent/pipelinestep"
	"github.com/hiregraph/hiregraph/ent/position"
	"github.com/hiregraph/hiregraph/ent/privacy"
	"github.com/hiregraph/hiregraph/ent/role"
	"github.com/hiregraph/hiregraph/ent/schema/schematype"
	"github.com/hiregraph/hiregraph/ent/user"
	"github.com/hiregraph/hiregraph/internal/apierror"
	"github.com/hiregraph/hiregraph/internal/permission"
	"github.com/hiregraph/hiregraph/internal/sanitize"
	"github.com/hiregraph/hiregraph/internal/viewer"
)

// Verbs of interviews.
const (
	VerbInterviewScheduled   = "interview.scheduled"
	VerbInterviewRescheduled = "interview.rescheduled"
	VerbInterviewCancelled   = "interview.cancelled"
)

// Codes of interview errors.
const (
	CodeInterviewNotFound = "interview_not_found"
	// CodeInterviewerBusy: an interviewer has another interview at an
	// overlapping time (409).
	CodeInterviewerBusy = "interviewer_busy"
	// CodeInterviewerNotAllowed: an interviewer is inactive or may not see
	// the candidate's position (422).
	CodeInterviewerNotAllowed = "interviewer_not_allowed"
)

// Bounds of an interview.
const (
	maxInterviewers      = 20
	maxInterviewLength   = 12 * time.Hour
	maxInterviewLocation = 500
	maxInstructions      = 10000
)

// InterviewFields are what scheduling sets and rescheduling may change;
// nil keeps what a reschedule does not name.
type InterviewFields struct {
	InterviewerIDs []string
	TimeStart      *time.Time
	TimeEnd        *time.Time
	// TimeZone is an IANA zone name (Europe/Berlin); invitations show the
	// times in it.
	TimeZone     *string
	Location     *string
	VideoURL     *string
	Instructions *string
}

// ScheduleInterviewInput schedules an interview of a candidate at a step
// of its position's pipeline.
type ScheduleInterviewInput struct {
	CandidateID string
	StepID      string
	InterviewFields
}

// ScheduleInterview schedules an interview: its interviewers must be
// active users who see the candidate's position, and none of them may
// have another interview at an overlapping time (refused with
// interviewer_busy: overlaps are refused, not flagged). The interviewers'
// rows are locked in id order before the overlap is checked, so of
// concurrent schedules of one interviewer at one time exactly one wins.
func (s *InterviewService) ScheduleInterview(ctx context.Context, in ScheduleInterviewInput) (*ent.Interview, error) {
	if err := Require(ctx, permission.ScheduleInterviews); err != nil {
		return nil, err
	}
	if in.TimeStart == nil || in.TimeEnd == nil || in.TimeZone == nil {
		return nil, apierror.Invalid("timeStart", "timeStart, timeEnd and timeZone are required")
	}
	if len(in.InterviewerIDs) == 0 {
		return nil, apierror.Invalid("interviewerIDs", "interviewerIDs names at least one user")
	}
	want, err := s.checkFields(in.InterviewFields, &ent.Interview{}, nil)
	if err != nil {
		return nil, err
	}
	var out *ent.Interview
	err = s.WithTx(ctx, func(ctx context.Context, client *ent.Client) error {
		c, err := lockCandidateInProgress(ctx, client, in.CandidateID, "schedule an interview of")
		if err != nil {
			return err
		}
		step, err := client.PipelineStep.Query().Where(pipelinestep.ID(in.StepID), pipelinestep.PositionID(c.PositionID)).Only(ctx)
		if ent.IsNotFound(err) {
			return apierror.NotFound(CodeStepNotFound, "the candidate's position has no pipeline step with the uid %q", in.StepID)
		}
		if err != nil {
			return fmt.Errorf("loading step: %w", err)
		}
		interviewers, err := s.lockInterviewers(ctx, client, c.PositionID, want.InterviewerIDs)
		if err != nil {
			return err
		}
		if err := s.checkFree(ctx, client, want, ""); err != nil {
			return err
		}
		organizer := want.InterviewerIDs[0]
		if v, _ := viewer.FromContext(ctx); v.UserID != "" {
			organizer = v.UserID
		}
		now := s.now()
		iv, err := client.Interview.Create().
			SetCandidateID(c.ID).SetPositionID(c.PositionID).SetStepID(step.ID).SetOrganizerID(organizer).
			SetTimeStart(want.TimeStart).SetTimeEnd(want.TimeEnd).SetTimeZone(want.TimeZone).
			SetLocation(want.Location).SetVideoURL(want.VideoURL).SetInstructions(want.Instructions).
			SetTimeCreated(now).SetTimeUpdated(now).
			AddInterviewerIDs(want.InterviewerIDs...).
			Save(ctx)
		if err != nil {
			return fmt.Errorf("saving interview: %w", err)
		}
		iv.Edges.Interviewers = interviewers
		out = iv
		if err := s.record(ctx, client, Activity{Verb: VerbInterviewScheduled, ObjectType: "Interview", ObjectID: iv.ID, Candidate: c, Object: iv}); err != nil {
			return err
		}
		return s.queueInvitations(ctx, client, iv, nil)
	})
	return out, err
}

// RescheduleInterview changes what fields names of a scheduled interview
// (its time, zone, interviewers, place or instructions) and raises its
// invitation's SEQUENCE, so calendars replace the event. The overlap rule
// holds as when scheduling; the interview's own time does not count.
func (s *InterviewService) RescheduleInterview(ctx context.Context, id string, fields InterviewFields) (*ent.Interview, error) {
	if err := Require(ctx, permission.ScheduleInterviews); err != nil {
		return nil, err
	}
	return s.changeInterview(ctx, id, func(ctx context.Context, client *ent.Client, c *ent.Candidate, iv *ent.Interview) (*ent.Interview, string, []schematype.FieldChange, error) {
		if c.Status != candidate.StatusInProgress {
			return nil, "", nil, illegal(c, "reschedule an interview of", candidate.StatusInProgress)
		}
		before, err := client.Interview.QueryInterviewers(iv).Order(ent.Asc(user.FieldID)).IDs(ctx)
		if err != nil {
			return nil, "", nil, fmt.Errorf("loading interviewers: %w", err)
		}
		want, err := s.checkFields(fields, iv, before)
		if err != nil {
			return nil, "", nil, err
		}
		interviewers, err := s.lockInterviewers(ctx, client, c.PositionID, want.InterviewerIDs)
		if err != nil {
			return nil, "", nil, err
		}
		if err := s.checkFree(ctx, client, want, iv.ID); err != nil {
			return nil, "", nil, err
		}
		changes := slices.Concat(
			Change("timeStart", iv.TimeStart, want.TimeStart), Change("timeEnd", iv.TimeEnd, want.TimeEnd),
			Change("timeZone", iv.TimeZone, want.TimeZone), Change("location", iv.Location, want.Location),
			Change("videoURL", iv.VideoURL, want.VideoURL), Change("instructions", iv.Instructions, want.Instructions),
			Change("interviewerIDs", before, slices.Sorted(slices.Values(want.InterviewerIDs))))
		if len(changes) == 0 {
			return nil, "", nil, apierror.Invalid("input", "the reschedule changes nothing: name a new time, zone, interviewer, place or instructions")
		}
		out, err := client.Interview.UpdateOne(iv).
			SetTimeStart(want.TimeStart).SetTimeEnd(want.TimeEnd).SetTimeZone(want.TimeZone).
			SetLocation(want.Location).SetVideoURL(want.VideoURL).SetInstructions(want.Instructions).
			ClearInterviewers().AddInterviewerIDs(want.InterviewerIDs...).
			AddSequence(1).SetTimeUpdated(s.now()).
			Save(ctx)
		if err != nil {
			return nil, "", nil, fmt.Errorf("saving interview: %w", err)
		}
		out.Edges.Interviewers = interviewers
		return out, VerbInterviewRescheduled, append(changes, Change("sequence", iv.Sequence, out.Sequence)...), nil
	})
}

// CancelInterview cancels a scheduled interview: its invitation becomes a
// CANCEL with a higher SEQUENCE. Cancelling a cancelled interview is
// illegal_transition.
func (s *InterviewService) CancelInterview(ctx context.Context, id string) (*ent.Interview, error) {
	if err := Require(ctx, permission.ScheduleInterviews); err != nil {
		return nil, err
	}
	return s.changeInterview(ctx, id, func(ctx context.Context, client *ent.Client, _ *ent.Candidate, iv *ent.Interview) (*ent.Interview, string, []schematype.FieldChange, error) {
		now := s.now()
		out, err := client.Interview.UpdateOne(iv).
			SetStatus(interview.StatusCancelled).SetTimeCancelled(now).SetTimeUpdated(now).AddSequence(1).
			Save(ctx)
		if err != nil {
			return nil, "", nil, fmt.Errorf("saving interview: %w", err)
		}
		if out.Edges.Interviewers, err = client.Interview.QueryInterviewers(out).Order(ent.Asc(user.FieldID)).All(ctx); err != nil {
			return nil, "", nil, fmt.Errorf("loading interviewers: %w", err)
		}
		return out, VerbInterviewCancelled, slices.Concat(Change("status", iv.Status, out.Status), Change("sequence", iv.Sequence, out.Sequence)), nil
	})
}

// interviewChange changes a scheduled interview of candidate c and returns
// it as saved, with its interviewers, and its activity's verb and changes.
type interviewChange func(ctx context.Context, client *ent.Client, c *ent.Candidate, iv *ent.Interview) (*ent.Interview, string, []schematype.FieldChange, error)

// changeInterview runs one change of a scheduled interview: it locks the
// interview's candidate, then the interview (docs/concurrency.md), refuses
// a cancelled interview, and records the change's activity.
func (s *InterviewService) changeInterview(ctx context.Context, id string, change interviewChange) (*ent.Interview, error) {
	var out *ent.Interview
	err := s.WithTx(ctx, func(ctx context.Context, client *ent.Client) error {
		iv, err := findInterview(ctx, client, id)
		if err != nil {
			return err
		}
		c, err := client.Candidate.Query().Where(candidate.ID(iv.CandidateID), lockedForWrite).Only(ctx)
		if err != nil {
			return fmt.Errorf("locking candidate: %w", err)
		}
		if iv, err = client.Interview.Query().Where(interview.ID(id), lockedForWrite).Only(ctx); err != nil {
			return fmt.Errorf("locking interview: %w", err)
		}
		if iv.Status == interview.StatusCancelled {
			return apierror.New(http.StatusConflict, CodeIllegalTransition, "interview %s was cancelled; schedule a new one", iv.ID)
		}
		before, err := client.Interview.QueryInterviewers(iv).IDs(ctx)
		if err != nil {
			return fmt.Errorf("loading interviewers: %w", err)
		}
		saved, verb, changes, err := change(ctx, client, c, iv)
		if err != nil {
			return err
		}
		out = saved
		if err := s.record(ctx, client, Activity{Verb: verb, ObjectType: "Interview", ObjectID: iv.ID, Candidate: c, Changes: changes, Object: saved}); err != nil {
			return err
		}
		return s.queueInvitations(ctx, client, saved, before)
	})
	return out, err
}

func findInterview(ctx context.Context, client *ent.Client, id string) (*ent.Interview, error) {
	iv, err := client.Interview.Get(ctx, id)
	if ent.IsNotFound(err) {
		return nil, apierror.NotFound(CodeInterviewNotFound, "no interview has the uid %q", id)
	}
	if err != nil {
		return nil, fmt.Errorf("loading interview: %w", err)
	}
	return iv, nil
}

func lockCandidateInProgress(ctx context.Context, client *ent.Client, id, action string) (*ent.Candidate, error) {
	c, err := client.Candidate.Query().Where(candidate.ID(id), candidate.Deleted(false), lockedForWrite).Only(ctx)
	if ent.IsNotFound(err) {
		return nil, apierror.NotFound(apierror.CodeCandidateNotFound, "no candidate has the uid %q", id)
	}
	if err != nil {
		return nil, fmt.Errorf("locking candidate: %w", err)
	}
	if c.Status != candidate.StatusInProgress {
		return nil, illegal(c, action, candidate.StatusInProgress)
	}
	return c, nil
}

// interviewPlan is an interview's fields after a schedule or reschedule,
// checked.
type interviewPlan struct {
	InterviewerIDs                   []string
	TimeStart, TimeEnd               time.Time
	TimeZone                         string
	Location, VideoURL, Instructions string
}

// checkFields applies in over what iv, with interviewers, holds and checks
// the result.
func (s *InterviewService) checkFields(in InterviewFields, iv *ent.Interview, interviewers []string) (interviewPlan, error) {
	p := interviewPlan{InterviewerIDs: interviewers, TimeStart: iv.TimeStart, TimeEnd: iv.TimeEnd, TimeZone: iv.TimeZone,
		Location: iv.Location, VideoURL: iv.VideoURL, Instructions: iv.Instructions}
	set := func(dst *string, src *string) {
		if src != nil {
			*dst = strings.TrimSpace(*src)
		}
	}
	set(&p.TimeZone, in.TimeZone)
	set(&p.Location, in.Location)
	set(&p.VideoURL, in.VideoURL)
	if in.Instructions != nil {
		p.Instructions = strings.TrimSpace(sanitize.PlainText(*in.Instructions))
	}
	if in.TimeStart != nil {
		p.TimeStart = in.TimeStart.UTC().Truncate(time.Microsecond)
	}
	if in.TimeEnd != nil {
		p.TimeEnd = in.TimeEnd.UTC().Truncate(time.Microsecond)
	}
	var errs []error
	if in.InterviewerIDs != nil {
		ids, err := distinctInterviewers(in.InterviewerIDs)
		p.InterviewerIDs, errs = ids, append(errs, err)
	}
	if loc, err := time.LoadLocation(p.TimeZone); err != nil || p.TimeZone == "" || loc.String() == "Local" {
		errs = append(errs, apierror.Invalid("timeZone", "timeZone must be an IANA time zone such as Europe/Berlin, got %q", p.TimeZone))
	}
	switch {
	case !p.TimeEnd.After(p.TimeStart):
		errs = append(errs, apierror.Invalid("timeEnd", "timeEnd must be after timeStart"))
	case p.TimeEnd.Sub(p.TimeStart) > maxInterviewLength:
		errs = append(errs, apierror.Invalid("timeEnd", "timeEnd must be at most %d hours after timeStart", int(maxInterviewLength.Hours())))
	case in.TimeStart != nil && p.TimeStart.Before(s.now().Add(-futureSkew)):
		errs = append(errs, apierror.Invalid("timeStart", "timeStart must not be in the past"))
	}
	if len(p.Location) > maxInterviewLocation {
		errs = append(errs, apierror.Invalid("location", "location must be at most %d bytes", maxInterviewLocation))
	}
	if len(p.Instructions) > maxInstructions {
		errs = append(errs, apierror.Invalid("instructions", "instructions must be at most %d bytes", maxInstructions))
	}
	errs = append(errs, checkPageURL("videoURL", &p.VideoURL))
	if err := apierror.Join(errs...); err != nil {
		return p, err
	}
	return p, nil
}

// distinctInterviewers checks the interviewers named: at least one, at
// most maxInterviewers, each once. They keep their order, so an error
// names the index the caller sent.
func distinctInterviewers(ids []string) ([]string, error) {
	if len(ids) == 0 || len(ids) > maxInterviewers {
		return nil, apierror.Invalid("interviewerIDs", "interviewerIDs names 1 to %d users, got %d", maxInterviewers, len(ids))
	}
	sorted := slices.Sorted(slices.Values(ids))
	if len(slices.Compact(sorted)) != len(ids) {
		return nil, apierror.Invalid("interviewerIDs", "interviewerIDs names a user more than once")
	}
	return ids, nil
}

// lockInterviewers reads and locks the interviewers' user rows in id order
// (a fixed order, so concurrent schedules of overlapping sets never
// deadlock) and checks each is an active user who sees the position.
func (s *InterviewService) lockInterviewers(ctx context.Context, client *ent.Client, positionID string, ids []string) ([]*ent.User, error) {
	users, err := client.User.Query().Where(user.IDIn(ids...), lockedForWrite).Order(ent.Asc(user.FieldID)).All(ctx)
	if err != nil {
		return nil, fmt.Errorf("locking interviewers: %w", err)
	}
	for i, id := range ids {
		field := fmt.Sprintf("interviewerIDs[%d]", i)
		j := slices.IndexFunc(users, func(u *ent.User) bool { return u.ID == id })
		if j < 0 {
			return nil, apierror.NotFound(CodeUserNotFound, "%s: no user has the uid %q", field, id)
		}
		u := users[j]
		if !u.Active {
			return nil, invalidRef(CodeInterviewerNotAllowed, field, "%s: %s is deactivated", field, u.Email)
		}
		sees, err := seesPosition(ctx, client, u, positionID)
		if err != nil {
			return nil, err
		}
		if !sees {
			return nil, invalidRef(CodeInterviewerNotAllowed, field,
				"%s: %s may not see the candidate's position; put them on its hiring team first", field, u.Email)
		}
	}
	return users, nil
}

// seesPosition reports whether u, with the permissions of their roles,
// reads the position: a discreet position only shows to its team and to
// holders of positions:view_discreet.
func seesPosition(ctx context.Context, client *ent.Client, u *ent.User, positionID string) (bool, error) {
	custom := map[string][]string{}
	if names := slices.DeleteFunc(slices.Clone(u.Roles), permission.IsBuiltIn); len(names) > 0 {
		rs, err := client.Role.Query().Where(role.NameIn(names...)).All(ctx)
		if err != nil {
			return false, fmt.Errorf("reading the interviewer's roles: %w", err)
		}
		for _, r := range rs {
			custom[r.Name] = r.Permissions
		}
	}
	as := viewer.Viewer{CompanyID: u.CompanyID}.ForUser(u.ID, u.Roles, permission.OfRoles(u.Roles, func(r string) []string { return custom[r] }))
	ok, err := client.Position.Query().Where(position.ID(positionID)).Exist(viewer.NewContext(ctx, as))
	if err != nil {
		return false, fmt.Errorf("checking the interviewer sees the position: %w", err)
	}
	return ok, nil
}

// checkFree refuses the plan when one of its interviewers has another
// scheduled interview overlapping it. It reads past the privacy rules
// (an interview of a discreet position still takes the interviewer's
// time) and names no other candidate. The interviewers' rows are locked,
// so no overlapping interview of theirs commits meanwhile.
func (s *InterviewService) checkFree(ctx context.Context, client *ent.Client, p interviewPlan, except string) error {
	busy, err := client.Interview.Query().
		Where(
			interview.CompanyID(viewerCompany(ctx)),
			interview.StatusEQ(interview.StatusScheduled),
			interview.TimeStartLT(p.TimeEnd), interview.TimeEndGT(p.TimeStart),
			interview.IDNEQ(except),
			interview.HasInterviewersWith(user.IDIn(p.InterviewerIDs...)),
		).
		WithInterviewers(func(q *ent.UserQuery) { q.Where(user.IDIn(p.InterviewerIDs...)) }).
		First(privacy.DecisionContext(ctx, privacy.Allow))
	if ent.IsNotFound(err) {
		return nil
	}
	if err != nil {
		return fmt.Errorf("checking interviewers' time: %w", err)
	}
	who := busy.Edges.Interviewers[0]
	return apierror.New(http.StatusConflict, CodeInterviewerBusy, "%s has another interview from %s to %s (UTC)",
		who.Email, busy.TimeStart.UTC().Format(time.RFC3339), busy.TimeEnd.UTC().Format(time.RFC3339))
}
