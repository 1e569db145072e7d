package recruiting

import (
	"context"
	"fmt"
	"net/url"
	"strings"

	"github.com/hiregraph/hiregraph/ent"
	"github.com/hiregraph/hiregraph/ent/evaluationpartner"
	"github.com/hiregraph/hiregraph/ent/schema/schematype"
	"github.com/hiregraph/hiregraph/internal/apierror"
	"github.com/hiregraph/hiregraph/internal/permission"
)

// MinSigningSecretBytes is the shortest secret accepted for SIGNED_JWT:
// RFC 7518 asks for an HS256 key at least as long as the hash (256 bits).
const MinSigningSecretBytes = 32

// PartnerSettings are the settings of an evaluation partner that creating and
// updating share. Nil means "not given": the default on create, unchanged
// on update. AccessToken and SigningSecret are write-only.
type PartnerSettings struct {
	TestsURL       *string
	AuthMode       *evaluationpartner.AuthMode
	AccessToken    *string
	SigningSecret  *string
	RequiredFields *RequiredFieldsInput
	CanSeeOffers   *bool
}

// RequiredFieldsInput flips which candidate fields a partner requires; a
// nil field keeps its current value (on create: e-mail required, last name
// and phone optional, as spec 4.9 defaults them).
type RequiredFieldsInput struct {
	Email    *bool
	LastName *bool
	Phone    *bool
}

// CreatePartnerInput configures a new evaluation partner.
type CreatePartnerInput struct {
	Name      string
	SubmitURL string
	PartnerSettings
}

// UpdatePartnerInput changes some settings of an evaluation partner. An
// empty TestsURL removes the test catalog URL.
type UpdatePartnerInput struct {
	Name      *string
	SubmitURL *string
	PartnerSettings
}

// CreatePartner adds an evaluation partner to the viewer's company.
func (s *PartnerService) CreatePartner(ctx context.Context, in CreatePartnerInput) (*ent.EvaluationPartner, error) {
	if err := Require(ctx, permission.ManagePartners); err != nil {
		return nil, err
	}
	var p *ent.EvaluationPartner
	err := s.WithTx(ctx, func(ctx context.Context, client *ent.Client) error {
		m := client.EvaluationPartner.Create()
		if err := s.applyPartnerInput(m.Mutation(), nil, &in.Name, &in.SubmitURL, in.PartnerSettings); err != nil {
			return err
		}
		var err error
		p, err = m.Save(ctx)
		return err
	})
	return p, err
}

// UpdatePartner changes the settings of one of the company's partners.
func (s *PartnerService) UpdatePartner(ctx context.Context, id string, in UpdatePartnerInput) (*ent.EvaluationPartner, error) {
	if err := Require(ctx, permission.ManagePartners); err != nil {
		return nil, err
	}
	var p *ent.EvaluationPartner
	err := s.WithTx(ctx, func(ctx context.Context, client *ent.Client) error {
		current, err := partnerByID(ctx, client, "id", id)
		if err != nil {
			return err
		}
		m := current.Update()
		if err := s.applyPartnerInput(m.Mutation(), current, in.Name, in.SubmitURL, in.PartnerSettings); err != nil {
			return err
		}
		p, err = m.Save(ctx)
		return err
	})
	return p, err
}

// applyPartnerInput validates the given settings and sets them on m, then
// checks that the resulting auth mode has its credential. current is the
// partner being updated, nil on create.
func (s *PartnerService) applyPartnerInput(m *ent.EvaluationPartnerMutation, current *ent.EvaluationPartner, name, submitURL *string, in PartnerSettings) error {
	if name != nil {
		n := strings.TrimSpace(*name)
		if n == "" || len(n) > 200 {
			return apierror.Invalid("name", "name must be 1 to 200 bytes of UTF-8")
		}
		m.SetName(n)
	}
	if submitURL != nil {
		u, err := partnerURL("submitURL", *submitURL)
		if err != nil {
			return err
		}
		m.SetSubmitURL(u)
	}
	if in.TestsURL != nil {
		if err := setTestsURL(m, *in.TestsURL); err != nil {
			return err
		}
	}
	if in.AuthMode != nil {
		m.SetAuthMode(*in.AuthMode)
	}
	if in.CanSeeOffers != nil {
		m.SetCanSeeOffers(*in.CanSeeOffers)
	}
	if err := s.setCredentials(m, in); err != nil {
		return err
	}
	if in.RequiredFields != nil {
		required := schematype.RequiredCandidateFields{Email: true}
		if current != nil {
			required = current.RequiredFields
		}
		m.SetRequiredFields(in.RequiredFields.applyTo(required))
	}
	return checkCredentialForMode(m, current)
}

func setTestsURL(m *ent.EvaluationPartnerMutation, raw string) error {
	if strings.TrimSpace(raw) == "" {
		m.ClearTestsURL()
		return nil
	}
	u, err := partnerURL("testsURL", raw)
	if err != nil {
		return err
	}
	m.SetTestsURL(u)
	return nil
}

func (s *PartnerService) setCredentials(m *ent.EvaluationPartnerMutation, in PartnerSettings) error {
	if in.AccessToken != nil {
		if !isTokenText(*in.AccessToken) {
			return apierror.Invalid("accessToken", "accessToken must be 1 to 4096 printable ASCII characters without spaces, as a bearer token is")
		}
		sealed, err := s.Sealer.Seal([]byte(*in.AccessToken))
		if err != nil {
			return err
		}
		m.SetSealedAccessToken(sealed)
	}
	if in.SigningSecret != nil {
		if n := len(*in.SigningSecret); n < MinSigningSecretBytes || n > 4096 {
			return apierror.Invalid("signingSecret", "signingSecret must be %d to 4096 bytes long: a shorter HS256 key can be guessed", MinSigningSecretBytes)
		}
		sealed, err := s.Sealer.Seal([]byte(*in.SigningSecret))
		if err != nil {
			return err
		}
		m.SetSealedSigningSecret(sealed)
	}
	return nil
}

// checkCredentialForMode refuses a partner whose auth mode lacks its
// credential: such a partner could not be called.
func checkCredentialForMode(m *ent.EvaluationPartnerMutation, current *ent.EvaluationPartner) error {
	mode := evaluationpartner.DefaultAuthMode
	var hasToken, hasSecret bool
	if current != nil {
		mode, hasToken, hasSecret = current.AuthMode, len(current.SealedAccessToken) > 0, len(current.SealedSigningSecret) > 0
	}
	if v, ok := m.AuthMode(); ok {
		mode = v
	}
	_, tokenGiven := m.SealedAccessToken()
	_, secretGiven := m.SealedSigningSecret()
	switch {
	case mode == evaluationpartner.AuthModeStaticToken && !hasToken && !tokenGiven:
		return apierror.Invalid("accessToken", "authMode STATIC_TOKEN needs an accessToken")
	case mode == evaluationpartner.AuthModeSignedJWT && !hasSecret && !secretGiven:
		return apierror.Invalid("signingSecret", "authMode SIGNED_JWT needs a signingSecret")
	}
	return nil
}

func (in RequiredFieldsInput) applyTo(f schematype.RequiredCandidateFields) schematype.RequiredCandidateFields {
	for _, set := range []struct {
		value *bool
		field *bool
	}{{in.Email, &f.Email}, {in.LastName, &f.LastName}, {in.Phone, &f.Phone}} {
		if set.value != nil {
			*set.field = *set.value
		}
	}
	return f
}

// partnerURL checks an address the service will call: absolute http or
// https, with a host, without credentials (they would end up in logs) or a
// fragment. Whether the host is public is checked when connecting, because
// a name can resolve differently later.
func partnerURL(field, raw string) (string, error) {
	raw = strings.TrimSpace(raw)
	u, err := url.Parse(raw)
	switch {
	case err != nil || len(raw) > 2000:
		return "", apierror.Invalid(field, "%s must be an absolute http or https URL of at most 2000 characters", field)
	case u.Scheme != "http" && u.Scheme != "https", u.Host == "", u.Opaque != "":
		return "", apierror.Invalid(field, "%s must be an absolute http or https URL, got %q", field, raw)
	case u.User != nil:
		return "", apierror.Invalid(field, "%s must not carry credentials (user:password@)", field)
	case u.Fragment != "":
		return "", apierror.Invalid(field, "%s must not have a #fragment", field)
	}
	return u.String(), nil
}

func isTokenText(s string) bool {
	if s == "" || len(s) > 4096 {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] <= ' ' || s[i] > '~' {
			return false
		}
	}
	return true
}

// partnerByID loads a partner of the viewer's company; field names the
// input that carried the id, for the error.
func partnerByID(ctx context.Context, client *ent.Client, field, id string) (*ent.EvaluationPartner, error) {
	p, err := client.EvaluationPartner.Get(ctx, id)
	if ent.IsNotFound(err) {
		return nil, apierror.NotFound(CodePartnerNotFound, "no evaluation partner %q (%s)", id, field)
	}
	if err != nil {
		return nil, fmt.Errorf("loading partner: %w", err)
	}
	return p, nil
}
