package openapi_test

import (
	"net/http"
	"net/url"
	"time"
)

// checkExportAndRetention exports a person, downloads the archive and runs
// retention (on no one: it is off); before checkErase, which erases.
func checkExportAndRetention(c *contract) {
	var people struct {
		People struct {
			Edges []struct{ Node struct{ ID string } }
		}
	}
	c.env.GraphQL(`{ people(first: 1) { edges { node { id } } } }`, nil).Decode(c.t, &people)
	export := "/v1/people/" + people.People.Edges[0].Node.ID + "/export"
	c.check(exchange{method: http.MethodPost, path: export, headers: apiKey(c.env.Demo.UserToken), status: http.StatusForbidden})
	c.check(exchange{method: http.MethodPost, path: "/v1/people/per_01ZZZZZZZZZZZZZZZZZZZZZZZZ/export", status: http.StatusNotFound})
	var e struct {
		UID string
		URL *string
	}
	c.check(exchange{method: http.MethodPost, path: export, status: http.StatusAccepted}).JSON(c.t, &e)
	deadline := time.Now().Add(30 * time.Second)
	for e.URL == nil && time.Now().Before(deadline) {
		time.Sleep(100 * time.Millisecond)
		c.env.Do(http.MethodGet, "/v1/person-exports/"+e.UID, nil).JSON(c.t, &e)
	}
	c.check(exchange{method: http.MethodGet, path: "/v1/person-exports/" + e.UID, status: http.StatusOK})
	c.check(exchange{method: http.MethodGet, path: "/v1/person-exports/pex_01ZZZZZZZZZZZZZZZZZZZZZZZZ", status: http.StatusNotFound})
	if e.URL == nil {
		c.t.Fatalf("export %s never done", e.UID)
	}
	u, err := url.Parse(*e.URL)
	if err != nil {
		c.t.Fatal(err)
	}
	none := map[string]string{}
	c.check(exchange{method: http.MethodGet, path: u.RequestURI(), headers: none, status: http.StatusOK})
	q := u.Query()
	q.Set("signature", "AAAA"+q.Get("signature"))
	c.check(exchange{method: http.MethodGet, path: u.Path + "?" + q.Encode(), headers: none, status: http.StatusForbidden})

	c.check(exchange{method: http.MethodPost, path: "/v1/retention/run?dry_run=true", status: http.StatusOK})
	c.check(exchange{method: http.MethodPost, path: "/v1/retention/run", status: http.StatusOK})
	c.check(exchange{method: http.MethodPost, path: "/v1/retention/run?dry_run=maybe", status: http.StatusBadRequest, offSpec: true})
	c.check(exchange{method: http.MethodPost, path: "/v1/retention/run", headers: apiKey(c.env.Demo.UserToken), status: http.StatusForbidden})
}
