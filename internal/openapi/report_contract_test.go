package openapi_test

import "net/http"

// checkReports downloads a report as CSV, and the refusals: no range and
// an unknown report (both off the document's parameters), a backwards
// range, a key without reports:view. A key of their own keeps these off
// the demo key's rate limit, which the whole contract nearly fills.
func checkReports(c *contract) {
	const year = "from=2026-01-01&to=2027-01-01"
	reader := apiKey(c.env.WithKey("read").Demo.APIKey)
	c.check(exchange{method: http.MethodGet, path: "/v1/reports/sources?" + year, status: http.StatusOK, headers: reader})
	c.check(exchange{method: http.MethodGet, path: "/v1/reports/sources?to=2027-01-01", status: http.StatusBadRequest, offSpec: true, headers: reader})
	c.check(exchange{method: http.MethodGet, path: "/v1/reports/burndown?" + year, status: http.StatusNotFound, offSpec: true, headers: reader})
	c.check(exchange{method: http.MethodGet, path: "/v1/reports/sources?from=2027-01-01&to=2026-01-01", status: http.StatusUnprocessableEntity, headers: reader})
	c.check(exchange{method: http.MethodGet, path: "/v1/reports/sources?" + year, status: http.StatusForbidden, headers: apiKey(c.env.WithKey("write").Demo.APIKey)})
}
