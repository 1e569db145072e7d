package bench

import (
	"context"
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"
	"time"

	"github.com/schollz/progressbar/v3"

	"github.com/hiregraph/hiregraph/ent"
	"github.com/hiregraph/hiregraph/ent/candidate"
	"github.com/hiregraph/hiregraph/ent/candidatestep"
	"github.com/hiregraph/hiregraph/ent/interview"
	"github.com/hiregraph/hiregraph/ent/opening"
	"github.com/hiregraph/hiregraph/ent/pipelinestep"
	"github.com/hiregraph/hiregraph/ent/position"
	"github.com/hiregraph/hiregraph/ent/privacy"
	"github.com/hiregraph/hiregraph/ent/reportcount"
	"github.com/hiregraph/hiregraph/ent/schema/schematype"
	"github.com/hiregraph/hiregraph/internal/auth"
	"github.com/hiregraph/hiregraph/internal/database"
	"github.com/hiregraph/hiregraph/internal/demo"
	"github.com/hiregraph/hiregraph/internal/viewer"
	"github.com/hiregraph/hiregraph/recruiting"
)

// batchSize rows are written per statement and per transaction while seeding.
const batchSize = 1000

// seed creates the demo company and n candidates spread across n/1000
// positions (at least 10, half of them published), one opening each, and
// n/2 people (named by benchName) with two candidates apiece, and interviews (seedInterviews),
// showing progress on out. A database an earlier run seeded with n
// candidates is reused as it is.
func seed(ctx context.Context, db *database.DB, sealer *auth.Sealer, n int, out io.Writer) (*demo.Manifest, error) {
	m, err := demo.Seed(ctx, db.Client, sealer, demo.DefaultCompany)
	if err != nil {
		return nil, err
	}
	// The seed writes as the system (no viewer, an explicit privacy
	// decision), naming the company on every row: its rows are valid by
	// construction, each linking only records of the bench company it
	// wrote itself, so the per-row edge checks (rule.CheckEdges), which
	// would read every linked record back, check nothing here.
	sys := privacy.DecisionContext(ctx, privacy.Allow)
	ctx = viewer.NewContext(ctx, viewer.ForService(m.CompanyUID))
	// The applications an earlier bench sent joined the bench positions
	// from the careers site; they are not the seeded candidates.
	have, err := db.Client.Candidate.Query().Where(candidate.HasPositionWith(position.NameHasPrefix(benchPositionPrefix)),
		candidate.SourceNEQ(recruiting.DefaultSource)).Count(ctx)
	switch {
	case err != nil:
		return nil, err
	case have == n:
		// A bench before the board seeded no pipelines: its database
		// cannot serve the board or the moves.
		boards, err := db.Client.PipelineStep.Query().Where(pipelinestep.HasPositionWith(position.NameHasPrefix(benchPositionPrefix))).Exist(ctx)
		if err != nil || !boards {
			return nil, errors.Join(err, errors.New("the database was seeded by a bench without pipeline steps; give an empty one"))
		}
		// Nor one seeded before interviews, which the board's cards show.
		interviews, err := db.Client.Interview.Query().Where(interview.HasPositionWith(position.NameHasPrefix(benchPositionPrefix))).Exist(ctx)
		if err != nil || !interviews {
			return nil, errors.Join(err, errors.New("the database was seeded by a bench without interviews; give an empty one"))
		}
		// Nor one seeded before the step history, which the reports read.
		history, err := db.Client.CandidateStep.Query().Where(candidatestep.HasCandidateWith(candidate.HasPositionWith(position.NameHasPrefix(benchPositionPrefix)))).Exist(ctx)
		if err != nil || !history {
			return nil, errors.Join(err, errors.New("the database was seeded by a bench without step history; give an empty one"))
		}
		fmt.Fprintf(out, "reusing the %d candidates seeded earlier on %s\n", n, db.Dialect)
		// Nor one seeded before the reports' rollup, which is counted now.
		counted, err := db.Client.ReportCount.Query().Where(reportcount.HasPositionWith(position.NameHasPrefix(benchPositionPrefix))).Exist(sys)
		if err != nil || counted {
			return m, err
		}
		return m, countForReports(sys, db, m.CompanyUID, out)
	case have != 0:
		return nil, fmt.Errorf("the database holds %d bench candidates; give an empty one, or one seeded with --candidates %d", have, have)
	}
	start := time.Now()
	loc, err := db.Client.Location.Get(ctx, m.LocationUID)
	if err != nil {
		return nil, err
	}
	company := m.CompanyUID
	positions, err := seedPositions(sys, db.Client, company, loc, max(10, n/1000))
	if err != nil {
		return nil, err
	}
	steps, err := seedSteps(sys, db.Client, company, positions)
	if err != nil {
		return nil, err
	}
	if err := seedCandidates(sys, db.Client, company, positions, steps, n, progress(out, n, "seeding candidates")); err != nil {
		return nil, err
	}
	if err := seedInterviews(sys, db.Client, company, progress(out, n*4/5, "seeding interviews")); err != nil {
		return nil, err
	}
	if err := countForReports(sys, db, company, out); err != nil {
		return nil, err
	}
	if err := db.Analyze(ctx); err != nil {
		return nil, err
	}
	fmt.Fprintf(out, "seeded %d candidates on %s in %s\n", n, db.Dialect, time.Since(start).Round(time.Second))
	return m, nil
}

// countForReports counts the seeded company for the reports' rollup, as
// the server's backfill does for a database written before it: the seed
// writes its rows directly.
func countForReports(ctx context.Context, db *database.DB, company string, out io.Writer) error {
	start := time.Now()
	if err := inTx(ctx, db.Client, func(ctx context.Context, tx *ent.Client) error {
		return recruiting.RebuildReportCounts(ctx, tx, company)
	}); err != nil {
		return fmt.Errorf("counting for reports: %w", err)
	}
	fmt.Fprintf(out, "counted the candidates for reports in %s\n", time.Since(start).Round(time.Second))
	return nil
}

// progress is a bar of n steps on out.
func progress(out io.Writer, n int, description string) *progressbar.ProgressBar {
	return progressbar.NewOptions(n, progressbar.OptionSetWriter(out), progressbar.OptionSetDescription(description),
		progressbar.OptionShowCount(), progressbar.OptionSetWidth(30), progressbar.OptionThrottle(500*time.Millisecond),
		progressbar.OptionSetPredictTime(true), progressbar.OptionOnCompletion(func() { fmt.Fprintln(out) }))
}

// benchPositionPrefix starts the name of every position the bench seeds.
const benchPositionPrefix = "Bench position "

func seedPositions(ctx context.Context, client *ent.Client, company string, loc *ent.Location, count int) ([]*ent.Position, error) {
	var positions []*ent.Position
	err := inTx(ctx, client, func(ctx context.Context, tx *ent.Client) error {
		builders := make([]*ent.PositionCreate, count)
		for i := range builders {
			builders[i] = tx.Position.Create().SetCompanyID(company).
				SetName(fmt.Sprintf("%s%05d", benchPositionPrefix, i)).
				SetIsPublished(i%2 == 0).
				SetDepartment([]string{"Engineering", "Operations", "Sales"}[i%3]).
				SetWorkplaceType("hybrid").
				SetLocation(loc).
				SetCategories([]schematype.NamedValue{{Name: "Team", Value: "Platform", Order: 1}}).
				SetDetails([]schematype.NamedValue{{Name: "Job description", Value: "<p>Build <b>robots</b>.</p>", Order: 1}})
		}
		var err error
		if positions, err = tx.Position.CreateBulk(builders...).Save(ctx); err != nil {
			return err
		}
		openings := make([]*ent.OpeningCreate, count)
		for i, p := range positions {
			openings[i] = tx.Opening.Create().SetCompanyID(company).SetPosition(p).SetName(p.Name + " #1").SetReason(opening.ReasonNew)
		}
		return tx.Opening.CreateBulk(openings...).Exec(ctx)
	})
	return positions, err
}

// benchSteps is every bench position's pipeline; candidates are spread
// over all steps but the last (hired).
var benchSteps = []struct {
	name string
	kind pipelinestep.Kind
}{{"Applied", pipelinestep.KindApplied}, {"Screen", pipelinestep.KindScreen}, {"Interview", pipelinestep.KindInterview},
	{"Offer", pipelinestep.KindOffer}, {"Hired", pipelinestep.KindHired}}

// seedSteps gives each position the pipeline benchSteps and returns each
// position's step ids in order.
func seedSteps(ctx context.Context, client *ent.Client, company string, positions []*ent.Position) ([][]string, error) {
	out := make([][]string, len(positions))
	err := inTx(ctx, client, func(ctx context.Context, tx *ent.Client) error {
		builders := make([]*ent.PipelineStepCreate, 0, len(positions)*len(benchSteps))
		for _, p := range positions {
			for rank, st := range benchSteps {
				builders = append(builders, tx.PipelineStep.Create().SetCompanyID(company).SetPositionID(p.ID).SetName(st.name).SetKind(st.kind).SetRank(rank))
			}
		}
		for from := 0; from < len(builders); from += batchSize {
			saved, err := tx.PipelineStep.CreateBulk(builders[from:min(from+batchSize, len(builders))]...).Save(ctx)
			if err != nil {
				return err
			}
			for i, st := range saved {
				p := (from + i) / len(benchSteps)
				out[p] = append(out[p], st.ID)
			}
		}
		return nil
	})
	return out, err
}

func seedCandidates(ctx context.Context, client *ent.Client, company string, positions []*ent.Position, steps [][]string, n int, bar *progressbar.ProgressBar) error {
	// The candidates start over the year before the week up to now, so
	// that the stays their step history closed (seedStepHistory) ended
	// before now.
	start := time.Now().UTC().Add(-365 * 24 * time.Hour)
	step := 358 * 24 * time.Hour / time.Duration(max(n, 1))
	for done := 0; done < n; done += batchSize {
		size := min(batchSize, n-done)
		err := inTx(ctx, client, func(ctx context.Context, tx *ent.Client) error {
			people := make([]*ent.PersonCreate, (size+1)/2)
			for i := range people {
				first, last := benchName(done + i)
				people[i] = tx.Person.Create().SetCompanyID(company).SetFirstName(first).SetLastName(last).
					SetEmail(fmt.Sprintf("p%d@bench.example", done+i))
			}
			ps, err := tx.Person.CreateBulk(people...).Save(ctx)
			if err != nil {
				return err
			}
			candidates := make([]*ent.CandidateCreate, size)
			for i := range candidates {
				at := start.Add(time.Duration(done+i) * step).Truncate(time.Microsecond)
				status := candidate.StatusInProgress
				if (done+i)%5 == 0 {
					status = candidate.StatusRejected
				}
				p := (done + i) % len(positions)
				candidates[i] = tx.Candidate.Create().SetCompanyID(company).
					SetPerson(ps[i/2]).SetPosition(positions[p]).SetStatus(status).
					SetCurrentStepID(steps[p][(done+i)/len(positions)%(len(benchSteps)-1)]).
					SetAddress(&schematype.Address{Country: "DE", City: "Berlin"}).
					SetCurrentSteps([]schematype.Step{{Name: "Interview", Type: "interview", TimeScheduled: &at}}).
					SetTimeCreated(at).SetTimeLastStatusChanged(at).SetTimeHiringProcessUpdated(at)
			}
			saved, err := tx.Candidate.CreateBulk(candidates...).Save(ctx)
			if err != nil {
				return err
			}
			return seedStepHistory(ctx, tx, company, saved, steps, done)
		})
		if err != nil {
			return fmt.Errorf("seeding candidates %d-%d: %w", done, done+size, err)
		}
		_ = bar.Add(size)
	}
	return nil
}

// Stays of the seeded step history: the k-th candidate's j-th stay lasts
// 1 + (k+j) % stayHours hours, so each step's durations vary.
const stayHours = 48

// seedStepHistory gives each of the candidates (the done-th seeded first)
// the stays of the pipeline that led to its current step: every step
// before it, entered one after the other from its creation, and the
// current one, still open. steps are each position's step ids; the
// candidates are spread over the positions in turns, as seedCandidates
// does.
func seedStepHistory(ctx context.Context, tx *ent.Client, company string, cands []*ent.Candidate, steps [][]string, done int) error {
	var stays []*ent.CandidateStepCreate
	for i, c := range cands {
		k := done + i
		ids := steps[k%len(steps)]
		entered := c.TimeCreated
		for j, st := range benchSteps[:slices.Index(ids, *c.CurrentStepID)+1] {
			stay := tx.CandidateStep.Create().SetCompanyID(company).SetCandidateID(c.ID).SetStepID(ids[j]).SetName(st.name).
				SetKind(strings.ToLower(string(st.kind))).SetTimeEntered(entered).SetEnteredBy(seedActor)
			if ids[j] != *c.CurrentStepID {
				entered = entered.Add(time.Duration(1+(k+j)%stayHours) * time.Hour)
				stay.SetTimeLeft(entered).SetLeftBy(seedActor)
			}
			stays = append(stays, stay)
		}
	}
	for from := 0; from < len(stays); from += batchSize {
		if err := tx.CandidateStep.CreateBulk(stays[from:min(from+batchSize, len(stays))]...).Exec(ctx); err != nil {
			return fmt.Errorf("seeding step history: %w", err)
		}
	}
	return nil
}

// seedActor is who moved the seeded candidates in the step history.
const seedActor = "SEED"

// inTx runs fn in a transaction, whose context fn is given.
func inTx(ctx context.Context, client *ent.Client, fn func(context.Context, *ent.Client) error) error {
	tx, err := client.Tx(ctx)
	if err != nil {
		return err
	}
	if err := fn(ent.NewTxContext(ctx, tx), tx.Client()); err != nil {
		_ = tx.Rollback()
		return err
	}
	return tx.Commit()
}
