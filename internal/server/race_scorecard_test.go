package server_test

import (
	"testing"
	"time"

	"github.com/hiregraph/hiregraph/ent/activity"
	"github.com/hiregraph/hiregraph/ent/scorecard"
	"github.com/hiregraph/hiregraph/ent/scorecardrating"
	"github.com/hiregraph/hiregraph/ent/user"
	"github.com/hiregraph/hiregraph/internal/hiregraphtest"
)

// TestRaceOneScorecardPerInterviewer submits one interviewer's scorecard
// on one interview from many requests at once: exactly one scorecard
// exists afterwards, with one rating, one scorecard.submitted activity
// and an update for every other request. The candidate's row lock lines
// them up; the unique index on (interview, interviewer) would refuse a
// second scorecard.
func TestRaceOneScorecardPerInterviewer(t *testing.T) {
	env := raceEnv(t)
	ctx := hiregraphtest.System()
	ian := env.DB.Client.User.Query().Where(user.Email("ian.interviewer@acme.example")).OnlyIDX(ctx)
	c := pipelineCandidates(t, env, 1)[0]
	var template struct {
		SetScorecardTemplate struct {
			ScorecardTemplate struct{ Attributes []struct{ ID string } }
		}
	}
	env.GraphQL(`mutation($p: ID!) { setScorecardTemplate(positionID: $p, input: {ratingScale: 5, attributes: [{focus: "Skills", name: "Go"}]}) {
		scorecardTemplate { attributes { id } } } }`, map[string]any{"p": c.PositionID}).Decode(t, &template)
	start := env.Clock.Now().UTC().Add(48 * time.Hour).Truncate(time.Hour)
	var iv struct{ ScheduleInterview struct{ ID string } }
	env.GraphQL(`mutation($in: ScheduleInterviewInput!) { scheduleInterview(input: $in) { id } }`, map[string]any{"in": map[string]any{
		"candidateID": c.ID, "stepID": *c.CurrentStepID, "interviewerIDs": []string{ian},
		"timeStart": start, "timeEnd": start.Add(time.Hour), "timeZone": "Europe/Berlin"}}).Decode(t, &iv)
	env.Clock.Set(start.Add(10 * time.Minute))
	token := env.UserToken("ian.interviewer@acme.example")
	attr := template.SetScorecardTemplate.ScorecardTemplate.Attributes[0].ID

	results := hiregraphtest.Race(racers, func(i int) *hiregraphtest.GraphQLResponse {
		return env.GraphQLAs(token, `mutation($in: SubmitScorecardInput!) { submitScorecard(input: $in) { id } }`, map[string]any{"in": map[string]any{
			"interviewID": iv.ScheduleInterview.ID, "overallRecommendation": "YES", "ratings": []map[string]any{{"attributeID": attr, "rating": 1 + i%5}}}})
	})
	ids := map[string]bool{}
	for i, r := range results {
		var got struct{ SubmitScorecard struct{ ID string } }
		if len(r.Errors) > 0 {
			t.Errorf("request %d: %d %+v", i, r.Status, r.Errors)
			continue
		}
		r.Decode(t, &got)
		ids[got.SubmitScorecard.ID] = true
	}
	scorecards := env.DB.Client.Scorecard.Query().Where(scorecard.InterviewID(iv.ScheduleInterview.ID)).CountX(ctx)
	ratings := env.DB.Client.ScorecardRating.Query().Where(scorecardrating.AttributeID(attr)).CountX(ctx)
	submitted := env.DB.Client.Activity.Query().Where(activity.Verb("scorecard.submitted")).CountX(ctx)
	updated := env.DB.Client.Activity.Query().Where(activity.Verb("scorecard.updated")).CountX(ctx)
	if len(ids) != 1 || scorecards != 1 || ratings != 1 || submitted != 1 || updated != racers-1 {
		t.Errorf("%d scorecard ids answered, %d scorecards, %d ratings, %d scorecard.submitted and %d scorecard.updated activities; want 1, 1, 1, 1 and %d",
			len(ids), scorecards, ratings, submitted, updated, racers-1)
	}
}
