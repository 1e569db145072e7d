package recruiting

import (
	"context"
	"fmt"
	"strings"
	"time"

	"entgo.io/ent/dialect"

	"github.com/hiregraph/hiregraph/ent"
	"github.com/hiregraph/hiregraph/ent/candidate"
	"github.com/hiregraph/hiregraph/ent/candidatestep"
	"github.com/hiregraph/hiregraph/ent/privacy"
	"github.com/hiregraph/hiregraph/ent/reportcount"
)

// The reports' rollup (schema.ReportCount, docs/concurrency.md "Report
// rollup"): what each candidate counts for in the sources report and the
// funnel, by its position and the UTC day it started. Every write that
// changes a candidate inserts, in its transaction, the difference between
// what the candidate counted for before and after (rollupState.settle):
// delta rows, which take no lock. compactReportCounts folds a day's rows
// into one row per key; rebuildReportCounts counts a company's rows anew.

// rollupKey is one count a candidate adds to, within its position and day.
// The parts a metric does not use are empty.
type rollupKey struct {
	metric                               reportcount.Metric
	source, step, kind, status, reasonID string
}

// rollupOf is what c, with its stays, counts for: once each its
// application, reaching an interview step, an offer step and its hire (by
// its source); each step name it entered (with the lowest kind of its stays
// there); and, rejected or withdrawn, the steps it is in (drop-off, by
// status and reason). A deleted candidate counts for nothing. These are
// the definitions the reports' statements over the rows use
// (reportsources.go, reportfunnel.go).
func rollupOf(c *ent.Candidate, stays []*ent.CandidateStep) map[rollupKey]int {
	if c == nil || c.Deleted {
		return nil
	}
	out := map[rollupKey]int{{metric: reportcount.MetricApplication, source: c.Source}: 1}
	lowest := map[string]string{}
	kinds := map[string]bool{}
	dropped := c.Status == candidate.StatusRejected || c.Status == candidate.StatusWithdrawn
	for _, st := range stays {
		if k, ok := lowest[st.Name]; !ok || st.Kind < k {
			lowest[st.Name] = st.Kind
		}
		kinds[st.Kind] = true
		if dropped && st.TimeLeft == nil {
			out[rollupKey{metric: reportcount.MetricDropOff, step: st.Name, status: string(c.Status), reasonID: deref(c.RejectionReasonID)}]++
		}
	}
	for name, kind := range lowest {
		out[rollupKey{metric: reportcount.MetricReached, step: name, kind: kind}] = 1
	}
	for kind, metric := range map[string]reportcount.Metric{"interview": reportcount.MetricInterview, "offer": reportcount.MetricOffer} {
		if kinds[kind] {
			out[rollupKey{metric: metric, source: c.Source}] = 1
		}
	}
	if c.Status == candidate.StatusHired {
		out[rollupKey{metric: reportcount.MetricHire, source: c.Source}] = 1
	}
	return out
}

// rollupState is a candidate as a write found it, with its stays: what
// it counted for before the write.
type rollupState struct {
	c     *ent.Candidate
	stays []*ent.CandidateStep
}

// rollupBefore reads the stays of c, which the write's transaction holds
// locked, before the write changes it.
func rollupBefore(ctx context.Context, client *ent.Client, c *ent.Candidate) (rollupState, error) {
	stays, err := staysOf(ctx, client, c.CompanyID, c.ID)
	return rollupState{c: c, stays: stays[c.ID]}, err
}

// settle records, in the write's transaction, what the write changed of
// the candidate's counts; after is the candidate as saved. The stays are
// read again only when the write moved it: every change of the step
// history (a move, a hire, an unhire) changes its current step.
func (b rollupState) settle(ctx context.Context, client *ent.Client, after *ent.Candidate) error {
	stays := b.stays
	if !sameStep(b.c.CurrentStepID, after.CurrentStepID) {
		read, err := staysOf(ctx, client, after.CompanyID, after.ID)
		if err != nil {
			return err
		}
		stays = read[after.ID]
	}
	return insertRollupDeltas(ctx, client, after, rollupDelta(rollupOf(b.c, b.stays), rollupOf(after, stays)))
}

func sameStep(a, b *string) bool { return (a == nil) == (b == nil) && (a == nil || *a == *b) }

// rollupDelta is after minus before, without the keys that did not change.
func rollupDelta(before, after map[rollupKey]int) map[rollupKey]int {
	out := map[rollupKey]int{}
	for k, n := range after {
		if d := n - before[k]; d != 0 {
			out[k] = d
		}
	}
	for k, n := range before {
		if _, ok := after[k]; !ok {
			out[k] = -n
		}
	}
	return out
}

// staysOf reads the stays of the company's candidates (what rollupOf reads
// of them), by candidate, on the step history's (company, candidate) index,
// which the company leads. The write's viewer may write the candidate, so
// the stays are read as the service.
func staysOf(ctx context.Context, client *ent.Client, company string, ids ...string) (map[string][]*ent.CandidateStep, error) {
	stays, err := client.CandidateStep.Query().Where(candidatestep.CompanyID(company), candidatestep.CandidateIDIn(ids...)).
		Select(candidatestep.FieldCandidateID, candidatestep.FieldName, candidatestep.FieldKind, candidatestep.FieldTimeLeft).
		All(privacy.DecisionContext(ctx, privacy.Allow))
	if err != nil {
		return nil, fmt.Errorf("reading the step history to count for reports: %w", err)
	}
	out := make(map[string][]*ent.CandidateStep, len(ids))
	for _, st := range stays {
		out[st.CandidateID] = append(out[st.CandidateID], st)
	}
	return out, nil
}

// rollupDay is the day a candidate counts on: the UTC day it started.
func rollupDay(c *ent.Candidate) time.Time { return c.TimeCreated.UTC().Truncate(24 * time.Hour) }

// insertRollupDeltas inserts the delta of c's counts, for its position and
// for the whole company.
func insertRollupDeltas(ctx context.Context, client *ent.Client, c *ent.Candidate, delta map[rollupKey]int) error {
	rows := make([]rollupRow, 0, 2*len(delta))
	for k, n := range delta {
		rows = append(rows, rollupRow{company: c.CompanyID, position: &c.PositionID, day: rollupDay(c), key: k, n: n},
			rollupRow{company: c.CompanyID, day: rollupDay(c), key: k, n: n})
	}
	return insertRollupRows(ctx, client, rows, false)
}

// rollupRow is one row of report_counts; position nil for the company's.
type rollupRow struct {
	company  string
	position *string
	day      time.Time
	key      rollupKey
	n        int
}

// rollupColumns are the columns insertRollupRows writes, in order.
var rollupColumns = []string{reportcount.FieldCompanyID, reportcount.FieldPositionID, reportcount.FieldDay, reportcount.FieldMetric,
	reportcount.FieldSource, reportcount.FieldStep, reportcount.FieldKind, reportcount.FieldStatus, reportcount.FieldReasonID,
	reportcount.FieldN, reportcount.FieldCompacted}

// rollupBatch bounds the rows of one INSERT: SQLite takes at most 32 766
// parameters.
const rollupBatch = 1000

// insertRollupRows inserts rows, as deltas or compacted rows, by SQL: they
// are the service's own bookkeeping, and going through ent's privacy and
// edge checks would cost every write a read of the position.
func insertRollupRows(ctx context.Context, client *ent.Client, rows []rollupRow, compacted bool) error {
	for len(rows) > 0 {
		batch := rows[:min(len(rows), rollupBatch)]
		rows = rows[len(batch):]
		var sb strings.Builder
		sb.WriteString("INSERT INTO " + reportcount.Table + " (" + strings.Join(rollupColumns, ", ") + ") VALUES ")
		args := make([]any, 0, len(batch)*len(rollupColumns))
		for i, r := range batch {
			if i > 0 {
				sb.WriteString(", ")
			}
			sb.WriteString("(")
			for j := range rollupColumns {
				if j > 0 {
					sb.WriteString(", ")
				}
				fmt.Fprintf(&sb, "$%d", len(args)+j+1)
			}
			sb.WriteString(")")
			args = append(args, r.company, r.position, r.day, string(r.key.metric), r.key.source, r.key.step, r.key.kind,
				r.key.status, r.key.reasonID, r.n, compacted)
		}
		if _, err := client.ExecContext(ctx, sb.String(), args...); err != nil {
			return fmt.Errorf("counting for reports: %w", err)
		}
	}
	return nil
}

// eraseRollup takes the candidates about to be deleted out of the counts.
func eraseRollup(ctx context.Context, client *ent.Client, cands []*ent.Candidate) error {
	if len(cands) == 0 {
		return nil
	}
	ids := make([]string, len(cands))
	for i, c := range cands {
		ids[i] = c.ID
	}
	stays, err := staysOf(ctx, client, cands[0].CompanyID, ids...)
	if err != nil {
		return err
	}
	for _, c := range cands {
		if err := insertRollupDeltas(ctx, client, c, rollupDelta(rollupOf(c, stays[c.ID]), nil)); err != nil {
			return err
		}
	}
	return nil
}

// compactDays bounds the days one compaction transaction folds.
const compactDays = 200

// CompactReportCounts folds the delta rows of every company into one row
// per key and day (the River job reportjobs runs it periodically) and
// tells how many days it folded. Each batch of days is one transaction that
// deletes the days' rows and inserts their sums, so a report, which reads
// in one snapshot, sees either the deltas or their sums, never both.
func (s *ReportService) CompactReportCounts(ctx context.Context) (int, error) {
	ctx = privacy.DecisionContext(ctx, privacy.Allow)
	total := 0
	for {
		var n int
		err := s.WithTx(ctx, func(ctx context.Context, client *ent.Client) error {
			var err error
			n, err = s.compactSome(ctx, client)
			return err
		})
		total += n
		if err != nil || n < compactDays {
			return total, err
		}
	}
}

// rollupKeyColumns are the columns of a count's key.
const rollupKeyColumns = "company_id, position_id, day, metric, source, step, kind, status, reason_id"

// compactSome folds the rows of up to compactDays (company, day) pairs
// that have deltas.
func (s *ReportService) compactSome(ctx context.Context, client *ent.Client) (int, error) {
	type companyDay struct {
		company string
		day     time.Time
	}
	var days []companyDay
	err := scanRows(ctx, client, func(scan func(...any) error) error {
		var d companyDay
		err := scan(&d.company, &d.day)
		days = append(days, d)
		return err
	}, "SELECT DISTINCT company_id, day FROM "+reportcount.Table+" WHERE NOT compacted LIMIT $1", compactDays)
	if err != nil {
		return 0, fmt.Errorf("finding report counts to compact: %w", err)
	}
	for _, d := range days {
		if err := s.compactDay(ctx, client, d.company, d.day); err != nil {
			return 0, fmt.Errorf("compacting report counts: %w", err)
		}
	}
	return len(days), nil
}

// compactDay replaces a company's rows of one day by their sums, one row
// per key. On PostgreSQL one statement deletes the rows and inserts the
// sums of exactly the rows it deleted, so a write's delta that commits
// meanwhile stays, to be folded next time, and is never lost or counted
// twice. SQLite runs one write transaction at a time, so nothing comes
// between reading the sums and deleting the rows.
func (s *ReportService) compactDay(ctx context.Context, client *ent.Client, company string, day time.Time) error {
	if s.Dialect == dialect.Postgres {
		_, err := client.ExecContext(ctx, "WITH gone AS (DELETE FROM "+reportcount.Table+" WHERE company_id = $1 AND day = $2 RETURNING "+rollupKeyColumns+", n) "+
			"INSERT INTO "+reportcount.Table+" ("+rollupKeyColumns+", n, compacted) SELECT "+rollupKeyColumns+", SUM(n), true FROM gone "+
			"GROUP BY "+rollupKeyColumns+" HAVING SUM(n) <> 0", company, day)
		return err
	}
	var sums []rollupRow
	err := scanRows(ctx, client, func(scan func(...any) error) error {
		var r rollupRow
		var metric string
		err := scan(&r.company, &r.position, &r.day, &metric, &r.key.source, &r.key.step, &r.key.kind, &r.key.status, &r.key.reasonID, &r.n)
		r.key.metric = reportcount.Metric(metric)
		sums = append(sums, r)
		return err
	}, "SELECT "+rollupKeyColumns+", SUM(n) FROM "+reportcount.Table+" WHERE company_id = $1 AND day = $2 GROUP BY "+rollupKeyColumns+" HAVING SUM(n) <> 0", company, day)
	if err != nil {
		return err
	}
	if _, err := client.ExecContext(ctx, "DELETE FROM "+reportcount.Table+" WHERE company_id = $1 AND day = $2", company, day); err != nil {
		return err
	}
	return insertRollupRows(ctx, client, sums, true)
}

// scanRows runs query and hands each row's scan to fn.
func scanRows(ctx context.Context, client *ent.Client, fn func(scan func(...any) error) error, query string, args ...any) error {
	rows, err := client.QueryContext(ctx, query, args...)
	if err != nil {
		return err
	}
	defer rows.Close()
	for rows.Next() {
		if err := fn(rows.Scan); err != nil {
			return err
		}
	}
	return rows.Err()
}

// rebuildBatch is how many candidates RebuildReportCounts reads at once.
const rebuildBatch = 1000

// RebuildReportCounts counts a company's candidates for the reports anew
// from their rows, through client (a transaction, which it does not
// commit): it deletes the company's counts, then reads its candidates in
// the order they started, with their stays, and writes each day's sums as
// compacted rows once it has read past the day. It is the backfill of an
// upgraded database (BackfillReportCounts) and of seeds that write rows
// directly (the demo, the bench); a write that changes one of the company's
// candidates meanwhile must wait, so it runs where no write does.
func RebuildReportCounts(ctx context.Context, client *ent.Client, company string) error {
	ctx = privacy.DecisionContext(ctx, privacy.Allow)
	if _, err := client.ExecContext(ctx, "DELETE FROM "+reportcount.Table+" WHERE company_id = $1", company); err != nil {
		return fmt.Errorf("deleting report counts: %w", err)
	}
	type dayKey struct {
		position string
		key      rollupKey
	}
	counts := map[time.Time]map[dayKey]int{}
	flush := func(before time.Time) error {
		var rows []rollupRow
		for day, keys := range counts {
			if !day.Before(before) {
				continue
			}
			whole := map[rollupKey]int{}
			for k, n := range keys {
				position := k.position
				rows = append(rows, rollupRow{company: company, position: &position, day: day, key: k.key, n: n})
				whole[k.key] += n
			}
			for k, n := range whole {
				rows = append(rows, rollupRow{company: company, day: day, key: k, n: n})
			}
			delete(counts, day)
		}
		return insertRollupRows(ctx, client, rows, true)
	}
	q := client.Candidate.Query().Where(candidate.CompanyID(company), candidate.Deleted(false)).
		Order(candidate.ByTimeCreated(), candidate.ByID()).Limit(rebuildBatch)
	var last *ent.Candidate
	for {
		page := q.Clone()
		if last != nil {
			page.Where(candidate.Or(candidate.TimeCreatedGT(last.TimeCreated),
				candidate.And(candidate.TimeCreated(last.TimeCreated), candidate.IDGT(last.ID))))
		}
		cands, err := page.All(ctx)
		if err != nil {
			return fmt.Errorf("reading candidates to count for reports: %w", err)
		}
		if len(cands) == 0 {
			return flush(time.Date(9999, 1, 1, 0, 0, 0, 0, time.UTC))
		}
		ids := make([]string, len(cands))
		for i, c := range cands {
			ids[i] = c.ID
		}
		stays, err := staysOf(ctx, client, company, ids...)
		if err != nil {
			return err
		}
		for _, c := range cands {
			day := rollupDay(c)
			if counts[day] == nil {
				counts[day] = map[dayKey]int{}
			}
			for k, n := range rollupOf(c, stays[c.ID]) {
				counts[day][dayKey{position: c.PositionID, key: k}] += n
			}
		}
		last = cands[len(cands)-1]
		if err := flush(rollupDay(last)); err != nil {
			return err
		}
	}
}

// reportBackfillLock is the advisory lock processes starting together
// take turns on while they backfill (PostgreSQL).
const reportBackfillLock = "hiregraph report counts backfill"

// BackfillReportCounts counts, for the reports, every company that has
// live candidates and no counts yet: the companies of a database written
// before the rollup. The server runs it at start, before it serves, so no
// write of its own runs meanwhile; processes starting together take turns
// behind an advisory lock and the later ones find the counts there. It
// tells how many companies it counted.
func (s *ReportService) BackfillReportCounts(ctx context.Context) (int, error) {
	ctx = privacy.DecisionContext(ctx, privacy.Allow)
	var companies []string
	err := scanRows(ctx, s.Client, func(scan func(...any) error) error {
		var id string
		err := scan(&id)
		companies = append(companies, id)
		return err
	}, "SELECT DISTINCT company_id FROM candidates c WHERE deleted = false AND NOT EXISTS (SELECT 1 FROM "+reportcount.Table+" r WHERE r.company_id = c.company_id)")
	if err != nil {
		return 0, fmt.Errorf("finding companies to count for reports: %w", err)
	}
	for _, company := range companies {
		err := s.WithTx(ctx, func(ctx context.Context, client *ent.Client) error {
			if s.Dialect == dialect.Postgres {
				if _, err := client.ExecContext(ctx, "SELECT pg_advisory_xact_lock(hashtext($1))", reportBackfillLock); err != nil {
					return fmt.Errorf("waiting for the report backfill lock: %w", err)
				}
			}
			counted, err := client.ReportCount.Query().Where(reportcount.CompanyID(company)).Exist(ctx)
			if err != nil || counted {
				return err
			}
			return RebuildReportCounts(ctx, client, company)
		})
		if err != nil {
			return 0, err
		}
	}
	return len(companies), nil
}
