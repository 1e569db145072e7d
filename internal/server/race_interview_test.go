package server_test

import (
	"net/http"
	"testing"
	"time"

	"github.com/hiregraph/hiregraph/ent"
	"github.com/hiregraph/hiregraph/ent/activity"
	"github.com/hiregraph/hiregraph/ent/candidate"
	"github.com/hiregraph/hiregraph/ent/interview"
	"github.com/hiregraph/hiregraph/ent/user"
	"github.com/hiregraph/hiregraph/internal/hiregraphtest"
)

// pipelineCandidates returns the demo's candidates in progress at a step
// of a pipeline, failing t when it has fewer than n.
func pipelineCandidates(t *testing.T, env *hiregraphtest.Env, n int) []*ent.Candidate {
	t.Helper()
	cands := env.DB.Client.Candidate.Query().
		Where(candidate.CompanyID(env.Demo.CompanyUID), candidate.StatusEQ(candidate.StatusInProgress), candidate.CurrentStepIDNotNil(), candidate.Deleted(false)).
		AllX(hiregraphtest.System())
	if len(cands) < n {
		t.Fatalf("the demo has %d candidates in progress on a pipeline, want %d", len(cands), n)
	}
	return cands
}

// TestRaceOneInterviewerOneTime schedules one interviewer at the same time
// from many requests at once, for the company's candidates in turn (so
// the candidates' locks do not line the requests up): exactly one
// interview is scheduled, with one interview.scheduled activity, and
// every other request answers interviewer_busy. On PostgreSQL the
// interviewer's row lock decides.
func TestRaceOneInterviewerOneTime(t *testing.T) {
	env := raceEnv(t)
	ctx := hiregraphtest.System()
	ian := env.DB.Client.User.Query().Where(user.Email("ian.interviewer@acme.example")).OnlyIDX(ctx)
	cands := pipelineCandidates(t, env, 2)
	start := env.Clock.Now().UTC().Add(48 * time.Hour).Truncate(time.Hour)
	results := hiregraphtest.Race(racers, func(i int) *hiregraphtest.GraphQLResponse {
		c := cands[i%len(cands)]
		return env.GraphQL(`mutation($in: ScheduleInterviewInput!) { scheduleInterview(input: $in) { id } }`, map[string]any{"in": map[string]any{
			"candidateID": c.ID, "stepID": *c.CurrentStepID, "interviewerIDs": []string{ian},
			"timeStart": start, "timeEnd": start.Add(time.Hour), "timeZone": "Europe/Berlin"}})
	})
	won := 0
	for i, r := range results {
		switch {
		case len(r.Errors) == 0:
			won++
		case r.Code() != "interviewer_busy" || r.Errors[0].Extensions["status"] != float64(http.StatusConflict):
			t.Errorf("request %d: %d %+v", i, r.Status, r.Errors)
		}
	}
	interviews := env.DB.Client.Interview.Query().Where(interview.HasInterviewersWith(user.ID(ian))).CountX(ctx)
	scheduled := env.DB.Client.Activity.Query().Where(activity.Verb("interview.scheduled")).CountX(ctx)
	if won != 1 || interviews != 1 || scheduled != 1 {
		t.Errorf("%d of %d schedules won, %d interviews and %d interview.scheduled activities; want 1, 1 and 1", won, racers, interviews, scheduled)
	}
}
