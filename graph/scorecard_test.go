package graph_test

import (
	"encoding/json"
	"net/http"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/hiregraph/hiregraph/internal/hiregraphtest"
	"github.com/hiregraph/hiregraph/internal/permission"
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
	codyToken           string
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
	s.interview = f.schedule(t, f.start, f.ian, f.hank, f.cody).ID
	// The interview has started; tokens are signed at the new time.
	f.env.Clock.Set(f.start.Add(30 * time.Minute))
	s.ritaToken = f.env.UserToken("rita.recruiter@acme.example")
	s.ianToken, s.hankToken = f.env.UserToken("ian.interviewer@acme.example"), f.env.UserToken("hank.manager@acme.example")
	s.codyToken = f.env.UserToken(hiregraphtest.CoordinatorEmail)
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
}

// seen is what a reader sees of the feedback on the candidate: whose
// scorecards, whether a summary, and the interview's scorecards.
func (g candidateFeedback) seen() (emails []string, summary bool, onInterview int) {
	for _, e := range g.Scorecards.Edges {
		emails = append(emails, e.Node.Interviewer.Email)
	}
	slices.Sort(emails)
	for _, iv := range g.Interviews.Edges {
		onInterview += len(iv.Node.Scorecards)
	}
	return emails, g.ScorecardSummary != nil, onInterview
}

// TestScorecardsAreBlind: an interviewer sees colleagues' scorecards on a
// candidate only after submitting their own; the position's hiring
// manager and lead recruiter, admins and a read key see all of them from
// the start.
func TestScorecardsAreBlind(t *testing.T) {
	s := newScorecardFixture(t)
	var hanks struct{ SubmitScorecard scorecardAnswer }
	s.submit(s.hankToken, "NO", 2, 1).Decode(t, &hanks)
	hank, ian := "hank.manager@acme.example", "ian.interviewer@acme.example"

	// Before submitting: nothing of Hank's, no summary, no way round it.
	for name, token := range map[string]string{"ian": s.ianToken, "cody (another interviewer)": s.codyToken} {
		emails, summary, onInterview := s.feedback(t, token).seen()
		if len(emails) != 0 || summary || onInterview != 0 {
			t.Errorf("%s before submitting sees scorecards %v, summary %v, %d on the interview; want none", name, emails, summary, onInterview)
		}
		r := s.env.GraphQLAs(token, `query($id: ID!) { node(id: $id) { id } }`, map[string]any{"id": hanks.SubmitScorecard.ID})
		if r.Code() != "not_found" {
			t.Errorf("%s before submitting reads Hank's scorecard by id: %+v", name, r.Errors)
		}
	}
	var mine struct {
		Node struct {
			Interviews struct {
				Edges []struct {
					Node struct{ MyScorecard *struct{ ID string } }
				}
			}
		}
	}
	s.env.GraphQLAs(s.ianToken, candidateScorecards, map[string]any{"id": s.candidate}).Decode(t, &mine)
	if mine.Node.Interviews.Edges[0].Node.MyScorecard != nil {
		t.Errorf("myScorecard before submitting: %+v", mine.Node.Interviews.Edges[0].Node.MyScorecard)
	}

	// Decision-makers, the owner and a read key see Hank's from the start.
	readers := map[string]string{"hank (hiring manager)": s.hankToken, "rita (lead recruiter)": s.ritaToken,
		"olivia (owner)": s.env.UserToken("olivia.owner@acme.example"), "a read key": s.env.Demo.APIKey}
	for name, token := range readers {
		emails, summary, onInterview := s.feedback(t, token).seen()
		if !slices.Equal(emails, []string{hank}) || !summary || onInterview != 1 {
			t.Errorf("%s sees scorecards %v, summary %v, %d on the interview; want Hank's", name, emails, summary, onInterview)
		}
	}

	// After submitting, Ian sees both; Cody still sees none.
	var ians struct{ SubmitScorecard scorecardAnswer }
	s.submit(s.ianToken, "YES", 4).Decode(t, &ians)
	got := s.feedback(t, s.ianToken)
	if emails, summary, onInterview := got.seen(); !slices.Equal(emails, []string{hank, ian}) || !summary || onInterview != 2 {
		t.Errorf("ian after submitting sees scorecards %v, summary %v, %d on the interview; want both", emails, summary, onInterview)
	}
	if my := got.Interviews.Edges[0].Node.MyScorecard; my == nil || my.ID != ians.SubmitScorecard.ID {
		t.Errorf("myScorecard %+v, want %s", my, ians.SubmitScorecard.ID)
	}
	if emails, summary, _ := s.feedback(t, s.codyToken).seen(); len(emails) != 0 || summary {
		t.Errorf("cody sees %v (summary %v) before submitting", emails, summary)
	}
	// A colleague's scorecard is never editable by the reader.
	var hankAsIan struct{ Node struct{ Editable bool } }
	s.env.GraphQLAs(s.ianToken, `query($id: ID!) { node(id: $id) { ... on Scorecard { editable } } }`,
		map[string]any{"id": hanks.SubmitScorecard.ID}).Decode(t, &hankAsIan)
	if hankAsIan.Node.Editable {
		t.Error("Ian may edit Hank's scorecard")
	}
}

// TestScorecardSubmissionsAreChecked: who may submit, on which interview,
// with which ratings; a refused submission writes nothing.
func TestScorecardSubmissionsAreChecked(t *testing.T) {
	s := newScorecardFixture(t)
	ctx, c := hiregraphtest.System(), s.env.DB.Client
	count := func() [3]int {
		return [3]int{c.Scorecard.Query().CountX(ctx), c.ScorecardRating.Query().CountX(ctx), c.Activity.Query().CountX(ctx)}
	}
	before := count()
	attr := s.template.Attributes[0].ID
	withRatings := func(ratings ...map[string]any) map[string]any {
		return map[string]any{"in": map[string]any{"interviewID": s.interview, "overallRecommendation": "YES", "ratings": ratings}}
	}
	for _, tc := range []struct {
		name, token string
		vars        map[string]any
		code        string
		status      int
	}{
		{"a rating above the scale", s.ianToken, withRatings(map[string]any{"attributeID": attr, "rating": 5}), "validation_failed", http.StatusUnprocessableEntity},
		{"a rating of 0", s.ianToken, withRatings(map[string]any{"attributeID": attr, "rating": 0}), "validation_failed", http.StatusUnprocessableEntity},
		{"an attribute twice", s.ianToken, withRatings(map[string]any{"attributeID": attr, "rating": 1}, map[string]any{"attributeID": attr, "rating": 2}),
			"validation_failed", http.StatusUnprocessableEntity},
		{"an unknown attribute", s.ianToken, withRatings(map[string]any{"attributeID": "sca_01M8GZYCB17WPV9B38Y6JJGBFX", "rating": 1}),
			"scorecard_attribute_not_found", http.StatusUnprocessableEntity},
		{"a user who is no interviewer of it", s.ritaToken, withRatings(), "not_interviewer", http.StatusForbidden},
		{"an API key acting for no one", s.env.Demo.APIKey, withRatings(), "not_interviewer", http.StatusForbidden},
		{"an unknown interview", s.ianToken, map[string]any{"in": map[string]any{"interviewID": "itv_01M8GZYCB17WPV9B38Y6JJGBFX", "overallRecommendation": "YES"}},
			"interview_not_found", http.StatusNotFound},
		{"notes beyond 10,000 bytes", s.ianToken, map[string]any{"in": map[string]any{"interviewID": s.interview, "overallRecommendation": "YES",
			"notes": strings.Repeat("x", 10001)}}, "validation_failed", http.StatusUnprocessableEntity},
	} {
		t.Run(tc.name, func(t *testing.T) {
			assertCode(t, s.env.GraphQLAs(tc.token, submitScorecard, tc.vars), tc.code, tc.status)
		})
	}

	// An attribute of another position's template is unknown to this one.
	var positions struct {
		Positions struct {
			Edges []struct{ Node struct{ ID string } }
		}
	}
	s.env.GraphQL(`{ positions(first: 10) { edges { node { id } } } }`, nil).Decode(t, &positions)
	other := ""
	for _, e := range positions.Positions.Edges {
		if e.Node.ID != s.position {
			other = e.Node.ID
		}
	}
	var otherTemplate struct {
		SetScorecardTemplate struct{ ScorecardTemplate templateAnswer }
	}
	s.env.GraphQLAs(s.ritaToken, setScorecardTemplate, map[string]any{"position": other, "in": map[string]any{
		"ratingScale": 4, "attributes": []map[string]any{{"focus": "Skills", "name": "Go"}}}}).Decode(t, &otherTemplate)
	before[2]++ // setting that template is an activity
	foreignAttr := otherTemplate.SetScorecardTemplate.ScorecardTemplate.Attributes[0].ID
	r := s.env.GraphQLAs(s.ianToken, submitScorecard, withRatings(map[string]any{"attributeID": foreignAttr, "rating": 1}))
	assertCode(t, r, "scorecard_attribute_not_found", http.StatusUnprocessableEntity)

	// An interview that has not started, and a cancelled one.
	later := s.schedule(t, s.start.Add(24*time.Hour), s.ian)
	r = s.env.GraphQLAs(s.ianToken, submitScorecard, map[string]any{"in": map[string]any{"interviewID": later.ID, "overallRecommendation": "YES"}})
	assertCode(t, r, "interview_not_started", http.StatusConflict)
	s.env.GraphQLAs(s.ritaToken, cancelInterview, map[string]any{"id": s.interview}).Decode(t, &struct{}{})
	r = s.env.GraphQLAs(s.ianToken, submitScorecard, withRatings())
	assertCode(t, r, "illegal_transition", http.StatusConflict)
	before[2] += 2 // the schedule and the cancellation

	if after := count(); after != before {
		t.Errorf("refused submissions wrote scorecards, ratings or activities: before %v, after %v", before, after)
	}
}

// TestScorecardIsLockedOnceTheCandidateMovesOn: a scorecard is edited
// until its candidate leaves the interview's step; then editable is false
// and a new submission is refused with scorecard_locked.
func TestScorecardIsLockedOnceTheCandidateMovesOn(t *testing.T) {
	s := newScorecardFixture(t)
	var first struct{ SubmitScorecard scorecardAnswer }
	s.submit(s.ianToken, "YES", 3).Decode(t, &first)
	var steps struct {
		Node struct{ Pipeline []struct{ ID string } }
	}
	s.env.GraphQL(`query($id: ID!) { node(id: $id) { ... on Position { pipeline { id } } } }`, map[string]any{"id": s.position}).Decode(t, &steps)
	var next string
	for i, step := range steps.Node.Pipeline {
		if step.ID == s.step && i+1 < len(steps.Node.Pipeline) {
			next = steps.Node.Pipeline[i+1].ID
		}
	}
	if next == "" {
		t.Fatalf("no step after %s in %+v", s.step, steps)
	}
	s.env.GraphQLAs(s.ritaToken, `mutation($id: ID!, $s: ID!) { moveCandidate(id: $id, toStepID: $s) { id } }`,
		map[string]any{"id": s.candidate, "s": next}).Decode(t, &struct{}{})

	var got struct{ Node struct{ Editable bool } }
	s.env.GraphQLAs(s.ianToken, `query($id: ID!) { node(id: $id) { ... on Scorecard { editable } } }`,
		map[string]any{"id": first.SubmitScorecard.ID}).Decode(t, &got)
	if got.Node.Editable {
		t.Error("the scorecard is still editable after the candidate moved on")
	}
	assertCode(t, s.submit(s.ianToken, "NO", 1), "scorecard_locked", http.StatusConflict)
	// Hank, who owed feedback, may still give it late.
	var hanks struct{ SubmitScorecard scorecardAnswer }
	s.submit(s.hankToken, "YES").Decode(t, &hanks)
	if hanks.SubmitScorecard.Editable {
		t.Error("a scorecard given after the candidate moved on is editable")
	}
}

// TestFeedbackDueListsPastInterviewsWithoutAScorecard: viewer.feedbackDue
// lists the interviews a user sat that have ended and lack their
// scorecard, until they submit it.
func TestFeedbackDueListsPastInterviewsWithoutAScorecard(t *testing.T) {
	s := newScorecardFixture(t)
	due := func(token string) []string {
		var got struct {
			Viewer struct {
				FeedbackDue struct {
					Edges []struct{ Node struct{ ID string } }
				}
			}
		}
		s.env.GraphQLAs(token, `{ viewer { feedbackDue(first: 10) { edges { node { id } } } } }`, nil).Decode(t, &got)
		var ids []string
		for _, e := range got.Viewer.FeedbackDue.Edges {
			ids = append(ids, e.Node.ID)
		}
		return ids
	}
	if got := due(s.ianToken); len(got) != 0 {
		t.Errorf("an interview still running is due: %v", got)
	}
	s.env.Clock.Set(s.start.Add(2 * time.Hour))
	ian, hank := s.env.UserToken("ian.interviewer@acme.example"), s.env.UserToken("hank.manager@acme.example")
	if got := due(ian); !slices.Equal(got, []string{s.interview}) {
		t.Errorf("ian owes %v, want %s", got, s.interview)
	}
	s.submit(ian, "YES").Decode(t, &struct{}{})
	if got := due(ian); len(got) != 0 {
		t.Errorf("ian still owes %v after submitting", got)
	}
	if got := due(hank); !slices.Equal(got, []string{s.interview}) {
		t.Errorf("hank owes %v, want %s", got, s.interview)
	}
	if got := due(s.env.Demo.APIKey); len(got) != 0 {
		t.Errorf("an API key owes %v", got)
	}
}

// TestScorecardEventsAreBlindToo: scorecard.submitted and .updated reach
// subscribers and the feed; their recommendation, notes and ratings only
// for a reader with scorecards:view_all.
func TestScorecardEventsAreBlindToo(t *testing.T) {
	s := newScorecardFixture(t)
	env := s.env
	hear := listenToCandidate(t, env, s.candidate)
	var sc struct{ SubmitScorecard scorecardAnswer }
	s.submit(s.ianToken, "YES", 3).Decode(t, &sc)
	s.submit(s.ianToken, "STRONG_YES", 4).Decode(t, &struct{}{})
	for _, want := range []string{"scorecard.submitted", "scorecard.updated"} {
		if a := hear(); a.Type != want || a.Object.Type != "Scorecard" || a.Object.ID != sc.SubmitScorecard.ID {
			t.Errorf("the subscriber heard %+v, want %s of %s", a, want, sc.SubmitScorecard.ID)
		}
	}
	type eventFeed struct {
		Events []struct {
			Type   string
			Object struct {
				Data struct {
					ID             string
					InterviewerID  string  `json:"interviewer_id"`
					Recommendation *string `json:"overall_recommendation"`
					Notes          *string
					Ratings        []struct {
						Rating *int
					}
				}
			}
		}
	}
	read := func(credential string) eventFeed {
		return hiregraphtest.Settled(t, func() eventFeed {
			var got eventFeed
			var all eventFeed
			env.DoAs(credential, http.MethodGet, "/v1/events", nil).JSON(t, &all)
			for _, e := range all.Events {
				if strings.HasPrefix(e.Type, "scorecard.") {
					got.Events = append(got.Events, e)
				}
			}
			return got
		}, func(got eventFeed) bool { return len(got.Events) == 2 })
	}
	full := read(env.Demo.APIKey)
	if d := full.Events[len(full.Events)-1].Object.Data; d.ID != sc.SubmitScorecard.ID || d.InterviewerID != s.ian ||
		d.Recommendation == nil || d.Notes == nil || len(d.Ratings) != 1 {
		t.Errorf("a read key's event data %+v", d)
	}
	// A user who reads the feed but not others' feedback.
	env.GraphQL(`mutation($p: [String!]!) { createRole(input: {name: "auditor", permissions: $p}) { id } }`, map[string]any{"p": []string{
		permission.ViewEvents, permission.ViewAllPositions, permission.ViewDiscreetPositions, permission.ViewCandidates}}).Decode(t, &struct{}{})
	env.GraphQL(`mutation { createUser(input: {email: "audrey@acme.example", firstName: "Audrey", roles: ["auditor"]}) { id } }`, nil).Decode(t, &struct{}{})
	blind := read(env.UserToken("audrey@acme.example"))
	for _, e := range blind.Events {
		if d := e.Object.Data; d.ID != sc.SubmitScorecard.ID || d.Recommendation != nil || d.Notes != nil || d.Ratings != nil {
			t.Errorf("a key without scorecards:view_all reads %s data %+v", e.Type, d)
		}
	}
}

// TestErasureEmptiesScorecardNotes: erasing the candidate's person empties
// what interviewers wrote about them, in the scorecards and in their
// events; the recommendation and ratings stay for reports.
func TestErasureEmptiesScorecardNotes(t *testing.T) {
	s := newScorecardFixture(t)
	var sc struct{ SubmitScorecard scorecardAnswer }
	s.submit(s.ianToken, "YES", 3, 2).Decode(t, &sc)
	var person struct {
		Node struct{ Person struct{ ID string } }
	}
	s.env.GraphQL(`query($id: ID!) { node(id: $id) { ... on Candidate { person { id } } } }`, map[string]any{"id": s.candidate}).Decode(t, &person)
	s.env.GraphQL(`mutation($id: ID!) { erasePerson(id: $id) { id } }`, map[string]any{"id": person.Node.Person.ID}).Decode(t, &struct{}{})

	var got struct{ Node scorecardAnswer }
	s.env.GraphQL(`query($id: ID!) { node(id: $id) { ... on Scorecard { overallRecommendation notes ratings { rating note attribute { id name } } } } }`,
		map[string]any{"id": sc.SubmitScorecard.ID}).Decode(t, &got)
	if got.Node.Notes != "" || got.Node.OverallRecommendation != "YES" || len(got.Node.Ratings) != 2 {
		t.Fatalf("after the erasure the scorecard reads %+v", got.Node)
	}
	for _, r := range got.Node.Ratings {
		if r.Note != "" || r.Rating == nil {
			t.Errorf("after the erasure a rating reads %+v", r)
		}
	}
	var feed struct {
		Events []struct {
			Type   string
			Object struct{ Data json.RawMessage }
		}
	}
	s.env.Do(http.MethodGet, "/v1/events", nil).JSON(t, &feed)
	for _, e := range feed.Events {
		if strings.HasPrefix(e.Type, "scorecard.") && (strings.Contains(string(e.Object.Data), "Notes by") || strings.Contains(string(e.Object.Data), `"note":"note"`)) {
			t.Errorf("the %s event still carries the notes: %s", e.Type, e.Object.Data)
		}
	}
}
