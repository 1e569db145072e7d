package rest_test

import (
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/hiregraph/hiregraph/internal/hiregraphtest"
)

type searchList struct {
	Candidates []struct {
		UID         string `json:"uid"`
		PositionUID string `json:"position_uid"`
	}
	NextPage *string `json:"next_page"`
}

// GET /v1/candidates?q= is the search of GraphQL's search query in the
// list's shape: an application's cover letter and answers are found in the
// application's transaction, pages follow next_page with the query kept,
// and a query without a word to search is the spec's error.
func TestCandidatesSearchByQuery(t *testing.T) {
	env := hiregraphtest.New(t)
	app := validApplication(t, env)
	app["cover_letter"] = "I built the Analytical Engine's successor."
	r := env.DoWith(http.MethodPost, applyPath(env, env.Demo.PublishedPositionUID), app, nil)
	if r.Status != http.StatusCreated {
		t.Fatalf("applying: %s", r)
	}

	var found searchList
	env.Do(http.MethodGet, "/v1/candidates?q="+url.QueryEscape("ANALYTICAL successor"), nil).JSON(t, &found)
	if len(found.Candidates) != 1 || found.Candidates[0].PositionUID != env.Demo.PublishedPositionUID || found.NextPage != nil {
		t.Fatalf("the cover letter's words found %+v", found)
	}
	var answered searchList
	form := applicationForm(t, env)
	env.Do(http.MethodGet, "/v1/candidates?q="+url.QueryEscape(form.Questions[0].Title), nil).JSON(t, &answered)
	if len(answered.Candidates) != 1 || answered.Candidates[0].UID != found.Candidates[0].UID {
		t.Errorf("the answered question %q found %+v", form.Questions[0].Title, answered)
	}

	var first searchList
	env.Do(http.MethodGet, "/v1/candidates?q=example.com&limit=6", nil).JSON(t, &first)
	if len(first.Candidates) != 6 || first.NextPage == nil || !strings.Contains(*first.NextPage, "q=example.com") {
		t.Fatalf("first page %+v", first)
	}
	var second searchList
	env.Do(http.MethodGet, strings.TrimPrefix(*first.NextPage, env.Server.URL), nil).JSON(t, &second)
	if len(second.Candidates) != 4 || second.NextPage != nil {
		t.Errorf("second page %+v, want the other 4 of 10", second)
	}
	for _, c := range second.Candidates {
		for _, d := range first.Candidates {
			if c.UID == d.UID {
				t.Errorf("both pages hold %s", c.UID)
			}
		}
	}

	env.Do(http.MethodGet, "/v1/candidates?q=ab", nil).AssertError(t, http.StatusBadRequest, "invalid_search", "")
}
