package rest_test

import (
	"context"
	"net/http"
	"strings"
	"testing"

	"github.com/hiregraph/hiregraph/internal/demo"
	"github.com/hiregraph/hiregraph/internal/hiregraphtest"
	"github.com/hiregraph/hiregraph/internal/server"
)

func careersPath(env *hiregraphtest.Env, suffix, query string) string {
	return "/careers-api/2.0/company/" + env.Demo.CompanyUID + "/positions" + suffix + "?token=" + env.Demo.CareersToken + query
}

func anonymous(env *hiregraphtest.Env, path string, headers map[string]string) *hiregraphtest.Response {
	return env.DoWith(http.MethodGet, path, nil, headers)
}

const careersKeys = "categories,company_name,department,email,employment_type,experience_level,internal_use_custom_id,is_internal,location,locations,name,picture_url,position_url,time_updated,uid,url_active_page,url_comeet_hosted_page,url_recruit_hosted_page,url_service_hosted_page,workplace_type"

func TestCareersList(t *testing.T) {
	env := hiregraphtest.New(t)
	r := anonymous(env, careersPath(env, "", ""), nil)
	if r.Status != http.StatusOK {
		t.Fatalf("careers list: %s", r)
	}
	var list []map[string]any
	r.JSON(t, &list)
	var names []string
	for _, p := range list {
		names = append(names, p["name"].(string))
		if got := strings.Join(keys(p), ","); got != careersKeys {
			t.Errorf("%s keys = %s", p["name"], got)
		}
		if loc := p["location"].(map[string]any); loc["uid"] != nil || len(loc) != 10 || loc["is_remote"] != (p["workplace_type"] == "remote") {
			t.Errorf("%s location = %v", p["name"], loc)
		}
	}
	if got := strings.Join(names, ","); got != "Account Executive,Robotics Technician,Senior Backend Engineer" {
		t.Errorf("published positions = %s (no template, no unpublished)", got)
	}
	// Account Executive has no location: an object of empty fields.
	if loc := list[0]["location"].(map[string]any); loc["city"] != "" || loc["arrival_instructions"] != nil {
		t.Errorf("location of a position without one = %v", loc)
	}
	body := string(r.Body)
	if strings.Contains(body, "Budget code") || strings.Contains(body, "Hiring notes") || strings.Contains(body, `"details"`) || strings.Contains(body, "salary") {
		t.Errorf("list shows internal-use fields, details or salary: %s", body)
	}
	if u := list[2]["position_url"].(string); !strings.HasPrefix(u, env.Server.URL+"/careers-api/2.0/company/") {
		t.Errorf("position_url %q is not absolute", u)
	}
	if r.Header.Get("ETag") == "" || r.Header.Get("Cache-Control") != "public, max-age=60" {
		t.Errorf("cache headers: %v", r.Header)
	}

	// Cache busters and unknown parameters are ignored.
	again := anonymous(env, careersPath(env, "", "&1700000000&requestedby=careers-site"), nil)
	if again.Status != http.StatusOK || string(again.Body) != string(r.Body) {
		t.Errorf("extra parameters changed the answer: %s", again)
	}
}

func TestCareersDetails(t *testing.T) {
	env := hiregraphtest.New(t)
	for _, v := range []string{"true", "1", "TRUE"} {
		r := anonymous(env, careersPath(env, "/"+env.Demo.PublishedPositionUID, "&details="+v), nil)
		p := r.Map(t)
		if got := strings.Join(keys(p), ","); got != "categories,company_name,department,details,email,employment_type,experience_level,internal_use_custom_id,is_internal,location,locations,name,picture_url,position_url,time_updated,uid,url_active_page,url_comeet_hosted_page,url_recruit_hosted_page,url_service_hosted_page,workplace_type" {
			t.Errorf("details=%s keys = %s", v, got)
		}
		body := string(r.Body)
		if !strings.Contains(body, `{"name":"Job description","value":"<p>Own the fleet API that <b>2,000 robots</b> talk to every second.</p><ul><li>Go</li><li>PostgreSQL</li></ul>","order":1}`) {
			t.Errorf("details=%s body = %s", v, body)
		}
		if strings.Contains(body, "Hiring notes") {
			t.Errorf("internal-use detail shown: %s", body)
		}
	}
	for _, v := range []string{"false", "0", ""} {
		if r := anonymous(env, careersPath(env, "/"+env.Demo.PublishedPositionUID, "&details="+v), nil); strings.Contains(string(r.Body), `"details"`) {
			t.Errorf("details=%q shows details", v)
		}
	}
	assertError(t, anonymous(env, careersPath(env, "", "&details=yes"), nil), http.StatusBadRequest, "bad_request", "details")
}

func TestCareersRefusals(t *testing.T) {
	env := hiregraphtest.New(t)
	other, err := demo.Seed(context.Background(), env.DB.Client, env.Sealer, "Other Corp")
	if err != nil {
		t.Fatal(err)
	}
	base := "/careers-api/2.0/company/"
	for name, path := range map[string]string{
		"no token":            base + env.Demo.CompanyUID + "/positions",
		"wrong token":         base + env.Demo.CompanyUID + "/positions?token=guess",
		"other company token": base + env.Demo.CompanyUID + "/positions?token=" + other.CareersToken,
		"unknown company":     base + "com_nope/positions?token=" + env.Demo.CareersToken,
		"single, wrong token": base + env.Demo.CompanyUID + "/positions/" + env.Demo.PublishedPositionUID + "?token=x",
	} {
		t.Run(name, func(t *testing.T) {
			assertError(t, anonymous(env, path, nil), http.StatusUnauthorized, "invalid_token", "token")
		})
	}
	for name, id := range map[string]string{
		"unpublished":     env.Demo.UnpublishedPositionUID,
		"template":        env.Demo.TemplatePositionUID,
		"other company's": other.PublishedPositionUID,
		"unknown":         "pos_nope",
	} {
		t.Run(name, func(t *testing.T) {
			assertError(t, anonymous(env, careersPath(env, "/"+id, ""), nil), http.StatusNotFound, "position_not_found", id)
		})
	}
	assertError(t, env.DoWith(http.MethodPost, careersPath(env, "", ""), "{}", nil), http.StatusMethodNotAllowed, "method_not_allowed", "POST")
}

func TestCareersCachingAndCORS(t *testing.T) {
	env := hiregraphtest.New(t)
	first := anonymous(env, careersPath(env, "", ""), nil)
	etag := first.Header.Get("ETag")
	for _, header := range []string{etag, "W/" + etag, `"other", ` + etag, "*"} {
		r := anonymous(env, careersPath(env, "", ""), map[string]string{"If-None-Match": header})
		if r.Status != http.StatusNotModified || len(r.Body) != 0 {
			t.Errorf("If-None-Match %s: %d %s", header, r.Status, r.Body)
		}
	}
	if r := anonymous(env, careersPath(env, "", ""), map[string]string{"If-None-Match": `"stale"`}); r.Status != http.StatusOK {
		t.Errorf("stale ETag: %d", r.Status)
	}
	withDetails := anonymous(env, careersPath(env, "", "&details=true"), nil)
	if withDetails.Header.Get("ETag") == etag {
		t.Error("the list with details has the ETag of the list without")
	}

	r := anonymous(env, careersPath(env, "", ""), map[string]string{"Origin": "https://jobs.example"})
	if r.Header.Get("Access-Control-Allow-Origin") != "*" {
		t.Errorf("GET from a careers site: Access-Control-Allow-Origin = %q", r.Header.Get("Access-Control-Allow-Origin"))
	}
	pre := env.DoWith(http.MethodOptions, careersPath(env, "", ""), nil, map[string]string{"Origin": "https://jobs.example", "Access-Control-Request-Method": "GET"})
	if pre.Header.Get("Access-Control-Allow-Origin") != "*" || !strings.Contains(pre.Header.Get("Access-Control-Allow-Methods"), "GET") {
		t.Errorf("preflight for GET: %d %v", pre.Status, pre.Header)
	}
	post := env.DoWith(http.MethodOptions, careersPath(env, "", ""), nil, map[string]string{"Origin": "https://jobs.example", "Access-Control-Request-Method": "POST"})
	if post.Header.Get("Access-Control-Allow-Origin") != "" {
		t.Errorf("preflight for POST allowed: %v", post.Header)
	}
}

func TestCareersRateLimit(t *testing.T) {
	env := hiregraphtest.NewWithConfig(t, func(c *server.Config) { c.CareersRatePerMinute, c.CareersBurst = 60, 2 })
	for range 2 {
		if r := anonymous(env, careersPath(env, "", ""), nil); r.Status != http.StatusOK {
			t.Fatalf("within the limit: %s", r)
		}
	}
	r := anonymous(env, careersPath(env, "", ""), nil)
	assertError(t, r, http.StatusTooManyRequests, "rate_limited", "requests a minute")
	if r.Header.Get("Retry-After") == "" {
		t.Error("429 without Retry-After")
	}
}

// The fields clients read from the real service: location.is_remote,
// is_internal, locations, url_recruit_hosted_page and
// url_comeet_hosted_page.
func TestCareersClientFields(t *testing.T) {
	env := hiregraphtest.New(t)
	var list []struct {
		Name                 string
		IsInternal           bool   `json:"is_internal"`
		URLServiceHostedPage string `json:"url_service_hosted_page"`
		URLComeetHostedPage  string `json:"url_comeet_hosted_page"`
		URLRecruitHostedPage string `json:"url_recruit_hosted_page"`
		Location             struct {
			City     string
			IsRemote bool `json:"is_remote"`
		}
		Locations []struct {
			City     string
			UID      *string
			IsRemote bool `json:"is_remote"`
		}
	}
	anonymous(env, careersPath(env, "", ""), nil).JSON(t, &list)
	sales, backend := list[0], list[2]
	if !sales.Location.IsRemote || len(sales.Locations) != 0 {
		t.Errorf("remote position without a location: %+v", sales)
	}
	if backend.Location.IsRemote || len(backend.Locations) != 1 || backend.Locations[0].City != "Berlin" || backend.Locations[0].UID != nil {
		t.Errorf("hybrid position in Berlin: %+v", backend)
	}
	if backend.IsInternal || backend.URLComeetHostedPage != backend.URLServiceHostedPage || backend.URLComeetHostedPage == "" {
		t.Errorf("is_internal / url_comeet_hosted_page: %+v", backend)
	}
	page := env.Server.URL + "/careers/" + env.Demo.CompanyUID + "?token=" + env.Demo.CareersToken + "#position=" + env.Demo.PublishedPositionUID
	if backend.URLRecruitHostedPage != page {
		t.Errorf("url_recruit_hosted_page %q, want %q", backend.URLRecruitHostedPage, page)
	}
	if r := env.DoWith(http.MethodGet, strings.TrimSuffix(strings.TrimPrefix(page, env.Server.URL), "#position="+env.Demo.PublishedPositionUID), nil, nil); r.Status != http.StatusOK {
		t.Errorf("the careers page at url_recruit_hosted_page: %d", r.Status)
	}
}
