package recruiting

import (
	"crypto/rand"
	"encoding/base64"
	"fmt"
	"strings"
	"time"

	"github.com/golang-jwt/jwt/v5"

	"github.com/hiregraph/hiregraph/ent"
	"github.com/hiregraph/hiregraph/ent/evaluationpartner"
	"github.com/hiregraph/hiregraph/internal/apierror"
	"github.com/hiregraph/hiregraph/internal/auth"
)

// PartnerJWTLifetime is how long a JWT sent to a SIGNED_JWT partner is
// valid: long enough to fetch the offer letters of the same call (300 s,
// spec 8), short enough to be useless soon after a leak.
const PartnerJWTLifetime = 5 * time.Minute

// jwtLeeway tolerates clock skew between the service and a partner.
const jwtLeeway = 30 * time.Second

// partnerAuthorization returns the value of the Authorization header for
// calls to p (spec 4.9, 5): its static token, or a fresh HS256 JWT with
// iss = the company uid, aud = the partner uid, iat, exp and a unique jti.
func (s *PartnerService) partnerAuthorization(p *ent.EvaluationPartner) (string, error) {
	switch p.AuthMode {
	case evaluationpartner.AuthModeSignedJWT:
		secret, err := s.openCredential(p.SealedSigningSecret, "signingSecret")
		if err != nil {
			return "", err
		}
		now := s.now()
		claims := jwt.RegisteredClaims{
			Issuer:    p.CompanyID,
			Audience:  jwt.ClaimStrings{p.ID},
			IssuedAt:  jwt.NewNumericDate(now),
			ExpiresAt: jwt.NewNumericDate(now.Add(PartnerJWTLifetime)),
			ID:        randomID(),
		}
		token, err := jwt.NewWithClaims(jwt.SigningMethodHS256, claims).SignedString(secret)
		if err != nil {
			return "", fmt.Errorf("signing partner JWT: %w", err)
		}
		return "Bearer " + token, nil
	default:
		token, err := s.openCredential(p.SealedAccessToken, "accessToken")
		if err != nil {
			return "", err
		}
		return "Bearer " + string(token), nil
	}
}

// checkPartnerAuthorization accepts the Authorization header a partner
// presents to fetch an offer letter: the same credential the service sends
// it. A SIGNED_JWT partner may present the JWT it received or one it signed
// itself with the shared secret, as long as iss, aud and exp fit.
func (s *PartnerService) checkPartnerAuthorization(p *ent.EvaluationPartner, header string) error {
	scheme, credential, _ := strings.Cut(header, " ")
	credential = strings.TrimSpace(credential)
	if !strings.EqualFold(scheme, "Bearer") || credential == "" {
		return apierror.Unauthorized("send the Authorization header this service sends the partner: Bearer <token>")
	}
	if p.AuthMode == evaluationpartner.AuthModeSignedJWT {
		secret, err := s.openCredential(p.SealedSigningSecret, "signingSecret")
		if err != nil {
			return err
		}
		_, err = jwt.Parse(credential, func(*jwt.Token) (any, error) { return secret, nil },
			jwt.WithValidMethods([]string{"HS256"}),
			jwt.WithIssuer(p.CompanyID),
			jwt.WithAudience(p.ID),
			jwt.WithExpirationRequired(),
			jwt.WithTimeFunc(s.now),
			jwt.WithLeeway(jwtLeeway),
		)
		if err != nil {
			return apierror.Unauthorized("the bearer token is not a valid JWT for this partner (HS256 with the partner's secret, iss = company uid, aud = partner uid, unexpired)")
		}
		return nil
	}
	token, err := s.openCredential(p.SealedAccessToken, "accessToken")
	if err != nil {
		return err
	}
	if !auth.TokenMatches(credential, string(token)) {
		return apierror.Unauthorized("the bearer token is not the partner's access token")
	}
	return nil
}

// openCredential unseals a partner credential. A partner without one was
// saved before validation required it; an admin has to set it.
func (s *PartnerService) openCredential(sealed []byte, field string) ([]byte, error) {
	if len(sealed) == 0 {
		return nil, apierror.Invalid(field, "the evaluation partner has no %s; an admin sets it with updateEvaluationPartner", field)
	}
	plain, err := s.Sealer.Open(sealed)
	if err != nil {
		return nil, fmt.Errorf("opening partner %s: %w", field, err)
	}
	return plain, nil
}

func randomID() string {
	b := make([]byte, 16)
	_, _ = rand.Read(b) // crypto/rand.Read never fails (Go 1.24+)
	return base64.RawURLEncoding.EncodeToString(b)
}
