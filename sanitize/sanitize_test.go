package sanitize

import (
	"html"
	"regexp"
	"strings"
	"testing"
)

// hostile is a corpus in the style of the OWASP XSS filter evasion cheat sheet.
var hostile = []string{
	`<script>alert(1)</script>`,
	`<SCRIPT SRC=//x.example/xss.js></SCRIPT>`,
	`<scr<script>ipt>alert(1)</scr</script>ipt>`,
	`<IMG SRC="javascript:alert('XSS');">`,
	`<img src=x onerror=alert(1)>`,
	`<IMG SRC=JaVaScRiPt:alert('XSS')>`,
	`<a href="jav&#x09;ascript:alert(1)">x</a>`,
	`<a href="jav	ascript:alert(1)">x</a>`,
	"<a href=\"java\nscript:alert(1)\">x</a>",
	`<a href="&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(1)">x</a>`,
	`<a href="JAVASCRIPT:alert(1)">x</a>`,
	`<a href=" javascript:alert(1)">x</a>`,
	`<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>`,
	`<a href="vbscript:msgbox(1)">x</a>`,
	`<a href="//evil.example/">x</a>`,
	`<a href="/relative">x</a>`,
	`<a href="https://ok.example/" onclick="alert(1)" onmouseover="alert(1)">x</a>`,
	`<b onmouseover=alert(1)>bold</b>`,
	`<svg onload=alert(1)>`,
	`<svg><script>alert(1)</script></svg>`,
	`<iframe src="javascript:alert(1)"></iframe>`,
	`<object data="javascript:alert(1)"></object>`,
	`<embed src="data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+">`,
	`<style>@import 'http://evil.example/xss.css';</style>`,
	`<div style="width: expression(alert(1));">x</div>`,
	`<meta http-equiv="refresh" content="0;url=javascript:alert(1);">`,
	`<base href="javascript:alert(1)//">`,
	`<form action="javascript:alert(1)"><input type=submit></form>`,
	`<body onload=alert(1)>`,
	`<<script>alert(1);//<</script>`,
	`<!--<script>alert(1)</script>-->`,
	`<img """><script>alert(1)</script>">`,
	`+ADw-script+AD4-alert(1)+ADw-/script+AD4-`,
	"<scr\x00ipt>alert(1)</scr\x00ipt>",
	`<details open ontoggle=alert(1)>`,
	`<math><mi xlink:href="javascript:alert(1)">x</mi></math>`,
	`<a href="https://ok.example/" rel="opener" target="_blank">x</a>`,
	`<IMG SRC=&#0000106&#0000097&#0000118&#0000097&#0000115&#0000099&#0000114&#0000105&#0000112&#0000116&#0000058&#0000097>`,
}

var policies = map[string]func(string) string{
	"NoteText": NoteText, "MessageBody": MessageBody, "PositionDetail": PositionDetail, "PlainText": PlainText,
}

var (
	eventAttr   = regexp.MustCompile(`(?i)\bon[a-z]+\s*=`)
	forbiddenEl = regexp.MustCompile(`(?i)<\s*/?\s*(script|iframe|object|embed|svg|img|style|meta|base|form|math|details|body)\b`)
)

var tag = regexp.MustCompile(`<[^>]*>`)

// assertSafe checks the properties every output must have. Text may say
// "javascript:" (it is escaped and inert); tags and attributes may not.
func assertSafe(t *testing.T, name, in, out string) {
	t.Helper()
	for _, tg := range tag.FindAllString(out, -1) {
		lower := strings.ToLower(html.UnescapeString(tg))
		for _, bad := range []string{"javascript:", "vbscript", "data:", "style", "src="} {
			if strings.Contains(lower, bad) {
				t.Errorf("%s(%q) = %q has a tag with %q", name, in, out, bad)
			}
		}
		if eventAttr.MatchString(tg) {
			t.Errorf("%s(%q) = %q keeps an event handler attribute", name, in, out)
		}
	}
	if forbiddenEl.MatchString(out) {
		t.Errorf("%s(%q) = %q keeps a forbidden element", name, in, out)
	}
}

func TestHostileHTMLIsNeutralized(t *testing.T) {
	for name, f := range policies {
		for _, in := range hostile {
			assertSafe(t, name, in, f(in))
		}
	}
}

func TestExactOutputs(t *testing.T) {
	for _, c := range []struct {
		f       func(string) string
		in, out string
	}{
		{NoteText, `<b>bold</b><script>alert(1)</script>`, `<b>bold</b>`},
		{NoteText, `<i>it</i> <u>u</u> <em>em</em> <b class="x">b</b>`, `<i>it</i> <u>u</u> em <b>b</b>`},
		{NoteText, `1 < 2 & 3 > 2`, `1 &lt; 2 &amp; 3 &gt; 2`},
		{NoteText, `<a href="https://x.example/">link</a>`, `link`},
		{MessageBody, `<a href="https://x.example/p">x</a>`, `<a href="https://x.example/p" rel="nofollow noopener">x</a>`},
		{MessageBody, `<a href="mailto:ada@example.com">mail</a>`, `<a href="mailto:ada@example.com" rel="nofollow noopener">mail</a>`},
		{MessageBody, `<a href="javascript:alert(1)">x</a>`, `x`},
		{MessageBody, `<a href="https://x.example/" rel="opener" target="_blank">x</a>`, `<a href="https://x.example/" rel="nofollow noopener">x</a>`},
		{MessageBody, `<p>Hi <b>Ada</b></p>`, `Hi <b>Ada</b>`},
		{PositionDetail, `<h2>Role</h2><p>Build <strong>robots</strong>.</p><ul><li>Go</li></ul><img src="https://t.example/p.gif">`,
			`<h2>Role</h2><p>Build <strong>robots</strong>.</p><ul><li>Go</li></ul>`},
		{PositionDetail, `<p style="color:red" class="c" id="i">x</p>`, `<p>x</p>`},
		{PlainText, `<b>Ada</b> <script>x</script>Lovelace`, `Ada Lovelace`},
	} {
		if got := c.f(c.in); got != c.out {
			t.Errorf("sanitizing %q = %q, want %q", c.in, got, c.out)
		}
	}
}
