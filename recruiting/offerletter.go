package recruiting

import (
	"context"
	"fmt"
	"net/http"
	"net/url"
	"strconv"
	"time"

	"github.com/hiregraph/hiregraph/ent"
	"github.com/hiregraph/hiregraph/ent/privacy"
	"github.com/hiregraph/hiregraph/internal/apierror"
	"github.com/hiregraph/hiregraph/internal/viewer"
)

// OfferLetterURLLifetime is how long an offer letter URL sent to a partner
// works (spec 4.9, 8).
const OfferLetterURLLifetime = 300 * time.Second

// Error codes of offer letter URLs.
const (
	CodeBadSignature = "bad_signature"
	CodeURLExpired   = "url_expired"
)

// offerLetterURL is a link to a letter for one partner, signed so that
// neither the letter, the partner nor the expiry can be changed.
func (s *PartnerService) offerLetterURL(ctx context.Context, letterID, partnerID string) string {
	expires := strconv.FormatInt(s.now().Add(OfferLetterURLLifetime).Unix(), 10)
	q := url.Values{
		"partner":   {partnerID},
		"expires":   {expires},
		"signature": {s.Sealer.Sign(offerLetterMessage(letterID, partnerID, expires))},
	}
	return s.Links.OfferLetter(ctx, letterID, q)
}

func offerLetterMessage(letterID, partnerID, expires string) string {
	return "offer-letter\n" + letterID + "\n" + partnerID + "\n" + expires
}

// OfferLetterRequest is what a partner presents to fetch an offer letter:
// the parts of the signed URL and its Authorization header.
type OfferLetterRequest struct {
	LetterID      string
	PartnerID     string
	Expires       string
	Signature     string
	Authorization string
}

// PartnerOfferLetter returns the letter a signed URL points at, when the
// URL is authentic and unexpired, the caller presents the partner's
// credential, and the partner may still see offer letters.
func (s *PartnerService) PartnerOfferLetter(ctx context.Context, req OfferLetterRequest) (*ent.OfferLetter, error) {
	if !s.Sealer.Verify(offerLetterMessage(req.LetterID, req.PartnerID, req.Expires), req.Signature) {
		return nil, apierror.New(http.StatusForbidden, CodeBadSignature, "the offer letter URL is not valid; use it exactly as it was sent")
	}
	expires, err := strconv.ParseInt(req.Expires, 10, 64)
	if err != nil {
		return nil, fmt.Errorf("signed expiry %q is not a number: %w", req.Expires, err)
	}
	if s.now().Unix() > expires {
		return nil, apierror.New(http.StatusForbidden, CodeURLExpired,
			"the offer letter URL expired at %s; URLs are valid for %d seconds, submit the candidate again for fresh ones",
			time.Unix(expires, 0).UTC().Format(time.RFC3339), int(OfferLetterURLLifetime.Seconds()))
	}
	// No API key is involved: the signed URL names the partner and its
	// credential proves the caller is that partner. Its company then
	// becomes the viewer, so the letter is read within that tenant only.
	p, err := s.Client.EvaluationPartner.Get(privacy.DecisionContext(ctx, privacy.Allow), req.PartnerID)
	if ent.IsNotFound(err) {
		return nil, apierror.New(http.StatusForbidden, CodeBadSignature, "the partner of this offer letter URL no longer exists")
	}
	if err != nil {
		return nil, fmt.Errorf("loading partner: %w", err)
	}
	if err := s.checkPartnerAuthorization(p, req.Authorization); err != nil {
		return nil, err
	}
	if !p.CanSeeOffers {
		return nil, apierror.Forbidden("the partner is no longer permitted to see offer letters")
	}
	ctx = viewer.NewContext(ctx, viewer.ForKey(p.CompanyID, "", []string{viewer.ScopeRead}))
	letter, err := s.Client.OfferLetter.Get(ctx, req.LetterID)
	if ent.IsNotFound(err) {
		return nil, apierror.NotFound(apierror.CodeNotFound, "the offer letter no longer exists")
	}
	return letter, err
}
