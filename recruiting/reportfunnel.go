package recruiting

import (
	"context"
	"fmt"

	"entgo.io/ent/dialect/sql"

	"github.com/hiregraph/hiregraph/ent/candidate"
	"github.com/hiregraph/hiregraph/ent/candidatestep"
	"github.com/hiregraph/hiregraph/ent/pipelinestep"
	"github.com/hiregraph/hiregraph/ent/rejectionreason"
)

// FunnelStep is one step of the pipeline funnel: of the candidates who
// started in the range, how many ever reached the step, what share of
// them reached the next step of the funnel, and how many were rejected or
// withdrew while in it, by reason.
type FunnelStep struct {
	Step string
	// Kind is the step's kind in lower case, as REST spells it.
	Kind    string
	Reached int
	// ConversionToNext is the next step's Reached over this one's; nil for
	// the last step or when none reached this one.
	ConversionToNext *float64
	DropOff          []FunnelDropOff
}

// FunnelDropOff is how many candidates of a step ended there, rejected
// for one reason or withdrawn.
type FunnelDropOff struct {
	Status candidate.Status
	// Reason is the rejection reason's name; nil when withdrawn.
	Reason *string
	Count  int
}

// Funnel reports the pipeline funnel of the candidates who started in the
// range. Steps are matched by name across positions and ordered by their
// place in their pipelines (the lowest rank of any pipeline using the
// name). A candidate counts once per step however often it entered it
// (moves back, revivals); a step skipped by a move is not reached. Drop-off
// counts the candidates rejected or withdrawn now, at the step they are
// in: a revived candidate is in progress again and not a drop-off.
func (s *ReportService) Funnel(ctx context.Context, f ReportFilter) ([]FunnelStep, error) {
	if err := s.CheckReport(ctx, f); err != nil {
		return nil, err
	}
	var steps []FunnelStep
	var drops map[string][]FunnelDropOff
	err := s.read(ctx, func(ctx context.Context) error {
		var err error
		if steps, err = s.reachedSteps(ctx, f); err != nil {
			return err
		}
		drops, err = s.dropOffs(ctx, f)
		return err
	})
	if err != nil {
		return nil, err
	}
	for i := range steps {
		steps[i].DropOff = drops[steps[i].Step]
		if i+1 < len(steps) && steps[i].Reached > 0 {
			c := float64(steps[i+1].Reached) / float64(steps[i].Reached)
			steps[i].ConversionToNext = &c
		}
	}
	return steps, nil
}

// reachedRow is one row of reachedSteps' statement.
type reachedRow struct {
	Step    string `json:"step"`
	Kind    string `json:"kind"`
	Reached int    `json:"reached"`
}

// reachedSteps counts the cohort's candidates per step name they entered.
func (s *ReportService) reachedSteps(ctx context.Context, f ReportFilter) ([]FunnelStep, error) {
	var rows []reachedRow
	err := s.clientOf(ctx).CandidateStep.Query().
		Where(candidatestep.HasCandidateWith(f.cohort()...)).
		Modify(func(sel *sql.Selector) {
			ps := sql.Table(pipelinestep.Table).As("ps")
			name := sel.C(candidatestep.FieldName)
			sel.LeftJoin(ps).On(sel.C(candidatestep.FieldStepID), ps.C(pipelinestep.FieldID)).
				SelectExpr(sql.Expr(fmt.Sprintf("%s AS step, MIN(%s) AS kind, COUNT(DISTINCT %s) AS reached",
					name, sel.C(candidatestep.FieldKind), sel.C(candidatestep.FieldCandidateID)))).
				GroupBy(name).
				OrderExpr(sql.Expr(fmt.Sprintf("MIN(COALESCE(%s, %d)), %s", ps.C(pipelinestep.FieldRank), unrankedStep, name)))
		}).
		Scan(ctx, &rows)
	if err != nil {
		return nil, fmt.Errorf("reporting funnel: %w", err)
	}
	out := make([]FunnelStep, len(rows))
	for i, r := range rows {
		out[i] = FunnelStep{Step: r.Step, Kind: r.Kind, Reached: r.Reached}
	}
	return out, nil
}

// unrankedStep places steps removed from every pipeline after the others.
const unrankedStep = 1 << 20

// dropRow is one row of dropOffs' statement.
type dropRow struct {
	Step   string  `json:"step"`
	Status string  `json:"status"`
	Reason *string `json:"reason"`
	N      int     `json:"n"`
}

// dropOffs counts the cohort's rejected and withdrawn candidates by the
// step they are in (their open stay, found on the step history's
// (company, candidate) index) and reason.
func (s *ReportService) dropOffs(ctx context.Context, f ReportFilter) (map[string][]FunnelDropOff, error) {
	var rows []dropRow
	err := s.clientOf(ctx).Candidate.Query().
		Where(append(f.cohort(), candidate.StatusIn(candidate.StatusRejected, candidate.StatusWithdrawn))...).
		Modify(func(sel *sql.Selector) {
			stay := sql.Table(candidatestep.Table).As("stay")
			rr := sql.Table(rejectionreason.Table).As("rr")
			sel.Join(stay).OnP(sql.And(
				sql.ColumnsEQ(stay.C(tenantColumn), sel.C(tenantColumn)),
				sql.ColumnsEQ(stay.C(candidatestep.FieldCandidateID), sel.C(candidate.FieldID)),
				sql.IsNull(stay.C(candidatestep.FieldTimeLeft)))).
				LeftJoin(rr).On(sel.C(candidate.FieldRejectionReasonID), rr.C(rejectionreason.FieldID)).
				SelectExpr(sql.Expr(fmt.Sprintf("%s AS step, %s AS status, %s AS reason, COUNT(*) AS n",
					stay.C(candidatestep.FieldName), sel.C(candidate.FieldStatus), rr.C(rejectionreason.FieldName)))).
				GroupBy(stay.C(candidatestep.FieldName), sel.C(candidate.FieldStatus), rr.C(rejectionreason.FieldName)).
				OrderExpr(sql.Expr("n DESC, status, reason"))
		}).
		Scan(ctx, &rows)
	if err != nil {
		return nil, fmt.Errorf("reporting drop-off: %w", err)
	}
	out := map[string][]FunnelDropOff{}
	for _, r := range rows {
		out[r.Step] = append(out[r.Step], FunnelDropOff{Status: candidate.Status(r.Status), Reason: r.Reason, Count: r.N})
	}
	return out, nil
}
