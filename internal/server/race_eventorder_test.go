package server_test

import (
	"context"
	"encoding/json"
	"fmt"
	"github.com/hiregraph/hiregraph/internal/permission"
	"net/http"
	"strings"
	"testing"

	"entgo.io/ent/dialect"

	"github.com/hiregraph/hiregraph/ent"
	"github.com/hiregraph/hiregraph/ent/activity"
	"github.com/hiregraph/hiregraph/internal/hiregraphtest"
	"github.com/hiregraph/hiregraph/internal/server"
	"github.com/hiregraph/hiregraph/internal/viewer"
	"github.com/hiregraph/hiregraph/recruiting"
)

// feedEvent is what these tests read of an event of the REST feed.
type feedEvent struct {
	ID       string              `json:"id"`
	Sequence int64               `json:"sequence"`
	Type     string              `json:"type"`
	Object   struct{ ID string } `json:"object"`
}

type feedPage struct {
	Events  []feedEvent `json:"events"`
	Cursor  string      `json:"cursor"`
	HasMore bool        `json:"has_more"`
}

// readFeedAfter walks the feed after cursor page by page.
func readFeedAfter(t *testing.T, env *hiregraphtest.Env, cursor string) ([]feedEvent, string) {
	t.Helper()
	var all []feedEvent
	for {
		r := env.Do(http.MethodGet, "/v1/events?limit=7&after="+cursor, nil)
		if r.Status != http.StatusOK {
			t.Fatalf("feed: %s", r)
		}
		var p feedPage
		r.JSON(t, &p)
		all, cursor = append(all, p.Events...), p.Cursor
		if !p.HasMore {
			return all, cursor
		}
	}
}

// candidateMutations are the writes raced on one candidate, each with the
// verb of the event it records.
var candidateMutations = []struct {
	verb, query string
	vars        func(f raceFixture, i int) map[string]any
}{
	{recruiting.VerbNoteCreated, `mutation($id: ID!, $text: String!) { createNote(candidateID: $id, input: {timeCreated: "2026-03-01T10:00:00Z", createdBy: {type: "other", firstName: "Rita"}, text: $text}) { id } }`,
		func(f raceFixture, i int) map[string]any { return map[string]any{"text": fmt.Sprint("note ", i)} }},
	{recruiting.VerbCandidateMoved, `mutation($id: ID!, $s: ID!) { moveCandidate(id: $id, toStepID: $s) { id } }`,
		func(f raceFixture, i int) map[string]any { return map[string]any{"s": f.steps[i%len(f.steps)]} }},
	{recruiting.VerbCandidateRejected, `mutation($id: ID!, $r: ID!) { rejectCandidate(id: $id, input: {reasonID: $r}) { id } }`,
		func(f raceFixture, i int) map[string]any { return map[string]any{"r": f.reason} }},
	{recruiting.VerbCandidateRevived, `mutation($id: ID!) { reviveCandidate(id: $id) { id } }`,
		func(f raceFixture, i int) map[string]any { return nil }},
	{recruiting.VerbCandidateAssigned, `mutation($id: ID!, $u: [ID!]!) { assignCandidate(id: $id, userIDs: $u) { id } }`,
		func(f raceFixture, i int) map[string]any {
			return map[string]any{"u": []string{f.users[i%len(f.users)]}}
		}},
	{recruiting.VerbCandidateUnassigned, `mutation($id: ID!, $u: [ID!]!) { unassignCandidate(id: $id, userIDs: $u) { id } }`,
		func(f raceFixture, i int) map[string]any {
			return map[string]any{"u": []string{f.users[i%len(f.users)]}}
		}},
	{recruiting.VerbPersonUpdated, `mutation($p: ID!, $last: String!) { updatePerson(id: $p, input: {lastName: $last}) { id } }`,
		func(f raceFixture, i int) map[string]any {
			return map[string]any{"p": f.person, "last": fmt.Sprint("Lamarr ", i)}
		}},
}

// settledEnd waits until the feed lists every event the company has
// stored, and returns the cursor after the last.
func settledEnd(t *testing.T, env *hiregraphtest.Env) string {
	t.Helper()
	stored, err := env.DB.Client.Activity.Query().
		Where(activity.CompanyID(env.Demo.CompanyUID), activity.SequenceNotNil()).Count(hiregraphtest.System())
	if err != nil {
		t.Fatal(err)
	}
	var cursor string
	hiregraphtest.Settled(t, func() int {
		var all []feedEvent
		all, cursor = readFeedAfter(t, env, "")
		return len(all)
	}, func(n int) bool { return n == stored })
	return cursor
}

type raceFixture struct {
	candidate, person, reason string
	steps, users              []string
}

func newRaceFixture(t *testing.T, env *hiregraphtest.Env) raceFixture {
	t.Helper()
	var out struct {
		CreateCandidate struct {
			ID       string
			Person   struct{ ID string }
			Position struct {
				Pipeline []struct{ ID, Kind string }
			}
		}
		RejectionReasons struct {
			Edges []struct{ Node struct{ ID string } }
		}
		Users struct {
			Edges []struct{ Node struct{ ID string } }
		}
	}
	env.GraphQL(`mutation($in: CreateCandidateInput!) { createCandidate(input: $in) { id person { id } position { pipeline { id kind } } } }`,
		map[string]any{"in": map[string]any{"positionID": env.Demo.PublishedPositionUID,
			"person": map[string]any{"firstName": "Hedy", "lastName": "Lamarr", "email": "hedy@example.com"}}}).Decode(t, &out)
	env.GraphQL(`{ rejectionReasons(first: 1) { edges { node { id } } } users(first: 3) { edges { node { id } } } }`, nil).Decode(t, &out)
	f := raceFixture{candidate: out.CreateCandidate.ID, person: out.CreateCandidate.Person.ID, reason: out.RejectionReasons.Edges[0].Node.ID}
	for _, st := range out.CreateCandidate.Position.Pipeline {
		if st.Kind != "HIRED" {
			f.steps = append(f.steps, st.ID)
		}
	}
	for _, u := range out.Users.Edges {
		f.users = append(f.users, u.Node.ID)
	}
	return f
}

// TestRacingMutationsOfOneCandidateNeitherDeadlockNorLoseEvents fires 50
// mutations of one candidate at once, every pair of kinds among them
// (note, move, reject, revive, assign, unassign, update of its person),
// which take the candidate's and its person's rows: none answers a 500 or
// a deadlock, a refused one is a business error, each that succeeded has
// its event, and the feed read afterwards lists every event once, in its
// order.
func TestRacingMutationsOfOneCandidateNeitherDeadlockNorLoseEvents(t *testing.T) {
	env := hiregraphtest.NewWithConfig(t, func(c *server.Config) { c.APIRatePerMinute, c.APIBurst = 1<<20, 1<<20 })
	f := newRaceFixture(t, env)
	start := settledEnd(t, env)

	const n = 50
	results := hiregraphtest.Race(n, func(i int) *hiregraphtest.GraphQLResponse {
		m := candidateMutations[i%len(candidateMutations)]
		vars := map[string]any{"id": f.candidate}
		for k, v := range m.vars(f, i) {
			vars[k] = v
		}
		return env.GraphQL(m.query, vars)
	})
	succeeded := map[string]int{}
	for i, r := range results {
		verb := candidateMutations[i%len(candidateMutations)].verb
		switch code := r.Code(); {
		case r.Status >= 500 || code == "internal_error" || strings.Contains(strings.ToLower(fmt.Sprint(r.Errors)), "deadlock"):
			t.Errorf("%s %d: %d %+v", verb, i, r.Status, r.Errors)
		case code == "":
			succeeded[verb]++
		}
	}

	want := 0
	for _, c := range succeeded {
		want += c
	}
	events := hiregraphtest.Settled(t, func() []feedEvent { all, _ := readFeedAfter(t, env, start); return all },
		func(all []feedEvent) bool { return len(all) >= want })
	written := map[string]int{}
	seen := map[string]bool{}
	for _, ev := range events {
		if seen[ev.ID] {
			t.Errorf("event %s listed twice", ev.ID)
		}
		seen[ev.ID] = true
		written[ev.Type]++
	}
	for verb, c := range succeeded {
		if written[verb] != c {
			t.Errorf("%d %s succeeded, %d events of it listed (all succeeded: %v, listed: %v)", c, verb, written[verb], succeeded, written)
		}
	}
	if len(events) != want {
		t.Errorf("%d events listed, want one for each of %d writes that succeeded", len(events), want)
	}
	ids := make([]string, len(events))
	for i, ev := range events {
		ids[i] = recruiting.ActivityOfEvent(ev.ID)
	}
	stored, err := env.DB.Client.Activity.Query().Where(activity.IDIn(ids...)).All(hiregraphtest.System())
	if err != nil {
		t.Fatal(err)
	}
	place := map[string]recruiting.FeedPlace{}
	for _, a := range stored {
		place[recruiting.EventIDOf(a.ID)] = recruiting.PlaceOf(a)
	}
	for i := 1; i < len(events); i++ {
		if place[events[i-1].ID].Compare(place[events[i].ID]) >= 0 {
			t.Errorf("event %s at %v listed after %s at %v", events[i].ID, place[events[i].ID], events[i-1].ID, place[events[i-1].ID])
		}
	}
}

// TestFeedNeverSkipsAnEventCommittedLate holds two transactions open
// through the service's database handle: A numbers its event first, B
// numbers a later one and commits first. While A is open, a consumer
// polling the feed is not shown B (which would move its cursor past A's
// place); once A commits, the consumer's next read lists A, then B.
// SQLite has one writer, so there the two cannot overlap and events
// commit in the order of their places.
func TestFeedNeverSkipsAnEventCommittedLate(t *testing.T) {
	env := hiregraphtest.New(t)
	if env.DB.Dialect != dialect.Postgres {
		t.Skip("SQLite's one writer runs transactions one at a time: events commit in the order of their places")
	}
	// A and B write to two candidates, so B does not wait for A's lock
	// on A's candidate.
	other := newRaceFixture(t, env).candidate
	cursor := settledEnd(t, env)
	service := recruiting.New(recruiting.Dependencies{Client: env.DB.Client, Dialect: env.DB.Dialect})
	ctx := viewer.NewContext(context.Background(), viewer.ForKey(env.Demo.CompanyUID, env.Demo.APIKeyID, permission.CoarseScopes))
	note := func(tx *ent.Tx, candidateID, text string) string {
		t.Helper()
		var in recruiting.CreateNoteInput
		if err := json.Unmarshal([]byte(`{"time_created":"2026-03-01T10:00:00Z","created_by":{"type":"app","first_name":"Late"},"text":"`+text+`"}`), &in); err != nil {
			t.Fatal(err)
		}
		n, err := service.CreateNote(ent.NewTxContext(ctx, tx), candidateID, in)
		if err != nil {
			t.Fatalf("note %s: %v", text, err)
		}
		return n.ID
	}
	begin := func() *ent.Tx {
		tx, err := env.DB.Client.Tx(ctx)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { tx.Rollback() })
		return tx
	}
	a := begin()
	noteA := note(a, env.Demo.CandidateUID, "A")
	b := begin()
	noteB := note(b, other, "B")
	if err := b.Commit(); err != nil {
		t.Fatal(err)
	}
	// B is committed, but A, older, may still commit before it: B is
	// held back, however often the consumer polls.
	for range 3 {
		events, next := readFeedAfter(t, env, cursor)
		if len(events) != 0 {
			t.Fatalf("while A is open the feed lists %+v", events)
		}
		cursor = next
	}
	if err := a.Commit(); err != nil {
		t.Fatal(err)
	}
	events := hiregraphtest.Settled(t, func() []feedEvent { all, _ := readFeedAfter(t, env, cursor); return all },
		func(all []feedEvent) bool { return len(all) >= 2 })
	if len(events) != 2 || events[0].Object.ID != noteA || events[1].Object.ID != noteB {
		t.Fatalf("after A commits the consumer reads %+v, want note %s, then %s", events, noteA, noteB)
	}
}
