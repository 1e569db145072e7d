package hiregraphtest

import (
	"context"
	"crypto/rand"
	"crypto/rsa"
	"encoding/base64"
	"encoding/json"
	"math/big"
	"net/http"
	"net/http/httptest"
	"sync"
	"testing"
	"time"

	"github.com/golang-jwt/jwt/v5"

	"github.com/hiregraph/hiregraph/ent/privacy"
	"github.com/hiregraph/hiregraph/ent/user"
)

// Issuer is a local OpenID Connect provider: it serves a discovery
// document and a JWKS of one RSA key, and signs tokens with that key.
// Rotate replaces the key, as providers do.
type Issuer struct {
	t      testing.TB
	Server *httptest.Server

	mu   sync.Mutex
	key  *rsa.PrivateKey
	kid  string
	keys int
	// JWKSFetches counts requests for the key set.
	JWKSFetches int
}

// NewIssuer starts a provider for t.
func NewIssuer(t testing.TB) *Issuer {
	t.Helper()
	iss := &Issuer{t: t}
	iss.Rotate()
	mux := http.NewServeMux()
	mux.HandleFunc("/.well-known/openid-configuration", func(w http.ResponseWriter, _ *http.Request) {
		writeJSON(t, w, map[string]any{
			"issuer":                                iss.URL(),
			"jwks_uri":                              iss.URL() + "/jwks",
			"authorization_endpoint":                iss.URL() + "/authorize",
			"token_endpoint":                        iss.URL() + "/token",
			"id_token_signing_alg_values_supported": []string{"RS256"},
		})
	})
	mux.HandleFunc("/jwks", func(w http.ResponseWriter, _ *http.Request) {
		iss.mu.Lock()
		defer iss.mu.Unlock()
		iss.JWKSFetches++
		pub := iss.key.PublicKey
		writeJSON(t, w, map[string]any{"keys": []map[string]string{{
			"kty": "RSA", "use": "sig", "alg": "RS256", "kid": iss.kid,
			"n": base64.RawURLEncoding.EncodeToString(pub.N.Bytes()),
			"e": base64.RawURLEncoding.EncodeToString(big.NewInt(int64(pub.E)).Bytes()),
		}}})
	})
	iss.Server = httptest.NewServer(mux)
	t.Cleanup(iss.Server.Close)
	return iss
}

// URL is the issuer URL.
func (iss *Issuer) URL() string { return iss.Server.URL }

// Rotate replaces the signing key with a new one of a new key id.
func (iss *Issuer) Rotate() {
	key, err := rsa.GenerateKey(rand.Reader, 2048)
	if err != nil {
		iss.t.Fatal(err)
	}
	iss.mu.Lock()
	defer iss.mu.Unlock()
	iss.keys++
	iss.key, iss.kid = key, "key-"+string(rune('0'+iss.keys))
}

// Token signs a token for email with audience aud, valid from nbf to exp;
// extra claims are added as given.
func (iss *Issuer) Token(email, aud string, nbf, exp time.Time, extra map[string]any) string {
	claims := jwt.MapClaims{"iss": iss.URL(), "sub": "sub-" + email, "aud": aud, "email": email, "nbf": nbf.Unix(), "exp": exp.Unix(), "iat": nbf.Unix()}
	for k, v := range extra {
		claims[k] = v
	}
	tok := jwt.NewWithClaims(jwt.SigningMethodRS256, claims)
	iss.mu.Lock()
	defer iss.mu.Unlock()
	tok.Header["kid"] = iss.kid
	s, err := tok.SignedString(iss.key)
	if err != nil {
		iss.t.Fatal(err)
	}
	return s
}

func writeJSON(t testing.TB, w http.ResponseWriter, v any) {
	w.Header().Set("Content-Type", "application/json")
	if err := json.NewEncoder(w).Encode(v); err != nil {
		t.Errorf("writing JSON: %v", err)
	}
}

// UserToken mints a token of the server's own key for the demo user with
// email, valid for an hour from the server's clock.
func (e *Env) UserToken(email string) string {
	e.T.Helper()
	q := e.DB.Client.User.Query().Where(user.Email(email))
	if e.Demo != nil {
		// E-mail addresses are unique per company: each demo company has a Rita.
		q.Where(user.CompanyID(e.Demo.CompanyUID))
	}
	u, err := q.Only(privacy.DecisionContext(context.Background(), privacy.Allow))
	if err != nil {
		e.T.Fatalf("user %s: %v", email, err)
	}
	token, err := e.Sealer.MintUserToken(u, e.Clock.Now(), time.Hour)
	if err != nil {
		e.T.Fatal(err)
	}
	return token
}

// DoAs sends a request with a bearer credential of the caller's choosing.
func (e *Env) DoAs(credential, method, path string, body any) *Response {
	e.T.Helper()
	return e.DoWith(method, path, body, map[string]string{"Authorization": "Bearer " + credential})
}

// GraphQLAs runs a GraphQL operation with the given bearer credential.
func (e *Env) GraphQLAs(credential, query string, vars map[string]any) *GraphQLResponse {
	e.T.Helper()
	resp := e.DoAs(credential, http.MethodPost, "/graphql", map[string]any{"query": query, "variables": vars})
	var out GraphQLResponse
	resp.JSON(e.T, &out)
	out.Status = resp.Status
	return &out
}
