package recruiting

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"unicode/utf8"

	"github.com/hiregraph/hiregraph/ent"
	"github.com/hiregraph/hiregraph/ent/schema/schematype"
	"github.com/hiregraph/hiregraph/ent/testsubmission"
	"github.com/hiregraph/hiregraph/internal/apierror"
	"github.com/hiregraph/hiregraph/internal/permission"
	"github.com/hiregraph/hiregraph/internal/sanitize"
)

// EvaluationUpdate is a partner's report on a submission; nil fields stay
// as they are.
type EvaluationUpdate struct {
	Status     *string
	Outcome    *string
	Score      *int
	Summary    *string
	ResultURLs *[]string
}

// Limits of an evaluation update.
const (
	MaxEvaluationStatus  = 40
	MaxEvaluationSummary = 10000
	MaxResultURLs        = 20
)

// Error codes of evaluation updates.
const (
	CodeEvaluationNotFound  = "evaluation_not_found"
	CodeEvaluationCompleted = "evaluation_completed"
)

// UpdateEvaluation applies a partner's report to the submission it named
// by candidate_evaluation_id. Once the status is "completed" the
// submission is final: later reports get 409. Partners hold an API key of
// the company with the evaluations:write scope.
func (s *PartnerService) UpdateEvaluation(ctx context.Context, evaluationID string, in EvaluationUpdate) (*ent.TestSubmission, error) {
	if err := Require(ctx, permission.ReportEvaluation); err != nil {
		return nil, err
	}
	var ts *ent.TestSubmission
	err := s.WithTx(ctx, func(ctx context.Context, client *ent.Client) error {
		current, err := client.TestSubmission.Query().
			Where(testsubmission.CandidateEvaluationID(evaluationID)).
			WithCandidate().
			Only(ctx)
		if ent.IsNotFound(err) {
			return apierror.NotFound(CodeEvaluationNotFound, "no test submission has the candidate_evaluation_id %q", evaluationID)
		}
		if err != nil {
			return fmt.Errorf("loading evaluation: %w", err)
		}
		now := s.now()
		update := client.TestSubmission.Update().
			Where(testsubmission.ID(current.ID), testsubmission.Completed(false)).
			SetTimeUpdated(now)
		if err := applyEvaluationUpdate(update.Mutation(), in); err != nil {
			return err
		}
		// The completed condition in the UPDATE itself makes the freeze
		// hold against concurrent reports.
		n, err := update.Save(ctx)
		if err != nil {
			return err
		}
		if n == 0 {
			return apierror.New(http.StatusConflict, CodeEvaluationCompleted, "the evaluation %q is completed and can no longer change", evaluationID)
		}
		ts, err = client.TestSubmission.Get(ctx, current.ID)
		if err != nil {
			return err
		}
		return s.record(ctx, client, Activity{Verb: VerbEvaluationUpdated, ObjectType: "TestSubmission", ObjectID: ts.ID,
			Candidate: current.Edges.Candidate, Changes: evaluationChanges(current, ts), Object: ts})
	})
	if err != nil {
		return nil, err
	}
	return ts, nil
}

func applyEvaluationUpdate(m *ent.TestSubmissionMutation, in EvaluationUpdate) error {
	if in == (EvaluationUpdate{}) {
		return apierror.Invalid("", "send at least one of status, outcome, score, summary, result_urls")
	}
	if in.Status != nil {
		status := strings.TrimSpace(sanitize.PlainText(*in.Status))
		if status == "" || utf8.RuneCountInString(status) > MaxEvaluationStatus {
			return apierror.Invalid("status", "status must be 1 to %d characters of plain text", MaxEvaluationStatus)
		}
		m.SetStatus(status)
		m.SetCompleted(strings.EqualFold(status, StatusCompleted))
	}
	if in.Outcome != nil {
		outcome, ok := Outcomes.Read(*in.Outcome)
		if !ok {
			return apierror.Invalid("outcome", "outcome must be one of %s, got %q", strings.Join(Outcomes.Spellings(), ", "), *in.Outcome)
		}
		m.SetOutcome(outcome)
	}
	if in.Score != nil {
		if *in.Score < 1 || *in.Score > 5 {
			return apierror.Invalid("score", "score must be an integer from 1 to 5, got %d", *in.Score)
		}
		m.SetScore(*in.Score)
	}
	if in.Summary != nil {
		if utf8.RuneCountInString(*in.Summary) > MaxEvaluationSummary {
			return apierror.Invalid("summary", "summary must be at most %d characters", MaxEvaluationSummary)
		}
		m.SetSummary(strings.TrimSpace(sanitize.PlainText(*in.Summary)))
	}
	if in.ResultURLs != nil {
		urls, err := resultURLs(*in.ResultURLs)
		if err != nil {
			return err
		}
		m.SetResultUrls(urls)
	}
	return nil
}

func resultURLs(raw []string) ([]string, error) {
	if len(raw) > MaxResultURLs {
		return nil, apierror.Invalid("result_urls", "result_urls holds at most %d URLs", MaxResultURLs)
	}
	urls := make([]string, 0, len(raw))
	for i, r := range raw {
		u, err := partnerURL(fmt.Sprintf("result_urls[%d]", i), r)
		if err != nil {
			return nil, err
		}
		urls = append(urls, u)
	}
	return urls, nil
}

// evaluationChanges lists what a partner's report changed, for the timeline.
func evaluationChanges(before, after *ent.TestSubmission) []schematype.FieldChange {
	var out []schematype.FieldChange
	out = append(out, Change("status", before.Status, after.Status)...)
	out = append(out, Change("outcome", before.Outcome, after.Outcome)...)
	out = append(out, Change("score", before.Score, after.Score)...)
	out = append(out, Change("summary", before.Summary, after.Summary)...)
	out = append(out, Change("resultUrls", before.ResultUrls, after.ResultUrls)...)
	out = append(out, Change("completed", before.Completed, after.Completed)...)
	return out
}
