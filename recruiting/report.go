package recruiting

import (
	"context"
	"fmt"
	"time"

	"entgo.io/ent/dialect"

	"github.com/hiregraph/hiregraph/ent"
	"github.com/hiregraph/hiregraph/ent/candidate"
	"github.com/hiregraph/hiregraph/ent/fielddefinition"
	"github.com/hiregraph/hiregraph/ent/position"
	"github.com/hiregraph/hiregraph/ent/predicate"
	"github.com/hiregraph/hiregraph/internal/apierror"
	"github.com/hiregraph/hiregraph/internal/permission"
)

// ReportService computes the hiring reports (docs/guide.md, Reports). Every
// report is one or two SQL aggregates run through the ent client, so the
// privacy rules (rule.FilterVisible) narrow them to the positions and
// candidates the viewer sees, exactly as lists are narrowed: a report never
// counts what its reader could not open.
type ReportService struct {
	*core
}

// maxReportRange bounds a report's date range, so one request cannot ask
// the database to aggregate decades of history.
const maxReportRange = 5 * 366 * 24 * time.Hour

// ReportFilter is what every report is computed over: a date range, From
// inclusive and To exclusive, and optionally one position, one department
// or the positions one user is lead recruiter of.
type ReportFilter struct {
	From, To    time.Time
	PositionID  *string
	Department  *string
	RecruiterID *string
}

// CheckReport refuses a viewer without reports:view and a filter that
// cannot be answered: an empty or too long range, or a department filter
// while the company marks departments internal-use (the filter would tell
// who sees reports which position is in which department).
func (s *ReportService) CheckReport(ctx context.Context, f ReportFilter) error {
	if err := Require(ctx, permission.ViewReports); err != nil {
		return err
	}
	if !f.To.After(f.From) {
		return apierror.Invalid("to", "to (%s) must be after from (%s)", f.To.Format(time.RFC3339), f.From.Format(time.RFC3339))
	}
	if f.To.Sub(f.From) > maxReportRange {
		return apierror.Invalid("to", "a report covers at most 5 years; ask for a shorter range")
	}
	if f.Department == nil {
		return nil
	}
	vis, err := s.LoadVisibility(ctx)
	if err != nil {
		return err
	}
	if vis.isInternal(fielddefinition.ScopeDepartment) {
		return apierror.Invalid("department", "the company marks departments internal-use; reports cannot be filtered by department")
	}
	return nil
}

// read runs the statements of a report over candidates in one read
// transaction. On PostgreSQL it turns JIT compilation off for them: the
// planner costs a report's aggregate over every candidate of the range high
// enough to compile it, and compiling took longer than running it (2.65 s
// of 7.5 s at 100k candidates on a loaded machine), on every request, as
// compiled code is not kept between statements. SQLite has nothing to turn
// off and reads without the transaction.
func (s *ReportService) read(ctx context.Context, fn func(ctx context.Context) error) error {
	if s.Dialect != dialect.Postgres {
		return fn(ctx)
	}
	return s.WithTx(ctx, func(ctx context.Context, client *ent.Client) error {
		if _, err := client.ExecContext(ctx, "SET LOCAL jit = off"); err != nil {
			return fmt.Errorf("turning JIT off for a report: %w", err)
		}
		return fn(ctx)
	})
}

// positions is the filter's condition on positions; empty when it names
// none.
func (f ReportFilter) positions() []predicate.Position {
	var out []predicate.Position
	if f.PositionID != nil {
		out = append(out, position.ID(*f.PositionID))
	}
	if f.Department != nil {
		out = append(out, position.Department(*f.Department))
	}
	if f.RecruiterID != nil {
		out = append(out, position.LeadRecruiterID(*f.RecruiterID))
	}
	return out
}

// candidates is the filter's condition on candidates of those positions;
// deleted candidates never count.
func (f ReportFilter) candidates() []predicate.Candidate {
	out := []predicate.Candidate{candidate.Deleted(false)}
	if ps := f.positions(); len(ps) > 0 {
		out = append(out, candidate.HasPositionWith(ps...))
	}
	return out
}

// cohort is the candidates the funnel and sources follow: those whose
// hiring process started in the range.
func (f ReportFilter) cohort() []predicate.Candidate {
	return append(f.candidates(), candidate.TimeCreatedGTE(f.From), candidate.TimeCreatedLT(f.To))
}
