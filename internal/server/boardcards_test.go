package server_test

import (
	"regexp"
	"strings"
	"testing"
	"time"
)

// boardCardsQuery is the board's read as /app sends it: each step's
// candidates with their next interview and scorecard summary.
const boardCardsQuery = `query($p: ID!) { pipeline(positionID: $p) { id
  candidates(first: 100) { edges { node { id
    nextInterview { id }
    scorecardSummary { submitted recommendations { recommendation count } } } } } } }`

// TestBoardCardsLoadInConstantStatements gives two of the demo position's
// candidates an interview with a scorecard each and reads the board: each
// card shows its own next interview and summary, read for all cards in one
// statement of interviews and one of scorecards, not one per card.
func TestBoardCardsLoadInConstantStatements(t *testing.T) {
	env, rec := newRecordingEnv(t)
	rita := env.UserToken("rita.recruiter@acme.example")
	var ids struct {
		Users struct {
			Edges []struct{ Node struct{ ID, Email string } }
		}
	}
	env.GraphQL(`{ users(first: 50) { edges { node { id email } } } }`, nil).Decode(t, &ids)
	var ian string
	for _, e := range ids.Users.Edges {
		if e.Node.Email == "ian.interviewer@acme.example" {
			ian = e.Node.ID
		}
	}
	var tmpl struct {
		SetScorecardTemplate struct {
			ScorecardTemplate struct{ Attributes []struct{ ID string } }
		}
	}
	env.GraphQLAs(rita, `mutation($p: ID!) { setScorecardTemplate(positionID: $p, input: {ratingScale: 4, attributes: [{focus: "Skills", name: "Go"}]}) {
		scorecardTemplate { attributes { id } } } }`, map[string]any{"p": env.Demo.PublishedPositionUID}).Decode(t, &tmpl)

	start := env.Clock.Now().UTC().Add(72 * time.Hour).Truncate(time.Hour)
	want := map[string]string{} // candidate: its recommendation
	var interviews []string
	for i, rec := range []string{"STRONG_YES", "NO"} {
		var c struct {
			CreateCandidate struct {
				ID          string
				CurrentStep struct{ ID string }
			}
		}
		env.GraphQL(`mutation($p: ID!, $email: String!) { createCandidate(input: {positionID: $p, person: {firstName: "Card", email: $email}}) {
			id currentStep { id } } }`, map[string]any{"p": env.Demo.PublishedPositionUID, "email": rec + "@cards.example"}).Decode(t, &c)
		at := start.Add(time.Duration(i) * 2 * time.Hour)
		var iv struct{ ScheduleInterview struct{ ID string } }
		env.GraphQLAs(rita, `mutation($in: ScheduleInterviewInput!) { scheduleInterview(input: $in) { id } }`, map[string]any{"in": map[string]any{
			"candidateID": c.CreateCandidate.ID, "stepID": c.CreateCandidate.CurrentStep.ID, "interviewerIDs": []string{ian},
			"timeStart": at, "timeEnd": at.Add(time.Hour), "timeZone": "Europe/Berlin"}}).Decode(t, &iv)
		want[c.CreateCandidate.ID] = rec
		interviews = append(interviews, iv.ScheduleInterview.ID)
	}
	env.Clock.Set(start.Add(4 * time.Hour))
	ianToken := env.UserToken("ian.interviewer@acme.example")
	i := 0
	for _, rec := range []string{"STRONG_YES", "NO"} {
		env.GraphQLAs(ianToken, `mutation($in: SubmitScorecardInput!) { submitScorecard(input: $in) { id } }`, map[string]any{"in": map[string]any{
			"interviewID": interviews[i], "overallRecommendation": rec,
			"ratings": []map[string]any{{"attributeID": tmpl.SetScorecardTemplate.ScorecardTemplate.Attributes[0].ID, "rating": 3}}}}).Decode(t, &struct{}{})
		i++
	}

	// The board is read as before the interviews, so they are still to come.
	env.Clock.Set(start.Add(-time.Hour))
	rec.take()
	var board struct {
		Pipeline []struct {
			Candidates struct {
				Edges []struct {
					Node struct {
						ID            string
						NextInterview *struct{ ID string }
						// Null for none: the API key reads every scorecard.
						ScorecardSummary *struct {
							Submitted       int
							Recommendations []struct {
								Recommendation string
								Count          int
							}
						}
					}
				}
			}
		}
	}
	env.GraphQL(boardCardsQuery, map[string]any{"p": env.Demo.PublishedPositionUID}).Decode(t, &board)
	statements := rec.take()

	cards := 0
	for _, step := range board.Pipeline {
		for _, e := range step.Candidates.Edges {
			cards++
			n := e.Node
			if n.ScorecardSummary == nil {
				t.Fatalf("candidate %s: no scorecard summary for an API key", n.ID)
			}
			recommendation, ours := want[n.ID]
			if !ours {
				if n.ScorecardSummary.Submitted != 0 || n.NextInterview != nil {
					t.Errorf("candidate %s without interviews shows %+v and interview %+v", n.ID, n.ScorecardSummary, n.NextInterview)
				}
				continue
			}
			if n.NextInterview == nil || n.ScorecardSummary.Submitted != 1 {
				t.Errorf("candidate %s shows interview %+v and %d scorecards, want one and 1", n.ID, n.NextInterview, n.ScorecardSummary.Submitted)
			}
			for _, r := range n.ScorecardSummary.Recommendations {
				if (r.Recommendation == recommendation) != (r.Count == 1) {
					t.Errorf("candidate %s recommended %s: counts %+v", n.ID, recommendation, n.ScorecardSummary.Recommendations)
				}
			}
			delete(want, n.ID)
		}
	}
	if len(want) != 0 || cards < 3 {
		t.Fatalf("the board shows %d cards, missing %v", cards, want)
	}
	count := statementsPerTable(statements, map[string]string{
		"interviews": "FROM [\"`]interviews[\"`]",
		"scorecards": "FROM [\"`]scorecards[\"`]",
	})
	if count["interviews"] != 1 || count["scorecards"] != 1 {
		t.Errorf("statements per table %v for %d cards, want one of interviews and one of scorecards; all:\n%v", count, cards, statements)
	}
	// The cards' resolvers name the columns they need, so the page reads
	// no column the board does not show, such as the steps' JSON.
	page := regexp.MustCompile("FROM [\"`]candidates[\"`]")
	for _, s := range statements {
		if page.MatchString(s.text) && strings.Contains(s.text, "current_steps") {
			t.Errorf("the cards' candidates are read whole: %s", s.text)
		}
	}
}
