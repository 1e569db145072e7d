package graph_test

import (
	"strings"
	"testing"
	"time"

	"github.com/hiregraph/hiregraph/internal/hiregraphtest"
)

// An uploaded resume's text is read in the background, then shown on the
// file and found by search; a file over the limits keeps no text and
// holds nothing up.
func TestResumeTextIsReadAndSearched(t *testing.T) {
	env := hiregraphtest.NewWithConfig(t, hiregraphtest.ReadFileText(t))
	upload := func(name string, content []byte) string {
		var out struct{ UploadCandidateFile struct{ ID string } }
		env.Upload(`mutation($c: ID!, $f: Upload!) { uploadCandidateFile(candidateID: $c, file: $f, kind: RESUME) { id } }`,
			map[string]any{"c": env.Demo.CandidateUID, "f": nil}, "f",
			hiregraphtest.Part{FileName: name, Content: content}).Decode(t, &out)
		return out.UploadCandidateFile.ID
	}
	hostile := upload("pages.pdf", hiregraphtest.PDFWithText(1_000_000, "Zeppelin"))
	pdf := upload("cv.pdf", hiregraphtest.PDFWithText(0, "Designed the Difference Engine compiler", "Fluent in Klingon"))
	docx := upload("cv.docx", hiregraphtest.DOCXWithText("Certified Kubernetes wrangler"))

	for _, q := range []string{"klingon difference", "kubernetes wrangler"} {
		var got searchPage
		for deadline := time.Now().Add(30 * time.Second); time.Now().Before(deadline); time.Sleep(100 * time.Millisecond) {
			if got = search(t, env.GraphQL, q); len(got.Search.Edges) > 0 {
				break
			}
		}
		if len(got.Search.Edges) != 1 || got.Search.Edges[0].Node.ID != env.Demo.CandidateUID || !strings.Contains(got.Search.Edges[0].Snippet, "<mark>") {
			t.Fatalf("search %q found %+v", q, got.Search.Edges)
		}
	}

	text := func(id string) string {
		var out struct{ Node struct{ Text string } }
		env.GraphQL(`query($id: ID!) { node(id: $id) { ... on CandidateFile { text } } }`, map[string]any{"id": id}).Decode(t, &out)
		return out.Node.Text
	}
	if got := text(pdf); !strings.Contains(got, "Fluent in Klingon") {
		t.Errorf("the PDF's text %q", got)
	}
	if got := text(docx); got != "Certified Kubernetes wrangler\n" {
		t.Errorf("the DOCX's text %q", got)
	}
	// The hostile file (queued first, so read by now with two workers, or
	// being read) never gets text.
	if got := text(hostile); got != "" {
		t.Errorf("the file of a million pages has text %q", got)
	}
	if got := search(t, env.GraphQL, "zeppelin"); len(got.Search.Edges) != 0 {
		t.Errorf("the hostile file's text is searched: %v", got.names())
	}
}
