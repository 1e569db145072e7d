package recruiting

import (
	"cmp"
	"context"
	"fmt"
	"slices"

	"entgo.io/ent/dialect/sql"

	"github.com/hiregraph/hiregraph/ent/candidate"
	"github.com/hiregraph/hiregraph/ent/candidatestep"
	"github.com/hiregraph/hiregraph/ent/reportcount"
)

// SourceEffectiveness is what the candidates of one source who started in
// the range became: how many applied (every candidate counts), reached an
// interview step, reached an offer step, and are hired.
type SourceEffectiveness struct {
	Source       string `json:"source"`
	Applications int    `json:"applications"`
	Interviews   int    `json:"interviews"`
	Offers       int    `json:"offers"`
	Hires        int    `json:"hires"`
}

// Sources reports source effectiveness, most applications first. A step
// counts by its kind when entered (interview, offer), whatever its name,
// and once per candidate. The whole days of the range are summed from the
// reports' rollup, the rest counted from the rows (reportParts).
func (s *ReportService) Sources(ctx context.Context, f ReportFilter) ([]SourceEffectiveness, error) {
	if err := s.CheckReport(ctx, f); err != nil {
		return nil, err
	}
	bySource := map[string]*SourceEffectiveness{}
	add := func(r SourceEffectiveness) {
		to := bySource[r.Source]
		if to == nil {
			to = &SourceEffectiveness{Source: r.Source}
			bySource[r.Source] = to
		}
		to.Applications += r.Applications
		to.Interviews += r.Interviews
		to.Offers += r.Offers
		to.Hires += r.Hires
	}
	whole, partial := reportParts(ctx, f)
	err := s.read(ctx, func(ctx context.Context) error {
		for _, part := range partial {
			rows, err := s.sourcesFromRows(ctx, part)
			if err != nil {
				return err
			}
			for _, r := range rows {
				add(r)
			}
		}
		if whole == nil {
			return nil
		}
		var sums []struct {
			Source string `json:"source"`
			Metric string `json:"metric"`
			N      int    `json:"n"`
		}
		q := s.reportCounts(ctx, *whole, reportcount.MetricApplication, reportcount.MetricInterview, reportcount.MetricOffer, reportcount.MetricHire)
		if err := sumCounts(ctx, q, &sums, reportcount.FieldSource, reportcount.FieldMetric); err != nil {
			return err
		}
		for _, r := range sums {
			into := SourceEffectiveness{Source: r.Source}
			switch reportcount.Metric(r.Metric) {
			case reportcount.MetricApplication:
				into.Applications = r.N
			case reportcount.MetricInterview:
				into.Interviews = r.N
			case reportcount.MetricOffer:
				into.Offers = r.N
			case reportcount.MetricHire:
				into.Hires = r.N
			}
			add(into)
		}
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("reporting sources: %w", err)
	}
	out := make([]SourceEffectiveness, 0, len(bySource))
	for _, r := range bySource {
		if r.Applications > 0 {
			out = append(out, *r)
		}
	}
	slices.SortFunc(out, func(a, b SourceEffectiveness) int {
		return cmp.Or(cmp.Compare(b.Applications, a.Applications), cmp.Compare(a.Source, b.Source))
	})
	return out, nil
}

// sourcesFromRows counts source effectiveness from the candidates' rows:
// one aggregate over the candidates who started in the range.
func (s *ReportService) sourcesFromRows(ctx context.Context, f ReportFilter) ([]SourceEffectiveness, error) {
	var rows []SourceEffectiveness
	err := s.clientOf(ctx).Candidate.Query().
		Where(f.cohort()...).
		Modify(func(sel *sql.Selector) {
			source := sel.C(candidate.FieldSource)
			sel.SelectExpr(sql.Expr(fmt.Sprintf("%s AS source, COUNT(*) AS applications, %s AS interviews, %s AS offers, "+
				"SUM(CASE WHEN %s = '%s' THEN 1 ELSE 0 END) AS hires",
				source, reachedKind(sel, "interview"), reachedKind(sel, "offer"), sel.C(candidate.FieldStatus), candidate.StatusHired))).
				GroupBy(source)
		}).
		Scan(ctx, &rows)
	return rows, err
}

// reachedKind is the SQL counting the selector's candidates who entered a
// step of kind; the lookup runs on the step history's (company,
// candidate) index.
func reachedKind(sel *sql.Selector, kind string) string {
	return fmt.Sprintf("SUM(CASE WHEN EXISTS (SELECT 1 FROM %[1]s h WHERE h.%[2]s = %[3]s AND h.%[4]s = %[5]s AND h.%[6]s = '%[7]s') THEN 1 ELSE 0 END)",
		candidatestep.Table, tenantColumn, sel.C(tenantColumn), candidatestep.FieldCandidateID, sel.C(candidate.FieldID), candidatestep.FieldKind, kind)
}
