package rule_test

import (
	"context"
	"fmt"
	"slices"
	"sync/atomic"
	"testing"
	"time"

	"github.com/hiregraph/hiregraph/ent"
	"github.com/hiregraph/hiregraph/ent/position"
	"github.com/hiregraph/hiregraph/ent/privacy"
	"github.com/hiregraph/hiregraph/ent/questionnaire"
	"github.com/hiregraph/hiregraph/ent/user"
	"github.com/hiregraph/hiregraph/internal/apierror"
	"github.com/hiregraph/hiregraph/internal/hiregraphtest"
	"github.com/hiregraph/hiregraph/internal/permission"
	"github.com/hiregraph/hiregraph/internal/viewer"
)

// assertNotFound checks err is the answer to an unknown id of a record of
// type what.
func assertNotFound(t *testing.T, err error, what, id string) {
	t.Helper()
	e, ok := apierror.As(err)
	if want := fmt.Sprintf("no %s has the uid %q", what, id); !ok || e.Code != apierror.CodeNotFound || e.Message != want {
		t.Fatalf("error %v, want not_found: %s", err, want)
	}
}

func TestCheckEdges(t *testing.T) {
	env := hiregraphtest.New(t)
	sys, client := hiregraphtest.System(), env.DB.Client
	hank := client.User.Query().Where(user.Email("hank.manager@acme.example")).OnlyX(sys)
	sales := client.Position.Query().Where(position.Name("Account Executive")).OnlyX(sys)
	// Take the hiring manager off Account Executive: outside their team.
	client.Position.UpdateOne(sales).RemoveHiringTeam(hank).SetHiringManagerID(client.User.Query().
		Where(user.Email("olivia.owner@acme.example")).OnlyIDX(sys)).ExecX(sys)
	other := env.OtherCompany()
	// Of no location, so nothing but the check stops the location taking it.
	foreign := client.Position.Query().Where(position.CompanyID(other.Demo.CompanyUID), position.Name("Account Executive")).OnlyIDX(sys)
	owner := viewer.NewContext(context.Background(), viewer.ForService(env.Demo.CompanyUID))

	t.Run("an added edge to another company's record", func(t *testing.T) {
		err := client.Location.UpdateOneID(env.Demo.LocationUID).AddPositionIDs(foreign).Exec(owner)
		assertNotFound(t, err, "position", foreign)
		if p := client.Position.GetX(sys, foreign); p.LocationID != nil {
			t.Errorf("the other company's position moved to location %s", *p.LocationID)
		}
	})

	t.Run("a removed edge to a position outside the team", func(t *testing.T) {
		// A manager who may also edit questionnaires, so only the edge
		// check stands in the way.
		settings := viewer.NewContext(context.Background(), viewer.Viewer{CompanyID: env.Demo.CompanyUID}.ForUser(hank.ID, hank.Roles,
			append(permission.OfRoles(hank.Roles, nil), permission.EditSettings)))
		qnr := env.Demo.QuestionnaireUID
		err := client.Questionnaire.UpdateOneID(qnr).RemovePositionIDs(sales.ID).Exec(settings)
		assertNotFound(t, err, "position", sales.ID)
		if !client.Questionnaire.Query().Where(questionnaire.ID(qnr), questionnaire.HasPositionsWith(position.ID(sales.ID))).ExistX(sys) {
			t.Error("the position outside the team lost its questionnaire")
		}
	})

	t.Run("a unique edge set by id", func(t *testing.T) {
		unknown := "loc_01JD3ZB1G0W8Q6J8C2R7Y0V5KT"
		err := client.Position.UpdateOneID(env.Demo.PublishedPositionUID).SetLocationID(unknown).Exec(owner)
		assertNotFound(t, err, "location", unknown)
		step := "stp_01JD3ZB1G0W8Q6J8C2R7Y0V5KT"
		err = client.Candidate.UpdateOneID(env.Demo.CandidateUID).SetCurrentStepID(step).Exec(owner)
		assertNotFound(t, err, "pipeline step", step)
	})

	t.Run("a record created earlier in the transaction", func(t *testing.T) {
		tx, err := client.Tx(owner)
		if err != nil {
			t.Fatal(err)
		}
		defer tx.Rollback()
		loc := tx.Location.Create().SetName("Annex").SaveX(owner)
		if err := tx.Position.UpdateOneID(env.Demo.PublishedPositionUID).SetLocation(loc).Exec(owner); err != nil {
			t.Fatalf("linking a location of the same transaction: %v", err)
		}
	})

	t.Run("a record a system read of the transaction returned", func(t *testing.T) {
		tx, err := client.Tx(owner)
		if err != nil {
			t.Fatal(err)
		}
		defer tx.Rollback()
		ctx := ent.NewTxContext(owner, tx)
		tx.Position.GetX(privacy.DecisionContext(ctx, privacy.Allow), foreign)
		err = tx.Location.UpdateOneID(env.Demo.LocationUID).AddPositionIDs(foreign).Exec(ctx)
		assertNotFound(t, err, "position", foreign)
	})

	t.Run("a system job links what it is told to", func(t *testing.T) {
		if err := client.Questionnaire.UpdateOneID(env.Demo.QuestionnaireUID).AddPositionIDs(foreign).Exec(sys); err != nil {
			t.Fatalf("a system job: %v", err)
		}
	})
}

// TestReadCandidatesShowTheirPositions: every user reads the position of
// each candidate they read, so RememberReads may take a read candidate's
// position as read (a candidate's activity links it without a query).
func TestReadCandidatesShowTheirPositions(t *testing.T) {
	env := hiregraphtest.New(t)
	sys, client := hiregraphtest.System(), env.DB.Client
	// Account Executive outside the hiring manager's team, so some users
	// see only some positions.
	sales := client.Position.Query().Where(position.Name("Account Executive")).OnlyX(sys)
	hank := client.User.Query().Where(user.Email("hank.manager@acme.example")).OnlyX(sys)
	client.Position.UpdateOne(sales).RemoveHiringTeam(hank).SetHiringManagerID(client.User.Query().
		Where(user.Email("olivia.owner@acme.example")).OnlyIDX(sys)).ExecX(sys)
	for _, u := range client.User.Query().AllX(sys) {
		ctx := viewer.NewContext(context.Background(), viewer.Viewer{CompanyID: env.Demo.CompanyUID}.ForUser(u.ID, u.Roles, permission.OfRoles(u.Roles, nil)))
		cands, err := client.Candidate.Query().All(ctx)
		if err != nil {
			t.Fatal(err)
		}
		positions, err := client.Position.Query().IDs(ctx)
		if err != nil {
			t.Fatal(err)
		}
		for _, c := range cands {
			if !slices.Contains(positions, c.PositionID) {
				t.Errorf("%s (%v) reads candidate %s but not its position %s", u.Email, u.Roles, c.ID, c.PositionID)
			}
		}
	}
}

// TestCreatedRecordsCountAsRead: a person a viewer who sees everything
// created in the transaction is linked (here to its candidacy) without
// reading it again; for a viewer who sees less the edge is still checked
// by a query.
func TestCreatedRecordsCountAsRead(t *testing.T) {
	env := hiregraphtest.New(t)
	client := env.DB.Client
	var personReads atomic.Int32
	client.Person.Intercept(ent.InterceptFunc(func(next ent.Querier) ent.Querier {
		return ent.QuerierFunc(func(ctx context.Context, q ent.Query) (ent.Value, error) {
			personReads.Add(1)
			return next.Query(ctx, q)
		})
	}))
	company := viewer.Viewer{CompanyID: env.Demo.CompanyUID}
	for _, c := range []struct {
		name  string
		as    viewer.Viewer
		reads int32
	}{
		{"an API key acting for no one", viewer.ForService(env.Demo.CompanyUID), 0},
		{"a user who sees only the candidates assigned to them", company.ForUser("usr_01JD3ZB1G0W8Q6J8C2R7Y0V5KT", nil,
			[]string{permission.SourceCandidates, permission.ViewAllPositions, permission.ViewDiscreetPositions}), 1},
	} {
		t.Run(c.name, func(t *testing.T) {
			ctx := viewer.NewContext(context.Background(), c.as)
			tx, err := client.Tx(ctx)
			if err != nil {
				t.Fatal(err)
			}
			defer tx.Rollback()
			ctx = ent.NewTxContext(ctx, tx)
			now := time.Now()
			per := tx.Person.Create().SetFirstName("Grace").SetTimeCreated(now).SetTimeLastActivity(now).SaveX(ctx)
			personReads.Store(0)
			if err := tx.Candidate.Create().SetPersonID(per.ID).SetPositionID(env.Demo.PublishedPositionUID).
				SetTimeCreated(now).SetTimeLastStatusChanged(now).SetTimeHiringProcessUpdated(now).Exec(ctx); err != nil {
				t.Fatalf("linking the new person: %v", err)
			}
			if got := personReads.Load(); got != c.reads {
				t.Errorf("the new person read %d times to link it, want %d", got, c.reads)
			}
		})
	}
}
