package recruiting

import (
	"context"
	"fmt"

	"entgo.io/ent/dialect/sql"

	"github.com/hiregraph/hiregraph/ent"
	"github.com/hiregraph/hiregraph/ent/candidate"
	"github.com/hiregraph/hiregraph/ent/candidatestep"
	"github.com/hiregraph/hiregraph/ent/opening"
)

// DurationTrend is how long something took over the whole range (Overall;
// nil when nothing in the range counts) and per month of its end.
type DurationTrend struct {
	Overall *DurationStats
	ByMonth []DurationStats
}

// TimeInStep reports, per step name, how long candidates stayed in the
// step: the stays that ended in the range. A candidate moved back into a
// step has a second stay, counted on its own; a stay still open (the
// candidate is there now, rejected or withdrawn there included) counts
// once it ends.
func (s *ReportService) TimeInStep(ctx context.Context, f ReportFilter) ([]DurationStats, error) {
	if err := s.CheckReport(ctx, f); err != nil {
		return nil, err
	}
	var rows []durationRow
	err := s.read(ctx, func(ctx context.Context) error {
		return s.clientOf(ctx).CandidateStep.Query().
			Where(candidatestep.TimeLeftGTE(f.From), candidatestep.TimeLeftLT(f.To), candidatestep.HasCandidateWith(f.candidates()...)).
			Aggregate(s.durationStats(column(candidatestep.FieldName), s.secondsFrom(candidatestep.FieldTimeEntered, candidatestep.FieldTimeLeft))).
			Scan(ctx, &rows)
	})
	if err != nil {
		return nil, fmt.Errorf("reporting time in step: %w", err)
	}
	return statsOf(rows), nil
}

// TimeToHire reports the days from a candidate's start (time_created) to
// their hire, for the candidates hired in the range and still hired: an
// unhired candidate does not count, a revived one hired later counts from
// its first start.
func (s *ReportService) TimeToHire(ctx context.Context, f ReportFilter) (DurationTrend, error) {
	if err := s.CheckReport(ctx, f); err != nil {
		return DurationTrend{}, err
	}
	var trend DurationTrend
	err := s.read(ctx, func(ctx context.Context) error {
		hires := func(stats ent.AggregateFunc, rows *[]durationRow) error {
			return s.clientOf(ctx).Candidate.Query().
				Where(append(f.candidates(), candidate.StatusEQ(candidate.StatusHired),
					candidate.TimeLastStatusChangedGTE(f.From), candidate.TimeLastStatusChangedLT(f.To))...).
				Aggregate(stats).Scan(ctx, rows)
		}
		var err error
		trend, err = s.trend(hires, candidate.FieldTimeCreated, candidate.FieldTimeLastStatusChanged)
		return err
	})
	if err != nil {
		return DurationTrend{}, fmt.Errorf("reporting time to hire: %w", err)
	}
	return trend, nil
}

// TimeToFill reports the days from an opening's opening (time_opened) to
// its filling, for the openings filled in the range and still filled.
func (s *ReportService) TimeToFill(ctx context.Context, f ReportFilter) (DurationTrend, error) {
	if err := s.CheckReport(ctx, f); err != nil {
		return DurationTrend{}, err
	}
	filled := func(stats ent.AggregateFunc, rows *[]durationRow) error {
		q := s.clientOf(ctx).Opening.Query().
			Where(opening.StatusEQ(opening.StatusFilled), opening.TimeLastStatusChangeGTE(f.From), opening.TimeLastStatusChangeLT(f.To))
		if ps := f.positions(); len(ps) > 0 {
			q.Where(opening.HasPositionWith(ps...))
		}
		return q.Aggregate(stats).Scan(ctx, rows)
	}
	trend, err := s.trend(filled, opening.FieldTimeOpened, opening.FieldTimeLastStatusChange)
	if err != nil {
		return DurationTrend{}, fmt.Errorf("reporting time to fill: %w", err)
	}
	return trend, nil
}

// trend runs a duration's statement twice through run: once over the
// whole range, grouped by company (the privacy rules keep one), and once
// per month of end.
func (s *ReportService) trend(run func(ent.AggregateFunc, *[]durationRow) error, start, end string) (DurationTrend, error) {
	seconds := s.secondsFrom(start, end)
	var overall, months []durationRow
	if err := run(s.durationStats(column(tenantColumn), seconds), &overall); err != nil {
		return DurationTrend{}, err
	}
	month := func(sel *sql.Selector) string { return s.monthOf(sel.C(end)) }
	if err := run(s.durationStats(month, seconds), &months); err != nil {
		return DurationTrend{}, err
	}
	out := DurationTrend{ByMonth: statsOf(months)}
	if len(overall) == 1 {
		all := overall[0].stats()
		all.Key = ""
		out.Overall = &all
	}
	return out, nil
}

// tenantColumn is the company of every tenant's record (schema.TenantMixin).
const tenantColumn = "company_id"

// column is the SQL of a column of the selector's table.
func column(name string) func(*sql.Selector) string {
	return func(sel *sql.Selector) string { return sel.C(name) }
}

// secondsFrom is the SQL of the seconds from one column of the selector's
// table to another.
func (s *core) secondsFrom(start, end string) func(*sql.Selector) string {
	return func(sel *sql.Selector) string { return s.secondsBetween(sel.C(start), sel.C(end)) }
}
