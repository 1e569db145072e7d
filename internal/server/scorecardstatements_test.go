package server_test

import (
	"regexp"
	"testing"
	"time"

	"github.com/hiregraph/hiregraph/ent/user"
	"github.com/hiregraph/hiregraph/internal/hiregraphtest"
)

// TestScorecardsLoadInConstantStatements reads a batch of candidates with
// their scorecards (ratings, attributes, editable), their summaries and
// their interviews' scorecards (myScorecard too): the statements sent are
// as many for two candidates as for six, so nothing loads per candidate,
// interview or scorecard.
func TestScorecardsLoadInConstantStatements(t *testing.T) {
	env, rec := newRecordingEnv(t)
	ctx := hiregraphtest.System()
	ian := env.DB.Client.User.Query().Where(user.Email("ian.interviewer@acme.example")).OnlyIDX(ctx)
	cands := pipelineCandidates(t, env, 6)[:6]
	templated := map[string]bool{}
	start := env.Clock.Now().UTC().Add(48 * time.Hour).Truncate(time.Hour)
	interviews := make([]string, len(cands))
	for i, c := range cands {
		if !templated[c.PositionID] {
			env.GraphQL(`mutation($p: ID!) { setScorecardTemplate(positionID: $p, input: {ratingScale: 4, attributes: [
				{focus: "Skills", name: "Go"}, {focus: "Culture", name: "Communication"}]}) { id } }`, map[string]any{"p": c.PositionID}).Decode(t, &struct{}{})
			templated[c.PositionID] = true
		}
		at := start.Add(time.Duration(i) * time.Hour)
		var iv struct{ ScheduleInterview struct{ ID string } }
		env.GraphQL(`mutation($in: ScheduleInterviewInput!) { scheduleInterview(input: $in) { id } }`, map[string]any{"in": map[string]any{
			"candidateID": c.ID, "stepID": *c.CurrentStepID, "interviewerIDs": []string{ian},
			"timeStart": at, "timeEnd": at.Add(time.Hour), "timeZone": "Europe/Berlin"}}).Decode(t, &iv)
		interviews[i] = iv.ScheduleInterview.ID
	}
	env.Clock.Set(start.Add(24 * time.Hour))
	token := env.UserToken("ian.interviewer@acme.example")
	for _, iv := range interviews {
		env.GraphQLAs(token, `mutation($i: ID!) { submitScorecard(input: {interviewID: $i, overallRecommendation: YES, notes: "Fine"}) { id } }`,
			map[string]any{"i": iv}).Decode(t, &struct{}{})
	}
	readsScorecards := regexp.MustCompile(`(FROM|JOIN) ["` + "`" + `]scorecard`)
	statements := func(credential string, ids []string) (all, scorecards int) {
		rec.take()
		var out struct{}
		env.GraphQLAs(credential, `query($ids: [ID!]!) { nodes(ids: $ids) { ... on Candidate { id
			scorecards(first: 5) { totalCount edges { node { id editable overallRecommendation notes interviewer { email }
				ratings { rating note attribute { focus name } } } } }
			scorecardSummary { submitted recommendations { recommendation count } attributes { attribute { name } ratings average } }
			interviews(first: 5) { edges { node { id myScorecard { id editable } scorecards { id } } } } } } }`,
			map[string]any{"ids": ids}).Decode(t, &out)
		for _, q := range rec.take() {
			all++
			if readsScorecards.MatchString(q.text) {
				scorecards++
			}
		}
		return all, scorecards
	}
	ids := make([]string, len(cands))
	for i, c := range cands {
		ids[i] = c.ID
	}
	for name, credential := range map[string]string{"ian": token, "the owner": env.UserToken("olivia.owner@acme.example")} {
		all2, sc2 := statements(credential, ids[:2])
		all6, sc6 := statements(credential, ids)
		if all2 != all6 || sc2 != sc6 {
			t.Errorf("%s: %d statements (%d of scorecards) for 2 candidates and %d (%d) for 6, want as many", name, all2, sc2, all6, sc6)
		}
		t.Logf("%s: %d statements, %d of them naming scorecards", name, all6, sc6)
	}
}
