package server_test

import (
	"context"
	"net/http"
	"testing"
	"time"

	"github.com/golang-jwt/jwt/v5"

	"github.com/hiregraph/hiregraph/ent/apikey"
	"github.com/hiregraph/hiregraph/ent/privacy"
	"github.com/hiregraph/hiregraph/internal/auth"
	"github.com/hiregraph/hiregraph/internal/hiregraphtest"
	"github.com/hiregraph/hiregraph/internal/viewer"
)

const viewerQuery = `{"query":"{ viewer { id name } }"}`

func bearer(token string) map[string]string {
	return map[string]string{"Authorization": "Bearer " + token, "Content-Type": "application/json"}
}

func assertErrorBody(t *testing.T, r *hiregraphtest.Response, status int, code string) {
	t.Helper()
	r.AssertError(t, status, code, "")
}

func TestAPIKeyAuthentication(t *testing.T) {
	env := hiregraphtest.New(t)
	for name, headers := range map[string]map[string]string{
		"no header":        {},
		"empty bearer":     {"Authorization": "Bearer "},
		"basic scheme":     {"Authorization": "Basic dXNlcjpwYXNz"},
		"unknown key":      bearer("hgk_not-a-real-key"),
		"key without hgk_": bearer(env.Demo.APIKey[4:]),
	} {
		t.Run(name, func(t *testing.T) {
			for _, path := range []string{"/graphql", "/v1/openings", "/v1/candidates"} {
				r := env.DoWith(http.MethodPost, path, viewerQuery, headers)
				if path == "/graphql" {
					// GraphQL clients read errors[].extensions.code.
					r.AssertGraphQLError(t, http.StatusUnauthorized, "unauthenticated")
				} else {
					assertErrorBody(t, r, http.StatusUnauthorized, "unauthorized")
				}
				if r.Header.Get("WWW-Authenticate") == "" {
					t.Errorf("%s: 401 without WWW-Authenticate", path)
				}
			}
		})
	}

	r := env.DoWith(http.MethodPost, "/graphql", viewerQuery, bearer(env.Demo.APIKey))
	var data struct{ Viewer struct{ ID, Name string } }
	gr := &hiregraphtest.GraphQLResponse{}
	r.JSON(t, gr)
	gr.Decode(t, &data)
	if data.Viewer.ID != env.Demo.CompanyUID {
		t.Fatalf("viewer = %+v, want company %s", data.Viewer, env.Demo.CompanyUID)
	}
}

func TestRevokedKeyIsRefused(t *testing.T) {
	env := hiregraphtest.New(t)
	ctx := privacy.DecisionContext(context.Background(), privacy.Allow)
	env.DB.Client.APIKey.Update().Where(apikey.ID(env.Demo.APIKeyID)).SetRevoked(true).ExecX(ctx)
	r := env.DoWith(http.MethodPost, "/graphql", viewerQuery, bearer(env.Demo.APIKey))
	r.AssertGraphQLError(t, http.StatusUnauthorized, "unauthenticated")
}

func signJWT(t *testing.T, method jwt.SigningMethod, claims jwt.MapClaims, key any) string {
	t.Helper()
	s, err := jwt.NewWithClaims(method, claims).SignedString(key)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func TestJWTAuthentication(t *testing.T) {
	env := hiregraphtest.New(t)
	secret := []byte(env.Demo.APIKey)
	now := time.Now()
	valid := jwt.MapClaims{"iss": env.Demo.APIKeyID, "exp": now.Add(5 * time.Minute).Unix()}

	r := env.DoWith(http.MethodPost, "/graphql", viewerQuery, bearer(signJWT(t, jwt.SigningMethodHS256, valid, secret)))
	if r.Status != http.StatusOK {
		t.Fatalf("valid JWT: %s", r)
	}

	for name, token := range map[string]string{
		"expired":         signJWT(t, jwt.SigningMethodHS256, jwt.MapClaims{"iss": env.Demo.APIKeyID, "exp": now.Add(-5 * time.Minute).Unix()}, secret),
		"exp too far":     signJWT(t, jwt.SigningMethodHS256, jwt.MapClaims{"iss": env.Demo.APIKeyID, "exp": now.Add(time.Hour).Unix()}, secret),
		"no exp":          signJWT(t, jwt.SigningMethodHS256, jwt.MapClaims{"iss": env.Demo.APIKeyID}, secret),
		"wrong secret":    signJWT(t, jwt.SigningMethodHS256, valid, []byte("not the key")),
		"unknown issuer":  signJWT(t, jwt.SigningMethodHS256, jwt.MapClaims{"iss": "key_unknown", "exp": now.Add(time.Minute).Unix()}, secret),
		"HS512 not HS256": signJWT(t, jwt.SigningMethodHS512, valid, secret),
		"alg none":        signJWT(t, jwt.SigningMethodNone, valid, jwt.UnsafeAllowNoneSignatureType),
		"garbage":         "eyJ.eyJ.sig",
	} {
		t.Run(name, func(t *testing.T) {
			r := env.DoWith(http.MethodPost, "/graphql", viewerQuery, bearer(token))
			r.AssertGraphQLError(t, http.StatusUnauthorized, "unauthenticated")
		})
	}
}

func TestHealthAndReadiness(t *testing.T) {
	env := hiregraphtest.New(t)
	for _, path := range []string{"/healthz", "/readyz"} {
		r := env.DoWith(http.MethodGet, path, nil, nil)
		if r.Status != http.StatusOK {
			t.Errorf("%s: %s", path, r)
		}
	}
}

func TestGraphQLNeedsTheReadScope(t *testing.T) {
	env := hiregraphtest.New(t)
	ctx := privacy.DecisionContext(context.Background(), privacy.Allow)
	key, err := auth.CreateKey(ctx, env.DB.Client, env.Sealer, env.Demo.CompanyUID, "partner", []string{viewer.ScopeEvaluationsWrite})
	if err != nil {
		t.Fatal(err)
	}
	var out hiregraphtest.GraphQLResponse
	env.DoWith(http.MethodPost, "/graphql", viewerQuery, bearer(key.Secret)).JSON(t, &out)
	if out.Code() != "forbidden" || out.Data != nil && string(out.Data) != "null" {
		t.Errorf("query without the read scope: data %s, errors %+v", out.Data, out.Errors)
	}
}
