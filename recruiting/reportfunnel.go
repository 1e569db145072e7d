package recruiting

import (
	"cmp"
	"context"
	"fmt"
	"maps"
	"slices"

	"entgo.io/ent/dialect/sql"

	"github.com/hiregraph/hiregraph/ent/candidate"
	"github.com/hiregraph/hiregraph/ent/candidatestep"
	"github.com/hiregraph/hiregraph/ent/pipelinestep"
	"github.com/hiregraph/hiregraph/ent/rejectionreason"
	"github.com/hiregraph/hiregraph/ent/reportcount"
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
// place in their pipelines (the lowest rank of any pipeline of the
// report's positions using the name). A candidate counts once per step
// however often it entered it (moves back, revivals); a step skipped by a
// move is not reached. Drop-off counts the candidates rejected or withdrawn
// now, at the step they are in: a revived candidate is in progress again
// and not a drop-off. The whole days of the range are summed from the
// reports' rollup, the rest counted from the rows (reportParts).
func (s *ReportService) Funnel(ctx context.Context, f ReportFilter) ([]FunnelStep, error) {
	if err := s.CheckReport(ctx, f); err != nil {
		return nil, err
	}
	t := funnelTally{steps: map[string]*FunnelStep{}, drops: map[dropKey]int{}}
	var ranks map[string]int
	whole, partial := reportParts(ctx, f)
	err := s.read(ctx, func(ctx context.Context) error {
		for _, part := range partial {
			if err := s.funnelFromRows(ctx, part, t); err != nil {
				return err
			}
		}
		if whole != nil {
			if err := s.funnelFromRollup(ctx, *whole, t); err != nil {
				return err
			}
		}
		var err error
		ranks, err = s.stepRanks(ctx, f, slices.Collect(maps.Keys(t.steps)))
		return err
	})
	if err != nil {
		return nil, fmt.Errorf("reporting funnel: %w", err)
	}
	return t.ordered(ranks), nil
}

// funnelTally adds up the funnel's parts: the candidates who reached each
// step (and the lowest kind of the step's stays), and the drop-offs.
type funnelTally struct {
	steps map[string]*FunnelStep
	drops map[dropKey]int
}

// dropKey is one line of a step's drop-off.
type dropKey struct {
	step, status string
	reason       string
	hasReason    bool
}

func (t funnelTally) reached(step, kind string, n int) {
	to := t.steps[step]
	if to == nil {
		to = &FunnelStep{Step: step, Kind: kind}
		t.steps[step] = to
	}
	to.Reached += n
	to.Kind = min(to.Kind, kind)
}

func (t funnelTally) dropped(step, status string, reason *string, n int) {
	k := dropKey{step: step, status: status}
	if reason != nil {
		k.reason, k.hasReason = *reason, true
	}
	t.drops[k] += n
}

// ordered orders the tally's steps by rank, then name, works out each
// one's conversion to the next, and lists its drop-offs, most first.
func (t funnelTally) ordered(ranks map[string]int) []FunnelStep {
	var out []FunnelStep
	for _, st := range t.steps {
		if st.Reached > 0 {
			out = append(out, *st)
		}
	}
	rank := func(step string) int {
		if r, ok := ranks[step]; ok {
			return r
		}
		return unrankedStep
	}
	slices.SortFunc(out, func(a, b FunnelStep) int {
		return cmp.Or(cmp.Compare(rank(a.Step), rank(b.Step)), cmp.Compare(a.Step, b.Step))
	})
	drops := map[string][]FunnelDropOff{}
	for k, n := range t.drops {
		if n == 0 {
			continue
		}
		d := FunnelDropOff{Status: candidate.Status(k.status), Count: n}
		if k.hasReason {
			d.Reason = &k.reason
		}
		drops[k.step] = append(drops[k.step], d)
	}
	for i := range out {
		d := drops[out[i].Step]
		slices.SortFunc(d, func(a, b FunnelDropOff) int {
			return cmp.Or(cmp.Compare(b.Count, a.Count), cmp.Compare(a.Status, b.Status), cmp.Compare(deref(a.Reason), deref(b.Reason)))
		})
		out[i].DropOff = d
		if i+1 < len(out) && out[i].Reached > 0 {
			c := float64(out[i+1].Reached) / float64(out[i].Reached)
			out[i].ConversionToNext = &c
		}
	}
	return out
}

// unrankedStep places steps in no pipeline of the report's positions
// after the others.
const unrankedStep = 1 << 20

// stepRanks is the lowest rank of each step name in the pipelines of the
// filter's positions (every pipeline the viewer sees when it names none).
func (s *ReportService) stepRanks(ctx context.Context, f ReportFilter, names []string) (map[string]int, error) {
	if len(names) == 0 {
		return nil, nil
	}
	q := s.clientOf(ctx).PipelineStep.Query().Where(pipelinestep.NameIn(names...))
	if ps := f.positions(); len(ps) > 0 {
		q.Where(pipelinestep.HasPositionWith(ps...))
	}
	var rows []struct {
		Name string `json:"name"`
		Rank int    `json:"rank"`
	}
	err := q.Modify(func(sel *sql.Selector) {
		name := sel.C(pipelinestep.FieldName)
		sel.Select().AppendSelectExprAs(sql.Raw(name), "name").AppendSelectExprAs(sql.Raw("MIN("+sel.C(pipelinestep.FieldRank)+")"), "rank").GroupBy(name)
	}).Scan(ctx, &rows)
	if err != nil {
		return nil, err
	}
	out := make(map[string]int, len(rows))
	for _, r := range rows {
		out[r.Name] = r.Rank
	}
	return out, nil
}

// funnelFromRollup adds the rollup's counts of the filter's whole days;
// rejection reasons are counted by id and named here.
func (s *ReportService) funnelFromRollup(ctx context.Context, f ReportFilter, t funnelTally) error {
	var sums []struct {
		Metric   string `json:"metric"`
		Step     string `json:"step"`
		Kind     string `json:"kind"`
		Status   string `json:"status"`
		ReasonID string `json:"reason_id"`
		N        int    `json:"n"`
	}
	q := s.reportCounts(ctx, f, reportcount.MetricReached, reportcount.MetricDropOff)
	if err := sumCounts(ctx, q, &sums, reportcount.FieldMetric, reportcount.FieldStep, reportcount.FieldKind,
		reportcount.FieldStatus, reportcount.FieldReasonID); err != nil {
		return err
	}
	var reasonIDs []string
	for _, r := range sums {
		if r.ReasonID != "" {
			reasonIDs = append(reasonIDs, r.ReasonID)
		}
	}
	reasons, err := s.clientOf(ctx).RejectionReason.Query().Where(rejectionreason.IDIn(reasonIDs...)).All(ctx)
	if err != nil {
		return err
	}
	names := make(map[string]*string, len(reasons))
	for _, r := range reasons {
		names[r.ID] = &r.Name
	}
	for _, r := range sums {
		if reportcount.Metric(r.Metric) == reportcount.MetricReached {
			t.reached(r.Step, r.Kind, r.N)
			continue
		}
		t.dropped(r.Step, r.Status, names[r.ReasonID], r.N)
	}
	return nil
}

// reachedRow is one row of funnelFromRows' first statement.
type reachedRow struct {
	Step    string `json:"step"`
	Kind    string `json:"kind"`
	Reached int    `json:"reached"`
}

// dropRow is one row of funnelFromRows' second statement.
type dropRow struct {
	Step   string  `json:"step"`
	Status string  `json:"status"`
	Reason *string `json:"reason"`
	N      int     `json:"n"`
}

// funnelFromRows adds the counts of the filter's cohort from the rows:
// the candidates per step name they entered, and the rejected and
// withdrawn ones by the step they are in (their open stay, found on the
// step history's (company, candidate) index) and reason.
func (s *ReportService) funnelFromRows(ctx context.Context, f ReportFilter, t funnelTally) error {
	var reached []reachedRow
	err := s.clientOf(ctx).CandidateStep.Query().
		Where(candidatestep.HasCandidateWith(f.cohort()...)).
		Modify(func(sel *sql.Selector) {
			name := sel.C(candidatestep.FieldName)
			sel.SelectExpr(sql.Expr(fmt.Sprintf("%s AS step, MIN(%s) AS kind, COUNT(DISTINCT %s) AS reached",
				name, sel.C(candidatestep.FieldKind), sel.C(candidatestep.FieldCandidateID)))).
				GroupBy(name)
		}).
		Scan(ctx, &reached)
	if err != nil {
		return err
	}
	for _, r := range reached {
		t.reached(r.Step, r.Kind, r.Reached)
	}
	var drops []dropRow
	err = s.clientOf(ctx).Candidate.Query().
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
				GroupBy(stay.C(candidatestep.FieldName), sel.C(candidate.FieldStatus), rr.C(rejectionreason.FieldName))
		}).
		Scan(ctx, &drops)
	if err != nil {
		return err
	}
	for _, r := range drops {
		t.dropped(r.Step, r.Status, r.Reason, r.N)
	}
	return nil
}
