package recruiting

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"strings"

	"github.com/hiregraph/hiregraph/ent"
	"github.com/hiregraph/hiregraph/ent/candidate"
	"github.com/hiregraph/hiregraph/ent/testsubmission"
	"github.com/hiregraph/hiregraph/internal/apierror"
	"github.com/hiregraph/hiregraph/internal/permission"
	"github.com/hiregraph/hiregraph/internal/sanitize"
)

// Statuses of a test submission the service sets; partners report others
// later (POST /v1/evaluations/{id}).
const (
	StatusSubmitted = "submitted"
	StatusFailed    = "failed"
	StatusCompleted = "completed"
)

// MaxDisplayMessage caps the partner's display_message shown to recruiters.
const MaxDisplayMessage = 500

// SubmitForTest sends a candidate to a partner's test (spec 4.9) and
// records the attempt as a test submission.
//
// Transactions are drawn deliberately. Checks and the payload are read
// first; a missing required field fails here, before any call, and records
// nothing. The partner is then called outside any transaction, so a slow
// partner holds no connection and no SQLite write lock. Finally the attempt
// is recorded in a transaction of its own, detached from the caller's
// cancellation: a successful call leaves one "submitted" record, a failed
// one one "failed" record with its error code, and the failure is then
// returned. Callers must not hold a transaction (the GraphQL mutation runs
// without one), or the record would vanish with the failure it records.
func (s *PartnerService) SubmitForTest(ctx context.Context, candidateID, partnerID, testID string) (*ent.TestSubmission, error) {
	if err := Require(ctx, permission.SubmitFeedback); err != nil {
		return nil, err
	}
	if ent.TxFromContext(ctx) != nil {
		return nil, errors.New("SubmitForTest runs inside a transaction; its attempt record would be rolled back with the failure it records")
	}
	if partnerID == "" {
		return nil, apierror.Invalid("partner_uid", "partner_uid is required: the uid of one of the company's evaluation partners")
	}
	testID = strings.TrimSpace(testID)
	if testID == "" || len(testID) > 200 {
		return nil, apierror.Invalid("test_id", "test_id must be 1 to 200 bytes")
	}
	c, err := s.candidateForTest(ctx, candidateID)
	if err != nil {
		return nil, err
	}
	p, err := partnerByID(ctx, s.Client, "partner_uid", partnerID)
	if err != nil {
		return nil, err
	}
	if p, err = s.ensureTestOffered(ctx, p, testID); err != nil {
		return nil, err
	}
	payload, err := s.submissionPayload(ctx, c, p, testID)
	if err != nil {
		return nil, err
	}
	body, err := json.Marshal(payload)
	if err != nil {
		return nil, fmt.Errorf("encoding submission: %w", err)
	}
	authorization, err := s.partnerAuthorization(p)
	if err != nil {
		return nil, err
	}
	evaluationID, callErr := s.submit(ctx, p, authorization, body)
	return s.recordAttempt(context.WithoutCancel(ctx), c, p, testID, evaluationID, callErr)
}

func (s *PartnerService) candidateForTest(ctx context.Context, id string) (*ent.Candidate, error) {
	c, err := s.Client.Candidate.Query().
		Where(candidate.ID(id)).
		WithPerson().
		WithPosition().
		WithOfferLetters().
		Only(ctx)
	if ent.IsNotFound(err) {
		return nil, apierror.NotFound(apierror.CodeCandidateNotFound, "no candidate has the uid %q", id)
	}
	if err != nil {
		return nil, fmt.Errorf("loading candidate: %w", err)
	}
	if c.Deleted {
		return nil, apierror.Invalid("uid", "the candidate %q is deleted", id)
	}
	return c, nil
}

// submit posts the payload and reads the answer: the partner's
// candidate_evaluation_id, or why there is none.
func (s *PartnerService) submit(ctx context.Context, p *ent.EvaluationPartner, authorization string, body []byte) (string, *apierror.Error) {
	resp, callErr := s.partnerRequest(ctx, p, authorization, http.MethodPost, p.SubmitURL, body)
	if callErr != nil {
		return "", callErr
	}
	var answer map[string]any
	if err := json.Unmarshal(resp.Body, &answer); err != nil {
		return "", partnerError(CodePartnerBadResponse, p, "answered HTTP %d with a body that is not a JSON object", resp.Status)
	}
	id, _ := answer["candidate_evaluation_id"].(string)
	id = strings.TrimSpace(id)
	if isSuccess(resp.Status) && id != "" {
		if len(id) > 200 {
			return "", partnerError(CodePartnerBadResponse, p, "answered with a candidate_evaluation_id longer than 200 bytes")
		}
		return id, nil
	}
	// display_message is the one text of the partner shown to recruiters
	// (spec 7.2), as plain text of bounded length.
	raw, _ := answer["display_message"].(string)
	if msg := truncate(strings.TrimSpace(sanitize.PlainText(raw)), MaxDisplayMessage); msg != "" {
		return "", apierror.New(http.StatusUnprocessableEntity, CodePartnerRejected, "%s", msg)
	}
	if isSuccess(resp.Status) {
		return "", partnerError(CodePartnerBadResponse, p, "answered HTTP %d without a candidate_evaluation_id", resp.Status)
	}
	return "", partnerError(CodePartnerBadResponse, p, "answered HTTP %d without a display_message", resp.Status)
}

// recordAttempt writes the outcome of a call and returns the submission, or
// the call's failure once it is recorded.
func (s *PartnerService) recordAttempt(ctx context.Context, c *ent.Candidate, p *ent.EvaluationPartner, testID, evaluationID string, callErr *apierror.Error) (*ent.TestSubmission, error) {
	var ts *ent.TestSubmission
	err := s.WithTx(ctx, func(ctx context.Context, client *ent.Client) error {
		if callErr == nil {
			earlier, err := client.TestSubmission.Query().Where(testsubmission.CandidateEvaluationID(evaluationID)).Only(ctx)
			switch {
			case err == nil && earlier.PartnerID == p.ID && earlier.CandidateID == c.ID && earlier.TestID == testID:
				// The partner recognised a repeated submission and named
				// the evaluation it already has: that is the submission.
				ts = earlier
				return nil
			case err == nil:
				callErr = partnerError(CodePartnerBadResponse, p, "answered with the candidate_evaluation_id of another submission")
			case !ent.IsNotFound(err):
				return fmt.Errorf("looking up candidate_evaluation_id: %w", err)
			}
		}
		now := s.now()
		create := client.TestSubmission.Create().
			SetCandidateID(c.ID).SetPartnerID(p.ID).SetTestID(testID).
			SetTimeSubmitted(now).SetTimeUpdated(now)
		if callErr != nil {
			create.SetStatus(StatusFailed).SetErrorCode(callErr.Code).SetDisplayMessage(callErr.Message)
		} else {
			create.SetStatus(StatusSubmitted).SetCandidateEvaluationID(evaluationID)
		}
		var err error
		if ts, err = create.Save(ctx); err != nil {
			return err
		}
		if callErr != nil {
			// A failed attempt is kept for the caller to see, but nothing
			// happened in the hiring process.
			return nil
		}
		return s.record(ctx, client, Activity{Verb: VerbTestSubmitted, ObjectType: "TestSubmission", ObjectID: ts.ID, Candidate: c, Object: ts})
	})
	if err != nil {
		if callErr == nil {
			// The partner holds an evaluation this service failed to
			// record; the log keeps what is needed to reconcile it.
			slog.ErrorContext(ctx, "recording a test submission the partner accepted failed",
				"partner", p.ID, "candidate", c.ID, "test_id", testID, "candidate_evaluation_id", evaluationID)
		}
		return nil, fmt.Errorf("recording test submission: %w", err)
	}
	if callErr != nil {
		return nil, callErr
	}
	return ts.Unwrap(), nil
}
