package server_test

import (
	"regexp"
	"testing"
	"time"

	"github.com/hiregraph/hiregraph/ent/user"
	"github.com/hiregraph/hiregraph/internal/hiregraphtest"
)

// TestAgendaLoadsInConstantStatements reads an interviewer's agenda
// (viewer.interviews, with each interview's candidate, position, step and
// interviewers) and a page of candidates with their interviews: the
// statements sent are as many for a page of two interviews as for a page
// of six, so nothing loads per row.
func TestAgendaLoadsInConstantStatements(t *testing.T) {
	env, rec := newRecordingEnv(t)
	ctx := hiregraphtest.System()
	id := func(email string) string { return env.DB.Client.User.Query().Where(user.Email(email)).OnlyIDX(ctx) }
	ian, hank := id("ian.interviewer@acme.example"), id("hank.manager@acme.example")
	cands := pipelineCandidates(t, env, 6)
	start := env.Clock.Now().UTC().Add(48 * time.Hour).Truncate(time.Hour)
	for i, c := range cands[:6] {
		at := start.Add(time.Duration(i) * time.Hour)
		env.GraphQL(`mutation($in: ScheduleInterviewInput!) { scheduleInterview(input: $in) { id } }`, map[string]any{"in": map[string]any{
			"candidateID": c.ID, "stepID": *c.CurrentStepID, "interviewerIDs": []string{ian, hank},
			"timeStart": at, "timeEnd": at.Add(time.Hour), "timeZone": "Europe/Berlin"}}).Decode(t, &struct{}{})
	}
	token := env.UserToken("ian.interviewer@acme.example")
	readsInterviews := regexp.MustCompile(`(FROM|JOIN) ["` + "`" + `]interview`)
	statements := func(query string, vars map[string]any) (all, interviews int) {
		rec.take()
		var out struct{}
		env.GraphQLAs(token, query, vars).Decode(t, &out)
		for _, q := range rec.take() {
			all++
			if readsInterviews.MatchString(q.text) {
				interviews++
			}
		}
		return all, interviews
	}
	agenda := `query($n: Int) { viewer { interviews(first: $n) { totalCount edges { node {
		id timeStart candidate { id person { firstName } } position { name } step { name } interviewers { email } organizer { email } } } } } }`
	all2, iv2 := statements(agenda, map[string]any{"n": 2})
	all6, iv6 := statements(agenda, map[string]any{"n": 6})
	if all2 != all6 || iv2 != iv6 {
		t.Errorf("the agenda took %d statements (%d of interviews) for 2 interviews and %d (%d) for 6, want as many", all2, iv2, all6, iv6)
	}
	t.Logf("agenda: %d statements, %d of them naming interviews (the candidates' privacy rule does too)", all6, iv6)
	ids := make([]string, 6)
	for i, c := range cands[:6] {
		ids[i] = c.ID
	}
	nested := `query($ids: [ID!]!) { nodes(ids: $ids) { ... on Candidate { id interviews(first: 5) { totalCount edges { node { id interviewers { email } } } } } } }`
	all2, iv2 = statements(nested, map[string]any{"ids": ids[:2]})
	all6, iv6 = statements(nested, map[string]any{"ids": ids})
	if all2 != all6 || iv2 != iv6 {
		t.Errorf("Candidate.interviews took %d statements (%d of interviews) for 2 candidates and %d (%d) for 6, want as many", all2, iv2, all6, iv6)
	}
	t.Logf("Candidate.interviews: %d statements, %d of them naming interviews", all6, iv6)
}
