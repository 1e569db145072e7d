package board_test

import (
	"flag"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/hiregraph/hiregraph/internal/demo"
	"github.com/hiregraph/hiregraph/internal/hiregraphtest"
)

var screenshots = flag.Bool("screenshots", false, "write the README's pictures of the board (docs/board*.png)")

// TestScreenshots draws the README's pictures from the demo company, which
// `go run ./cmd/hiregraph` seeds too: HIREGRAPH_TEST_LONG=1 go test ./web/board
// -run TestScreenshots -screenshots.
func TestScreenshots(t *testing.T) {
	if !*screenshots {
		t.Skip("writes docs/board*.png only when asked: -screenshots")
	}
	env := hiregraphtest.New(t)
	var pos struct{ Node struct{ Name string } }
	env.GraphQL(`query($id: ID!) { node(id: $id) { ... on Position { name } } }`, map[string]any{"id": env.Demo.PublishedPositionUID}).Decode(t, &pos)
	// Cards show their interviews and scorecards: Ada's interview with Rita
	// and Ian is over, Ian submitted his scorecard and Rita owes hers.
	interview := interviewed(t, env, env.Demo.CandidateUID, demo.RecruiterEmail, "ian.interviewer@acme.example")
	env.GraphQLAs(env.UserToken("ian.interviewer@acme.example"), `mutation($id: ID!) { submitScorecard(input: {interviewID: $id,
		overallRecommendation: STRONG_YES, notes: "Deep on storage engines."}) { id } }`, map[string]any{"id": interview}).Decode(t, &struct{}{})
	token := env.UserToken(demo.RecruiterEmail)
	// The demo's history was written before timelines; a note gives the
	// picture more than the move below.
	env.GraphQLAs(token, `mutation($id: ID!, $at: String!) { createNote(candidateID: $id, input: {timeCreated: $at, text: "Strong systems background. Ready for an offer."}) { id } }`,
		map[string]any{"id": env.Demo.CandidateUID, "at": env.Clock.Now().UTC().Format(time.RFC3339)}).Decode(t, &struct{}{})
	ctx := openBoard(t, hiregraphtest.Browser(t), env, token, pos.Node.Name)
	shoot := func(name string) {
		t.Helper()
		// Let the last redraw and focus ring settle.
		time.Sleep(300 * time.Millisecond)
		png, err := chromedp.Run(ctx, chromedp.CaptureScreenshot())
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(hiregraphtest.ModuleRoot(), "docs", name), png, 0o644); err != nil {
			t.Fatal(err)
		}
		t.Logf("wrote docs/%s, %d KB", name, len(png)/1024)
	}

	ada := `[data-candidate-id="` + env.Demo.CandidateUID + `"]`
	choose(t, ctx, ada+" select.move-to", "Offer")
	click(t, ctx, ada+" button.move")
	waitFor(t, ctx, "the move", inColumn("Offer", env.Demo.CandidateUID), 5*time.Second)
	if _, err := chromedp.Run(ctx, chromedp.Evaluate[bool](`document.activeElement.blur(), true`)); err != nil {
		t.Fatal(err)
	}
	shoot("board.png")

	click(t, ctx, ada+" button.name")
	waitFor(t, ctx, "the timeline", `document.querySelectorAll('#timeline-list .activity').length > 1`, 5*time.Second)
	shoot("board-timeline.png")
}
