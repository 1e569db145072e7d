package rest_test

import (
	"context"
	"net/http"
	"net/netip"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/hiregraph/hiregraph/internal/demo"
	"github.com/hiregraph/hiregraph/internal/hiregraphtest"
	"github.com/hiregraph/hiregraph/internal/server"
	"github.com/hiregraph/hiregraph/internal/viewer"
)

// positionKeys are the fields of spec 2.1, as the clone answers them.
const positionKeys = "categories,company_name,department,details,email,employment_type,experience_level,internal_use_custom_id,is_discreet,is_published,is_talent_pool,location,name,openings,picture_url,position_url,salary_range,status,time_updated,uid,url_active_page,url_service_hosted_page"

type positionsPage struct {
	Positions  []map[string]any `json:"positions"`
	Candidates []map[string]any `json:"candidates"`
	NextPage   *string          `json:"next_page"`
}

func getPage(t *testing.T, env *hiregraphtest.Env, path string) positionsPage {
	t.Helper()
	r := env.Do(http.MethodGet, path, nil)
	if r.Status != http.StatusOK {
		t.Fatalf("GET %s: %s", path, r)
	}
	var out positionsPage
	r.JSON(t, &out)
	return out
}

func names(ps []map[string]any) string {
	var out []string
	for _, p := range ps {
		out = append(out, p["name"].(string))
	}
	return strings.Join(out, ",")
}

func TestListPositions(t *testing.T) {
	env := hiregraphtest.New(t)
	all := getPage(t, env, "/v1/positions")
	// Creation order; no template.
	if got := names(all.Positions); got != "Senior Backend Engineer,Robotics Technician,Account Executive,Office Manager" || all.NextPage != nil {
		t.Fatalf("positions %s (next %v)", got, all.NextPage)
	}
	p := all.Positions[0]
	if got := strings.Join(keys(p), ","); got != positionKeys {
		t.Errorf("keys %s", got)
	}
	if p["status"] != "open" || len(p["openings"].([]any)) != 2 || strings.Contains(string(env.Do(http.MethodGet, "/v1/positions", nil).Body), "Budget code") {
		t.Errorf("position %v", p)
	}
	for query, want := range map[string]string{
		"status=on%20hold":    "Office Manager",
		"status=ON_HOLD,open": "Senior Backend Engineer,Robotics Technician,Account Executive,Office Manager",
		"status=closed":       "",
		"is_published=false":  "Office Manager",
		"time_created:after=" + at(-87*day-12*time.Hour) + "&time_created:before=" + at(-86*day-12*time.Hour): "Account Executive",
	} {
		if got := names(getPage(t, env, "/v1/positions?"+query).Positions); got != want {
			t.Errorf("positions?%s: %s, want %s", query, got, want)
		}
	}
	assertError(t, env.Do(http.MethodGet, "/v1/positions?status=paused", nil), http.StatusBadRequest, "bad_request", "on hold")

	// Paging: next_page repeats the filters and walks every row once.
	var walked []map[string]any
	next := "/v1/positions?limit=3&status=open,on%20hold"
	for next != "" {
		page := getPage(t, env, next)
		walked = append(walked, page.Positions...)
		next = ""
		if page.NextPage != nil {
			u, err := url.Parse(*page.NextPage)
			if err != nil || u.Scheme+"://"+u.Host != env.Server.URL || u.Query().Get("status") != "open,on hold" {
				t.Fatalf("next_page %q", *page.NextPage)
			}
			next = u.RequestURI()
		}
	}
	if names(walked) != names(all.Positions) {
		t.Errorf("pages walked %s", names(walked))
	}
}

// A limit above the maximum is clamped: the page is shorter and next_page
// continues.
func TestListLimitAboveTheMaximumIsClamped(t *testing.T) {
	env := hiregraphtest.New(t)
	for _, path := range []string{"/v1/positions", "/v1/candidates", "/v1/openings", "/v1/questionnaires", "/v1/positions/" + env.Demo.PublishedPositionUID + "/candidates"} {
		if r := env.Do(http.MethodGet, path+"?limit=100000", nil); r.Status != http.StatusOK {
			t.Errorf("%s?limit=100000: %s", path, r)
		}
	}
	addCandidates(t, env, asCompany(env), 510, time.Now())
	page := getPage(t, env, "/v1/positions/"+env.Demo.PublishedPositionUID+"/candidates?limit=501")
	if len(page.Candidates) != 500 || page.NextPage == nil || !strings.Contains(*page.NextPage, "limit=501") {
		t.Fatalf("limit=501: %d candidates, next %v; want 500 and a next page", len(page.Candidates), page.NextPage)
	}
	u, _ := url.Parse(*page.NextPage)
	rest := getPage(t, env, u.RequestURI())
	if len(rest.Candidates) != 510+3-500 || rest.NextPage != nil {
		t.Errorf("second page: %d candidates, next %v", len(rest.Candidates), rest.NextPage)
	}
}

func TestGetPosition(t *testing.T) {
	env := hiregraphtest.New(t)
	r := env.Do(http.MethodGet, "/v1/positions/"+env.Demo.TemplatePositionUID, nil)
	if r.Status != http.StatusOK {
		t.Fatalf("template: %s", r)
	}
	p := r.Map(t)
	if got := strings.Join(keys(p), ","); got != positionKeys || p["uid"] != env.Demo.TemplatePositionUID {
		t.Errorf("position %v", p)
	}
	r = env.Do(http.MethodGet, "/v1/positions/"+env.Demo.PublishedPositionUID, nil)
	openings := r.Map(t)["openings"].([]any)
	if o := openings[0].(map[string]any); o["custom_fields"] == nil || o["position_uid"] != nil {
		t.Errorf("opening %v: custom_fields and no position_uid, as in the clone response", o)
	}
	if strings.Contains(string(r.Body), "Internal budget") || strings.Contains(string(r.Body), "Hiring notes") {
		t.Errorf("internal-use fields shown: %s", r.Body)
	}
}

func TestPositionCandidates(t *testing.T) {
	env := hiregraphtest.New(t)
	page := getPage(t, env, "/v1/positions/"+env.Demo.PublishedPositionUID+"/candidates")
	if len(page.Candidates) != 3 || page.NextPage != nil {
		t.Fatalf("%d candidates, want the published position's 3", len(page.Candidates))
	}
	for _, c := range page.Candidates {
		if c["position_uid"] != env.Demo.PublishedPositionUID {
			t.Errorf("candidate of another position: %v", c)
		}
	}
	if n := len(getPage(t, env, "/v1/positions/"+env.Demo.PublishedPositionUID+"/candidates?status=rejected").Candidates); n != 0 {
		t.Errorf("status=rejected: %d", n)
	}
	first := getPage(t, env, "/v1/positions/"+env.Demo.PublishedPositionUID+"/candidates?limit=2")
	if first.NextPage == nil || !strings.HasPrefix(*first.NextPage, env.Server.URL+"/v1/positions/"+env.Demo.PublishedPositionUID+"/candidates?") {
		t.Fatalf("next_page %v", first.NextPage)
	}
	// A cursor of the company's candidates list is not one of this list.
	all := getPage(t, env, "/v1/candidates?limit=1")
	cursor, _ := url.Parse(*all.NextPage)
	assertError(t, env.Do(http.MethodGet, "/v1/positions/"+env.Demo.PublishedPositionUID+"/candidates?cursor="+url.QueryEscape(cursor.Query().Get("cursor")), nil),
		http.StatusBadRequest, "invalid_cursor", "cursor")
}

// Another company's positions read as missing, and reading needs the read
// scope.
func TestPositionReadsStayInTheTenant(t *testing.T) {
	env := hiregraphtest.New(t)
	other, err := demo.Seed(context.Background(), env.DB.Client, env.Sealer, "Other Corp")
	if err != nil {
		t.Fatal(err)
	}
	for _, path := range []string{"/v1/positions/%s", "/v1/positions/%s/candidates"} {
		foreign := env.Do(http.MethodGet, strings.Replace(path, "%s", other.PublishedPositionUID, 1), nil)
		missing := env.Do(http.MethodGet, strings.Replace(path, "%s", "pos_01ZZZZZZZZZZZZZZZZZZZZZZZZ", 1), nil)
		assertError(t, foreign, http.StatusNotFound, "position_not_found", other.PublishedPositionUID)
		assertError(t, missing, http.StatusNotFound, "position_not_found", "pos_01ZZZZZZZZZZZZZZZZZZZZZZZZ")
	}
	if got := names(getPage(t, env, "/v1/positions").Positions); strings.Count(got, ",") != 3 {
		t.Errorf("positions of both companies listed: %s", got)
	}
	writeOnly := env.WithKey(viewer.ScopeWrite)
	for _, path := range []string{"/v1/positions", "/v1/positions/" + env.Demo.PublishedPositionUID, "/v1/positions/" + env.Demo.PublishedPositionUID + "/candidates"} {
		assertError(t, writeOnly.Do(http.MethodGet, path, nil), http.StatusForbidden, "forbidden", "read")
	}
}

// Without a public URL, absolute URLs are built on the request's scheme and
// host; X-Forwarded-Proto and -Host count only from a trusted proxy.
func TestURLsFollowTheRequestHost(t *testing.T) {
	loopback := []netip.Prefix{netip.MustParsePrefix("127.0.0.0/8"), netip.MustParsePrefix("::1/128")}
	for _, c := range []struct {
		name    string
		trusted []netip.Prefix
		want    func(env *hiregraphtest.Env) string
	}{
		{"untrusted", nil, func(env *hiregraphtest.Env) string { return env.Server.URL }},
		{"trusted proxy", loopback, func(*hiregraphtest.Env) string { return "https://jobs.example:8443" }},
	} {
		t.Run(c.name, func(t *testing.T) {
			env := hiregraphtest.NewWithConfig(t, func(cfg *server.Config) { cfg.PublicURL = ""; cfg.TrustedProxies = c.trusted })
			headers := map[string]string{"Authorization": "Bearer " + env.Demo.APIKey,
				"X-Forwarded-Proto": "https", "X-Forwarded-Host": "jobs.example:8443"}
			var page positionsPage
			env.DoWith(http.MethodGet, "/v1/positions?limit=1", nil, headers).JSON(t, &page)
			want := c.want(env)
			if page.NextPage == nil || !strings.HasPrefix(*page.NextPage, want+"/v1/positions?") {
				t.Errorf("next_page %v, want it on %s", page.NextPage, want)
			}
			if u := page.Positions[0]["position_url"].(string); !strings.HasPrefix(u, want+"/careers-api/") {
				t.Errorf("position_url %q, want it on %s", u, want)
			}
			var careers []map[string]any
			env.DoWith(http.MethodGet, careersPath(env, "", ""), nil, headers).JSON(t, &careers)
			if u := careers[0]["url_recruit_hosted_page"].(string); !strings.HasPrefix(u, want+"/careers/") {
				t.Errorf("url_recruit_hosted_page %q, want it on %s", u, want)
			}
		})
	}
	// A bad forwarded host is ignored, even from a trusted proxy.
	env := hiregraphtest.NewWithConfig(t, func(cfg *server.Config) { cfg.PublicURL = ""; cfg.TrustedProxies = loopback })
	var page positionsPage
	env.DoWith(http.MethodGet, "/v1/positions?limit=1", nil, map[string]string{"Authorization": "Bearer " + env.Demo.APIKey,
		"X-Forwarded-Host": "evil.example/@x", "X-Forwarded-Proto": "javascript"}).JSON(t, &page)
	if !strings.HasPrefix(*page.NextPage, env.Server.URL+"/") {
		t.Errorf("next_page %q", *page.NextPage)
	}
}
