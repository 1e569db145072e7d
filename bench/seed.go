package bench

import (
	"context"
	"fmt"
	"time"

	"github.com/hiregraph/hiregraph/auth"
	"github.com/hiregraph/hiregraph/database"
	"github.com/hiregraph/hiregraph/demo"
	"github.com/hiregraph/hiregraph/ent"
	"github.com/hiregraph/hiregraph/ent/candidate"
	"github.com/hiregraph/hiregraph/ent/opening"
	"github.com/hiregraph/hiregraph/ent/schema/schematype"
	"github.com/hiregraph/hiregraph/viewer"
)

// batchSize rows are written per statement and per transaction while seeding.
const batchSize = 1000

// seed creates the demo company and n candidates spread across n/1000
// positions (at least 10, half of them published), one opening each, and
// n/2 people with two candidates apiece.
func seed(ctx context.Context, db *database.DB, sealer *auth.Sealer, n int) (*demo.Manifest, error) {
	m, err := demo.Seed(ctx, db.Client, sealer, demo.DefaultCompany)
	if err != nil {
		return nil, err
	}
	ctx = viewer.NewContext(ctx, viewer.Viewer{CompanyID: m.CompanyUID, Scopes: viewer.AllScopes})
	loc, err := db.Client.Location.Get(ctx, m.LocationUID)
	if err != nil {
		return nil, err
	}
	positions, err := seedPositions(ctx, db.Client, loc, max(10, n/1000))
	if err != nil {
		return nil, err
	}
	return m, seedCandidates(ctx, db.Client, positions, n)
}

func seedPositions(ctx context.Context, client *ent.Client, loc *ent.Location, count int) ([]*ent.Position, error) {
	var positions []*ent.Position
	err := inTx(ctx, client, func(tx *ent.Client) error {
		builders := make([]*ent.PositionCreate, count)
		for i := range builders {
			builders[i] = tx.Position.Create().
				SetName(fmt.Sprintf("Bench position %05d", i)).
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
			openings[i] = tx.Opening.Create().SetPosition(p).SetName(p.Name + " #1").SetReason(opening.ReasonNew)
		}
		return tx.Opening.CreateBulk(openings...).Exec(ctx)
	})
	return positions, err
}

func seedCandidates(ctx context.Context, client *ent.Client, positions []*ent.Position, n int) error {
	start := time.Now().UTC().Add(-365 * 24 * time.Hour)
	step := 365 * 24 * time.Hour / time.Duration(max(n, 1))
	for done := 0; done < n; done += batchSize {
		size := min(batchSize, n-done)
		err := inTx(ctx, client, func(tx *ent.Client) error {
			people := make([]*ent.PersonCreate, (size+1)/2)
			for i := range people {
				people[i] = tx.Person.Create().SetFirstName(fmt.Sprintf("Person%d", done+i)).SetLastName("Bench").
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
				candidates[i] = tx.Candidate.Create().
					SetPerson(ps[i/2]).SetPosition(positions[(done+i)%len(positions)]).SetStatus(status).
					SetAddress(&schematype.Address{Country: "DE", City: "Berlin"}).
					SetCurrentSteps([]schematype.Step{{Name: "Interview", Type: "interview", TimeScheduled: &at}}).
					SetTimeCreated(at).SetTimeLastStatusChanged(at).SetTimeHiringProcessUpdated(at)
			}
			return tx.Candidate.CreateBulk(candidates...).Exec(ctx)
		})
		if err != nil {
			return fmt.Errorf("seeding candidates %d-%d: %w", done, done+size, err)
		}
	}
	return nil
}

func inTx(ctx context.Context, client *ent.Client, fn func(*ent.Client) error) error {
	tx, err := client.Tx(ctx)
	if err != nil {
		return err
	}
	if err := fn(tx.Client()); err != nil {
		_ = tx.Rollback()
		return err
	}
	return tx.Commit()
}
