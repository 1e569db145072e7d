package board_test

import (
	"context"
	"encoding/json"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto"
	"github.com/chromedp/chromedp"

	"github.com/hiregraph/hiregraph/internal/demo"
	"github.com/hiregraph/hiregraph/internal/hiregraphtest"
)

// liveWithin is how soon a change made in one browser must show in another.
const liveWithin = 2 * time.Second

// js quotes s as a JavaScript string.
func js(s string) string {
	b, _ := json.Marshal(s)
	return string(b)
}

// run evaluates expression in the page, failing t with what when it throws.
func run[T any](t *testing.T, ctx context.Context, what, expression string) T {
	t.Helper()
	v, err := chromedp.Run(ctx, chromedp.Evaluate[T](expression))
	if err != nil {
		t.Fatalf("%s: %v", what, err)
	}
	return v
}

// waitFor polls condition in the page until it holds or within has passed.
func waitFor(t *testing.T, ctx context.Context, what, condition string, within time.Duration) {
	t.Helper()
	if _, err := chromedp.Run(ctx, chromedp.Poll[bool](condition, chromedp.WithPollingTimeout(within))); err != nil {
		shown, _ := chromedp.Run(ctx, chromedp.Text(chromedp.ID("errors")))
		t.Fatalf("%s: not within %s (%v); errors shown: %q", what, within, err, shown)
	}
}

// choose picks the option labelled label in the select sel, as a person
// does: the select's value changes and it fires change.
func choose(t *testing.T, ctx context.Context, sel, label string) {
	t.Helper()
	ok := run[bool](t, ctx, "choosing "+label, `(() => {
		const s = document.querySelector(`+js(sel)+`);
		const o = s && [...s.options].find(o => o.textContent === `+js(label)+`);
		if (!o) return false;
		s.value = o.value;
		s.dispatchEvent(new Event('change', {bubbles: true}));
		return true;
	})()`)
	if !ok {
		t.Fatalf("no option %q in %s", label, sel)
	}
}

// click clicks sel as a person's mouse does. A live redraw may replace the
// element between chromedp finding it and pressing on it; the person's
// press then lands on the redrawn element, so click looks it up again.
func click(t *testing.T, ctx context.Context, sel string) {
	t.Helper()
	var err error
	for try := 0; try < 3; try++ {
		if err = chromedp.Do(ctx, chromedp.Click(chromedp.CSS(sel))); !redrawn(err) {
			break
		}
	}
	if err != nil {
		t.Fatalf("clicking %s: %v", sel, err)
	}
}

// redrawn tells whether err says a node chromedp had found left the page.
func redrawn(err error) bool {
	var cdp *cdproto.Error
	return errors.As(err, &cdp) && strings.Contains(cdp.Message, "Could not find node")
}

// counts answers each column's count as the board shows it.
func counts(t *testing.T, ctx context.Context) map[string]string {
	t.Helper()
	return run[map[string]string](t, ctx, "reading counts",
		`Object.fromEntries([...document.querySelectorAll('.column')].map(c => [c.dataset.stepName, c.querySelector('.count').textContent]))`)
}

func inColumn(step, candidateID string) string {
	return `document.querySelector('.column[data-step-name=` + js(step) + `] [data-candidate-id=` + js(candidateID) + `]') !== null`
}

// openBoard signs in with token in the browser of ctx, picks the position
// named position and waits for its board to be live.
func openBoard(t *testing.T, ctx context.Context, env *hiregraphtest.Env, token, position string) context.Context {
	t.Helper()
	err := chromedp.Do(ctx,
		chromedp.EmulateViewport(1280, 800),
		chromedp.Navigate(env.URL("/app")),
		chromedp.WaitVisible(chromedp.ID("token")),
		chromedp.SetValue(chromedp.ID("token"), token),
		chromedp.Click(chromedp.CSS(`#sign-in button[type=submit]`)),
		chromedp.WaitVisible(chromedp.ID("position")),
	)
	if err != nil {
		t.Fatalf("signing in: %v", err)
	}
	choose(t, ctx, "#position", position)
	waitFor(t, ctx, "the board goes live",
		`document.getElementById('live').dataset.state === 'live' && document.querySelectorAll('.column').length > 0`, 10*time.Second)
	return ctx
}

// seed adds a candidate at the first step of the demo's published position
// and answers its id and the position's name.
func seed(t *testing.T, env *hiregraphtest.Env, first, last string) (candidateID, position string) {
	t.Helper()
	var out struct {
		CreateCandidate struct {
			ID       string
			Position struct{ Name string }
		}
	}
	env.GraphQL(`mutation($p: ID!, $first: String!, $last: String!, $email: String!) {
		createCandidate(input: {positionID: $p, person: {firstName: $first, lastName: $last, email: $email}}) { id position { name } } }`,
		map[string]any{"p": env.Demo.PublishedPositionUID, "first": first, "last": last, "email": strings.ToLower(first+"."+last) + "@example.com"}).Decode(t, &out)
	return out.CreateCandidate.ID, out.CreateCandidate.Position.Name
}

// TestAMoveShowsInAnotherBrowser opens the same position in two browsers
// (two Chromium processes, which share nothing but the server).
// A recruiter moves a candidate in the first with the keyboard's way (the
// card's "Move to…" select and its button): the second browser shows the
// card in its new column, counts updated, within two seconds, and the
// first browser's timeline panel shows the move. Rejecting with a reason
// in the dialog takes the card off both boards and onto the timeline.
func TestAMoveShowsInAnotherBrowser(t *testing.T) {
	env := hiregraphtest.New(t)
	hedy, position := seed(t, env, "Hedy", "Lamarr")
	token := env.UserToken(demo.RecruiterEmail)
	a := openBoard(t, hiregraphtest.Browser(t), env, token, position)
	b := openBoard(t, hiregraphtest.OwnBrowser(t), env, token, position)
	card := `[data-candidate-id="` + hedy + `"]`
	if !run[bool](t, b, "finding the card", inColumn("Applied", hedy)) {
		t.Fatalf("the new candidate is not in Applied")
	}
	before := counts(t, b)
	// In B someone has picked a step for the demo's candidate, not moved
	// yet: the live redraw must not undo that.
	ada := `[data-candidate-id="` + env.Demo.CandidateUID + `"] select.move-to`
	choose(t, b, ada, "Offer")

	// B keeps the bodies of the requests it sends from here on: the move's
	// event must make it read the one candidate, not the board.
	run[bool](t, b, "watching requests", `(() => { const send = window.fetch; window.sentBodies = [];
		window.fetch = (url, init) => { window.sentBodies.push(String(init && init.body)); return send(url, init); }; return true; })()`)
	choose(t, a, card+" select.move-to", "Phone screen")
	click(t, a, card+" button.move")
	moved := time.Now()
	waitFor(t, b, "the other browser shows the move", inColumn("Phone screen", hedy), liveWithin)
	t.Logf("the other browser showed the move %s after the click", time.Since(moved).Round(time.Millisecond))
	if sent := run[[]string](t, b, "reading requests", `window.sentBodies`); len(sent) != 1 || !strings.Contains(sent[0], "query Card(") {
		t.Errorf("the other browser sent %q on the move's event, want one read of the moved candidate", sent)
	}
	after := counts(t, b)
	if after["Applied"] != dec(t, before["Applied"]) || after["Phone screen"] != inc(t, before["Phone screen"]) {
		t.Errorf("counts went from %v to %v", before, after)
	}
	if picked := run[string](t, b, "reading a pick", `document.querySelector(`+js(ada)+`).selectedOptions[0].textContent`); picked != "Offer" {
		t.Errorf("the redraw changed a pick to %q", picked)
	}
	if got := counts(t, a); got["Phone screen"] != after["Phone screen"] || got["Applied"] != after["Applied"] {
		t.Errorf("the mover's counts %v, the other browser's %v", got, after)
	}
	waitFor(t, a, "the mover hears the server's answer", `document.getElementById('status').textContent === 'Hedy Lamarr moved to Phone screen.'`, 5*time.Second)

	click(t, a, card+" button.name")
	waitFor(t, a, "the timeline shows the move", `[...document.querySelectorAll('#timeline-list .activity')].some(a =>
		a.dataset.verb === 'candidate.moved' && a.textContent.includes('step: Applied → Phone screen') && a.textContent.includes('by Rita'))`, 5*time.Second)
	if title := run[string](t, a, "reading the timeline", `document.getElementById('timeline-title').textContent`); title != "Hedy Lamarr" {
		t.Errorf("timeline title %q", title)
	}

	click(t, a, card+" button.reject")
	waitFor(t, a, "the reject dialog opens", `document.getElementById('reject-dialog').open`, 5*time.Second)
	reasons := run[[]string](t, a, "reading reasons", `[...document.querySelectorAll('#reject-reason option')].map(o => o.textContent)`)
	if len(reasons) < 2 {
		t.Fatalf("reasons offered: %q", reasons)
	}
	hiregraphtest.CheckAccessibility(t, a)
	choose(t, a, "#reject-reason", reasons[1])
	if err := chromedp.Do(a, chromedp.SendKeys(chromedp.ID("reject-note"), "Chose another offer.")); err != nil {
		t.Fatal(err)
	}
	click(t, a, "#reject-confirm")
	waitFor(t, b, "the other browser drops the rejected card", `!(`+inColumn("Phone screen", hedy)+`)`, liveWithin)
	if got := counts(t, b)["Phone screen"]; got != before["Phone screen"] {
		t.Errorf("Phone screen count %s after the rejection, want %s", got, before["Phone screen"])
	}
	waitFor(t, a, "the timeline shows the rejection", `[...document.querySelectorAll('#timeline-list .activity')].some(a =>
		a.dataset.verb === 'candidate.rejected' && a.textContent.includes(`+js("rejectionReason: — → "+reasons[1])+`))`, 5*time.Second)

	var got struct {
		Node struct {
			Status, RejectionNote string
			CurrentStep           struct{ Name string }
		}
	}
	env.GraphQL(`query($id: ID!) { node(id: $id) { ... on Candidate { status rejectionNote currentStep { name } } } }`,
		map[string]any{"id": hedy}).Decode(t, &got)
	if got.Node.Status != "REJECTED" || got.Node.RejectionNote != "Chose another offer." || got.Node.CurrentStep.Name != "Phone screen" {
		t.Errorf("the server holds %+v", got.Node)
	}
	hiregraphtest.CheckAccessibility(t, a)

	// The tab keeps the session and the position over a reload, until
	// Sign out forgets the token.
	if err := chromedp.Do(b, chromedp.Reload()); err != nil {
		t.Fatal(err)
	}
	waitFor(t, b, "the reloaded board", `document.getElementById('position').selectedOptions[0]?.textContent === `+js(position)+
		` && document.querySelectorAll('.column').length > 0`, 10*time.Second)
	click(t, b, "#sign-out")
	waitFor(t, b, "signing out", `!document.getElementById('sign-in').hidden && document.getElementById('workspace').hidden && sessionStorage.length === 0`, 5*time.Second)
}

// TestDraggingACardMovesIt drags a card onto another column: the server
// moves the candidate. The hired step takes no drop (hiring needs an
// opening). A move the server refuses shows its error and the board as
// the server has it; a token it no longer takes signs the board out.
func TestDraggingACardMovesIt(t *testing.T) {
	env := hiregraphtest.New(t)
	frances, position := seed(t, env, "Frances", "Allen")
	token := env.UserToken(demo.RecruiterEmail)
	ctx := openBoard(t, hiregraphtest.Browser(t), env, token, position)
	// The events a real drag fires, in two parts so that something can
	// happen between picking the card up and dropping it.
	pickUp := func() {
		run[bool](t, ctx, "picking the card up", `(() => {
			const card = document.querySelector('[data-candidate-id=`+js(frances)+`]');
			window.drag = {card, data: new DataTransfer()};
			card.dispatchEvent(new DragEvent('dragstart', {bubbles: true, cancelable: true, dataTransfer: drag.data}));
			return true;
		})()`)
	}
	drop := func(to string) bool {
		return run[bool](t, ctx, "dropping on "+to, `(() => {
			const column = document.querySelector('.column[data-step-name=`+js(to)+`]');
			const fire = (node, type) => {
				const e = new DragEvent(type, {bubbles: true, cancelable: true, dataTransfer: drag.data});
				node.dispatchEvent(e);
				return e.defaultPrevented;
			};
			const accepted = fire(column, 'dragover');
			if (accepted) fire(column, 'drop');
			fire(drag.card, 'dragend');
			return accepted;
		})()`)
	}
	pickUp()
	if drop("Hired") {
		t.Errorf("the Hired column accepts a drop")
	}
	pickUp()
	if !drop("Technical interview") {
		t.Fatalf("the Technical interview column refuses a drop")
	}
	waitFor(t, ctx, "the server's answer", `document.getElementById('status').textContent === 'Frances Allen moved to Technical interview.'`, 5*time.Second)
	if !run[bool](t, ctx, "finding the card", inColumn("Technical interview", frances)) {
		t.Errorf("the card is not in Technical interview")
	}
	var got struct {
		Node struct{ CurrentStep struct{ Name string } }
	}
	query := `query($id: ID!) { node(id: $id) { ... on Candidate { currentStep { name } } } }`
	if env.GraphQL(query, map[string]any{"id": frances}).Decode(t, &got); got.Node.CurrentStep.Name != "Technical interview" {
		t.Errorf("the server has the candidate at %q", got.Node.CurrentStep.Name)
	}

	// Someone rejects the candidate while the card is in the air: the
	// board holds its redraw until the drop, which the server refuses.
	pickUp()
	env.GraphQL(`mutation($id: ID!, $r: ID!) { rejectCandidate(id: $id, input: {reasonID: $r}) { id } }`,
		map[string]any{"id": frances, "r": firstReason(t, env)})
	drop("Offer")
	waitFor(t, ctx, "the refusal shows", `document.getElementById('errors').textContent.includes('illegal_transition')`, 5*time.Second)
	waitFor(t, ctx, "the card leaves the board", `document.querySelector('[data-candidate-id=`+js(frances)+`]') === null`, 5*time.Second)

	var me struct {
		Viewer struct{ ViewerUser struct{ ID string } }
	}
	env.GraphQLAs(token, `{ viewer { viewerUser { id } } }`, nil).Decode(t, &me)
	env.GraphQL(`mutation($id: ID!) { deactivateUser(id: $id) { id } }`, map[string]any{"id": me.Viewer.ViewerUser.ID})
	// A live refresh (the rejection's event) may meet the 401 first and
	// sign the board out by itself; otherwise the next move does.
	run[bool](t, ctx, "moving a card if still signed in", `(() => {
		if (!document.getElementById('sign-in').hidden) return false;
		const card = document.querySelector('.card');
		const s = card.querySelector('select.move-to');
		s.value = [...s.options].find(o => o.textContent === 'Offer').value;
		s.dispatchEvent(new Event('change', {bubbles: true}));
		card.querySelector('button.move').click();
		return true;
	})()`)
	waitFor(t, ctx, "the board signs out", `!document.getElementById('sign-in').hidden &&
		document.getElementById('errors').textContent.includes('user_deactivated') && sessionStorage.length === 0`, 5*time.Second)
}

func firstReason(t *testing.T, env *hiregraphtest.Env) string {
	var out struct {
		RejectionReasons struct {
			Edges []struct{ Node struct{ ID string } }
		}
	}
	env.GraphQL(`{ rejectionReasons(first: 1) { edges { node { id } } } }`, nil).Decode(t, &out)
	if len(out.RejectionReasons.Edges) == 0 {
		t.Fatal("the demo has no rejection reasons")
	}
	return out.RejectionReasons.Edges[0].Node.ID
}

func inc(t *testing.T, n string) string { return shift(t, n, 1) }
func dec(t *testing.T, n string) string { return shift(t, n, -1) }

func shift(t *testing.T, n string, by int) string {
	t.Helper()
	var v int
	if err := json.Unmarshal([]byte(n), &v); err != nil {
		t.Fatalf("count %q: %v", n, err)
	}
	b, _ := json.Marshal(v + by)
	return string(b)
}
