package rest_test

import (
	"net/http"
	"net/url"
	"testing"

	"github.com/hiregraph/hiregraph/internal/hiregraphtest"
)

// TestReportCSV downloads each report of ReportHistory's month for its
// position as CSV, as a spreadsheet would open it.
func TestReportCSV(t *testing.T) {
	env := hiregraphtest.New(t)
	h := env.ReportHistory()
	query := url.Values{"from": {"2031-03-01"}, "to": {"2031-04-01"}, "position_uid": {h.PositionID}}.Encode()
	want := map[string]string{
		"funnel": "step,kind,reached,conversion_to_next,rejected,withdrawn,rejection_reasons\n" +
			"Applied,applied,4,0.7500,0,1,\n" +
			"Technical interview,interview,3,0.3333,1,0,Not enough experience: 1\n" +
			"Offer,offer,1,1.0000,0,0,\n" +
			"Hired,hired,1,,0,0,\n",
		"time_in_step": "step,count,median_days,p90_days\n" +
			"Applied,4,2.00,3.40\nOffer,1,5.00,5.00\nTechnical interview,2,2.00,2.80\n",
		"time_to_hire":         "month,count,median_days,p90_days\n2031-03,1,10.00,10.00\nall,1,10.00,10.00\n",
		"time_to_fill":         "month,count,median_days,p90_days\n2031-03,1,10.00,10.00\nall,1,10.00,10.00\n",
		"sources":              "source,applications,interviews,offers,hires\ncareers site,3,2,0,0\nreferral,1,1,1,1\n",
		"open_positions":       "position_uid,name,department,age_days,open_openings\n" + h.PositionID + ",Data Analyst,analytics,10,0\n",
		"openings_by_approval": "approval_status,openings\nNA,1\n",
	}
	for name, body := range want {
		resp := env.Do(http.MethodGet, "/v1/reports/"+name+"?"+query, nil)
		if resp.Status != http.StatusOK || string(resp.Body) != body {
			t.Errorf("%s: %d\n%s\nwant\n%s", name, resp.Status, resp.Body, body)
		}
		if ct := resp.Header.Get("Content-Type"); ct != "text/csv; charset=utf-8" {
			t.Errorf("%s: Content-Type %q", name, ct)
		}
		if cd := resp.Header.Get("Content-Disposition"); cd != `attachment; filename="`+name+`-2031-03-01-2031-04-01.csv"` {
			t.Errorf("%s: Content-Disposition %q", name, cd)
		}
	}

	// A source typed as a formula stays text in a spreadsheet.
	env.GraphQL(`mutation($in: CreateCandidateInput!) { createCandidate(input: $in) { id } }`,
		map[string]any{"in": map[string]any{"positionID": h.OtherPositionID, "source": "=HYPERLINK(\"http://x\")",
			"person": map[string]any{"firstName": "Mal", "lastName": "Formula", "email": "mal@report.example"}}}).Decode(t, new(any))
	other := url.Values{"from": {"2031-03-01"}, "to": {"2031-04-01"}, "position_uid": {h.OtherPositionID}}.Encode()
	resp := env.Do(http.MethodGet, "/v1/reports/sources?"+other, nil)
	if want := "source,applications,interviews,offers,hires\n\"'=HYPERLINK(\"\"http://x\"\")\",1,0,0,0\ncareers site,1,0,0,0\n"; string(resp.Body) != want {
		t.Errorf("sources with a formula: %s\nwant\n%s", resp.Body, want)
	}
}

// TestReportCSVRefuses: a missing or backwards range, an unknown report
// and a key without reports:view answer in the spec's error body.
func TestReportCSVRefuses(t *testing.T) {
	env := hiregraphtest.New(t)
	env.Do(http.MethodGet, "/v1/reports/funnel?to=2031-04-01", nil).AssertError(t, http.StatusBadRequest, "bad_request", "from")
	env.Do(http.MethodGet, "/v1/reports/funnel?from=2031-04-01&to=2031-03-01", nil).AssertError(t, http.StatusUnprocessableEntity, "validation_failed", "after")
	env.Do(http.MethodGet, "/v1/reports/burndown?from=2031-03-01&to=2031-04-01", nil).AssertError(t, http.StatusNotFound, "not_found", "time_in_step")
	env.WithKey("write").Do(http.MethodGet, "/v1/reports/funnel?from=2031-03-01&to=2031-04-01", nil).AssertError(t, http.StatusForbidden, "forbidden", "reports:view")
}
