package recruiting

import (
	"context"
	"fmt"

	"entgo.io/ent/dialect/sql"

	"github.com/hiregraph/hiregraph/ent/candidate"
	"github.com/hiregraph/hiregraph/ent/candidatestep"
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
// and once per candidate.
func (s *ReportService) Sources(ctx context.Context, f ReportFilter) ([]SourceEffectiveness, error) {
	if err := s.CheckReport(ctx, f); err != nil {
		return nil, err
	}
	var rows []SourceEffectiveness
	err := s.read(ctx, func(ctx context.Context) error {
		return s.clientOf(ctx).Candidate.Query().
			Where(f.cohort()...).
			Modify(func(sel *sql.Selector) {
				source := sel.C(candidate.FieldSource)
				sel.SelectExpr(sql.Expr(fmt.Sprintf("%s AS source, COUNT(*) AS applications, %s AS interviews, %s AS offers, "+
					"SUM(CASE WHEN %s = '%s' THEN 1 ELSE 0 END) AS hires",
					source, reachedKind(sel, "interview"), reachedKind(sel, "offer"), sel.C(candidate.FieldStatus), candidate.StatusHired))).
					GroupBy(source).
					OrderExpr(sql.Expr("applications DESC, source"))
			}).
			Scan(ctx, &rows)
	})
	if err != nil {
		return nil, fmt.Errorf("reporting sources: %w", err)
	}
	return rows, nil
}

// reachedKind is the SQL counting the selector's candidates who entered a
// step of kind; the lookup runs on the step history's (company,
// candidate) index.
func reachedKind(sel *sql.Selector, kind string) string {
	return fmt.Sprintf("SUM(CASE WHEN EXISTS (SELECT 1 FROM %[1]s h WHERE h.%[2]s = %[3]s AND h.%[4]s = %[5]s AND h.%[6]s = '%[7]s') THEN 1 ELSE 0 END)",
		candidatestep.Table, tenantColumn, sel.C(tenantColumn), candidatestep.FieldCandidateID, sel.C(candidate.FieldID), candidatestep.FieldKind, kind)
}
