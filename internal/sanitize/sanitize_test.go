package sanitize

import (
	"html"
	"regexp"
	"strings"
	"sync"
	"testing"
)

// field describes one exported function and the elements its output may hold.
type field struct {
	name     string
	sanitize func(string) string
	elements map[string]bool
}

func set(names ...string) map[string]bool {
	m := map[string]bool{}
	for _, n := range names {
		m[n] = true
	}
	return m
}

var fields = []field{
	{"NoteText", NoteText, set("b", "i", "u")},
	{"MessageBody", MessageBody, set("b", "i", "u", "a")},
	{"PositionDetail", PositionDetail, set("p", "br", "b", "strong", "i", "em", "u", "ul", "ol", "li", "h2", "h3", "h4", "blockquote", "a")},
	{"PlainText", PlainText, set()},
}

type exact struct{ in, want string }

func checkExact(t *testing.T, sanitize func(string) string, cases []exact) {
	t.Helper()
	for _, c := range cases {
		if got := sanitize(c.in); got != c.want {
			t.Errorf("sanitizing %q\n got %q\nwant %q", c.in, got, c.want)
		}
	}
}

func TestNoteText(t *testing.T) {
	checkExact(t, NoteText, []exact{
		{`Strong <b>Go</b> skills, <i>very</i> <u>calm</u>.`, `Strong <b>Go</b> skills, <i>very</i> <u>calm</u>.`},
		{"Line one\nline two", "Line one\nline two"},
		{`<B>loud</B>`, `<b>loud</b>`},
		{`<b class="x" style="color:red" title="t">b</b>`, `<b>b</b>`},
		{`<em>em</em> <strong>s</strong> <p>p</p><br>`, `em s p`},
		{`<a href="https://x.example/">link</a>`, `link`},
		{`1 < 2 & 3 > 2`, `1 &lt; 2 &amp; 3 &gt; 2`},
		{`O'Brien said "hi"`, `O&#39;Brien said &#34;hi&#34;`},
		{`&lt;b&gt; is shown as text`, `&lt;b&gt; is shown as text`},
		{`<b>bold</b><script>alert(1)</script>`, `<b>bold</b>`},
		{`<b>open`, `<b>open`},
		{"", ""},
	})
}

func TestMessageBody(t *testing.T) {
	checkExact(t, MessageBody, []exact{
		{`Hi <b>Ada</b>, see <a href="https://x.example/p">x</a>`, `Hi <b>Ada</b>, see <a href="https://x.example/p" rel="nofollow noopener">x</a>`},
		{`<a href="https://x.example/p">x</a>`, `<a href="https://x.example/p" rel="nofollow noopener">x</a>`},
		{`<a href="http://x.example/a?b=c&amp;d=e#f">x</a>`, `<a href="http://x.example/a?b=c&amp;d=e#f" rel="nofollow noopener">x</a>`},
		{`<a href="mailto:ada@example.com">mail</a>`, `<a href="mailto:ada@example.com" rel="nofollow noopener">mail</a>`},
		{`<A HREF="HTTPS://x.example/">x</A>`, `<a href="https://x.example/" rel="nofollow noopener">x</a>`},
		// Attributes other than href go, rel and target included: the link
		// gets exactly our rel and no new tab.
		{`<a href="https://x.example/" rel="opener" target="_blank" title="t" class="c">x</a>`, `<a href="https://x.example/" rel="nofollow noopener">x</a>`},
		{`<a href="https://x.example/" rel="nofollow">x</a>`, `<a href="https://x.example/" rel="nofollow noopener">x</a>`},
		// Refused hrefs drop the tag but keep the text.
		{`<a href="javascript:alert(1)">x</a>`, `x`},
		{`<a href="/jobs/1">x</a>`, `x`},
		{`<a href="jobs/1">x</a>`, `x`},
		{`<a href="//x.example/">x</a>`, `x`},
		{`<a href="https:/x.example/">x</a>`, `x`},
		{`<a href="https:x.example">x</a>`, `x`},
		{`<a href="ftp://x.example/">x</a>`, `x`},
		{`<a href="mailto:javascript:alert(1)">x</a>`, `x`},
		{`<a>x</a>`, `x`},
		{`<a name="top">x</a>`, `x`},
		{`<p>Hi</p><i>i</i><u>u</u>`, `Hi<i>i</i><u>u</u>`},
	})
}

func TestPositionDetail(t *testing.T) {
	checkExact(t, PositionDetail, []exact{
		{
			`<h2>Role</h2><p>Build <strong>robots</strong> and <em>tools</em>.</p><ul><li>Go</li><li>SQL</li></ul><ol><li>1</li></ol>`,
			`<h2>Role</h2><p>Build <strong>robots</strong> and <em>tools</em>.</p><ul><li>Go</li><li>SQL</li></ul><ol><li>1</li></ol>`,
		},
		{`<h3>a</h3><h4>b</h4><blockquote>c</blockquote><p>d<br>e<br/>f</p>`, `<h3>a</h3><h4>b</h4><blockquote>c</blockquote><p>d<br>e<br/>f</p>`},
		{`<h1>big</h1><h5>small</h5><h6>tiny</h6>`, `bigsmalltiny`},
		{`<p style="color:red" class="c" id="i" align="left">x</p>`, `<p>x</p>`},
		{`<blockquote cite="https://x.example/">q</blockquote>`, `<blockquote>q</blockquote>`},
		{`<p>Pixel<img src="https://t.example/p.gif" width="1" height="1"></p>`, `<p>Pixel</p>`},
		{`<table><tr><td>cell</td></tr></table>`, `cell`},
		{`<div><span>x</span></div>`, `x`},
		{`<p>Apply <a href="https://jobs.example/apply">here</a></p>`, `<p>Apply <a href="https://jobs.example/apply" rel="nofollow noopener">here</a></p>`},
		{`<a href="data:text/html,hi">x</a>`, `x`},
	})
}

func TestPlainText(t *testing.T) {
	checkExact(t, PlainText, []exact{
		{`Ada Lovelace`, `Ada Lovelace`},
		{`<b>Ada</b> <script>x</script>Lovelace`, `Ada Lovelace`},
		{`<a href="https://x.example/">Ada</a>`, `Ada`},
		// Still HTML: text is escaped, so the value can be put into a page
		// as is but must not be escaped again.
		{`R&D: 1 < 2, "O'Brien"`, `R&amp;D: 1 &lt; 2, &#34;O&#39;Brien&#34;`},
	})
}

// TestInvalidUTF8 checks that bad bytes become U+FFFD instead of reaching the
// database, which would reject them.
func TestInvalidUTF8(t *testing.T) {
	for _, f := range fields {
		if got, want := f.sanitize("a\xffb<b>c</b>"), "a\uFFFDb"; !strings.HasPrefix(got, want) {
			t.Errorf("%s = %q, want prefix %q", f.name, got, want)
		}
	}
}

// hostile is a corpus in the style of the OWASP XSS filter evasion cheat
// sheet. Its vectors carry "javascript:", "data:" and handlers only in
// markup, so no output may contain them even as text.
var hostile = []string{
	// Script elements.
	`<script>alert(1)</script>`,
	`<SCRIPT SRC=//x.example/xss.js></SCRIPT>`,
	`<SCRIPT/XSS SRC="http://x.example/xss.js"></SCRIPT>`,
	`<script/src=data:,alert(1)>`,
	`<scr<script>ipt>alert(1)</scr</script>ipt>`,
	`<<script>alert(1);//<</script>`,
	`<SCRIPT SRC=http://x.example/xss.js?< B >`,
	`</title><script>alert(1)</script>`,
	`<svg><script>alert(1)</script></svg>`,
	`<xmp><script>alert(1)</script></xmp>`,
	`<noscript><p title="</noscript><img src=x onerror=alert(1)>">`,
	`<textarea><script>alert(1)</script></textarea>`,
	`<template><script>alert(1)</script></template>`,
	`<plaintext><script>alert(1)</script>`,
	"<scr\x00ipt>alert(1)</scr\x00ipt>",
	"<script\x00>alert(1)</script>",

	// Event handlers.
	`<img src=x onerror=alert(1)>`,
	`<IMG SRC=# onmouseover="alert('xxs')">`,
	`<IMG SRC=/ onerror="alert(String.fromCharCode(88,83,83))"></img>`,
	`<b onmouseover=alert(1)>bold</b>`,
	`<i/onclick=alert(1)>i</i>`,
	`<u onclick="alert(1)"onmouseover="alert(2)">u</u>`,
	`<p onclick=alert(1)>p</p>`,
	`<a href="https://ok.example/" onclick="alert(1)" onmouseover="alert(1)">x</a>`,
	`<svg onload=alert(1)>`,
	`<svg/onload=alert(1)>`,
	`<body onload=alert(1)>`,
	"<BODY onload!#$%&()*~+-_.,:;?@[/|\\]^`=alert(1)>",
	`<details open ontoggle=alert(1)>`,
	`<video><source onerror="alert(1)">`,
	`<marquee onstart=alert(1)>`,
	`<input autofocus onfocus=alert(1)>`,

	// javascript: URLs, with case, entity and whitespace tricks.
	`<IMG SRC="javascript:alert('XSS');">`,
	`<IMG SRC=JaVaScRiPt:alert('XSS')>`,
	"<IMG SRC=`javascript:alert(\"RSnake says, 'XSS'\")`>",
	`<IMG SRC=&#0000106&#0000097&#0000118&#0000097&#0000115&#0000099&#0000114&#0000105&#0000112&#0000116&#0000058&#0000097>`,
	`<a href="JAVASCRIPT:alert(1)">x</a>`,
	`<a href="JaVaScRiPt:alert(1)">x</a>`,
	`<a href=" javascript:alert(1)">x</a>`,
	`<a href="jav	ascript:alert(1)">x</a>`,
	"<a href=\"java\nscript:alert(1)\">x</a>",
	"<a href=\"java\rscript:alert(1)\">x</a>",
	"<a href=\"\x01javascript:alert(1)\">x</a>",
	"<a href=\"java\x00script:alert(1)\">x</a>",
	`<a href="jav&#x09;ascript:alert(1)">x</a>`,
	`<a href="jav&#x0A;ascript:alert(1)">x</a>`,
	`<a href="jav&#x0D;ascript:alert(1)">x</a>`,
	`<a href=" &#14;  javascript:alert(1)">x</a>`,
	`<a href="&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(1)">x</a>`,
	`<a href="&#x6A;&#x61;&#x76;&#x61;&#x73;&#x63;&#x72;&#x69;&#x70;&#x74;&#x3A;alert(1)">x</a>`,
	`<a href="&#x6A&#x61&#x76&#x61&#x73&#x63&#x72&#x69&#x70&#x74&#x3A;alert(1)">x</a>`,
	`<a href="javascript&colon;alert(1)">x</a>`,
	`<a href="javas<!-- -->cript:alert(1)">x</a>`,
	`<a href=javascript:alert(1)>x</a>`,
	`<a href='javascript:alert(1)'>x</a>`,
	`<a href="https://ok.example/" href="javascript:alert(1)">x</a>`,
	`<a href="javascript:alert(1)" href="https://ok.example/">x</a>`,
	`<iframe src="javascript:alert(1)"></iframe>`,
	`<iframe src=http://x.example/scriptlet.html <`,
	`<form action="javascript:alert(1)"><input type=submit></form>`,
	`<form><button formaction=javascript:alert(1)>x</button></form>`,
	`<INPUT TYPE="IMAGE" SRC="javascript:alert('XSS');">`,
	`<BODY BACKGROUND="javascript:alert('XSS')">`,
	`<IMG DYNSRC="javascript:alert('XSS')">`,
	`<TABLE BACKGROUND="javascript:alert('XSS')">`,
	`<LINK REL="stylesheet" HREF="javascript:alert('XSS');">`,
	`<math><mi xlink:href="javascript:alert(1)">x</mi></math>`,
	`<svg><a xlink:href="javascript:alert(1)"><text>x</text></a></svg>`,
	`<blockquote cite="javascript:alert(1)">q</blockquote>`,

	// Other dangerous schemes.
	`<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>`,
	`<a href="DATA:text/html,<script>alert(1)</script>">x</a>`,
	`<a href="vbscript:msgbox(1)">x</a>`,
	`<a href="VBScript:msgbox(1)">x</a>`,
	`<a href="livescript:alert(1)">x</a>`,
	`<a href="//evil.example/">x</a>`,
	`<a href="\\evil.example/">x</a>`,

	// Plugins, frames, styles and document-level elements.
	`<object data="javascript:alert(1)"></object>`,
	`<OBJECT TYPE="text/x-scriptlet" DATA="http://x.example/scriptlet.html"></OBJECT>`,
	`<embed src="data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+">`,
	`<EMBED SRC="http://x.example/xss.swf" AllowScriptAccess="always"></EMBED>`,
	`<applet code="x.class"></applet>`,
	`<frameset><frame src="javascript:alert(1)"></frameset>`,
	`<style>@import 'http://evil.example/xss.css';</style>`,
	`<STYLE>@im\port'\ja\vasc\ript:alert("XSS")';</STYLE>`,
	`<STYLE>li {list-style-image: url("javascript:alert('XSS')");}</STYLE><UL><LI>XSS</br>`,
	`<STYLE>BODY{-moz-binding:url("http://x.example/xssmoz.xml#xss")}</STYLE>`,
	`<div style="width: expression(alert(1));">x</div>`,
	`<IMG STYLE="xss:expr/*XSS*/ession(alert('XSS'))">`,
	`<DIV STYLE="background-image: url(javascript:alert('XSS'))">`,
	`<p style="background:url(data:image/png;base64,AAAA)">x</p>`,
	`<meta http-equiv="refresh" content="0;url=javascript:alert(1);">`,
	`<META HTTP-EQUIV="refresh" CONTENT="0;url=data:text/html base64,PHNjcmlwdD5hbGVydCgnWFNTJyk8L3NjcmlwdD4K">`,
	`<META HTTP-EQUIV="Link" Content="<http://x.example/xss.css>; REL=stylesheet">`,
	`<base href="javascript:alert(1)//">`,
	`<link rel="import" href="https://evil.example/x.html">`,

	// Parser confusion: comments, quoting, unclosed and broken tags.
	`<!--<script>alert(1)</script>-->`,
	`<!--[if gte IE 4]><SCRIPT>alert('XSS');</SCRIPT><![endif]-->`,
	`<![CDATA[<script>alert(1)</script>]]>`,
	`<!DOCTYPE html><script>alert(1)</script>`,
	`<?xml version="1.0"?><script>alert(1)</script>`,
	`<img """><script>alert(1)</script>">`,
	`<b title="x"><script>alert(1)</script>">b</b>`,
	`<a href="https://ok.example/" title='"><script>alert(1)</script>'>x</a>`,
	`<a href="https://ok.example/"onclick=alert(1)>x</a>`,
	`<img src=x onerror=alert(1)`,
	`<b <script>alert(1)</script>>x</b>`,
	`<XML ID="xss"><I><B><IMG SRC="javas<!-- -->cript:alert('XSS')"></B></I></XML>`,
	`<a href="https://ok.example/"><b>unclosed`,

	// Encodings.
	`+ADw-script+AD4-alert(1)+ADw-/script+AD4-`,
	`<HEAD><META HTTP-EQUIV="CONTENT-TYPE" CONTENT="text/html; charset=UTF-7"></HEAD>+ADw-SCRIPT+AD4-alert(1)+ADw-/SCRIPT+AD4-`,
	"\xbc\xbescript\xbe",
	"<b>\xc0\xbcscript\xc0\xbe</b>",
	`&lt;script&gt;alert(1)&lt;/script&gt;`,
	"\uFF1Cscript\uFF1Ealert(1)\uFF1C/script\uFF1E",
}

var (
	// The brief's deny list, for the corpus: checked on the whole output.
	eventAttr      = regexp.MustCompile(`(?i)\bon[a-z]+\s*=`)
	forbiddenTag   = regexp.MustCompile(`(?i)<\s*/?\s*(script|iframe|object|embed|svg|img|style|meta|base|form|math|link|input|frame)`)
	forbiddenWords = []string{"javascript:", "vbscript", "data:"}

	// bluemonday writes every tag in one form: a lower-case name, then
	// attributes as name="value", with quotes and angle brackets in values
	// escaped. Anything else in the output is not a tag it wrote.
	anyTag       = regexp.MustCompile(`<[^>]*>`)
	canonicalTag = regexp.MustCompile(`^<(?:/([a-z0-9]+)|([a-z0-9]+)((?: [a-z]+="[^"<>]*")*)/?)>$`)
	attribute    = regexp.MustCompile(` ([a-z]+)="([^"]*)"`)
	quotedValue  = regexp.MustCompile(`"[^"]*"`)
)

// assertSafeMarkup checks what must hold for any input: every tag is an
// allowed element, links carry only a safe href and our rel, and everything
// between tags is escaped text. It also applies the deny list for tags and
// handlers, which the allow list implies but which says the intent plainly.
func assertSafeMarkup(t *testing.T, f field, in, out string) {
	t.Helper()
	fail := func(why string) { t.Errorf("%s(%q) = %q: %s", f.name, in, out, why) }

	if m := forbiddenTag.FindString(out); m != "" {
		fail("keeps a forbidden tag " + m)
	}
	for _, tag := range anyTag.FindAllString(out, -1) {
		// Attribute values are text ("http://onA=" is a fine URL); only
		// attribute names can be handlers.
		if eventAttr.MatchString(quotedValue.ReplaceAllString(tag, `""`)) {
			fail("keeps an event handler in " + tag)
		}
		m := canonicalTag.FindStringSubmatch(tag)
		if m == nil {
			fail("has a tag bluemonday did not write: " + tag)
			continue
		}
		name := m[1] + m[2]
		if !f.elements[name] {
			fail("keeps element " + name)
		}
		if m[2] != "a" {
			if m[3] != "" {
				fail("keeps attributes in " + tag)
			}
			continue
		}
		attrs := attribute.FindAllStringSubmatch(m[3], -1)
		if len(attrs) != 2 || attrs[0][1] != "href" || attrs[1][1] != "rel" || attrs[1][2] != "nofollow noopener" {
			fail(`link is not exactly href and rel="nofollow noopener": ` + tag)
			continue
		}
		// The browser sees the unescaped value.
		href := html.UnescapeString(attrs[0][2])
		if !strings.HasPrefix(href, "https://") && !strings.HasPrefix(href, "http://") && !strings.HasPrefix(href, "mailto:") {
			fail("keeps href " + href)
		}
	}
	if text := anyTag.ReplaceAllString(out, ""); strings.ContainsAny(text, "<>") {
		fail("has unescaped < or > in text")
	}
}

// assertNoDangerWords checks the whole output, text included, after
// unescaping. It suits the corpus only: arbitrary text may rightly say
// "javascript:", escaped and inert.
func assertNoDangerWords(t *testing.T, f field, in, out string) {
	t.Helper()
	plain := strings.ToLower(html.UnescapeString(out))
	for _, w := range forbiddenWords {
		if strings.Contains(plain, w) {
			t.Errorf("%s(%q) = %q contains %q", f.name, in, out, w)
		}
	}
	if strings.Contains(strings.ToLower(out), "<script") {
		t.Errorf("%s(%q) = %q contains <script", f.name, in, out)
	}
	if eventAttr.MatchString(out) {
		t.Errorf("%s(%q) = %q contains an event handler", f.name, in, out)
	}
}

func TestHostileHTMLIsNeutralized(t *testing.T) {
	for _, f := range fields {
		for _, in := range hostile {
			out := f.sanitize(in)
			assertSafeMarkup(t, f, in, out)
			assertNoDangerWords(t, f, in, out)
			if again := f.sanitize(out); again != out {
				t.Errorf("%s is not idempotent on %q: %q then %q", f.name, in, out, again)
			}
		}
	}
}

// TestHostileExact pins the output for representative vectors, so a change in
// bluemonday's behaviour shows up as a diff rather than passing unseen.
func TestHostileExact(t *testing.T) {
	t.Run("NoteText", func(t *testing.T) {
		checkExact(t, NoteText, []exact{
			{`<script>alert(1)</script>`, ``},
			{`<b onmouseover=alert(1)>bold</b>`, `<b>bold</b>`},
			{`<scr<script>ipt>alert(1)</scr</script>ipt>`, `ipt&gt;alert(1)ipt&gt;`},
			{`<<script>alert(1);//<</script>`, `&lt;`},
			{`<style>@import 'http://evil.example/xss.css';</style>b`, `b`},
			{`<iframe src="https://x.example/">inside</iframe>after`, `after`},
			{`<object data="x.swf">inside</object>after`, `after`},
			{`<title>inside</title>after`, `after`},
			{`<noscript>inside</noscript>after`, `after`},
			{`<!--<script>alert(1)</script>-->after`, `after`},
			{`<img """><script>alert(1)</script>">`, `&#34;&gt;`},
			{`<xmp><script>alert(1)</script></xmp>`, `&lt;script&gt;alert(1)&lt;/script&gt;`},
			{`<textarea><b>x</b></textarea>`, `&lt;b&gt;x&lt;/b&gt;`},
			{"<scr\x00ipt>alert(1)</scr\x00ipt>", `alert(1)`},
			{`+ADw-script+AD4-alert(1)+ADw-/script+AD4-`, `+ADw-script+AD4-alert(1)+ADw-/script+AD4-`},
		})
	})
	t.Run("MessageBody", func(t *testing.T) {
		checkExact(t, MessageBody, []exact{
			{`<a href="JaVaScRiPt:alert(1)">x</a>`, `x`},
			{`<a href="jav&#x09;ascript:alert(1)">x</a>`, `x`},
			{`<a href="&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(1)">x</a>`, `x`},
			{`<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>`, `x`},
			{`<a href="vbscript:msgbox(1)">x</a>`, `x`},
			{`<a href="https://ok.example/" onclick="alert(1)">x</a>`, `<a href="https://ok.example/" rel="nofollow noopener">x</a>`},
			{`<a href="https://ok.example/" title='"><script>alert(1)</script>'>x</a>`, `<a href="https://ok.example/" rel="nofollow noopener">x</a>`},
			{`<a href="https://ok.example/?q=&quot;><script>">x</a>`, `<a href="https://ok.example/?q=&#34;&gt;&lt;script&gt;" rel="nofollow noopener">x</a>`},
			{`<a href="https://ok.example/"><b>unclosed`, `<a href="https://ok.example/" rel="nofollow noopener"><b>unclosed`},
		})
	})
	t.Run("PositionDetail", func(t *testing.T) {
		checkExact(t, PositionDetail, []exact{
			{`<p>a<img src=x onerror=alert(1)>b</p>`, `<p>ab</p>`},
			{`<div style="width: expression(alert(1));">x</div>`, `x`},
			{`<STYLE>li {list-style-image: url("javascript:alert('XSS')");}</STYLE><UL><LI>XSS</br>`, `<ul><li>XSS</br>`},
			{`<meta http-equiv="refresh" content="0;url=javascript:alert(1);">x`, `x`},
			{`<base href="javascript:alert(1)//">x`, `x`},
			{`<form action="javascript:alert(1)"><input type=submit>x</form>`, `x`},
			{`<svg onload=alert(1)>x</svg>`, `x`},
		})
	})
}

// TestConcurrentUse runs every policy from many goroutines; with -race it
// checks that sharing the package-level policies is safe.
func TestConcurrentUse(t *testing.T) {
	var wg sync.WaitGroup
	for range 8 {
		wg.Go(func() {
			for _, f := range fields {
				for _, in := range hostile[:10] {
					f.sanitize(in)
				}
			}
		})
	}
	wg.Wait()
}
