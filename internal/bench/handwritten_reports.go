package bench

import (
	"context"
	"database/sql"
	"encoding/json"
	"math"
	"net/http"
	"strings"
	"time"

	"entgo.io/ent/dialect"
)

// The reports benchmarked, each over every seeded candidate: source
// effectiveness (one aggregate over the candidates, with two lookups of
// the step history per candidate), the funnel (the step history of the
// candidates who started, and the drop-offs), and time in step (the stays
// that ended, with a median and a 90th percentile per step).
const (
	sourcesQuery    = `query($f: ReportFilter!) { reports(filter: $f) { sources { source applications interviews offers hires } } }`
	funnelQuery     = `query($f: ReportFilter!) { reports(filter: $f) { funnel { step kind reached conversionToNext dropOff { status reason count } } } }`
	timeInStepQuery = `query($f: ReportFilter!) { reports(filter: $f) { timeInStep { key count medianDays p90Days } } }`
)

// reportsBody is query over the two years up to tomorrow: every seeded
// candidate and stay.
func reportsBody(query string, now time.Time) string {
	body, _ := json.Marshal(map[string]any{"query": query, "variables": map[string]any{"f": map[string]string{
		"from": now.AddDate(-2, 0, 0).UTC().Format(time.RFC3339), "to": now.AddDate(0, 0, 1).UTC().Format(time.RFC3339)}}})
	return string(body)
}

// reportsNamedRequests are the reports among the benchmarked requests.
func reportsNamedRequests(gql http.Header) []namedRequest {
	now := time.Now()
	of := func(query string) request {
		return request{method: http.MethodPost, path: "/graphql", body: reportsBody(query, now), header: gql}
	}
	return []namedRequest{{"POST /graphql reports sources", of(sourcesQuery)},
		{"POST /graphql reports funnel", of(funnelQuery)}, {"POST /graphql reports time in step", of(timeInStepQuery)}}
}

// hwReportStatements are the floor's report statements: the SQL ours
// sends for an API key (recruiting.ReportService), by hand.
type hwReportStatements struct{ sources, funnelReached, funnelDropOffs, timeInStep string }

func (h *handWritten) reportStatements() hwReportStatements {
	reached := func(kind string) string {
		return `SUM(CASE WHEN EXISTS (SELECT 1 FROM candidate_steps h WHERE h.company_id = candidates.company_id
			AND h.candidate_id = candidates.id AND h.kind = '` + kind + `') THEN 1 ELSE 0 END)`
	}
	// time in step: PostgreSQL's percentile_cont; on SQLite the stays are
	// numbered per step and the two neighbours of each percentile's place
	// read, which hwPercentile interpolates as percentile_cont does.
	const seconds = `CAST(EXTRACT(EPOCH FROM (h.time_left - h.time_entered)) AS DOUBLE PRECISION)`
	timeInStep := `SELECT h.name, COUNT(*), percentile_cont(0.5) WITHIN GROUP (ORDER BY ` + seconds + `), NULL,
		percentile_cont(0.9) WITHIN GROUP (ORDER BY ` + seconds + `), NULL
		FROM candidate_steps h WHERE h.company_id = ? AND h.time_left >= ? AND h.time_left < ?
		AND EXISTS (SELECT 1 FROM candidates c WHERE c.id = h.candidate_id AND c.deleted = ?)
		GROUP BY h.name ORDER BY h.name`
	if h.dialect != dialect.Postgres {
		timeInStep = `SELECT k, MAX(n),
			MAX(CASE WHEN rn = 1 + CAST(0.5 * (n - 1) AS INTEGER) THEN s END), MAX(CASE WHEN rn = 2 + CAST(0.5 * (n - 1) AS INTEGER) THEN s END),
			MAX(CASE WHEN rn = 1 + CAST(0.9 * (n - 1) AS INTEGER) THEN s END), MAX(CASE WHEN rn = 2 + CAST(0.9 * (n - 1) AS INTEGER) THEN s END)
			FROM (SELECT h.name AS k, (julianday(h.time_left) - julianday(h.time_entered)) * 86400.0 AS s,
				ROW_NUMBER() OVER (PARTITION BY h.name ORDER BY (julianday(h.time_left) - julianday(h.time_entered)) * 86400.0) AS rn,
				COUNT(*) OVER (PARTITION BY h.name) AS n
				FROM candidate_steps h WHERE h.company_id = ? AND h.time_left >= ? AND h.time_left < ?
				AND EXISTS (SELECT 1 FROM candidates c WHERE c.id = h.candidate_id AND c.deleted = ?))
			GROUP BY k ORDER BY k`
	}
	return hwReportStatements{
		sources: h.q(`SELECT candidates.source, COUNT(*) AS applications,
		` + reached("interview") + ` AS interviews, ` + reached("offer") + ` AS offers,
		SUM(CASE WHEN candidates.status = 'HIRED' THEN 1 ELSE 0 END) AS hires
		FROM candidates WHERE company_id = ? AND deleted = ? AND time_created >= ? AND time_created < ?
		GROUP BY candidates.source ORDER BY applications DESC, candidates.source`),
		funnelReached: h.q(`SELECT h.name, MIN(h.kind), COUNT(DISTINCT h.candidate_id)
		FROM candidate_steps h LEFT JOIN pipeline_steps ps ON h.step_id = ps.id
		WHERE h.company_id = ? AND EXISTS (SELECT 1 FROM candidates c WHERE c.id = h.candidate_id
			AND c.deleted = ? AND c.time_created >= ? AND c.time_created < ?)
		GROUP BY h.name ORDER BY MIN(COALESCE(ps.rank, 1048576)), h.name`),
		funnelDropOffs: h.q(`SELECT stay.name, c.status AS status, rr.name AS reason, COUNT(*) AS n
		FROM candidates c JOIN candidate_steps stay ON stay.company_id = c.company_id AND stay.candidate_id = c.id AND stay.time_left IS NULL
		LEFT JOIN rejection_reasons rr ON c.rejection_reason_id = rr.id
		WHERE c.company_id = ? AND c.deleted = ? AND c.time_created >= ? AND c.time_created < ? AND c.status IN ('REJECTED', 'WITHDRAWN')
		GROUP BY stay.name, c.status, rr.name ORDER BY n DESC, status, reason`),
		timeInStep: h.q(timeInStep),
	}
}

type (
	hwReportsAnswer struct {
		Data struct {
			Reports hwReports `json:"reports"`
		} `json:"data"`
	}
	// hwReports holds the one report asked for; omitempty leaves out the
	// others, as GraphQL answers only the fields asked.
	hwReports struct {
		Sources    []hwSource     `json:"sources,omitempty"`
		Funnel     []hwFunnelStep `json:"funnel,omitempty"`
		TimeInStep []hwDuration   `json:"timeInStep,omitempty"`
	}
	hwSource struct {
		Source       string `json:"source"`
		Applications int    `json:"applications"`
		Interviews   int    `json:"interviews"`
		Offers       int    `json:"offers"`
		Hires        int    `json:"hires"`
	}
	hwFunnelStep struct {
		Step             string      `json:"step"`
		Kind             string      `json:"kind"`
		Reached          int         `json:"reached"`
		ConversionToNext *float64    `json:"conversionToNext"`
		DropOff          []hwDropOff `json:"dropOff"`
	}
	hwDropOff struct {
		Status string  `json:"status"`
		Reason *string `json:"reason"`
		Count  int     `json:"count"`
	}
	hwDuration struct {
		Key        string  `json:"key"`
		Count      int     `json:"count"`
		MedianDays float64 `json:"medianDays"`
		P90Days    float64 `json:"p90Days"`
	}
)

// report answers the benchmarked reports queries, each with its
// statements.
func (h *handWritten) report(w http.ResponseWriter, r *http.Request, company string, body []byte) {
	var req struct {
		Query     string
		Variables struct {
			F struct{ From, To time.Time } `json:"f"`
		} `json:"variables"`
	}
	if err := json.Unmarshal(body, &req); err != nil {
		http.Error(w, err.Error(), http.StatusBadRequest)
		return
	}
	from, to := req.Variables.F.From.UTC(), req.Variables.F.To.UTC()
	var answer hwReportsAnswer
	var err error
	switch ctx, reports := r.Context(), &answer.Data.Reports; {
	case strings.Contains(req.Query, "funnel"):
		reports.Funnel, err = h.reportFunnel(ctx, company, from, to)
	case strings.Contains(req.Query, "timeInStep"):
		reports.TimeInStep, err = h.reportTimeInStep(ctx, company, from, to)
	default:
		reports.Sources, err = h.reportSources(ctx, company, from, to)
	}
	if err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	writeJSON(w, answer)
}

// rowsQuerier is a pool or a transaction.
type rowsQuerier interface {
	QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error)
}

// reportRead runs a report's statements as ours does: on PostgreSQL in one
// transaction with JIT compilation off.
func (h *handWritten) reportRead(ctx context.Context, fn func(q rowsQuerier) error) error {
	if h.dialect != dialect.Postgres {
		return fn(h.db)
	}
	tx, err := h.db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if _, err := tx.ExecContext(ctx, "SET LOCAL jit = off"); err != nil {
		return err
	}
	if err := fn(tx); err != nil {
		return err
	}
	return tx.Commit()
}

// scanAll runs statement and scans each row through scan.
func scanAll(ctx context.Context, q rowsQuerier, statement string, scan func(*sql.Rows) error, args ...any) error {
	rows, err := q.QueryContext(ctx, statement, args...)
	if err != nil {
		return err
	}
	defer rows.Close()
	for rows.Next() {
		if err := scan(rows); err != nil {
			return err
		}
	}
	return rows.Err()
}

func (h *handWritten) reportSources(ctx context.Context, company string, from, to time.Time) ([]hwSource, error) {
	out := []hwSource{}
	err := h.reportRead(ctx, func(q rowsQuerier) error {
		return scanAll(ctx, q, h.reports.sources, func(rows *sql.Rows) error {
			var s hwSource
			err := rows.Scan(&s.Source, &s.Applications, &s.Interviews, &s.Offers, &s.Hires)
			out = append(out, s)
			return err
		}, company, false, from, to)
	})
	return out, err
}

// reportFunnel reads the steps reached and the drop-offs, and works out
// each step's conversion to the next.
func (h *handWritten) reportFunnel(ctx context.Context, company string, from, to time.Time) ([]hwFunnelStep, error) {
	var steps []hwFunnelStep
	drops := map[string][]hwDropOff{}
	err := h.reportRead(ctx, func(q rowsQuerier) error {
		err := scanAll(ctx, q, h.reports.funnelReached, func(rows *sql.Rows) error {
			s := hwFunnelStep{DropOff: []hwDropOff{}}
			err := rows.Scan(&s.Step, &s.Kind, &s.Reached)
			steps = append(steps, s)
			return err
		}, company, false, from, to)
		if err != nil {
			return err
		}
		return scanAll(ctx, q, h.reports.funnelDropOffs, func(rows *sql.Rows) error {
			var step string
			var d hwDropOff
			err := rows.Scan(&step, &d.Status, &d.Reason, &d.Count)
			drops[step] = append(drops[step], d)
			return err
		}, company, false, from, to)
	})
	if err != nil {
		return nil, err
	}
	for i := range steps {
		if d, ok := drops[steps[i].Step]; ok {
			steps[i].DropOff = d
		}
		if i+1 < len(steps) && steps[i].Reached > 0 {
			c := float64(steps[i+1].Reached) / float64(steps[i].Reached)
			steps[i].ConversionToNext = &c
		}
	}
	return steps, nil
}

func (h *handWritten) reportTimeInStep(ctx context.Context, company string, from, to time.Time) ([]hwDuration, error) {
	out := []hwDuration{}
	err := h.reportRead(ctx, func(q rowsQuerier) error {
		return scanAll(ctx, q, h.reports.timeInStep, func(rows *sql.Rows) error {
			var d hwDuration
			var median, medianNext, p90, p90Next sql.NullFloat64
			if err := rows.Scan(&d.Key, &d.Count, &median, &medianNext, &p90, &p90Next); err != nil {
				return err
			}
			days := func(sec float64) float64 { return math.Round(sec) / 86400 }
			d.MedianDays, d.P90Days = days(hwPercentile(0.5, d.Count, median, medianNext)), days(hwPercentile(0.9, d.Count, p90, p90Next))
			out = append(out, d)
			return nil
		}, company, from, to, false)
	})
	return out, err
}

// hwPercentile is percentile_cont(p) of n values from the value at its
// place and the next one (SQLite); PostgreSQL's statement gives the
// percentile itself and no next value.
func hwPercentile(p float64, n int, at, next sql.NullFloat64) float64 {
	if !next.Valid {
		return at.Float64
	}
	place := p * float64(n-1)
	return at.Float64 + (place-math.Floor(place))*(next.Float64-at.Float64)
}
