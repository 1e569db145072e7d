package graph_test

import (
	"net/http"
	"testing"
	"time"

	"github.com/hiregraph/hiregraph/internal/hiregraphtest"
)

const (
	setScorecardTemplate = `mutation($position: ID!, $in: ScorecardTemplateInput!) { setScorecardTemplate(positionID: $position, input: $in) {
		id scorecardTemplate { ratingScale attributes { id focus name description } } } }`
	submitScorecard = `mutation($in: SubmitScorecardInput!) { submitScorecard(input: $in) {
		id overallRecommendation notes editable timeSubmitted timeUpdated
		interview { id } interviewer { email } candidate { id }
		ratings { rating note attribute { id name } } } }`
	candidateScorecards = `query($id: ID!) { node(id: $id) { ... on Candidate {
		scorecards(first: 50) { totalCount edges { node { id interviewer { email } overallRecommendation notes } } }
		scorecardSummary { submitted recommendations { recommendation count } attributes { attribute { name } ratings average } }
		interviews(first: 10) { edges { node { id scorecards { id } myScorecard { id } } } } } } }`
)

type scorecardAnswer struct {
	ID, OverallRecommendation, Notes string
	Editable                         bool
	TimeSubmitted, TimeUpdated       time.Time
	Interview, Candidate             struct{ ID string }
	Interviewer                      struct{ Email string }
	Ratings                          []struct {
		Rating    *int
		Note      string
		Attribute struct{ ID, Name string }
	}
}

type templateAnswer struct {
	RatingScale int
	Attributes  []struct{ ID, Focus, Name, Description string }
}

// candidateFeedback is what a reader sees of the scorecards on a
// candidate.
type candidateFeedback struct {
	Scorecards struct {
		TotalCount int
		Edges      []struct {
			Node struct {
				ID, OverallRecommendation, Notes string
				Interviewer                      struct{ Email string }
			}
		}
	}
	ScorecardSummary *struct {
		Submitted       int
		Recommendations []struct {
			Recommendation string
			Count          int
		}
		Attributes []struct {
			Attribute struct{ Name string }
			Ratings   int
			Average   *float64
		}
	}
	Interviews struct {
		Edges []struct {
			Node struct {
				ID          string
				Scorecards  []struct{ ID string }
				MyScorecard *struct{ ID string }
			}
		}
	}
}

// scorecardFixture is the interview fixture with a template on the demo
// candidate's position and an interview of ian and hank that has started.
type scorecardFixture struct {
	interviewFixture
	position, interview string
	template            templateAnswer
	ianToken, hankToken string
}

func newScorecardFixture(t *testing.T) scorecardFixture {
	t.Helper()
	return scorecardFixtureOn(t, interviewFixtureOn(t, hiregraphtest.New(t)))
}

func scorecardFixtureOn(t *testing.T, f interviewFixture) scorecardFixture {
	t.Helper()
	var pos struct {
		Node struct{ Position struct{ ID string } }
	}
	f.env.GraphQL(`query($id: ID!) { node(id: $id) { ... on Candidate { position { id } } } }`, map[string]any{"id": f.candidate}).Decode(t, &pos)
	s := scorecardFixture{interviewFixture: f, position: pos.Node.Position.ID}
	var set struct {
		SetScorecardTemplate struct{ ScorecardTemplate templateAnswer }
	}
	f.env.GraphQLAs(f.ritaToken, setScorecardTemplate, map[string]any{"position": s.position, "in": map[string]any{
		"ratingScale": 4,
		"attributes": []map[string]any{
			{"focus": "Skills", "name": "Go", "description": "Writes idiomatic Go."},
			{"focus": "Skills", "name": "SQL"},
			{"focus": "Culture", "name": "Communication"},
		},
	}}).Decode(t, &set)
	s.template = set.SetScorecardTemplate.ScorecardTemplate
	s.interview = f.schedule(t, f.start, f.ian, f.hank).ID
	// The interview has started; tokens are signed at the new time.
	f.env.Clock.Set(f.start.Add(30 * time.Minute))
	s.ritaToken = f.env.UserToken("rita.recruiter@acme.example")
	s.ianToken, s.hankToken = f.env.UserToken("ian.interviewer@acme.example"), f.env.UserToken("hank.manager@acme.example")
	return s
}

// submit submits a scorecard as credential with a rating of each
// template attribute.
func (s scorecardFixture) submit(credential, recommendation string, ratings ...int) *hiregraphtest.GraphQLResponse {
	in := map[string]any{"interviewID": s.interview, "overallRecommendation": recommendation, "notes": "Notes by " + recommendation}
	var rs []map[string]any
	for i, r := range ratings {
		rs = append(rs, map[string]any{"attributeID": s.template.Attributes[i].ID, "rating": r, "note": "note"})
	}
	in["ratings"] = rs
	return s.env.GraphQLAs(credential, submitScorecard, map[string]any{"in": in})
}

func (s scorecardFixture) feedback(t *testing.T, credential string) candidateFeedback {
	t.Helper()
	var got struct{ Node candidateFeedback }
	s.env.GraphQLAs(credential, candidateScorecards, map[string]any{"id": s.candidate}).Decode(t, &got)
	return got.Node
}

// TestScorecardSubmitEditAndSummary: an interviewer submits a scorecard on
// an interview they sat, edits it by submitting again, and the candidate's
// summary counts and averages what was submitted.
func TestScorecardSubmitEditAndSummary(t *testing.T) {
	s := newScorecardFixture(t)
	if len(s.template.Attributes) != 3 || s.template.RatingScale != 4 || s.template.Attributes[0].Description != "Writes idiomatic Go." {
		t.Fatalf("template %+v", s.template)
	}
	var first struct{ SubmitScorecard scorecardAnswer }
	s.submit(s.ianToken, "YES", 3, 4, 2).Decode(t, &first)
	sc := first.SubmitScorecard
	if sc.ID == "" || !sc.Editable || sc.Interviewer.Email != "ian.interviewer@acme.example" || sc.Interview.ID != s.interview ||
		sc.Candidate.ID != s.candidate || len(sc.Ratings) != 3 || sc.OverallRecommendation != "YES" {
		t.Fatalf("submitted %+v", sc)
	}
	var again struct{ SubmitScorecard scorecardAnswer }
	s.submit(s.ianToken, "STRONG_YES", 4, 4).Decode(t, &again)
	if again.SubmitScorecard.ID != sc.ID || again.SubmitScorecard.OverallRecommendation != "STRONG_YES" || len(again.SubmitScorecard.Ratings) != 2 {
		t.Fatalf("an edit made another scorecard or kept the old one: %+v", again.SubmitScorecard)
	}
	var hanks struct{ SubmitScorecard scorecardAnswer }
	s.submit(s.hankToken, "NO", 2).Decode(t, &hanks)

	got := s.feedback(t, s.ritaToken)
	if got.Scorecards.TotalCount != 2 || got.ScorecardSummary == nil || got.ScorecardSummary.Submitted != 2 {
		t.Fatalf("the owner's view of the feedback %+v", got)
	}
	counts := map[string]int{}
	for _, r := range got.ScorecardSummary.Recommendations {
		counts[r.Recommendation] = r.Count
	}
	if counts["STRONG_YES"] != 1 || counts["NO"] != 1 || counts["YES"] != 0 || len(counts) != 4 {
		t.Errorf("recommendations %+v", got.ScorecardSummary.Recommendations)
	}
	attrs := got.ScorecardSummary.Attributes
	if len(attrs) != 3 || attrs[0].Attribute.Name != "Go" || attrs[0].Ratings != 2 || attrs[0].Average == nil || *attrs[0].Average != 3 ||
		attrs[1].Ratings != 1 || *attrs[1].Average != 4 || attrs[2].Ratings != 0 || attrs[2].Average != nil {
		t.Errorf("attributes %+v", attrs)
	}
	_ = http.StatusOK
}
