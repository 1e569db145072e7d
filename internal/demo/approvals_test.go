package demo_test

import (
	"context"
	"testing"

	"github.com/hiregraph/hiregraph/ent"
	"github.com/hiregraph/hiregraph/ent/opening"
	"github.com/hiregraph/hiregraph/internal/demo"
	"github.com/hiregraph/hiregraph/internal/hiregraphtest"
)

// TestDemoApprovalsAndNotesAreConsistent holds the seed to the rules the
// service keeps for data it writes itself: an approval process has
// time_completed exactly when it ended (APPROVED or REJECTED), an approved
// opening has time_approved, and no note is newer than its candidate's
// last update. TestDemoIsConsistent checks the candidates' steps and times.
func TestDemoApprovalsAndNotesAreConsistent(t *testing.T) {
	env := hiregraphtest.New(t)
	if _, err := demo.Seed(context.Background(), env.DB.Client, env.Sealer, "Second Demo"); err != nil {
		t.Fatal(err)
	}
	ctx := hiregraphtest.System()
	openings := env.DB.Client.Opening.Query().WithApprovalProcess().AllX(ctx)
	for _, o := range openings {
		ap := o.Edges.ApprovalProcess
		if (ap == nil) != (o.ApprovalStatus == opening.ApprovalStatusNA) {
			t.Errorf("opening %s: approval status %s with process %v", o.Name, o.ApprovalStatus, ap)
			continue
		}
		if ap == nil {
			continue
		}
		ended := o.ApprovalStatus == opening.ApprovalStatusApproved || o.ApprovalStatus == opening.ApprovalStatusRejected
		if ended != (ap.TimeCompleted != nil) || ap.Status != string(o.ApprovalStatus) {
			t.Errorf("opening %s (%s): approval process %s completed %v", o.Name, o.ApprovalStatus, ap.Status, ap.TimeCompleted)
		}
		if ap.TimeCompleted != nil && ap.TimeCompleted.Before(ap.TimeStarted) {
			t.Errorf("opening %s: approval completed before it started", o.Name)
		}
		if (o.ApprovalStatus == opening.ApprovalStatusApproved) != (o.TimeApproved != nil) {
			t.Errorf("opening %s (%s): time_approved %v", o.Name, o.ApprovalStatus, o.TimeApproved)
		}
	}
	people := env.DB.Client.Person.Query().WithCandidates(func(q *ent.CandidateQuery) { q.WithNotes() }).AllX(ctx)
	for _, p := range people {
		for _, c := range p.Edges.Candidates {
			for _, n := range c.Edges.Notes {
				if n.TimeCreated.After(c.TimeHiringProcessUpdated) {
					t.Errorf("candidate %s has a note of %v, after its hiring process was last updated %v", c.ID, n.TimeCreated, c.TimeHiringProcessUpdated)
				}
			}
		}
	}
}
