package rest_test

import (
	"fmt"
	"net/http"
	"sync"
	"testing"

	"github.com/hiregraph/hiregraph/internal/hiregraphtest"
)

type feedEvent struct {
	ID          string `json:"id"`
	Sequence    int64  `json:"sequence"`
	Type        string `json:"type"`
	TimeCreated string `json:"time_created"`
	Actor       struct {
		Type string `json:"type"`
		ID   string `json:"id"`
	} `json:"actor"`
	Object struct {
		Type string         `json:"type"`
		ID   string         `json:"id"`
		Data map[string]any `json:"data"`
	} `json:"object"`
}

type feedPage struct {
	Events  []feedEvent `json:"events"`
	Cursor  string      `json:"cursor"`
	HasMore bool        `json:"has_more"`
}

func readFeed(t *testing.T, env *hiregraphtest.Env, query string) feedPage {
	t.Helper()
	r := env.Do(http.MethodGet, "/v1/events"+query, nil)
	if r.Status != http.StatusOK {
		t.Fatalf("GET /v1/events%s: %s", query, r)
	}
	var p feedPage
	r.JSON(t, &p)
	return p
}

// readAll walks the whole feed page by page.
func readAll(t *testing.T, env *hiregraphtest.Env) []feedEvent {
	t.Helper()
	var all []feedEvent
	cursor := ""
	for {
		p := readFeed(t, env, "?limit=7&after="+cursor)
		all = append(all, p.Events...)
		cursor = p.Cursor
		if !p.HasMore {
			return all
		}
	}
}

// settledAfter reads the feed after cursor once it lists n events.
func settledAfter(t *testing.T, env *hiregraphtest.Env, cursor string, n int) feedPage {
	t.Helper()
	return hiregraphtest.Settled(t, func() feedPage { return readFeed(t, env, "?after="+cursor) },
		func(p feedPage) bool { return len(p.Events) >= n })
}

// createSettledNote creates a note and waits until the feed lists it, so
// an endpoint created next is sure not to get it.
func createSettledNote(t *testing.T, env *hiregraphtest.Env) {
	t.Helper()
	start := readFeed(t, env, "")
	createNote(t, env)
	settledAfter(t, env, start.Cursor, 1)
}

func createNote(t *testing.T, env *hiregraphtest.Env) string {
	t.Helper()
	r := env.Do(http.MethodPost, notePath(env.Demo.CandidateUID), validNote(env))
	if r.Status != http.StatusCreated {
		t.Fatalf("note: %s", r)
	}
	var n struct{ UID string }
	r.JSON(t, &n)
	return n.UID
}

// TestChangeFeed: every note announces itself in the feed with its shape,
// in order, page by page, and a client resumes where it left off.
func TestChangeFeed(t *testing.T) {
	env := hiregraphtest.New(t)
	start := readFeed(t, env, "")
	var notes []string
	for range 3 {
		notes = append(notes, createNote(t, env))
	}
	settledAfter(t, env, start.Cursor, len(notes))
	p := readFeed(t, env, "?limit=2&after="+start.Cursor)
	if len(p.Events) != 2 || !p.HasMore {
		t.Fatalf("first page: %+v", p)
	}
	rest := readFeed(t, env, "?after="+p.Cursor)
	if len(rest.Events) != 1 || rest.HasMore {
		t.Fatalf("second page: %+v", rest)
	}
	events := append(p.Events, rest.Events...)
	for i, ev := range events {
		if ev.Type != "note.created" || ev.Object.Type != "Note" || ev.Object.ID != notes[i] {
			t.Errorf("event %d = %+v, want note.created of %s", i, ev, notes[i])
		}
		if _, edges := ev.Object.Data["edges"]; ev.Object.Data["id"] != notes[i] || ev.Object.Data["text"] == nil || edges {
			t.Errorf("event %d carries %v, want the note's shape", i, ev.Object.Data)
		}
		if ev.Actor.Type != "API_KEY" || ev.ID == "" || ev.TimeCreated == "" {
			t.Errorf("event %d: %+v", i, ev)
		}
		if i > 0 && ev.Sequence <= events[i-1].Sequence {
			t.Errorf("sequence %d follows %d", ev.Sequence, events[i-1].Sequence)
		}
	}
	if end := readFeed(t, env, "?after="+rest.Cursor); len(end.Events) != 0 || end.Cursor != rest.Cursor {
		t.Errorf("after the last event: %+v", end)
	}
	none := readFeed(t, env, "?types=message.created&after="+start.Cursor)
	if len(none.Events) != 0 || none.Cursor == start.Cursor || len(readFeed(t, env, "?after="+none.Cursor).Events) != 0 {
		t.Errorf("types=message.created: %+v, want no event and the cursor moved past the notes", none)
	}
	if some := readFeed(t, env, "?types=note.created,message.created&after="+start.Cursor); len(some.Events) != 3 {
		t.Errorf("types=note.created: %d events", len(some.Events))
	}
}

func TestChangeFeedRefusesBadParameters(t *testing.T) {
	env := hiregraphtest.New(t)
	env.Do(http.MethodGet, "/v1/events?after=abc", nil).AssertError(t, http.StatusBadRequest, "bad_request", "after")
	env.Do(http.MethodGet, "/v1/events?after=-1", nil).AssertError(t, http.StatusBadRequest, "bad_request", "after")
	env.Do(http.MethodGet, "/v1/events?limit=0", nil).AssertError(t, http.StatusBadRequest, "bad_request", "limit")
	// Like every REST list, a limit above the maximum is read as the maximum.
	if r := env.Do(http.MethodGet, "/v1/events?limit=501", nil); r.Status != http.StatusOK {
		t.Errorf("limit=501: %s, want 200", r)
	}
}

// TestChangeFeedListsConcurrentWritesOnce: writers racing on one company
// take no lock of the company's, and the feed lists each event once.
func TestChangeFeedListsConcurrentWritesOnce(t *testing.T) {
	env := hiregraphtest.New(t)
	before := len(readAll(t, env))
	const writers, each = 4, 5
	var wg sync.WaitGroup
	for range writers {
		wg.Go(func() {
			for range each {
				r := env.Do(http.MethodPost, notePath(env.Demo.CandidateUID), validNote(env))
				if r.Status != http.StatusCreated {
					t.Errorf("note: %s", r)
				}
			}
		})
	}
	wg.Wait()
	all := hiregraphtest.Settled(t, func() []feedEvent { return readAll(t, env) },
		func(all []feedEvent) bool { return len(all) >= before+writers*each })
	if len(all) != before+writers*each {
		t.Fatalf("%d events, want %d", len(all), before+writers*each)
	}
	seen := map[int64]bool{}
	for _, ev := range all {
		if seen[ev.Sequence] {
			t.Fatalf("sequence %d twice: %s", ev.Sequence, fmt.Sprint(all))
		}
		seen[ev.Sequence] = true
	}
}

// TestChangeFeedRefusesRolesLimitedToTheirPositions: the feed carries every
// position's records, so a hiring manager, who sees only the positions
// assigned to them, is refused it rather than given a feed with holes.
func TestChangeFeedRefusesRolesLimitedToTheirPositions(t *testing.T) {
	env := hiregraphtest.New(t)
	createNote(t, env)
	env.DoWith(http.MethodGet, "/v1/events", nil, map[string]string{"Authorization": "Bearer " + env.UserToken("hank.manager@acme.example")}).
		AssertError(t, http.StatusForbidden, "forbidden", "every position")
}
