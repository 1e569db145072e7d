package server_test

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"entgo.io/ent/dialect"

	"github.com/hiregraph/hiregraph/ent"
	"github.com/hiregraph/hiregraph/ent/activity"
	"github.com/hiregraph/hiregraph/ent/candidate"
	"github.com/hiregraph/hiregraph/ent/schema/schematype"
	"github.com/hiregraph/hiregraph/ent/scorecard"
	"github.com/hiregraph/hiregraph/internal/demo"
	"github.com/hiregraph/hiregraph/internal/hiregraphtest"
	"github.com/hiregraph/hiregraph/internal/viewer"
)

// nestedFixture is three positions with 0, 7 and 12 candidates, whose
// statuses and creation times interleave, and notes, conversations, test
// submissions, files and activities on some candidates; test submissions go
// to two partners.
type nestedFixture struct {
	positions  []string
	candidates map[string][]*ent.Candidate // by position, in id order
}

func seedNested(t *testing.T, env *hiregraphtest.Env, company string) nestedFixture {
	t.Helper()
	ctx := viewer.NewContext(context.Background(), viewer.ForService(company))
	c := env.DB.Client
	f := nestedFixture{candidates: map[string][]*ent.Candidate{}}
	base := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	partners := c.EvaluationPartner.Query().IDsX(ctx)
	partners = append(partners, c.EvaluationPartner.Create().SetName("Nested partner").SetSubmitURL("https://partner.example/submit").SaveX(ctx).ID)
	interviewer := c.User.Query().FirstX(ctx)
	for p, count := range []int{0, 7, 12} {
		pos := c.Position.Create().SetName(fmt.Sprintf("Nested %d", p)).SaveX(ctx)
		f.positions = append(f.positions, pos.ID)
		for i := range count {
			person := c.Person.Create().SetFirstName(fmt.Sprintf("P%d-%d", p, i)).SaveX(ctx)
			status := candidate.StatusInProgress
			if i%3 == 0 {
				status = candidate.StatusRejected
			}
			// Creation times run against id order, so ordering by time
			// differs from the default order.
			at := base.Add(time.Duration((count-i)*7%count) * time.Hour)
			cand := c.Candidate.Create().SetPerson(person).SetPosition(pos).SetStatus(status).SetTimeCreated(at).SaveX(ctx)
			for n := range i % 4 {
				c.Note.Create().SetCandidate(cand).SetTimeCreated(at).SetText(fmt.Sprintf("note %d", n)).
					SetCreatedBy(schematype.Party{Type: "app", FirstName: "Test"}).SaveX(ctx)
			}
			for range i % 3 {
				c.Conversation.Create().SetCandidate(cand).SaveX(ctx)
			}
			if i%2 == 0 {
				c.TestSubmission.Create().SetCandidate(cand).SetPartnerID(partners[i/2%len(partners)]).SetTestID("go").SetStatus("failed").SaveX(ctx)
				c.Activity.Create().SetVerb("candidate.created").SetActorType(activity.ActorTypeSystem).SetObjectType("Candidate").
					SetObjectID(cand.ID).SetCandidateID(cand.ID).SetPositionID(pos.ID).SetTimeCreated(at).SaveX(ctx)
			}
			if i%3 == 1 {
				c.CandidateFile.Create().SetCandidateID(cand.ID).SetFileName("cv.pdf").SetContentType("application/pdf").
					SetSize(1).SetStorageKey(fmt.Sprintf("nested-%s", cand.ID)).SaveX(ctx)
			}
			for n := range i % 3 {
				start := at.Add(time.Duration(n) * time.Hour)
				iv := c.Interview.Create().SetCandidate(cand).SetPosition(pos).SetOrganizer(interviewer).AddInterviewers(interviewer).
					SetTimeStart(start).SetTimeEnd(start.Add(time.Hour)).SetTimeZone("Europe/Berlin").SaveX(ctx)
				c.Scorecard.Create().SetInterview(iv).SetInterviewer(interviewer).SetCandidate(cand).
					SetOverallRecommendation(scorecard.OverallRecommendationYes).SaveX(ctx)
			}
			f.candidates[pos.ID] = append(f.candidates[pos.ID], cand)
		}
	}
	return f
}

type connection struct {
	TotalCount int
	PageInfo   struct {
		HasNextPage, HasPreviousPage bool
		StartCursor, EndCursor       *string
	}
	Edges []struct {
		Cursor string
		Node   struct {
			ID    string
			Notes struct {
				TotalCount int
				Edges      []struct{ Node struct{ ID string } }
			}
			Conversations struct {
				TotalCount int
				Edges      []struct{ Node struct{ ID string } }
			}
		}
	}
}

func (c connection) ids() []string {
	ids := []string{}
	for _, e := range c.Edges {
		ids = append(ids, e.Node.ID)
	}
	return ids
}

// positionCandidates is the data of a positions query with each one's
// candidates.
type positionCandidates struct {
	Positions struct {
		Edges []struct {
			Node struct {
				ID         string
				Candidates connection
			}
		}
	}
}

// byPosition answers each position's candidates by its id.
func (p positionCandidates) byPosition() map[string]connection {
	out := map[string]connection{}
	for _, e := range p.Positions.Edges {
		out[e.Node.ID] = e.Node.Candidates
	}
	return out
}

// nestedCandidates asks for the candidates of the fixture's positions with
// args and the cursors in vars ("after", "before"), and returns each
// position's connection.
func nestedCandidates(t *testing.T, env *hiregraphtest.Env, f nestedFixture, args string, vars map[string]any) map[string]connection {
	t.Helper()
	if vars == nil {
		vars = map[string]any{}
	}
	vars["ids"] = f.positions
	var data positionCandidates
	env.GraphQL(`query($ids: [ID!], $after: Cursor, $before: Cursor) {
	  positions(first: 10, where: {idIn: $ids}) { edges { node { id
	    candidates(`+args+`, after: $after, before: $before) { totalCount pageInfo { hasNextPage hasPreviousPage startCursor endCursor }
	      edges { cursor node { id
	        notes(first: 2) { totalCount edges { node { id } } }
	        conversations(first: 1) { totalCount edges { node { id } } } } } } } } } }`, vars).Decode(t, &data)
	out := data.byPosition()
	if len(out) != len(f.positions) {
		t.Fatalf("got %d positions, want %d", len(out), len(f.positions))
	}
	return out
}

// TestNestedConnectionsPageLikeTopLevelLists checks nested connections
// against the rows themselves: first/after/last/before, orderBy, where,
// pageInfo and totalCount per parent, and a second level of nesting (notes,
// conversations) under each candidate.
func TestNestedConnectionsPageLikeTopLevelLists(t *testing.T) {
	env := hiregraphtest.New(t)
	f := seedNested(t, env, env.Demo.CompanyUID)
	byID := func(a, b *ent.Candidate) int { return strings.Compare(a.ID, b.ID) }
	byTimeDesc := func(a, b *ent.Candidate) int {
		if c := b.TimeCreated.Compare(a.TimeCreated); c != 0 {
			return c
		}
		return strings.Compare(a.ID, b.ID)
	}
	inProgress := func(c *ent.Candidate) bool { return c.Status == candidate.StatusInProgress }
	all := func(*ent.Candidate) bool { return true }

	first := nestedCandidates(t, env, f, "first: 4", nil)
	// The cursor of the 2nd candidate of the largest position, applied to
	// every position.
	big := f.positions[2]
	cursor := first[big].Edges[1].Cursor
	pivot := f.candidates[big][1]

	for _, tc := range []struct {
		name     string
		args     string
		vars     map[string]any
		keep     func(*ent.Candidate) bool
		order    func(a, b *ent.Candidate) int
		after    func(*ent.Candidate) bool // nil: no cursor
		first    int
		last     int
		wantNext func(kept int) bool
	}{
		{name: "first", args: "first: 4", keep: all, order: byID, first: 4},
		{name: "after", args: "first: 4", vars: map[string]any{"after": cursor}, keep: all, order: byID,
			after: func(c *ent.Candidate) bool { return c.ID > pivot.ID }, first: 4},
		{name: "where and orderBy", args: "first: 3, where: {status: IN_PROGRESS}, orderBy: [{field: TIME_CREATED, direction: DESC}]",
			keep: inProgress, order: byTimeDesc, first: 3},
		{name: "last before", args: "last: 3", vars: map[string]any{"before": cursor}, keep: all, order: byID,
			after: func(c *ent.Candidate) bool { return c.ID < pivot.ID }, last: 3},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := nestedCandidates(t, env, f, tc.args, tc.vars)
			for _, pos := range f.positions {
				var rows []*ent.Candidate
				for _, c := range f.candidates[pos] {
					if tc.keep(c) {
						rows = append(rows, c)
					}
				}
				total := len(rows)
				slices.SortFunc(rows, tc.order)
				if tc.after != nil {
					rows = slices.DeleteFunc(rows, func(c *ent.Candidate) bool { return !tc.after(c) })
				}
				more := false
				switch {
				case tc.first > 0 && len(rows) > tc.first:
					rows, more = rows[:tc.first], true
				case tc.last > 0 && len(rows) > tc.last:
					rows, more = rows[len(rows)-tc.last:], true
				}
				want := []string{}
				for _, c := range rows {
					want = append(want, c.ID)
				}
				conn := got[pos]
				if !slices.Equal(conn.ids(), want) {
					t.Errorf("position %d: ids %v, want %v", slices.Index(f.positions, pos), conn.ids(), want)
				}
				if conn.TotalCount != total {
					t.Errorf("position %d: totalCount %d, want %d", slices.Index(f.positions, pos), conn.TotalCount, total)
				}
				// Relay: first/after pages tell hasNextPage, last/before
				// pages hasPreviousPage.
				hasMore := conn.PageInfo.HasNextPage
				if tc.last > 0 {
					hasMore = conn.PageInfo.HasPreviousPage
				}
				if hasMore != more {
					t.Errorf("position %d: pageInfo %+v, want another page %v", slices.Index(f.positions, pos), conn.PageInfo, more)
				}
			}
		})
	}

	// Without pageInfo the row past the page is not read (it tells only
	// whether another page follows): the pages are the same, first or last.
	for _, args := range []string{"first: 4", "last: 3"} {
		var data positionCandidates
		env.GraphQL(`query($ids: [ID!]) { positions(first: 10, where: {idIn: $ids}) { edges { node { id
		  candidates(`+args+`) { edges { node { id } } } } } } }`, map[string]any{"ids": f.positions}).Decode(t, &data)
		withPageInfo, withoutPageInfo := nestedCandidates(t, env, f, args, nil), data.byPosition()
		if len(withoutPageInfo) != len(f.positions) {
			t.Fatalf("%s without pageInfo: got %d positions, want %d", args, len(withoutPageInfo), len(f.positions))
		}
		for id, conn := range withoutPageInfo {
			if want := withPageInfo[id].ids(); !slices.Equal(conn.ids(), want) {
				t.Errorf("%s, position %s without pageInfo: ids %v, want %v", args, id, conn.ids(), want)
			}
		}
	}

	// Second level: each candidate's first 2 notes and first conversation.
	for _, pos := range f.positions {
		for _, e := range first[pos].Edges {
			c := findCandidate(f.candidates[pos], e.Node.ID)
			want := env.DB.Client.Candidate.QueryNotes(c).IDsX(asViewer(env))
			slices.Sort(want)
			total := len(want)
			if len(want) > 2 {
				want = want[:2]
			}
			got := []string{}
			for _, n := range e.Node.Notes.Edges {
				got = append(got, n.Node.ID)
			}
			if !slices.Equal(got, want) || e.Node.Notes.TotalCount != total {
				t.Errorf("candidate %s: notes %v (total %d), want %v (total %d)", c.ID, got, e.Node.Notes.TotalCount, want, total)
			}
			convs := env.DB.Client.Candidate.QueryConversations(c).IDsX(asViewer(env))
			slices.Sort(convs)
			if e.Node.Conversations.TotalCount != len(convs) ||
				(len(convs) > 0 && (len(e.Node.Conversations.Edges) != 1 || e.Node.Conversations.Edges[0].Node.ID != convs[0])) {
				t.Errorf("candidate %s: conversations %+v, want first of %v", c.ID, e.Node.Conversations, convs)
			}
		}
	}
}

// TestNestedConnectionsStayInTheTenant points another company's candidate
// at one of our positions (a broken row, as a bug or a hand-written import
// could leave): nested connections and their totalCount must not show it.
func TestNestedConnectionsStayInTheTenant(t *testing.T) {
	env := hiregraphtest.New(t)
	f := seedNested(t, env, env.Demo.CompanyUID)
	other, err := demo.Seed(context.Background(), env.DB.Client, env.Sealer, "Other Corp")
	if err != nil {
		t.Fatal(err)
	}
	foreign := seedNested(t, env, other.CompanyUID)
	intruder := foreign.candidates[foreign.positions[1]][0]
	target := f.positions[1]
	q := "UPDATE candidates SET position_id = ? WHERE id = ?"
	if env.DB.Dialect == dialect.Postgres {
		q = "UPDATE candidates SET position_id = $1 WHERE id = $2"
	}
	if _, err := env.DB.SQL.Exec(q, target, intruder.ID); err != nil {
		t.Fatal(err)
	}
	got := nestedCandidates(t, env, f, "first: 15", nil)
	if ids := got[target].ids(); slices.Contains(ids, intruder.ID) || len(ids) != len(f.candidates[target]) {
		t.Errorf("position's candidates %v include another company's %s or miss some", ids, intruder.ID)
	}
	if got[target].TotalCount != len(f.candidates[target]) {
		t.Errorf("totalCount %d counts another company's candidate, want %d", got[target].TotalCount, len(f.candidates[target]))
	}
}

func asViewer(env *hiregraphtest.Env) context.Context {
	return viewer.NewContext(context.Background(), viewer.ForService(env.Demo.CompanyUID))
}

func findCandidate(cs []*ent.Candidate, id string) *ent.Candidate {
	for _, c := range cs {
		if c.ID == id {
			return c
		}
	}
	return nil
}
