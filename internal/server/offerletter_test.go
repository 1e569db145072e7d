package server_test

import (
	"bytes"
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/golang-jwt/jwt/v5"

	"github.com/hiregraph/hiregraph/internal/hiregraphtest"
)

var evaluationSeq atomic.Int64

// offerURL submits the demo candidate to a partner allowed to see offer
// letters and returns the offer letter URL the partner received, with the
// Authorization header it was sent.
func offerURL(t *testing.T, env *hiregraphtest.Env, extra map[string]any) (partnerUID, letterURL, authorization string) {
	t.Helper()
	p := newFakePartner(t, answerJSON(http.StatusOK, fmt.Sprintf(`{"candidate_evaluation_id":"eval-offer-%d"}`, evaluationSeq.Add(1))))
	settings := map[string]any{"canSeeOffers": true}
	for k, v := range extra {
		settings[k] = v
	}
	partner := createPartner(t, env, p, settings)
	if r := submitTest(env, env.Demo.CandidateUID, partner.ID, "go-1"); r.Status != http.StatusCreated {
		t.Fatalf("submit: %s", r)
	}
	req := p.received()[0]
	cand := decodeJSON(t, req.Body)["candidate"].(map[string]any)
	offers, _ := cand["offers"].([]any)
	if len(offers) != 1 {
		t.Fatalf("candidate.offers = %v, want Ada's one offer letter", cand["offers"])
	}
	return partner.ID, offers[0].(map[string]any)["url"].(string), req.Header.Get("Authorization")
}

// fetch GETs an absolute URL of the test server with the given headers.
func fetch(t *testing.T, env *hiregraphtest.Env, rawURL string, headers map[string]string) *hiregraphtest.Response {
	t.Helper()
	u, err := url.Parse(rawURL)
	if err != nil {
		t.Fatal(err)
	}
	if got := u.Scheme + "://" + u.Host; got != env.Server.URL {
		t.Fatalf("offer letter URL %s is not on the service (%s)", rawURL, env.Server.URL)
	}
	return env.DoWith(http.MethodGet, u.RequestURI(), nil, headers)
}

func TestOfferLetterURL(t *testing.T) {
	env := hiregraphtest.New(t)
	start := time.Date(2030, 1, 2, 3, 4, 5, 0, time.UTC)
	env.Clock.Set(start)
	_, letterURL, authorization := offerURL(t, env, nil)
	if authorization != "Bearer "+partnerToken {
		t.Fatalf("Authorization sent = %q", authorization)
	}
	withAuth := map[string]string{"Authorization": authorization}

	r := fetch(t, env, letterURL, withAuth)
	if r.Status != http.StatusOK || r.Header.Get("Content-Type") != "application/pdf" || !bytes.HasPrefix(r.Body, []byte("%PDF-")) {
		t.Fatalf("fetch with the partner's header: %d %s %.20q", r.Status, r.Header.Get("Content-Type"), r.Body)
	}
	if cc := r.Header.Get("Cache-Control"); !strings.Contains(cc, "no-store") {
		t.Errorf("Cache-Control = %q", cc)
	}

	assertErrorBody(t, fetch(t, env, letterURL, nil), http.StatusUnauthorized, "unauthorized")
	assertErrorBody(t, fetch(t, env, letterURL, map[string]string{"Authorization": "Bearer wrong-token"}), http.StatusUnauthorized, "unauthorized")
	assertErrorBody(t, fetch(t, env, letterURL, map[string]string{"Authorization": "Bearer " + env.Demo.APIKey}), http.StatusUnauthorized, "unauthorized")

	u, _ := url.Parse(letterURL)
	q := u.Query()
	tampered := map[string]func(url.Values){
		"signature": func(q url.Values) { s := q.Get("signature"); q.Set("signature", flip(s)) },
		"expires":   func(q url.Values) { q.Set("expires", q.Get("expires")+"0") },
		"partner":   func(q url.Values) { q.Set("partner", "prt_01ZZZZZZZZZZZZZZZZZZZZZZZZ") },
		"unsigned":  func(q url.Values) { q.Del("signature") },
	}
	for name, change := range tampered {
		t.Run(name, func(t *testing.T) {
			c := url.Values{}
			for k, v := range q {
				c[k] = append([]string(nil), v...)
			}
			change(c)
			changed := *u
			changed.RawQuery = c.Encode()
			assertErrorBody(t, fetch(t, env, changed.String(), withAuth), http.StatusForbidden, "bad_signature")
		})
	}
	otherLetter := *u
	otherLetter.Path = "/offer-letters/ofr_01ZZZZZZZZZZZZZZZZZZZZZZZZ"
	assertErrorBody(t, fetch(t, env, otherLetter.String(), withAuth), http.StatusForbidden, "bad_signature")

	env.Clock.Set(start.Add(300 * time.Second))
	if r := fetch(t, env, letterURL, withAuth); r.Status != http.StatusOK {
		t.Errorf("at 300 s the URL must still work: %s", r)
	}
	env.Clock.Set(start.Add(301 * time.Second))
	assertErrorBody(t, fetch(t, env, letterURL, withAuth), http.StatusForbidden, "url_expired")
}

func flip(s string) string {
	if s == "" {
		return "A"
	}
	b := []byte(s)
	if b[0] == 'A' {
		b[0] = 'B'
	} else {
		b[0] = 'A'
	}
	return string(b)
}

func TestOfferLetterURLForAJWTPartner(t *testing.T) {
	env := hiregraphtest.New(t)
	secret := strings.Repeat("j", 32)
	partnerUID, letterURL, authorization := offerURL(t, env, map[string]any{"authMode": "SIGNED_JWT", "signingSecret": secret, "accessToken": nil})
	if r := fetch(t, env, letterURL, map[string]string{"Authorization": authorization}); r.Status != http.StatusOK {
		t.Fatalf("fetch with the JWT the partner received: %s", r)
	}
	sign := func(key string, claims jwt.MapClaims) string {
		s, err := jwt.NewWithClaims(jwt.SigningMethodHS256, claims).SignedString([]byte(key))
		if err != nil {
			t.Fatal(err)
		}
		return "Bearer " + s
	}
	exp := time.Now().Add(time.Minute).Unix()
	own := sign(secret, jwt.MapClaims{"iss": env.Demo.CompanyUID, "aud": partnerUID, "exp": exp})
	if r := fetch(t, env, letterURL, map[string]string{"Authorization": own}); r.Status != http.StatusOK {
		t.Errorf("fetch with a JWT the partner signed itself: %s", r)
	}
	for name, header := range map[string]string{
		"wrong secret":    sign(strings.Repeat("x", 32), jwt.MapClaims{"iss": env.Demo.CompanyUID, "aud": partnerUID, "exp": exp}),
		"other audience":  sign(secret, jwt.MapClaims{"iss": env.Demo.CompanyUID, "aud": "prt_other", "exp": exp}),
		"no exp":          sign(secret, jwt.MapClaims{"iss": env.Demo.CompanyUID, "aud": partnerUID}),
		"secret as token": "Bearer " + secret,
	} {
		r := fetch(t, env, letterURL, map[string]string{"Authorization": header})
		if r.Status != http.StatusUnauthorized {
			t.Errorf("%s: %s, want 401", name, r)
		}
	}
}

func TestOfferLettersNeedPermission(t *testing.T) {
	env := hiregraphtest.New(t)
	p := newFakePartner(t, answerJSON(http.StatusOK, `{"candidate_evaluation_id":"eval-no-offers"}`))
	partner := createPartner(t, env, p, nil)
	if r := submitTest(env, env.Demo.CandidateUID, partner.ID, "go-1"); r.Status != http.StatusCreated {
		t.Fatalf("submit: %s", r)
	}
	if _, sent := decodeJSON(t, p.received()[0].Body)["candidate"].(map[string]any)["offers"]; sent {
		t.Error("offers sent to a partner without permission to see offer letters")
	}

	// Revoking the permission disables URLs already sent.
	partnerUID, letterURL, authorization := offerURL(t, env, nil)
	env.GraphQL(`mutation($id: ID!) { updateEvaluationPartner(id: $id, input: {canSeeOffers: false}) { id } }`,
		map[string]any{"id": partnerUID}).Decode(t, &struct{}{})
	assertErrorBody(t, fetch(t, env, letterURL, map[string]string{"Authorization": authorization}), http.StatusForbidden, "forbidden")
}
