package recruiting

import (
	"context"
	"fmt"
	"net/http"
	"slices"
	"strings"

	"github.com/hiregraph/hiregraph/ent"
	"github.com/hiregraph/hiregraph/ent/candidate"
	"github.com/hiregraph/hiregraph/ent/interview"
	"github.com/hiregraph/hiregraph/ent/interviewinterviewer"
	"github.com/hiregraph/hiregraph/ent/position"
	"github.com/hiregraph/hiregraph/ent/scorecard"
	"github.com/hiregraph/hiregraph/ent/scorecardattribute"
	"github.com/hiregraph/hiregraph/ent/scorecardrating"
	"github.com/hiregraph/hiregraph/internal/apierror"
	"github.com/hiregraph/hiregraph/internal/permission"
	"github.com/hiregraph/hiregraph/internal/sanitize"
	"github.com/hiregraph/hiregraph/internal/viewer"
)

// Verbs of scorecards.
const (
	VerbScorecardSubmitted = "scorecard.submitted"
	VerbScorecardUpdated   = "scorecard.updated"
)

// Codes of scorecard errors.
const (
	// CodeNotInterviewer: the user submitting is not an interviewer of
	// the interview (403).
	CodeNotInterviewer = "not_interviewer"
	// CodeInterviewNotStarted: the interview has not started yet (409).
	CodeInterviewNotStarted = "interview_not_started"
	// CodeScorecardLocked: the candidate left the interview's step, so
	// the scorecard can no longer be edited (409).
	CodeScorecardLocked = "scorecard_locked"
)

// Bounds of a scorecard.
const (
	maxScorecardNotes = 10000
	maxRatingNote     = 5000
)

// SubmitScorecardInput is an interviewer's feedback on an interview.
type SubmitScorecardInput struct {
	InterviewID           string
	OverallRecommendation scorecard.OverallRecommendation
	Notes                 *string
	Ratings               []ScorecardRatingInput
}

// ScorecardRatingInput rates one attribute of the template; a nil Rating
// leaves the attribute unrated (a note alone).
type ScorecardRatingInput struct {
	AttributeID string
	Rating      *int
	Note        *string
}

// SubmitScorecard creates the acting user's scorecard on an interview they
// sat (it is scheduled and has started), or replaces it while the
// candidate is still at the interview's step. Ratings name attributes of
// the position's template, each at most once, on its scale. The
// candidate's row is locked first (docs/concurrency.md), so concurrent
// submissions of one interviewer make one scorecard and edit it; the
// unique index on (interview, interviewer) backs that.
func (s *ScorecardService) SubmitScorecard(ctx context.Context, in SubmitScorecardInput) (*ent.Scorecard, error) {
	if err := Require(ctx, permission.SubmitFeedback); err != nil {
		return nil, err
	}
	v, _ := viewer.FromContext(ctx)
	if err := checkScorecard(&in); err != nil {
		return nil, err
	}
	var out *ent.Scorecard
	err := s.WithTx(ctx, func(ctx context.Context, client *ent.Client) error {
		iv, err := findInterview(ctx, client, in.InterviewID)
		if err != nil {
			return err
		}
		c, err := client.Candidate.Query().Where(candidate.ID(iv.CandidateID), lockedForWrite).Only(ctx)
		if err != nil {
			return fmt.Errorf("locking candidate: %w", err)
		}
		if err := s.checkRatings(ctx, client, iv.PositionID, in.Ratings); err != nil {
			return err
		}
		if err := s.checkSat(ctx, client, iv, v.UserID); err != nil {
			return err
		}
		existing, err := client.Scorecard.Query().Where(scorecard.InterviewID(iv.ID), scorecard.UserID(v.UserID)).Only(ctx)
		switch {
		case ent.IsNotFound(err):
			out, err = s.createScorecard(ctx, client, iv, v.UserID, in)
		case err != nil:
			return fmt.Errorf("loading scorecard: %w", err)
		default:
			out, err = s.updateScorecard(ctx, client, c, existing, in)
		}
		if err != nil {
			return err
		}
		verb := VerbScorecardSubmitted
		if existing != nil {
			verb = VerbScorecardUpdated
		}
		return s.record(ctx, client, Activity{Verb: verb, ObjectType: "Scorecard", ObjectID: out.ID, Candidate: c, Object: out})
	})
	return out, err
}

// checkScorecard checks and cleans what a submission holds that needs no
// database: the notes' and ratings' lengths, each attribute once.
func checkScorecard(in *SubmitScorecardInput) error {
	var errs []error
	if err := scorecard.OverallRecommendationValidator(in.OverallRecommendation); err != nil {
		errs = append(errs, apierror.Invalid("overallRecommendation", "overallRecommendation must be STRONG_NO, NO, YES or STRONG_YES"))
	}
	notes := ""
	if in.Notes != nil {
		notes = strings.TrimSpace(sanitize.PlainText(*in.Notes))
	}
	in.Notes = &notes
	errs = append(errs, checkLength("notes", notes, 0, maxScorecardNotes))
	seen := map[string]bool{}
	for i := range in.Ratings {
		r := &in.Ratings[i]
		field := fmt.Sprintf("ratings[%d]", i)
		note := ""
		if r.Note != nil {
			note = strings.TrimSpace(sanitize.PlainText(*r.Note))
		}
		r.Note = &note
		errs = append(errs, checkLength(field+".note", note, 0, maxRatingNote))
		if seen[r.AttributeID] {
			errs = append(errs, apierror.Invalid(field+".attributeID", "%s.attributeID rates attribute %s a second time", field, r.AttributeID))
		}
		seen[r.AttributeID] = true
	}
	return apierror.Join(errs...)
}

// checkSat refuses a user who did not sit interview iv, and an API key
// acting for no one: iv must name the user an interviewer, be scheduled
// (not cancelled) and have started.
func (s *ScorecardService) checkSat(ctx context.Context, client *ent.Client, iv *ent.Interview, userID string) error {
	if userID == "" {
		return apierror.New(http.StatusForbidden, CodeNotInterviewer, "a scorecard is an interviewer's: act for a user (a user token, or On-Behalf-Of)")
	}
	sat, err := client.InterviewInterviewer.Query().
		Where(interviewinterviewer.InterviewID(iv.ID), interviewinterviewer.UserID(userID)).Exist(ctx)
	if err != nil {
		return fmt.Errorf("checking interviewers: %w", err)
	}
	switch {
	case !sat:
		return apierror.New(http.StatusForbidden, CodeNotInterviewer, "you are not an interviewer of interview %s; only its interviewers submit scorecards on it", iv.ID)
	case iv.Status == interview.StatusCancelled:
		return apierror.New(http.StatusConflict, CodeIllegalTransition, "interview %s was cancelled; it takes no scorecards", iv.ID)
	case iv.TimeStart.After(s.now()):
		return apierror.New(http.StatusConflict, CodeInterviewNotStarted, "interview %s starts at %s; submit its scorecard once it has started", iv.ID, iv.TimeStart.UTC().Format("2006-01-02T15:04:05Z"))
	}
	return nil
}

// checkRatings checks each rating names an attribute of the template of
// the position and lies on its scale.
func (s *ScorecardService) checkRatings(ctx context.Context, client *ent.Client, positionID string, ratings []ScorecardRatingInput) error {
	if len(ratings) == 0 {
		return nil
	}
	p, err := client.Position.Query().Where(position.ID(positionID)).Select(position.FieldScorecardRatingScale).Only(ctx)
	if err != nil {
		return fmt.Errorf("loading the position's template: %w", err)
	}
	if p.ScorecardRatingScale == nil {
		return apierror.Invalid("ratings", "the position has no scorecard template; send no ratings")
	}
	scale := *p.ScorecardRatingScale
	ids := make([]string, len(ratings))
	for i, r := range ratings {
		ids[i] = r.AttributeID
	}
	live, err := client.ScorecardAttribute.Query().
		Where(scorecardattribute.IDIn(ids...), scorecardattribute.PositionID(positionID), scorecardattribute.TimeRemovedIsNil()).
		IDs(ctx)
	if err != nil {
		return fmt.Errorf("loading scorecard attributes: %w", err)
	}
	var errs []error
	for i, r := range ratings {
		field := fmt.Sprintf("ratings[%d]", i)
		if !slices.Contains(live, r.AttributeID) {
			errs = append(errs, invalidRef(CodeAttributeNotFound, field+".attributeID",
				"%s.attributeID: the position's scorecard template has no attribute %q", field, r.AttributeID))
		}
		if r.Rating != nil && (*r.Rating < 1 || *r.Rating > scale) {
			errs = append(errs, apierror.Invalid(field+".rating", "%s.rating must be 1 to %d (the template's scale), got %d", field, scale, *r.Rating))
		}
	}
	return apierror.Join(errs...)
}

func (s *ScorecardService) createScorecard(ctx context.Context, client *ent.Client, iv *ent.Interview, userID string, in SubmitScorecardInput) (*ent.Scorecard, error) {
	now := s.now()
	sc, err := client.Scorecard.Create().
		SetInterviewID(iv.ID).SetUserID(userID).SetCandidateID(iv.CandidateID).SetNillableStepID(iv.StepID).
		SetOverallRecommendation(in.OverallRecommendation).SetNotes(*in.Notes).
		SetTimeSubmitted(now).SetTimeUpdated(now).
		Save(ctx)
	if err != nil {
		return nil, fmt.Errorf("saving scorecard: %w", err)
	}
	return sc, s.writeRatings(ctx, client, sc, in.Ratings)
}

// updateScorecard replaces sc's recommendation, notes and ratings while
// candidate c is still at the interview's step.
func (s *ScorecardService) updateScorecard(ctx context.Context, client *ent.Client, c *ent.Candidate, sc *ent.Scorecard, in SubmitScorecardInput) (*ent.Scorecard, error) {
	if !atStep(c, sc) {
		return nil, apierror.New(http.StatusConflict, CodeScorecardLocked,
			"candidate %s has left the interview's step; its scorecard %s can no longer be edited", c.ID, sc.ID)
	}
	out, err := client.Scorecard.UpdateOne(sc).
		SetOverallRecommendation(in.OverallRecommendation).SetNotes(*in.Notes).SetTimeUpdated(s.now()).
		Save(ctx)
	if err != nil {
		return nil, fmt.Errorf("saving scorecard: %w", err)
	}
	if _, err := client.ScorecardRating.Delete().Where(scorecardrating.ScorecardID(sc.ID)).Exec(ctx); err != nil {
		return nil, fmt.Errorf("replacing ratings: %w", err)
	}
	return out, s.writeRatings(ctx, client, out, in.Ratings)
}

// atStep reports whether candidate c is still in progress at the step of
// sc's interview, where its scorecard may be edited.
func atStep(c *ent.Candidate, sc *ent.Scorecard) bool {
	return c.Status == candidate.StatusInProgress && sc.StepID != nil && c.CurrentStepID != nil && *sc.StepID == *c.CurrentStepID
}

// writeRatings saves the ratings of sc and keeps them, with their
// attributes, on sc for its answer and event.
func (s *ScorecardService) writeRatings(ctx context.Context, client *ent.Client, sc *ent.Scorecard, ratings []ScorecardRatingInput) error {
	if len(ratings) == 0 {
		sc.Edges.Ratings = []*ent.ScorecardRating{}
		return nil
	}
	creates := make([]*ent.ScorecardRatingCreate, len(ratings))
	for i, r := range ratings {
		creates[i] = client.ScorecardRating.Create().
			SetScorecardID(sc.ID).SetAttributeID(r.AttributeID).SetCandidateID(sc.CandidateID).
			SetNillableRating(r.Rating).SetNote(*r.Note)
	}
	saved, err := client.ScorecardRating.CreateBulk(creates...).Save(ctx)
	if err != nil {
		return fmt.Errorf("saving ratings: %w", err)
	}
	sc.Edges.Ratings = saved
	return nil
}
