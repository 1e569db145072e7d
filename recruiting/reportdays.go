package recruiting

import (
	"context"
	"time"

	"entgo.io/ent/dialect/sql"

	"github.com/hiregraph/hiregraph/ent"
	"github.com/hiregraph/hiregraph/ent/reportcount"
	"github.com/hiregraph/hiregraph/ent/schema/rule"
	"github.com/hiregraph/hiregraph/internal/viewer"
)

// reportParts splits a report's range for the sources report and the
// funnel, which follow the candidates who started in it: the whole UTC days
// in it are summed from the rollup (wholeDays; nil when there are none),
// the partial days at either end are counted from the rows (partial), as
// is the whole range for a viewer the rollup cannot answer (one who sees
// only their assigned candidates, rule.SeesWholePositions). A candidate
// starts at one instant, so it falls in exactly one part, and the parts'
// counts add up.
func reportParts(ctx context.Context, f ReportFilter) (wholeDays *ReportFilter, partial []ReportFilter) {
	if v, ok := viewer.FromContext(ctx); ok && !rule.SeesWholePositions(v) {
		return nil, []ReportFilter{f}
	}
	from, to := f.From.UTC().Truncate(24*time.Hour), f.To.UTC().Truncate(24*time.Hour)
	if from.Before(f.From) {
		from = from.Add(24 * time.Hour)
	}
	if !from.Before(to) {
		return nil, []ReportFilter{f}
	}
	whole := f
	whole.From, whole.To = from, to
	if f.From.Before(from) {
		head := f
		head.To = from
		partial = append(partial, head)
	}
	if to.Before(f.To) {
		tail := f
		tail.From = to
		partial = append(partial, tail)
	}
	return &whole, partial
}

// reportCounts is the query of the rollup's counts of metrics over the
// filter's whole days: the company-wide counts when the viewer sees every
// position and the filter names none, each position's otherwise (which
// rule.FilterVisible narrows to the positions the viewer sees).
func (s *ReportService) reportCounts(ctx context.Context, f ReportFilter, metrics ...reportcount.Metric) *ent.ReportCountQuery {
	q := s.clientOf(ctx).ReportCount.Query().Where(reportcount.MetricIn(metrics...), reportcount.DayGTE(f.From), reportcount.DayLT(f.To))
	ps := f.positions()
	if v, ok := viewer.FromContext(ctx); (!ok || v.SeesEverything()) && len(ps) == 0 {
		return q.Where(reportcount.PositionIDIsNil())
	}
	q.Where(reportcount.PositionIDNotNil())
	if len(ps) > 0 {
		q.Where(reportcount.HasPositionWith(ps...))
	}
	return q
}

// sumCounts sums the query's counts grouped by the columns, leaving out
// the sums that are zero (a key whose candidates all left it), and scans
// them into v, each column under its own name and the sum as n.
func sumCounts(ctx context.Context, q *ent.ReportCountQuery, v any, columns ...string) error {
	return q.Modify(func(sel *sql.Selector) {
		sum := "SUM(" + sel.C(reportcount.FieldN) + ")"
		qualified := make([]string, len(columns))
		sel.Select().AppendSelectExprAs(sql.Raw(sum), "n")
		for i, c := range columns {
			qualified[i] = sel.C(c)
			sel.AppendSelectExprAs(sql.Raw(qualified[i]), c)
		}
		sel.GroupBy(qualified...).Having(sql.ExprP(sum + " <> 0"))
	}).Scan(ctx, v)
}
