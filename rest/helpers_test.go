package rest_test

import (
	"context"
	"net/http"
	"sort"
	"strings"
	"testing"

	"github.com/hiregraph/hiregraph/internal/hiregraphtest"
)

// system is a context that reads every company's records, for checks of
// what a request wrote.
func system() context.Context { return hiregraphtest.System() }

func keys(m map[string]any) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// assertError checks the error body of spec 7.1 and that its message
// mentions what the caller must fix.
func assertError(t *testing.T, r *hiregraphtest.Response, status int, code, mentions string) {
	t.Helper()
	r.AssertError(t, status, code, mentions)
}

// assertNothingWritten runs a request that must fail and checks that it
// changed no note, message or contact.
func assertNothingWritten(t *testing.T, env *hiregraphtest.Env, request func()) {
	t.Helper()
	env.AssertNothingWritten(t, request)
}

// badBody is a change that spoils a valid request body, and the error the
// spoiled body must get.
type badBody struct {
	name     string
	change   func(map[string]any)
	status   int
	code     string
	mentions string
}

// assertBadBodies posts each spoiled body to path and checks its error and
// that it wrote nothing.
func assertBadBodies(t *testing.T, env *hiregraphtest.Env, path string, valid func() map[string]any, cases []badBody) {
	t.Helper()
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			body := valid()
			c.change(body)
			assertNothingWritten(t, env, func() {
				assertError(t, env.Do(http.MethodPost, path, body), c.status, c.code, c.mentions)
			})
		})
	}
}

// assertNotFound posts body to the path of each id and checks the 404 with
// code and that nothing was written; another company's record (foreign)
// must read exactly like a missing one.
func assertNotFound(t *testing.T, env *hiregraphtest.Env, path func(id string) string, body map[string]any, code, missing, foreign string, more ...string) {
	t.Helper()
	message := func(id string) string {
		t.Helper()
		var msg string
		assertNothingWritten(t, env, func() {
			r := env.Do(http.MethodPost, path(id), body)
			assertError(t, r, http.StatusNotFound, code, id)
			msg = strings.Replace(r.Map(t)["message"].(string), id, "ID", 1)
		})
		return msg
	}
	if m, f := message(missing), message(foreign); m != f {
		t.Errorf("another company's record reads differently from a missing one: %q vs %q", f, m)
	}
	for _, id := range more {
		message(id)
	}
}
