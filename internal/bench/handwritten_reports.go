package bench

import (
	"encoding/json"
	"net/http"
	"time"
)

// reportsQuery is the report benchmarked: source effectiveness, one
// aggregate over every candidate that started in the range, with two
// lookups of the step history per candidate.
const reportsQuery = `query($f: ReportFilter!) { reports(filter: $f) { sources { source applications interviews offers hires } } }`

// reportsBody is reportsQuery over the two years up to tomorrow: every
// seeded candidate.
func reportsBody(now time.Time) string {
	body, _ := json.Marshal(map[string]any{"query": reportsQuery, "variables": map[string]any{"f": map[string]string{
		"from": now.AddDate(-2, 0, 0).UTC().Format(time.RFC3339), "to": now.AddDate(0, 0, 1).UTC().Format(time.RFC3339)}}})
	return string(body)
}

// hwReportStatements are the floor's report statements: the SQL ours
// sends for an API key (recruiting.ReportService.Sources), by hand.
type hwReportStatements struct{ sources string }

func (h *handWritten) reportStatements() hwReportStatements {
	reached := func(kind string) string {
		return `SUM(CASE WHEN EXISTS (SELECT 1 FROM candidate_steps h WHERE h.company_id = candidates.company_id
			AND h.candidate_id = candidates.id AND h.kind = '` + kind + `') THEN 1 ELSE 0 END)`
	}
	return hwReportStatements{sources: h.q(`SELECT candidates.source, COUNT(*) AS applications,
		` + reached("interview") + ` AS interviews, ` + reached("offer") + ` AS offers,
		SUM(CASE WHEN candidates.status = 'HIRED' THEN 1 ELSE 0 END) AS hires
		FROM candidates WHERE company_id = ? AND deleted = ? AND time_created >= ? AND time_created < ?
		GROUP BY candidates.source ORDER BY applications DESC, candidates.source`)}
}

type (
	hwReportsAnswer struct {
		Data struct {
			Reports struct {
				Sources []hwSource `json:"sources"`
			} `json:"reports"`
		} `json:"data"`
	}
	hwSource struct {
		Source       string `json:"source"`
		Applications int    `json:"applications"`
		Interviews   int    `json:"interviews"`
		Offers       int    `json:"offers"`
		Hires        int    `json:"hires"`
	}
)

// reportSources answers reportsQuery with its one statement.
func (h *handWritten) reportSources(w http.ResponseWriter, r *http.Request, company string, body []byte) {
	var req struct {
		Variables struct {
			F struct{ From, To time.Time } `json:"f"`
		} `json:"variables"`
	}
	if err := json.Unmarshal(body, &req); err != nil {
		http.Error(w, err.Error(), http.StatusBadRequest)
		return
	}
	f := req.Variables.F
	rows, err := h.db.QueryContext(r.Context(), h.reports.sources, company, false, f.From.UTC(), f.To.UTC())
	if err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	defer rows.Close()
	var answer hwReportsAnswer
	answer.Data.Reports.Sources = []hwSource{}
	for rows.Next() {
		var s hwSource
		if err := rows.Scan(&s.Source, &s.Applications, &s.Interviews, &s.Offers, &s.Hires); err != nil {
			http.Error(w, err.Error(), http.StatusInternalServerError)
			return
		}
		answer.Data.Reports.Sources = append(answer.Data.Reports.Sources, s)
	}
	if err := rows.Err(); err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	writeJSON(w, answer)
}
