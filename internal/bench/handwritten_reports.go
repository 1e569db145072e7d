package bench

import (
	"cmp"
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"maps"
	"math"
	"net/http"
	"slices"
	"strings"
	"time"

	"entgo.io/ent/dialect"
)

// The reports benchmarked, each over every seeded candidate: source
// effectiveness and the funnel (the reports' rollup summed over the range's
// whole days, and the rows of the candidates who started in its partial
// days at either end), and time in step (the stays that ended, with a
// median and a 90th percentile per step).
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
type hwReportStatements struct {
	sources, funnelReached, funnelDropOffs, timeInStep string
	// The rollup's sums over whole days, for a viewer who sees every
	// position and a report over all of them: the company-wide counts.
	sourcesCounts, funnelCounts string
}

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
		GROUP BY candidates.source`),
		funnelReached: h.q(`SELECT h.name, MIN(h.kind), COUNT(DISTINCT h.candidate_id)
		FROM candidate_steps h
		WHERE h.company_id = ? AND EXISTS (SELECT 1 FROM candidates c WHERE c.id = h.candidate_id
			AND c.deleted = ? AND c.time_created >= ? AND c.time_created < ?)
		GROUP BY h.name`),
		funnelDropOffs: h.q(`SELECT stay.name, c.status AS status, rr.name AS reason, COUNT(*) AS n
		FROM candidates c JOIN candidate_steps stay ON stay.company_id = c.company_id AND stay.candidate_id = c.id AND stay.time_left IS NULL
		LEFT JOIN rejection_reasons rr ON c.rejection_reason_id = rr.id
		WHERE c.company_id = ? AND c.deleted = ? AND c.time_created >= ? AND c.time_created < ? AND c.status IN ('REJECTED', 'WITHDRAWN')
		GROUP BY stay.name, c.status, rr.name`),
		timeInStep: h.q(timeInStep),
		sourcesCounts: h.q(`SELECT source, metric, SUM(n) FROM report_counts
		WHERE company_id = ? AND metric IN ('application', 'interview', 'offer', 'hire') AND day >= ? AND day < ? AND position_id IS NULL
		GROUP BY source, metric HAVING SUM(n) <> 0`),
		funnelCounts: h.q(`SELECT metric, step, kind, status, reason_id, SUM(n) FROM report_counts
		WHERE company_id = ? AND metric IN ('reached', 'drop_off') AND day >= ? AND day < ? AND position_id IS NULL
		GROUP BY metric, step, kind, status, reason_id HAVING SUM(n) <> 0`),
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

// hwDays splits a report's range as ours does: the whole UTC days in it
// (ok false when there are none) and the partial days at either end.
func hwDays(from, to time.Time) (wholeFrom, wholeTo time.Time, ok bool, partial [][2]time.Time) {
	wholeFrom, wholeTo = from.Truncate(24*time.Hour), to.Truncate(24*time.Hour)
	if wholeFrom.Before(from) {
		wholeFrom = wholeFrom.Add(24 * time.Hour)
	}
	if !wholeFrom.Before(wholeTo) {
		return wholeFrom, wholeTo, false, [][2]time.Time{{from, to}}
	}
	if from.Before(wholeFrom) {
		partial = append(partial, [2]time.Time{from, wholeFrom})
	}
	if wholeTo.Before(to) {
		partial = append(partial, [2]time.Time{wholeTo, to})
	}
	return wholeFrom, wholeTo, true, partial
}

func (h *handWritten) reportSources(ctx context.Context, company string, from, to time.Time) ([]hwSource, error) {
	by := map[string]*hwSource{}
	of := func(source string) *hwSource {
		if by[source] == nil {
			by[source] = &hwSource{Source: source}
		}
		return by[source]
	}
	wholeFrom, wholeTo, whole, partial := hwDays(from, to)
	err := h.reportRead(ctx, func(q rowsQuerier) error {
		for _, p := range partial {
			err := scanAll(ctx, q, h.reports.sources, func(rows *sql.Rows) error {
				var r hwSource
				err := rows.Scan(&r.Source, &r.Applications, &r.Interviews, &r.Offers, &r.Hires)
				s := of(r.Source)
				s.Applications, s.Interviews, s.Offers, s.Hires = s.Applications+r.Applications, s.Interviews+r.Interviews, s.Offers+r.Offers, s.Hires+r.Hires
				return err
			}, company, false, p[0], p[1])
			if err != nil {
				return err
			}
		}
		if !whole {
			return nil
		}
		return scanAll(ctx, q, h.reports.sourcesCounts, func(rows *sql.Rows) error {
			var source, metric string
			var n int
			err := rows.Scan(&source, &metric, &n)
			s := of(source)
			switch metric {
			case "application":
				s.Applications += n
			case "interview":
				s.Interviews += n
			case "offer":
				s.Offers += n
			case "hire":
				s.Hires += n
			}
			return err
		}, company, wholeFrom, wholeTo)
	})
	out := []hwSource{}
	for _, s := range by {
		if s.Applications > 0 {
			out = append(out, *s)
		}
	}
	slices.SortFunc(out, func(a, b hwSource) int {
		return cmp.Or(cmp.Compare(b.Applications, a.Applications), cmp.Compare(a.Source, b.Source))
	})
	return out, err
}

// reportFunnel adds up the steps reached and the drop-offs of the partial
// days' rows and the whole days' counts, names the rejection reasons,
// ranks the steps by their pipelines, and works out each step's conversion
// to the next.
func (h *handWritten) reportFunnel(ctx context.Context, company string, from, to time.Time) ([]hwFunnelStep, error) {
	steps := map[string]*hwFunnelStep{}
	reached := func(step, kind string, n int) {
		s := steps[step]
		if s == nil {
			s = &hwFunnelStep{Step: step, Kind: kind, DropOff: []hwDropOff{}}
			steps[step] = s
		}
		s.Reached += n
		s.Kind = min(s.Kind, kind)
	}
	type dropKey struct{ step, status, reason string }
	drops := map[dropKey]int{}
	reasonIDs := map[string]string{}
	ranks := map[string]int{}
	wholeFrom, wholeTo, whole, partial := hwDays(from, to)
	err := h.reportRead(ctx, func(q rowsQuerier) error {
		for _, p := range partial {
			err := scanAll(ctx, q, h.reports.funnelReached, func(rows *sql.Rows) error {
				var step, kind string
				var n int
				err := rows.Scan(&step, &kind, &n)
				reached(step, kind, n)
				return err
			}, company, false, p[0], p[1])
			if err != nil {
				return err
			}
			err = scanAll(ctx, q, h.reports.funnelDropOffs, func(rows *sql.Rows) error {
				var step, status string
				var reason sql.NullString
				var n int
				err := rows.Scan(&step, &status, &reason, &n)
				drops[dropKey{step, status, reason.String}] += n
				return err
			}, company, false, p[0], p[1])
			if err != nil {
				return err
			}
		}
		var byID []struct {
			step, status, reasonID string
			n                      int
		}
		if whole {
			err := scanAll(ctx, q, h.reports.funnelCounts, func(rows *sql.Rows) error {
				var metric, step, kind, status, reasonID string
				var n int
				if err := rows.Scan(&metric, &step, &kind, &status, &reasonID, &n); err != nil {
					return err
				}
				if metric == "reached" {
					reached(step, kind, n)
					return nil
				}
				byID = append(byID, struct {
					step, status, reasonID string
					n                      int
				}{step, status, reasonID, n})
				if reasonID != "" {
					reasonIDs[reasonID] = ""
				}
				return nil
			}, company, wholeFrom, wholeTo)
			if err != nil {
				return err
			}
		}
		if err := h.namesOf(ctx, q, company, `SELECT id, name FROM rejection_reasons WHERE company_id = ? AND id IN (%s)`, slices.Collect(maps.Keys(reasonIDs)),
			func(rows *sql.Rows) error {
				var id, name string
				err := rows.Scan(&id, &name)
				reasonIDs[id] = name
				return err
			}); err != nil {
			return err
		}
		for _, d := range byID {
			drops[dropKey{d.step, d.status, reasonIDs[d.reasonID]}] += d.n
		}
		return h.namesOf(ctx, q, company, `SELECT name, MIN(rank) FROM pipeline_steps WHERE company_id = ? AND name IN (%s) GROUP BY name`, slices.Collect(maps.Keys(steps)),
			func(rows *sql.Rows) error {
				var name string
				var rank int
				err := rows.Scan(&name, &rank)
				ranks[name] = rank
				return err
			})
	})
	if err != nil {
		return nil, err
	}
	for k, n := range drops {
		d := hwDropOff{Status: k.status, Count: n}
		if k.reason != "" {
			d.Reason = &k.reason
		}
		if s := steps[k.step]; s != nil {
			s.DropOff = append(s.DropOff, d)
		}
	}
	rank := func(step string) int {
		if r, ok := ranks[step]; ok {
			return r
		}
		return 1 << 20
	}
	var out []hwFunnelStep
	for _, s := range steps {
		if s.Reached > 0 {
			slices.SortFunc(s.DropOff, func(a, b hwDropOff) int {
				return cmp.Or(cmp.Compare(b.Count, a.Count), cmp.Compare(a.Status, b.Status), cmp.Compare(hwDeref(a.Reason), hwDeref(b.Reason)))
			})
			out = append(out, *s)
		}
	}
	slices.SortFunc(out, func(a, b hwFunnelStep) int {
		return cmp.Or(cmp.Compare(rank(a.Step), rank(b.Step)), cmp.Compare(a.Step, b.Step))
	})
	for i := range out {
		if i+1 < len(out) && out[i].Reached > 0 {
			c := float64(out[i+1].Reached) / float64(out[i].Reached)
			out[i].ConversionToNext = &c
		}
	}
	return out, nil
}

func hwDeref(s *string) string {
	if s == nil {
		return ""
	}
	return *s
}

// namesOf runs statement, whose %s is the IN list of ids, for the
// company; nothing when ids is empty.
func (h *handWritten) namesOf(ctx context.Context, q rowsQuerier, company, statement string, ids []string, scan func(*sql.Rows) error) error {
	if len(ids) == 0 {
		return nil
	}
	args := []any{company}
	for _, id := range ids {
		args = append(args, id)
	}
	return scanAll(ctx, q, h.q(fmt.Sprintf(statement, strings.TrimSuffix(strings.Repeat("?, ", len(ids)), ", "))), scan, args...)
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
