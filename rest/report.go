package rest

import (
	"context"
	"encoding/csv"
	"fmt"
	"maps"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/go-chi/chi/v5"

	"github.com/hiregraph/hiregraph/ent/candidate"
	"github.com/hiregraph/hiregraph/internal/apierror"
	"github.com/hiregraph/hiregraph/internal/apitime"
	"github.com/hiregraph/hiregraph/recruiting"
)

// reportTable computes one report as CSV rows, the header first.
type reportTable func(ctx context.Context, s *recruiting.Service, f recruiting.ReportFilter) ([][]string, error)

// reportTables are the reports GET /reports/{report} exports, by name.
var reportTables = map[string]reportTable{
	"funnel":               funnelTable,
	"time_in_step":         timeInStepTable,
	"time_to_hire":         timeToHireTable,
	"time_to_fill":         timeToFillTable,
	"sources":              sourcesTable,
	"open_positions":       openPositionsTable,
	"openings_by_approval": openingsByApprovalTable,
}

// reportCSV serves GET /reports/{report}: one report as a CSV download,
// over from and to (dates or timestamps) and the optional position_uid,
// department and recruiter_uid. The charts page links here.
func (a *API) reportCSV(w http.ResponseWriter, r *http.Request) error {
	name := chi.URLParam(r, "report")
	table, ok := reportTables[name]
	if !ok {
		return apierror.NotFound(apierror.CodeNotFound, "no report is named %q; the reports are %s", name, reportNames())
	}
	f, err := reportFilter(r)
	if err != nil {
		return err
	}
	rows, err := table(r.Context(), a.Service, f)
	if err != nil {
		return err
	}
	w.Header().Set("Content-Type", "text/csv; charset=utf-8")
	w.Header().Set("Content-Disposition", fmt.Sprintf(`attachment; filename="%s-%s-%s.csv"`, name, f.From.Format(time.DateOnly), f.To.Format(time.DateOnly)))
	out := csv.NewWriter(w)
	for _, row := range rows {
		if err := out.Write(defused(row)); err != nil {
			return err
		}
	}
	out.Flush()
	return out.Error()
}

// reportNames lists the report names for an error message.
func reportNames() string {
	return strings.Join(slices.Sorted(maps.Keys(reportTables)), ", ")
}

// reportFilter reads a report's filter from the query.
func reportFilter(r *http.Request) (recruiting.ReportFilter, error) {
	q := r.URL.Query()
	var f recruiting.ReportFilter
	for _, p := range []struct {
		name string
		dst  *time.Time
	}{{"from", &f.From}, {"to", &f.To}} {
		v := q.Get(p.name)
		if v == "" {
			return f, apierror.BadRequest(p.name, "%s is required: a date like 2026-01-31 or a timestamp", p.name)
		}
		t, err := apitime.ParseDateOrTime(p.name, v)
		if err != nil {
			return f, err
		}
		*p.dst = t
	}
	f.PositionID = optionalParam(q.Get("position_uid"))
	f.Department = optionalParam(q.Get("department"))
	f.RecruiterID = optionalParam(q.Get("recruiter_uid"))
	return f, nil
}

func optionalParam(v string) *string {
	if v == "" {
		return nil
	}
	return &v
}

// defused keeps a spreadsheet from reading a cell as a formula: names
// (steps, sources, reasons) are typed by users, and a leading =, +, - or
// @ would run in whoever opens the file.
func defused(row []string) []string {
	for i, cell := range row {
		if cell != "" && strings.ContainsRune("=+-@\t\r", rune(cell[0])) {
			row[i] = "'" + cell
		}
	}
	return row
}

func funnelTable(ctx context.Context, s *recruiting.Service, f recruiting.ReportFilter) ([][]string, error) {
	steps, err := s.Funnel(ctx, f)
	if err != nil {
		return nil, err
	}
	rows := [][]string{{"step", "kind", "reached", "conversion_to_next", "rejected", "withdrawn", "rejection_reasons"}}
	for _, st := range steps {
		var rejected, withdrawn int
		var reasons []string
		for _, d := range st.DropOff {
			if d.Status == candidate.StatusWithdrawn {
				withdrawn += d.Count
				continue
			}
			rejected += d.Count
			reasons = append(reasons, fmt.Sprintf("%s: %d", deref(d.Reason), d.Count))
		}
		rows = append(rows, []string{st.Step, st.Kind, strconv.Itoa(st.Reached), ratio(st.ConversionToNext),
			strconv.Itoa(rejected), strconv.Itoa(withdrawn), strings.Join(reasons, "; ")})
	}
	return rows, nil
}

func timeInStepTable(ctx context.Context, s *recruiting.Service, f recruiting.ReportFilter) ([][]string, error) {
	stats, err := s.TimeInStep(ctx, f)
	if err != nil {
		return nil, err
	}
	return durationRows("step", stats), nil
}

func timeToHireTable(ctx context.Context, s *recruiting.Service, f recruiting.ReportFilter) ([][]string, error) {
	trend, err := s.TimeToHire(ctx, f)
	return trendRows(trend, err)
}

func timeToFillTable(ctx context.Context, s *recruiting.Service, f recruiting.ReportFilter) ([][]string, error) {
	trend, err := s.TimeToFill(ctx, f)
	return trendRows(trend, err)
}

// trendRows is a duration trend as one row per month and a last row
// "all" for the whole range.
func trendRows(trend recruiting.DurationTrend, err error) ([][]string, error) {
	if err != nil {
		return nil, err
	}
	rows := durationRows("month", trend.ByMonth)
	if trend.Overall != nil {
		all := *trend.Overall
		all.Key = "all"
		rows = append(rows, durationRows("", []recruiting.DurationStats{all})[1])
	}
	return rows, nil
}

func durationRows(key string, stats []recruiting.DurationStats) [][]string {
	rows := [][]string{{key, "count", "median_days", "p90_days"}}
	for _, d := range stats {
		rows = append(rows, []string{d.Key, strconv.Itoa(d.Count), days(d.MedianDays), days(d.P90Days)})
	}
	return rows
}

func sourcesTable(ctx context.Context, s *recruiting.Service, f recruiting.ReportFilter) ([][]string, error) {
	sources, err := s.Sources(ctx, f)
	if err != nil {
		return nil, err
	}
	rows := [][]string{{"source", "applications", "interviews", "offers", "hires"}}
	for _, src := range sources {
		rows = append(rows, []string{src.Source, strconv.Itoa(src.Applications), strconv.Itoa(src.Interviews), strconv.Itoa(src.Offers), strconv.Itoa(src.Hires)})
	}
	return rows, nil
}

func openPositionsTable(ctx context.Context, s *recruiting.Service, f recruiting.ReportFilter) ([][]string, error) {
	positions, err := s.OpenPositions(ctx, f)
	if err != nil {
		return nil, err
	}
	rows := [][]string{{"position_uid", "name", "department", "age_days", "open_openings"}}
	for _, p := range positions {
		rows = append(rows, []string{p.PositionID, p.Name, deref(p.Department), strconv.Itoa(p.AgeDays), strconv.Itoa(p.OpenOpenings)})
	}
	return rows, nil
}

func openingsByApprovalTable(ctx context.Context, s *recruiting.Service, f recruiting.ReportFilter) ([][]string, error) {
	counts, err := s.OpeningsByApproval(ctx, f)
	if err != nil {
		return nil, err
	}
	rows := [][]string{{"approval_status", "openings"}}
	for _, c := range counts {
		rows = append(rows, []string{string(c.ApprovalStatus), strconv.Itoa(c.Count)})
	}
	return rows, nil
}

func ratio(v *float64) string {
	if v == nil {
		return ""
	}
	return strconv.FormatFloat(*v, 'f', 4, 64)
}

func days(v float64) string { return strconv.FormatFloat(v, 'f', 2, 64) }

func deref(s *string) string {
	if s == nil {
		return ""
	}
	return *s
}
