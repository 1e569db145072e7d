package recruiting

import (
	"context"
	"fmt"

	"entgo.io/ent/dialect"
	"entgo.io/ent/dialect/sql"

	"github.com/hiregraph/hiregraph/ent/fielddefinition"
	"github.com/hiregraph/hiregraph/ent/opening"
	"github.com/hiregraph/hiregraph/ent/position"
)

// OpenPositionAge is an open position and how long it has been open.
type OpenPositionAge struct {
	PositionID string
	Name       string
	// Department is nil when the company marks departments internal-use.
	Department *string
	AgeDays    int
	// OpenOpenings is how many of its openings are OPEN.
	OpenOpenings int
}

// maxPositionAges bounds the open positions' list: the oldest first.
const maxPositionAges = 500

// positionAgeRow is one row of OpenPositions' statement.
type positionAgeRow struct {
	ID           string  `json:"id"`
	Name         string  `json:"name"`
	Department   string  `json:"department"`
	AgeDays      float64 `json:"age_days"`
	OpenOpenings int     `json:"open_openings"`
}

// OpenPositions reports the positions open now (templates and talent
// pools left out), oldest first, with their age in whole days since they
// were created. The date range does not apply: it is about today.
func (s *ReportService) OpenPositions(ctx context.Context, f ReportFilter) ([]OpenPositionAge, error) {
	if err := s.CheckReport(ctx, f); err != nil {
		return nil, err
	}
	vis, err := s.LoadVisibility(ctx)
	if err != nil {
		return nil, err
	}
	var rows []positionAgeRow
	err = s.clientOf(ctx).Position.Query().
		Where(append(f.positions(), position.StatusEQ(position.StatusOpen), position.IsTemplate(false), position.IsTalentPool(false))...).
		Modify(func(sel *sql.Selector) {
			sel.SelectExpr(sql.Expr(fmt.Sprintf("%s AS id, %s AS name, %s AS department, %s AS age_days, %s AS open_openings",
				sel.C(position.FieldID), sel.C(position.FieldName), sel.C(position.FieldDepartment),
				s.secondsBetween(sel.C(position.FieldTimeCreated), s.nowSQL())+" / 86400",
				openOpenings(sel)))).
				OrderBy(sel.C(position.FieldTimeCreated), sel.C(position.FieldID)).
				Limit(maxPositionAges)
		}).
		Scan(ctx, &rows)
	if err != nil {
		return nil, fmt.Errorf("reporting open positions: %w", err)
	}
	out := make([]OpenPositionAge, len(rows))
	for i, r := range rows {
		out[i] = OpenPositionAge{PositionID: r.ID, Name: r.Name, Department: vis.standard(fielddefinition.ScopeDepartment, r.Department),
			AgeDays: int(r.AgeDays), OpenOpenings: r.OpenOpenings}
	}
	return out, nil
}

// openOpenings is the SQL counting the selector's position's OPEN
// openings.
func openOpenings(sel *sql.Selector) string {
	return fmt.Sprintf("(SELECT COUNT(*) FROM %s o WHERE o.%s = %s AND o.%s = '%s')",
		opening.Table, opening.FieldPositionID, sel.C(position.FieldID), opening.FieldStatus, opening.StatusOpen)
}

// nowSQL is the service clock's now as an SQL literal: the clock may be
// a test's, so the database's own is not asked.
func (s *core) nowSQL() string {
	literal := "'" + s.now().Format("2006-01-02 15:04:05.999999-07:00") + "'"
	if s.Dialect == dialect.Postgres {
		return "TIMESTAMPTZ " + literal
	}
	return literal
}

// ApprovalCount is how many openings stand at one approval status.
type ApprovalCount struct {
	ApprovalStatus opening.ApprovalStatus `json:"approval_status"`
	Count          int                    `json:"count"`
}

// OpeningsByApproval reports the openings created in the range by
// approval status (NA: needs no approval).
func (s *ReportService) OpeningsByApproval(ctx context.Context, f ReportFilter) ([]ApprovalCount, error) {
	if err := s.CheckReport(ctx, f); err != nil {
		return nil, err
	}
	q := s.clientOf(ctx).Opening.Query().Where(opening.TimeCreatedGTE(f.From), opening.TimeCreatedLT(f.To))
	if ps := f.positions(); len(ps) > 0 {
		q.Where(opening.HasPositionWith(ps...))
	}
	var rows []ApprovalCount
	err := q.Modify(func(sel *sql.Selector) {
		status := sel.C(opening.FieldApprovalStatus)
		sel.SelectExpr(sql.Expr(fmt.Sprintf("%s AS approval_status, COUNT(*) AS count", status))).
			GroupBy(status).OrderBy(status)
	}).Scan(ctx, &rows)
	if err != nil {
		return nil, fmt.Errorf("reporting openings by approval: %w", err)
	}
	return rows, nil
}
