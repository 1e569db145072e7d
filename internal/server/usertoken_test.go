package server_test

import (
	"context"
	"net/http"
	"testing"
	"time"

	"github.com/hiregraph/hiregraph/ent/privacy"
	"github.com/hiregraph/hiregraph/ent/user"
	"github.com/hiregraph/hiregraph/internal/auth"
	"github.com/hiregraph/hiregraph/internal/demo"
	"github.com/hiregraph/hiregraph/internal/hiregraphtest"
	"github.com/hiregraph/hiregraph/internal/server"
)

const issuerAudience = "hiregraph-frontend"

// newEnvWithIssuer starts a server that also accepts the tokens of a local
// OpenID Connect provider.
func newEnvWithIssuer(t *testing.T) (*hiregraphtest.Env, *hiregraphtest.Issuer) {
	iss := hiregraphtest.NewIssuer(t)
	env := hiregraphtest.NewWithConfig(t, func(cfg *server.Config) {
		users, err := auth.NewUserTokens(context.Background(), cfg.Sealer, &auth.OIDCConfig{Issuer: iss.URL(), Audience: issuerAudience})
		if err != nil {
			t.Fatal(err)
		}
		cfg.UserTokens = users
	})
	return env, iss
}

func deactivate(t *testing.T, env *hiregraphtest.Env, email string) {
	t.Helper()
	ctx := privacy.DecisionContext(context.Background(), privacy.Allow)
	if err := env.DB.Client.User.Update().Where(user.Email(email)).SetActive(false).Exec(ctx); err != nil {
		t.Fatal(err)
	}
}

func assertSignedIn(t *testing.T, env *hiregraphtest.Env, token string) {
	t.Helper()
	if r := env.DoAs(token, http.MethodGet, "/v1/openings", nil); r.Status != http.StatusOK {
		t.Fatalf("REST with a user token: %s", r)
	}
	var data struct{ Viewer struct{ ID string } }
	env.GraphQLAs(token, `{ viewer { id } }`, nil).Decode(t, &data)
	if data.Viewer.ID != env.Demo.CompanyUID {
		t.Fatalf("viewer = %q, want the user's company %s", data.Viewer.ID, env.Demo.CompanyUID)
	}
}

// assertRefused checks both faces answer 401 with code.
func assertRefused(t *testing.T, env *hiregraphtest.Env, token, code string) {
	t.Helper()
	env.DoAs(token, http.MethodGet, "/v1/openings", nil).AssertError(t, http.StatusUnauthorized, code, "")
	if gr := env.GraphQLAs(token, `{ viewer { id } }`, nil); gr.Code() != code || gr.Status != http.StatusUnauthorized {
		t.Errorf("GraphQL: status %d code %q, want 401 %q", gr.Status, gr.Code(), code)
	}
}

func TestDemoManifestUserTokenSignsIn(t *testing.T) {
	env := hiregraphtest.New(t)
	assertSignedIn(t, env, env.Demo.UserToken)
}

func TestLocalUserTokenRefusals(t *testing.T) {
	env := hiregraphtest.New(t)
	start := time.Now()

	env.Clock.Set(start)
	token := env.UserToken(demo.RecruiterEmail)
	env.Clock.Set(start.Add(2 * time.Hour))
	assertRefused(t, env, token, auth.CodeTokenExpired)

	env.Clock.Set(start.Add(time.Hour))
	early := env.UserToken(demo.RecruiterEmail)
	env.Clock.Set(start)
	assertRefused(t, env, early, auth.CodeTokenNotYetValid)

	assertRefused(t, env, token[:len(token)-4]+"AAAA", auth.CodeTokenInvalid)

	deactivate(t, env, demo.RecruiterEmail)
	assertRefused(t, env, token, auth.CodeUserDeactivated)
}

func TestOIDCUserTokens(t *testing.T) {
	env, iss := newEnvWithIssuer(t)
	now := time.Now()
	valid := func(email string) string {
		return iss.Token(email, issuerAudience, now.Add(-time.Minute), now.Add(time.Hour), nil)
	}
	assertSignedIn(t, env, valid(demo.RecruiterEmail))
	// The e-mail address matches in any case, as clone requests match it.
	assertSignedIn(t, env, valid("Rita.Recruiter@ACME.example"))

	assertRefused(t, env, iss.Token(demo.RecruiterEmail, "another-app", now, now.Add(time.Hour), nil), auth.CodeTokenWrongAudience)
	assertRefused(t, env, iss.Token(demo.RecruiterEmail, issuerAudience, now.Add(-2*time.Hour), now.Add(-time.Hour), nil), auth.CodeTokenExpired)
	assertRefused(t, env, iss.Token(demo.RecruiterEmail, issuerAudience, now.Add(time.Hour), now.Add(2*time.Hour), nil), auth.CodeTokenNotYetValid)
	// Correctly signed, but a session of ten years.
	assertRefused(t, env, iss.Token(demo.RecruiterEmail, issuerAudience, now.Add(-time.Minute), now.AddDate(10, 0, 0), nil), auth.CodeTokenTooLong)
	assertRefused(t, env, valid("nobody@acme.example"), auth.CodeUserUnknown)
	assertRefused(t, env, iss.Token(demo.RecruiterEmail, issuerAudience, now, now.Add(time.Hour), map[string]any{"email_verified": false}), auth.CodeUserUnknown)

	// A provider that rotates its key: tokens of the new key verify once
	// the server fetches the key set again.
	fetches := iss.JWKSFetches
	iss.Rotate()
	assertSignedIn(t, env, valid(demo.RecruiterEmail))
	if iss.JWKSFetches <= fetches {
		t.Errorf("the key set was not fetched again after the provider rotated its key")
	}

	// A token of another provider with the same claims does not verify.
	other := hiregraphtest.NewIssuer(t)
	forged := other.Token(demo.RecruiterEmail, issuerAudience, now, now.Add(time.Hour), map[string]any{"iss": iss.URL()})
	assertRefused(t, env, forged, auth.CodeTokenInvalid)

	deactivate(t, env, demo.RecruiterEmail)
	assertRefused(t, env, valid(demo.RecruiterEmail), auth.CodeUserDeactivated)
}

func TestOnBehalfOf(t *testing.T) {
	env := hiregraphtest.New(t)
	as := func(who string) *hiregraphtest.Response {
		return env.DoWith(http.MethodGet, "/v1/openings", nil, map[string]string{"Authorization": "Bearer " + env.Demo.APIKey, server.OnBehalfOfHeader: who})
	}
	if r := as(demo.RecruiterEmail); r.Status != http.StatusOK {
		t.Fatalf("On-Behalf-Of a user of the company: %s", r)
	}
	as("nobody@acme.example").AssertError(t, http.StatusUnauthorized, auth.CodeUserUnknown, "nobody@acme.example")
	// A user token acts for its own user only.
	r := env.DoWith(http.MethodGet, "/v1/openings", nil, map[string]string{"Authorization": "Bearer " + env.Demo.UserToken, server.OnBehalfOfHeader: "olivia.owner@acme.example"})
	r.AssertError(t, http.StatusBadRequest, "bad_request", "On-Behalf-Of")
	deactivate(t, env, demo.RecruiterEmail)
	as(demo.RecruiterEmail).AssertError(t, http.StatusUnauthorized, auth.CodeUserDeactivated, "")
}
