package rest

import (
	"mime"
	"net/http"
	"net/url"
	"strconv"

	"github.com/go-chi/chi/v5"

	"github.com/hiregraph/hiregraph/ent"
	"github.com/hiregraph/hiregraph/internal/apierror"
	"github.com/hiregraph/hiregraph/internal/apitime"
	"github.com/hiregraph/hiregraph/recruiting"
)

// testRequest is the body of POST /candidates/{uid}/tests.
type testRequest struct {
	PartnerUID string `json:"partner_uid"`
	TestID     string `json:"test_id"`
}

// evaluationRequest is the body of POST /evaluations/{candidate_evaluation_id},
// a partner's report on a test; omitted fields stay as they are.
type evaluationRequest struct {
	Status     *string   `json:"status"`
	Outcome    *string   `json:"outcome"`
	Score      *int      `json:"score"`
	Summary    *string   `json:"summary"`
	ResultURLs *[]string `json:"result_urls"`
}

// testSubmission is a test submission in responses.
type testSubmission struct {
	UID                   string   `json:"uid"`
	CandidateUID          string   `json:"candidate_uid"`
	PartnerUID            string   `json:"partner_uid"`
	TestID                string   `json:"test_id"`
	Status                string   `json:"status"`
	CandidateEvaluationID *string  `json:"candidate_evaluation_id"`
	Outcome               *string  `json:"outcome"`
	Score                 *int     `json:"score"`
	Summary               string   `json:"summary"`
	ResultURLs            []string `json:"result_urls"`
	TimeSubmitted         string   `json:"time_submitted"`
	TimeUpdated           string   `json:"time_updated"`
}

func newTestSubmission(ts *ent.TestSubmission) testSubmission {
	out := testSubmission{
		UID:                   ts.ID,
		CandidateUID:          ts.CandidateID,
		PartnerUID:            ts.PartnerID,
		TestID:                ts.TestID,
		Status:                ts.Status,
		CandidateEvaluationID: ts.CandidateEvaluationID,
		Score:                 ts.Score,
		Summary:               ts.Summary,
		ResultURLs:            ts.ResultUrls,
		TimeSubmitted:         apitime.Format(ts.TimeSubmitted),
		TimeUpdated:           apitime.Format(ts.TimeUpdated),
	}
	if ts.Outcome != nil {
		o := recruiting.Outcomes.Spell(*ts.Outcome)
		out.Outcome = &o
	}
	return out
}

// submitTest sends a candidate to an evaluation partner's test (spec 4.9).
func (a *API) submitTest(w http.ResponseWriter, r *http.Request) error {
	var body testRequest
	if err := DecodeJSON(r, &body); err != nil {
		return err
	}
	ts, err := a.Service.SubmitForTest(r.Context(), chi.URLParam(r, "uid"), body.PartnerUID, body.TestID)
	if err != nil {
		return err
	}
	WriteJSON(w, http.StatusCreated, newTestSubmission(ts))
	return nil
}

// updateEvaluation takes a partner's report on a test it was sent.
func (a *API) updateEvaluation(w http.ResponseWriter, r *http.Request) error {
	id := chi.URLParam(r, "id")
	if r.URL.RawPath != "" {
		// The id is the partner's and may hold escaped characters.
		var err error
		if id, err = url.PathUnescape(id); err != nil {
			return apierror.BadRequest("candidate_evaluation_id", "the candidate_evaluation_id in the path is not validly escaped")
		}
	}
	var body evaluationRequest
	if err := DecodeJSON(r, &body); err != nil {
		return err
	}
	ts, err := a.Service.UpdateEvaluation(r.Context(), id, recruiting.EvaluationUpdate(body))
	if err != nil {
		return err
	}
	WriteJSON(w, http.StatusOK, newTestSubmission(ts))
	return nil
}

// OfferLetter serves the PDF of an offer letter to the partner a signed URL
// was made for (spec 4.9: valid 300 seconds, the Authorization header is
// required). It is mounted outside {base_url}, without API key auth.
func (a *API) OfferLetter(w http.ResponseWriter, r *http.Request) { handle(a.offerLetter)(w, r) }

func (a *API) offerLetter(w http.ResponseWriter, r *http.Request) error {
	q := r.URL.Query()
	letter, err := a.Service.PartnerOfferLetter(r.Context(), recruiting.OfferLetterRequest{
		LetterID:      chi.URLParam(r, "uid"),
		PartnerID:     q.Get("partner"),
		Expires:       q.Get("expires"),
		Signature:     q.Get("signature"),
		Authorization: r.Header.Get("Authorization"),
	})
	if err != nil {
		if e, ok := apierror.As(err); ok && e.Status == http.StatusUnauthorized {
			w.Header().Set("WWW-Authenticate", `Bearer realm="hiregraph offer letters"`)
		}
		return err
	}
	h := w.Header()
	h.Set("Content-Type", "application/pdf")
	h.Set("Content-Length", strconv.Itoa(len(letter.Content)))
	h.Set("Content-Disposition", mime.FormatMediaType("inline", map[string]string{"filename": letter.FileName}))
	// The URL is a short-lived capability; no cache should keep the letter.
	h.Set("Cache-Control", "private, no-store")
	h.Set("X-Content-Type-Options", "nosniff")
	w.WriteHeader(http.StatusOK)
	_, _ = w.Write(letter.Content)
	return nil
}
