// Package sanitize holds the HTML policies of the service, one per field
// that accepts HTML. Each is a bluemonday policy built once (policies are
// safe for concurrent use) and applied on the way in, so stored text is safe
// wherever it is shown later: careers pages, recruiter UIs, e-mails.
package sanitize

import (
	"strings"

	"github.com/microcosm-cc/bluemonday"
)

var (
	noteText       = inlinePolicy()
	messageBody    = withLinks(inlinePolicy())
	positionDetail = withLinks(richTextPolicy())
	plainText      = bluemonday.StrictPolicy()
)

// NoteText keeps only <b>, <i> and <u> without attributes (spec 4.2).
// Everything else is removed; the content of script and style elements is
// dropped with them, and stray < > & stay escaped as text.
func NoteText(s string) string { return noteText.Sanitize(s) }

// MessageBody keeps <b>, <i>, <u> and links (spec 4.3). A link keeps only an
// absolute http, https or mailto href and gets rel="nofollow noopener"; a
// link whose href is refused loses its tag but keeps its text.
func MessageBody(s string) string { return addNoOpener(messageBody.Sanitize(s)) }

// PositionDetail keeps the rich text of a job description: paragraphs,
// line breaks, emphasis, lists, headings h2-h4, block quotes and safe links.
// No images (tracking pixels), styles, classes or ids.
func PositionDetail(s string) string { return addNoOpener(positionDetail.Sanitize(s)) }

// PlainText removes every tag, for fields that must hold no HTML.
func PlainText(s string) string { return plainText.Sanitize(s) }

func inlinePolicy() *bluemonday.Policy {
	p := bluemonday.NewPolicy()
	p.AllowElements("b", "i", "u")
	return p
}

func richTextPolicy() *bluemonday.Policy {
	p := bluemonday.NewPolicy()
	p.AllowElements("p", "br", "b", "strong", "i", "em", "u", "ul", "ol", "li", "h2", "h3", "h4", "blockquote")
	return p
}

func withLinks(p *bluemonday.Policy) *bluemonday.Policy {
	p.AllowAttrs("href").OnElements("a")
	p.AllowURLSchemes("http", "https", "mailto")
	p.RequireParseableURLs(true)
	p.AllowRelativeURLs(false)
	p.RequireNoFollowOnLinks(true)
	return p
}

// addNoOpener completes bluemonday's rel="nofollow" to rel="nofollow
// noopener". bluemonday adds noopener only with target="_blank", which we
// do not allow; callers' rel attributes are refused, so every rel in the
// output is the one bluemonday wrote, and attribute values are escaped, so
// the pattern cannot come from inside an href.
func addNoOpener(s string) string {
	return strings.ReplaceAll(s, ` rel="nofollow"`, ` rel="nofollow noopener"`)
}
