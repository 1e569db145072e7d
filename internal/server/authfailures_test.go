package server_test

import (
	"context"
	"fmt"
	"net/http"
	"net/netip"
	"strconv"
	"sync"
	"testing"
	"time"

	"github.com/hiregraph/hiregraph/internal/demo"
	"github.com/hiregraph/hiregraph/internal/hiregraphtest"
	"github.com/hiregraph/hiregraph/internal/ratelimit"
	"github.com/hiregraph/hiregraph/internal/server"
)

// behindProxy makes the test's loopback connections a trusted proxy, so
// X-Forwarded-For names the client address each request comes from.
func behindProxy(c *server.Config) {
	c.TrustedProxies = []netip.Prefix{netip.MustParsePrefix("127.0.0.0/8")}
}

func from(address string, headers map[string]string) map[string]string {
	h := map[string]string{"X-Forwarded-For": address}
	for k, v := range headers {
		h[k] = v
	}
	return h
}

func TestGuessedAPIKeysAreThrottledPerAddress(t *testing.T) {
	env := hiregraphtest.NewWithConfig(t, behindProxy)
	// The clock stands still: on a loaded machine 300 requests take seconds,
	// in which a moving clock would forgive a guess or two.
	env.Clock.Set(time.Now())
	good := map[string]string{"Authorization": "Bearer " + env.Demo.APIKey}
	burst := server.DefaultFailedAuthRate.Burst
	// 300 guesses at once, as the issue measured: the first burst get 401,
	// the rest 429 without a lookup.
	statuses := make([]int, 300)
	var wg sync.WaitGroup
	for i := range statuses {
		wg.Go(func() {
			r := env.DoWith(http.MethodGet, "/v1/questionnaires", nil, from("203.0.113.7", map[string]string{"Authorization": fmt.Sprintf("Bearer hgk_guess%d", i)}))
			statuses[i] = r.Status
		})
	}
	wg.Wait()
	count := map[int]int{}
	for _, s := range statuses {
		count[s]++
	}
	if count[http.StatusUnauthorized] != burst || count[http.StatusTooManyRequests] != 300-burst {
		t.Fatalf("300 guessed keys got %v, want %d x 401 and the rest 429", count, burst)
	}
	r := env.DoWith(http.MethodGet, "/v1/questionnaires", nil, from("203.0.113.7", good))
	r.AssertError(t, http.StatusTooManyRequests, "rate_limited", "failed authentications")
	if s, err := strconv.Atoi(r.Header.Get("Retry-After")); err != nil || s < 1 || s > 2 {
		t.Errorf("Retry-After = %q, want the 2 s one failure takes to be forgiven", r.Header.Get("Retry-After"))
	}
	// The right key from the guesser's address is refused like a wrong one,
	// so a throttled guesser learns nothing; other addresses are served.
	if r := env.DoWith(http.MethodGet, "/v1/questionnaires", nil, from("203.0.113.8", good)); r.Status != http.StatusOK {
		t.Fatalf("another address was throttled: %s", r)
	}
	if r := env.DoWith(http.MethodGet, "/v1/questionnaires", nil, from("2001:db8:1:2::99", good)); r.Status != http.StatusOK {
		t.Fatalf("an IPv6 client was throttled: %s", r)
	}
	// Requests without credentials guess nothing and do not count.
	for range burst + 1 {
		env.DoWith(http.MethodGet, "/v1/questionnaires", nil, from("203.0.113.9", nil)).AssertError(t, http.StatusUnauthorized, "unauthorized", "")
	}
}

// A key that authenticated from an address is proven there: guesses from
// that address do not hold it back, while a right key never used from
// there is refused like a guess. A proof lapses ten minutes after the key
// was last used from the address.
func TestAProvenKeyIsNotHeldBackByGuessesFromItsAddress(t *testing.T) {
	env := hiregraphtest.NewWithConfig(t, func(c *server.Config) {
		behindProxy(c)
		c.FailedAuthRate = ratelimit.Rate{PerMinute: 1, Burst: 2}
	})
	const address = "203.0.113.20"
	good := map[string]string{"Authorization": "Bearer " + env.Demo.APIKey}
	unused := map[string]string{"Authorization": "Bearer " + env.WithKey().Demo.APIKey}
	guess := map[string]string{"Authorization": "Bearer hgk_guess"}
	served := func(headers map[string]string, what string) {
		t.Helper()
		if r := env.DoWith(http.MethodGet, "/v1/questionnaires", nil, from(address, headers)); r.Status != http.StatusOK {
			t.Fatalf("%s: %s", what, r)
		}
	}
	throttle := func() {
		t.Helper()
		for range 2 {
			env.DoWith(http.MethodGet, "/v1/questionnaires", nil, from(address, guess)).AssertError(t, http.StatusUnauthorized, "unauthorized", "")
		}
		env.DoWith(http.MethodGet, "/v1/questionnaires", nil, from(address, guess)).AssertError(t, http.StatusTooManyRequests, "rate_limited", "failed authentications")
	}

	served(good, "the key before any guess")
	throttle()
	served(good, "the proven key after the address's guesses")
	env.DoWith(http.MethodGet, "/v1/questionnaires", nil, from(address, unused)).AssertError(t, http.StatusTooManyRequests, "rate_limited", "failed authentications")
	env.DoWith(http.MethodGet, "/v1/questionnaires", nil, from(address, guess)).AssertError(t, http.StatusTooManyRequests, "rate_limited", "failed authentications")

	env.Clock.Set(time.Now().Add(11 * time.Minute))
	throttle()
	env.DoWith(http.MethodGet, "/v1/questionnaires", nil, from(address, good)).AssertError(t, http.StatusTooManyRequests, "rate_limited", "failed authentications")
}

func TestXForwardedForCountsOnlyFromTrustedProxies(t *testing.T) {
	env := hiregraphtest.NewWithConfig(t, func(c *server.Config) {
		c.FailedAuthRate = ratelimit.Rate{PerMinute: 60, Burst: 2}
	})
	bad := map[string]string{"Authorization": "Bearer hgk_wrong"}
	// The connection is not a trusted proxy: a forged X-Forwarded-For per
	// request does not give the client fresh buckets.
	for i := range 2 {
		env.DoWith(http.MethodGet, "/v1/questionnaires", nil, from(fmt.Sprintf("198.51.100.%d", i), bad)).AssertError(t, http.StatusUnauthorized, "unauthorized", "")
	}
	r := env.DoWith(http.MethodGet, "/v1/questionnaires", nil, from("198.51.100.99", bad))
	r.AssertError(t, http.StatusTooManyRequests, "rate_limited", "")
}

func TestGuessedCareersTokensAreThrottled(t *testing.T) {
	env := hiregraphtest.NewWithConfig(t, func(c *server.Config) {
		behindProxy(c)
		c.FailedAuthRate = ratelimit.Rate{PerMinute: 60, Burst: 5}
		c.FailedCareersRate = ratelimit.Rate{PerMinute: 60, Burst: 12}
	})
	list := func(token string) string {
		return "/careers-api/2.0/company/" + env.Demo.CompanyUID + "/positions?token=" + token
	}
	// Per address: 5 failures, then 429 even with the right token.
	for i := range 5 {
		env.DoWith(http.MethodGet, list(fmt.Sprint("guess", i)), nil, from("203.0.113.7", nil)).AssertError(t, http.StatusUnauthorized, "invalid_token", "")
	}
	r := env.DoWith(http.MethodGet, list(env.Demo.CareersToken), nil, from("203.0.113.7", nil))
	r.AssertError(t, http.StatusTooManyRequests, "rate_limited", "failed authentications")
	if r.Header.Get("Retry-After") == "" {
		t.Error("429 without Retry-After")
	}
	// A visitor whose address used the right token lately is proven there.
	visitor := "198.51.100.150"
	if r := env.DoWith(http.MethodGet, list(env.Demo.CareersToken), nil, from(visitor, nil)); r.Status != http.StatusOK {
		t.Fatalf("the careers list: %s", r)
	}
	// Per company: guesses spread over addresses stop at the company's 12.
	for i := range 7 {
		env.DoWith(http.MethodGet, list(fmt.Sprint("spread", i)), nil, from(fmt.Sprintf("198.51.100.%d", i), nil)).AssertError(t, http.StatusUnauthorized, "invalid_token", "")
	}
	env.DoWith(http.MethodGet, list("spread-more"), nil, from("198.51.100.200", nil)).AssertError(t, http.StatusTooManyRequests, "rate_limited", "")
	// The right token is then refused from a new address, like a guess,
	// and still served to the proven visitor.
	env.DoWith(http.MethodGet, list(env.Demo.CareersToken), nil, from("198.51.100.151", nil)).AssertError(t, http.StatusTooManyRequests, "rate_limited", "")
	if r := env.DoWith(http.MethodGet, list(env.Demo.CareersToken), nil, from(visitor, nil)); r.Status != http.StatusOK {
		t.Fatalf("the proven visitor was held back by others' guesses: %s", r)
	}
	// Another company's careers API is not affected.
	other, err := demo.Seed(context.Background(), env.DB.Client, env.Sealer, "Globex")
	if err != nil {
		t.Fatal(err)
	}
	r = env.DoWith(http.MethodGet, "/careers-api/2.0/company/"+other.CompanyUID+"/positions?token="+other.CareersToken, nil, from("198.51.100.201", nil))
	if r.Status != http.StatusOK {
		t.Fatalf("another company's careers list: %s", r)
	}
	// A second later the company has earned a guess back.
	env.Clock.Set(time.Now().Add(1100 * time.Millisecond))
	env.DoWith(http.MethodGet, list("later"), nil, from("198.51.100.202", nil)).AssertError(t, http.StatusUnauthorized, "invalid_token", "")
}
