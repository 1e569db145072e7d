package board_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/hiregraph/hiregraph/internal/demo"
	"github.com/hiregraph/hiregraph/internal/hiregraphtest"
)

// userIDs answers the demo users' ids by e-mail address.
func userIDs(t *testing.T, env *hiregraphtest.Env) map[string]string {
	t.Helper()
	var out struct {
		Users struct {
			Edges []struct{ Node struct{ ID, Email string } }
		}
	}
	env.GraphQL(`{ users(first: 50) { edges { node { id email } } } }`, nil).Decode(t, &out)
	ids := map[string]string{}
	for _, e := range out.Users.Edges {
		ids[e.Node.Email] = e.Node.ID
	}
	return ids
}

// interviewed gives the demo's published position a scorecard template
// and candidateID an interview with interviewers (e-mail addresses) that
// the clock then puts behind: the interviewers owe their scorecards.
func interviewed(t *testing.T, env *hiregraphtest.Env, candidateID string, interviewers ...string) (interviewID string) {
	t.Helper()
	ids := userIDs(t, env)
	rita := env.UserToken(demo.RecruiterEmail)
	env.GraphQLAs(rita, `mutation($p: ID!) { setScorecardTemplate(positionID: $p, input: {ratingScale: 4, attributes: [
		{focus: "Skills", name: "Go", description: "Writes idiomatic Go."}, {focus: "Skills", name: "SQL"}, {focus: "Culture", name: "Communication"}]}) { id } }`,
		map[string]any{"p": env.Demo.PublishedPositionUID}).Decode(t, &struct{}{})
	var c struct {
		Node struct{ CurrentStep struct{ ID string } }
	}
	env.GraphQL(`query($id: ID!) { node(id: $id) { ... on Candidate { currentStep { id } } } }`, map[string]any{"id": candidateID}).Decode(t, &c)
	var who []string
	for _, email := range interviewers {
		who = append(who, ids[email])
	}
	start := env.Clock.Now().UTC().Add(72 * time.Hour).Truncate(time.Hour)
	var iv struct{ ScheduleInterview struct{ ID string } }
	env.GraphQLAs(rita, `mutation($in: ScheduleInterviewInput!) { scheduleInterview(input: $in) { id } }`, map[string]any{"in": map[string]any{
		"candidateID": candidateID, "stepID": c.Node.CurrentStep.ID, "interviewerIDs": who,
		"timeStart": start, "timeEnd": start.Add(time.Hour), "timeZone": "Europe/Berlin"}}).Decode(t, &iv)
	env.Clock.Set(start.Add(90 * time.Minute))
	return iv.ScheduleInterview.ID
}

// TestSubmittingAScorecardShowsOnTheCards: Rita sat an interview of Grace
// with Ian, and the board offers her the scorecard she owes. The dialog
// (checked with axe-core) takes a recommendation, ratings grouped by focus
// and notes; once submitted the button goes, Rita's card and the owner's,
// in another browser, live, show the summary, and Ian's does not: he has
// not submitted his own (blind feedback).
func TestSubmittingAScorecardShowsOnTheCards(t *testing.T) {
	env := hiregraphtest.New(t)
	grace, position := seed(t, env, "Grace", "Hopper")
	interview := interviewed(t, env, grace, demo.RecruiterEmail, "ian.interviewer@acme.example")
	// Tokens signed after the clock moved.
	a := openBoard(t, hiregraphtest.Browser(t), env, env.UserToken(demo.RecruiterEmail), position)
	b := openBoard(t, hiregraphtest.OwnBrowser(t), env, env.UserToken("olivia.owner@acme.example"), position)
	ian := openBoard(t, hiregraphtest.Browser(t), env, env.UserToken("ian.interviewer@acme.example"), position)
	card := `[data-candidate-id="` + grace + `"]`
	summary := `(document.querySelector(` + js(card+" .scorecards") + `)?.textContent ?? null)`
	for _, ctx := range []context.Context{a, b} {
		if got := run[*string](t, ctx, "reading the summary", summary); got != nil {
			t.Errorf("a summary %q before any scorecard", *got)
		}
	}
	if run[bool](t, b, "looking for a scorecard button", `document.querySelector(`+js(card+" button.score")+`) !== null`) {
		t.Error("the owner, who sat no interview, is offered a scorecard")
	}

	click(t, a, card+" button.score")
	waitFor(t, a, "the scorecard dialog opens", `document.getElementById('scorecard-dialog').open &&
		document.activeElement === document.getElementById('recommend-strong-no')`, 5*time.Second)
	groups := run[[]string](t, a, "reading the ratings", `[...document.querySelectorAll('#scorecard-ratings fieldset')].map(f =>
		f.querySelector('legend').textContent + ': ' + [...f.querySelectorAll('label')].map(l => l.textContent).join(', '))`)
	if strings.Join(groups, "; ") != "Skills: Go, SQL; Culture: Communication" {
		t.Errorf("ratings asked for: %q", groups)
	}
	hiregraphtest.CheckAccessibility(t, a)
	// Submitting without a recommendation is held by the form.
	click(t, a, "#scorecard-confirm")
	if !run[bool](t, a, "the dialog stays", `document.getElementById('scorecard-dialog').open`) {
		t.Fatal("the dialog closed without a recommendation")
	}

	run[bool](t, b, "watching requests", `(() => { const send = window.fetch; window.sentBodies = [];
		window.fetch = (url, init) => { window.sentBodies.push(String(init && init.body)); return send(url, init); }; return true; })()`)
	click(t, a, `label[for="recommend-strong-yes"]`)
	choose(t, a, `#scorecard-ratings fieldset:first-of-type select`, "3 of 4")
	if err := chromedp.Do(a, chromedp.SendKeys(chromedp.ID("scorecard-notes"), "Clear about trade-offs.")); err != nil {
		t.Fatal(err)
	}
	click(t, a, "#scorecard-confirm")
	waitFor(t, a, "the dialog closes", `!document.getElementById('scorecard-dialog').open`, 5*time.Second)
	waitFor(t, a, "the status says so", `document.getElementById('status').textContent === 'Scorecard for Grace Hopper submitted: Strong yes.'`, 5*time.Second)
	waitFor(t, a, "the card shows the summary and no button", summary+` === '1 scorecard: Strong yes 1' &&
		document.querySelector(`+js(card+" button.score")+`) === null`, 5*time.Second)
	waitFor(t, a, "the focus stays on the card", `document.activeElement.dataset.focus === `+js("open:"+grace), 5*time.Second)
	waitFor(t, b, "the owner's board shows the summary", summary+` === '1 scorecard: Strong yes 1'`, liveWithin)
	if sent := run[[]string](t, b, "reading requests", `window.sentBodies`); len(sent) != 1 || !strings.Contains(sent[0], "query Card(") {
		t.Errorf("the owner's board sent %q on the scorecard's event, want one read of its candidate", sent)
	}
	if err := chromedp.Do(ian, chromedp.Reload()); err != nil {
		t.Fatal(err)
	}
	waitFor(t, ian, "Ian's board, which owes a scorecard", `document.querySelector(`+js(card+" button.score")+`) !== null`, 10*time.Second)
	if got := run[*string](t, ian, "reading Ian's summary", summary); got != nil {
		t.Errorf("Ian, who has not submitted his scorecard, reads %q", *got)
	}

	var got struct {
		Node struct {
			Scorecards []struct {
				OverallRecommendation, Notes string
				Interviewer                  struct{ Email string }
				Ratings                      []struct {
					Attribute struct{ Name string }
					Rating    *int
				}
			}
		}
	}
	env.GraphQL(`query($id: ID!) { node(id: $id) { ... on Interview { scorecards { overallRecommendation notes interviewer { email }
		ratings { attribute { name } rating } } } } }`, map[string]any{"id": interview}).Decode(t, &got)
	if len(got.Node.Scorecards) != 1 {
		t.Fatalf("%d scorecards on the interview, want 1", len(got.Node.Scorecards))
	}
	sc := got.Node.Scorecards[0]
	rated := map[string]int{}
	for _, r := range sc.Ratings {
		if r.Rating != nil {
			rated[r.Attribute.Name] = *r.Rating
		}
	}
	if sc.OverallRecommendation != "STRONG_YES" || sc.Notes != "Clear about trade-offs." || sc.Interviewer.Email != demo.RecruiterEmail ||
		len(rated) != 1 || rated["Go"] != 3 {
		t.Errorf("the server holds %+v", sc)
	}
}
