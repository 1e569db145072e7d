// Package sanitize holds the HTML policies of the service, one function per
// field that accepts user text. Each is a bluemonday policy built once at
// package level (policies are safe for concurrent use) and applied on the way
// in, so stored text is safe wherever it is shown later: careers pages,
// recruiter UIs, e-mails.
//
// Every function returns HTML: text is escaped (<, >, &, quotes become
// entities) and only the listed tags survive. Output is always valid UTF-8,
// because it is stored in text columns that refuse anything else.
package sanitize

import (
	"net/url"
	"strings"

	"github.com/microcosm-cc/bluemonday"
)

var (
	noteText       = inlinePolicy()
	messageBody    = withLinks(inlinePolicy())
	positionDetail = withLinks(richTextPolicy())
	plainText      = bluemonday.StrictPolicy()
)

// NoteText sanitizes candidate note text. The spec supports only <b>, <i> and
// <u>, so they are kept without attributes and every other tag is removed;
// the content of script, style, iframe, object and the like goes with it.
func NoteText(s string) string { return run(noteText, s) }

// MessageBody sanitizes a conversation message body: <b>, <i>, <u> and links.
// A link keeps only an absolute http, https or mailto href and gets
// rel="nofollow noopener"; a link whose href is refused loses its tag but
// keeps its text.
func MessageBody(s string) string { return addNoOpener(run(messageBody, s)) }

// PositionDetail sanitizes a position's detail value (description,
// requirements) shown on careers sites: paragraphs, line breaks, emphasis,
// lists, headings h2-h4, block quotes and links as in MessageBody. Images are
// refused because they would let an author plant tracking pixels on the
// careers site; style, class and id because they could restyle or spoof the
// page around the text.
func PositionDetail(s string) string { return addNoOpener(run(positionDetail, s)) }

// PlainText removes every tag, for fields that must hold no HTML (names,
// subjects). Its output is still HTML-escaped text, like the others.
func PlainText(s string) string { return run(plainText, s) }

// run makes the input valid UTF-8 first: the tokenizer passes invalid bytes
// through unchanged, and the database would reject them.
func run(p *bluemonday.Policy, s string) string {
	return p.Sanitize(strings.ToValidUTF8(s, "\uFFFD"))
}

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

// withLinks allows <a href> with absolute http and https URLs and mailto
// addresses. Relative and scheme-relative URLs are refused: the text is shown
// on several sites, where a relative link would point somewhere different on
// each. Every other scheme (javascript, data, vbscript, ...) is refused by
// being absent from the allow list; bluemonday parses the URL with net/url
// first, so case, entities and whitespace tricks in the scheme cannot match.
func withLinks(p *bluemonday.Policy) *bluemonday.Policy {
	p.AllowAttrs("href").OnElements("a")
	p.RequireParseableURLs(true)
	p.AllowRelativeURLs(false)
	// "https:/x" and "https:x" parse with an empty host and browsers resolve
	// them against the page like relative URLs.
	hasHost := func(u *url.URL) bool { return u.Host != "" }
	p.AllowURLSchemeWithCustomPolicy("http", hasHost)
	p.AllowURLSchemeWithCustomPolicy("https", hasHost)
	// A mailto link must name an address; "mailto:javascript:..." is inert
	// but there is no reason to keep it.
	p.AllowURLSchemeWithCustomPolicy("mailto", func(u *url.URL) bool {
		return strings.Contains(u.Opaque, "@")
	})
	p.RequireNoFollowOnLinks(true)
	return p
}

// addNoOpener turns bluemonday's rel="nofollow" into rel="nofollow noopener".
//
// bluemonday has no option for noopener alone: it adds noopener only to links
// that carry target="_blank" (AddTargetBlankToFullyQualifiedLinks, or an
// allowed target attribute), and we want neither a new tab nor target="_blank"
// on mailto links. RequireNoReferrerOnLinks would give "nofollow noreferrer",
// which also hides the referrer from the linked site. So the policies use
// RequireNoFollowOnLinks(true) and this adds noopener.
//
// The replacement cannot touch anything else: the policies refuse every rel
// attribute from the input, bluemonday writes the one rel it adds as exactly
// ` rel="nofollow"`, and it escapes every quote in text and attribute values
// (as &#34;), so that string can appear nowhere else in its output.
func addNoOpener(s string) string {
	return strings.ReplaceAll(s, ` rel="nofollow"`, ` rel="nofollow noopener"`)
}
