package board_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"

	"github.com/hiregraph/hiregraph/internal/demo"
	"github.com/hiregraph/hiregraph/internal/hiregraphtest"
)

// inBerlin sets the browser's time zone, which the schedule dialog reads
// the typed start in and sends as the interview's.
func inBerlin(t *testing.T, ctx context.Context) context.Context {
	t.Helper()
	// The tab opens with the first action; the override holds for it.
	if err := chromedp.Do(ctx, chromedp.Navigate("about:blank")); err != nil {
		t.Fatal(err)
	}
	if _, err := chromedp.Call(ctx, emulation.SetTimezoneOverride, emulation.SetTimezoneOverrideParams{TimezoneID: "Europe/Berlin"}); err != nil {
		t.Fatal(err)
	}
	return ctx
}

// TestSchedulingAnInterviewShowsOnTheCards schedules an interview from a
// card's dialog, with the keyboard's controls: the dialog refuses to send
// without an interviewer, sends the start typed in the browser's time
// zone, closes and gives the focus back to the card's button; the card
// shows the next interview, and another browser's card shows it within
// two seconds by reading that one candidate. A busy interviewer's refusal
// shows in the dialog, which keeps what was typed; a cancellation made
// elsewhere takes the interview off both cards.
func TestSchedulingAnInterviewShowsOnTheCards(t *testing.T) {
	env := hiregraphtest.New(t)
	grace, position := seed(t, env, "Grace", "Hopper")
	token := env.UserToken(demo.RecruiterEmail)
	a := openBoard(t, inBerlin(t, hiregraphtest.Browser(t)), env, token, position)
	b := openBoard(t, hiregraphtest.OwnBrowser(t), env, token, position)
	card := `[data-candidate-id="` + grace + `"]`
	if run[bool](t, a, "looking for an interview", `document.querySelector(`+js(card+" .next-interview")+`) !== null`) {
		t.Fatal("the new candidate's card shows an interview")
	}

	click(t, a, card+" button.schedule")
	waitFor(t, a, "the schedule dialog opens", `document.getElementById('interview-dialog').open &&
		document.activeElement === document.querySelector('#interview-interviewers input')`, 5*time.Second)
	if title := run[string](t, a, "reading the title", `document.getElementById('interview-title').textContent`); title != "Schedule an interview with Grace Hopper" {
		t.Errorf("dialog title %q", title)
	}
	hiregraphtest.CheckAccessibility(t, a)

	berlin, err := time.LoadLocation("Europe/Berlin")
	if err != nil {
		t.Fatal(err)
	}
	day := time.Now().In(berlin).AddDate(0, 0, 3)
	start := time.Date(day.Year(), day.Month(), day.Day(), 10, 0, 0, 0, berlin)
	if err := chromedp.Do(a, chromedp.SetValue(chromedp.ID("interview-start"), start.Format("2006-01-02T15:04"))); err != nil {
		t.Fatal(err)
	}
	choose(t, a, "#interview-length", "45 minutes")
	click(t, a, "#interview-confirm")
	waitFor(t, a, "the dialog asks for an interviewer", `document.getElementById('interview-error').textContent === 'Choose at least one interviewer.'`, 5*time.Second)
	if !run[bool](t, a, "the dialog stays", `document.getElementById('interview-dialog').open`) {
		t.Fatal("the dialog closed without an interviewer")
	}

	// B keeps the bodies of the requests it sends from here on.
	run[bool](t, b, "watching requests", `(() => { const send = window.fetch; window.sentBodies = [];
		window.fetch = (url, init) => { window.sentBodies.push(String(init && init.body)); return send(url, init); }; return true; })()`)
	checkInterviewer(t, a, "Ian Interviewer (interviewer)")
	if err := chromedp.Do(a, chromedp.SendKeys(chromedp.ID("interview-location"), "Room 4")); err != nil {
		t.Fatal(err)
	}
	click(t, a, "#interview-confirm")
	waitFor(t, a, "the dialog closes", `!document.getElementById('interview-dialog').open`, 5*time.Second)
	waitFor(t, a, "the card shows the interview", `document.querySelector(`+js(card+" .next-interview")+`) !== null`, 5*time.Second)
	waitFor(t, a, "the focus is back on the card's button", `document.activeElement.dataset.focus === `+js("schedule:"+grace), 5*time.Second)
	status := run[string](t, a, "reading the status", `document.getElementById('status').textContent`)
	if !strings.HasPrefix(status, "Interview with Grace Hopper scheduled for ") || !strings.Contains(status, "10:00") {
		t.Errorf("status %q", status)
	}
	waitFor(t, b, "the other browser shows the interview", `document.querySelector(`+js(card+" .next-interview")+`) !== null`, liveWithin)
	if sent := run[[]string](t, b, "reading requests", `window.sentBodies`); len(sent) != 1 || !strings.Contains(sent[0], "query Card(") {
		t.Errorf("the other browser sent %q on the interview's event, want one read of its candidate", sent)
	}
	shown := run[string](t, b, "reading the interview's time", `document.querySelector(`+js(card+" .next-interview time")+`).dateTime`)
	if at, err := time.Parse(time.RFC3339, shown); err != nil || !at.Equal(start) {
		t.Errorf("the card shows an interview at %q, want %s", shown, start)
	}

	var got struct {
		Node struct {
			Interviews struct {
				Edges []struct {
					Node struct {
						TimeStart, TimeEnd time.Time
						TimeZone, Location string
						Interviewers       []struct{ Email string }
					}
				}
			}
		}
	}
	env.GraphQL(`query($id: ID!) { node(id: $id) { ... on Candidate { interviews(first: 5) { edges { node {
		timeStart timeEnd timeZone location interviewers { email } } } } } } }`, map[string]any{"id": grace}).Decode(t, &got)
	if len(got.Node.Interviews.Edges) != 1 {
		t.Fatalf("the server holds %d interviews, want 1", len(got.Node.Interviews.Edges))
	}
	iv := got.Node.Interviews.Edges[0].Node
	if !iv.TimeStart.Equal(start) || !iv.TimeEnd.Equal(start.Add(45*time.Minute)) || iv.TimeZone != "Europe/Berlin" || iv.Location != "Room 4" ||
		len(iv.Interviewers) != 1 || iv.Interviewers[0].Email != "ian.interviewer@acme.example" {
		t.Errorf("the server holds %+v", iv)
	}

	// Ian is busy then: the refusal shows in the dialog, which stays open.
	click(t, a, card+" button.schedule")
	waitFor(t, a, "the dialog opens again", `document.getElementById('interview-dialog').open`, 5*time.Second)
	if err := chromedp.Do(a, chromedp.SetValue(chromedp.ID("interview-start"), start.Format("2006-01-02T15:04"))); err != nil {
		t.Fatal(err)
	}
	checkInterviewer(t, a, "Ian Interviewer (interviewer)")
	click(t, a, "#interview-confirm")
	waitFor(t, a, "the refusal shows in the dialog", `document.getElementById('interview-error').textContent.includes('interviewer_busy') &&
		document.getElementById('interview-dialog').open`, 5*time.Second)
	hiregraphtest.CheckAccessibility(t, a)
	click(t, a, "#interview-cancel")
	waitFor(t, a, "Cancel closes the dialog", `!document.getElementById('interview-dialog').open &&
		document.activeElement.dataset.focus === `+js("schedule:"+grace), 5*time.Second)

	var ids struct {
		Node struct {
			Interviews struct {
				Edges []struct{ Node struct{ ID string } }
			}
		}
	}
	env.GraphQL(`query($id: ID!) { node(id: $id) { ... on Candidate { interviews(first: 1) { edges { node { id } } } } } }`,
		map[string]any{"id": grace}).Decode(t, &ids)
	env.GraphQL(`mutation($id: ID!) { cancelInterview(id: $id) { id } }`, map[string]any{"id": ids.Node.Interviews.Edges[0].Node.ID}).Decode(t, &struct{}{})
	for _, ctx := range []context.Context{a, b} {
		waitFor(t, ctx, "the cancelled interview leaves the card", `document.querySelector(`+js(card)+`) !== null &&
			document.querySelector(`+js(card+" .next-interview")+`) === null`, liveWithin)
	}
}

// checkInterviewer ticks the interviewer labelled label in the open
// schedule dialog.
func checkInterviewer(t *testing.T, ctx context.Context, label string) {
	t.Helper()
	ok := run[bool](t, ctx, "ticking "+label, `(() => {
		const l = [...document.querySelectorAll('#interview-interviewers label')].find(l => l.textContent === `+js(label)+`);
		if (!l) return false;
		l.click();
		return document.getElementById(l.htmlFor).checked;
	})()`)
	if !ok {
		t.Fatalf("no interviewer %q to tick", label)
	}
}
