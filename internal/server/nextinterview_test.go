package server_test

import (
	"regexp"
	"testing"
	"time"

	"github.com/hiregraph/hiregraph/ent/user"
	"github.com/hiregraph/hiregraph/internal/hiregraphtest"
)

// TestNextInterview schedules interviews for six candidates, the first
// with one that has ended, one cancelled, and two to come: each candidate's
// nextInterview is its earliest scheduled interview not ended by the
// server's clock, and it is read for two candidates in as many statements
// as for six, one of them of interviews. A scorecard summary read without
// its attributes reads no ratings or attributes.
func TestNextInterview(t *testing.T) {
	env, rec := newRecordingEnv(t)
	ian := env.DB.Client.User.Query().Where(user.Email("ian.interviewer@acme.example")).OnlyIDX(hiregraphtest.System())
	cands := pipelineCandidates(t, env, 6)[:6]
	start := env.Clock.Now().UTC().Add(48 * time.Hour).Truncate(time.Hour)
	schedule := func(candidate, step string, hours int) string {
		at := start.Add(time.Duration(hours) * time.Hour)
		var iv struct{ ScheduleInterview struct{ ID string } }
		env.GraphQL(`mutation($in: ScheduleInterviewInput!) { scheduleInterview(input: $in) { id } }`, map[string]any{"in": map[string]any{
			"candidateID": candidate, "stepID": step, "interviewerIDs": []string{ian},
			"timeStart": at, "timeEnd": at.Add(time.Hour), "timeZone": "Europe/Berlin"}}).Decode(t, &iv)
		return iv.ScheduleInterview.ID
	}
	first := cands[0]
	schedule(first.ID, *first.CurrentStepID, 0) // ends before the clock below
	cancelled := schedule(first.ID, *first.CurrentStepID, 10)
	want := map[string]string{first.ID: schedule(first.ID, *first.CurrentStepID, 30)}
	schedule(first.ID, *first.CurrentStepID, 40)
	env.GraphQL(`mutation($id: ID!) { cancelInterview(id: $id) { id } }`, map[string]any{"id": cancelled}).Decode(t, &struct{}{})
	ids := []string{first.ID}
	for i, c := range cands[1:] {
		want[c.ID] = schedule(c.ID, *c.CurrentStepID, 50+i)
		ids = append(ids, c.ID)
	}
	env.Clock.Set(start.Add(2 * time.Hour))

	readsInterviews := regexp.MustCompile(`FROM ["` + "`" + `]interviews`)
	readsRatings := regexp.MustCompile(`(FROM|JOIN) ["` + "`" + `]scorecard_(ratings|attributes)`)
	read := func(ids []string) (all, interviews int) {
		rec.take()
		var out struct {
			Nodes []struct {
				ID            string
				NextInterview *struct{ ID string }
			}
		}
		env.GraphQL(`query($ids: [ID!]!) { nodes(ids: $ids) { ... on Candidate { id nextInterview { id timeStart }
			scorecardSummary { submitted recommendations { recommendation count } } } } }`, map[string]any{"ids": ids}).Decode(t, &out)
		for _, n := range out.Nodes {
			if n.NextInterview == nil || n.NextInterview.ID != want[n.ID] {
				t.Errorf("candidate %s: next interview %+v, want %s", n.ID, n.NextInterview, want[n.ID])
			}
		}
		for _, q := range rec.take() {
			all++
			if readsInterviews.MatchString(q.text) {
				interviews++
			}
			if readsRatings.MatchString(q.text) {
				t.Errorf("a summary without attributes reads ratings or attributes: %s", q.text)
			}
		}
		return all, interviews
	}
	all2, iv2 := read(ids[:2])
	all6, iv6 := read(ids)
	if all2 != all6 || iv6 != 1 || iv2 != 1 {
		t.Errorf("%d statements (%d of interviews) for 2 candidates and %d (%d) for 6, want as many and one of interviews", all2, iv2, all6, iv6)
	}
}

// TestNextInterviewReadsWhatItShows reads a candidate's next interview
// twice in one operation: as a board card shows it (when it is), which
// reads only those columns, and with its location and instructions, which
// reads the whole interview. Each answer holds what it asked for.
func TestNextInterviewReadsWhatItShows(t *testing.T) {
	env, rec := newRecordingEnv(t)
	ian := env.DB.Client.User.Query().Where(user.Email("ian.interviewer@acme.example")).OnlyIDX(hiregraphtest.System())
	c := pipelineCandidates(t, env, 1)[0]
	at := env.Clock.Now().UTC().Add(48 * time.Hour).Truncate(time.Hour)
	env.GraphQL(`mutation($in: ScheduleInterviewInput!) { scheduleInterview(input: $in) { id } }`, map[string]any{"in": map[string]any{
		"candidateID": c.ID, "stepID": *c.CurrentStepID, "interviewerIDs": []string{ian}, "timeStart": at, "timeEnd": at.Add(time.Hour),
		"timeZone": "Europe/Berlin", "location": "Room 4", "instructions": "Ask about Go"}}).Decode(t, &struct{}{})

	rec.take()
	var out struct {
		Node struct {
			Card struct {
				TimeStart time.Time
				TimeZone  string
			}
			Full struct {
				TimeStart              time.Time
				Location, Instructions string
			}
		}
	}
	env.GraphQL(`query($id: ID!) { node(id: $id) { ... on Candidate {
		card: nextInterview { id timeStart timeZone __typename }
		full: nextInterview { timeStart location instructions } } } }`, map[string]any{"id": c.ID}).Decode(t, &out)
	card, full := out.Node.Card, out.Node.Full
	if !card.TimeStart.Equal(at) || card.TimeZone != "Europe/Berlin" {
		t.Errorf("card: %+v, want %s in Europe/Berlin", card, at)
	}
	if !full.TimeStart.Equal(at) || full.Location != "Room 4" || full.Instructions != "Ask about Go" {
		t.Errorf("full: %+v, want %s in Room 4 with its instructions", full, at)
	}
	var projected, whole int
	for _, q := range rec.take() {
		if !regexp.MustCompile(`FROM ["` + "`" + `]interviews`).MatchString(q.text) {
			continue
		}
		if regexp.MustCompile(`instructions`).MatchString(q.text) {
			whole++
		} else {
			projected++
		}
	}
	if projected != 1 || whole != 1 {
		t.Errorf("read the interviews %d times by their times and %d whole, want once each", projected, whole)
	}
}
