package rest_test

import (
	"net/http"
	"regexp"
	"strings"
	"testing"

	"github.com/hiregraph/hiregraph/internal/hiregraphtest"
	"github.com/hiregraph/hiregraph/internal/server"
)

// hostileHTML is a corpus in the style of the OWASP XSS filter evasion
// cheat sheet: scripts, event handlers, script and data URLs in mixed case
// and entities, and elements that run or load code.
var hostileHTML = []string{
	`<script>alert(document.cookie)</script>`,
	`<SCRIPT SRC=//evil.example/xss.js></SCRIPT>`,
	`<scr<script>ipt>alert(1)</scr</script>ipt>`,
	`<<script>alert(1);//<</script>`,
	`<img src=x onerror=alert(1)>`,
	`<IMG SRC=JaVaScRiPt:alert('XSS')>`,
	`<IMG SRC=&#0000106&#0000097&#0000118&#0000097&#0000115&#0000099&#0000114&#0000105&#0000112&#0000116&#0000058&#0000097>`,
	`<img """><script>alert(1)</script>">`,
	`<a href="javascript:alert(1)">x</a>`,
	`<a href="JaVaScRiPt:alert(1)">x</a>`,
	`<a href="jav&#x09;ascript:alert(1)">x</a>`,
	"<a href=\"java\nscript:alert(1)\">x</a>",
	`<a href="&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(1)">x</a>`,
	`<a href="&#x6A;avascript&#x3A;alert(1)">x</a>`,
	`<a href=" javascript:alert(1)">x</a>`,
	`<a href="vbscript:msgbox(1)">x</a>`,
	`<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>`,
	`<a href="DATA:text/html,<script>alert(1)</script>">x</a>`,
	`<a href="//evil.example/">protocol-relative</a>`,
	`<a href="/relative">relative</a>`,
	`<a href="https://ok.example/" onclick="alert(1)" onmouseover="alert(1)">handlers</a>`,
	`<a href="https://ok.example/" target="_blank" rel="opener">opener</a>`,
	`<a href="https://ok.example/" style="position:fixed;top:0">overlay</a>`,
	`<b onmouseover=alert(1)>bold</b>`,
	`<i style="background:url(javascript:alert(1))">styled</i>`,
	`<u class="x" id="y">attrs</u>`,
	`<svg onload=alert(1)>`,
	`<svg><script>alert(1)</script></svg>`,
	`<math><mi xlink:href="javascript:alert(1)">x</mi></math>`,
	`<iframe src="javascript:alert(1)"></iframe>`,
	`<iframe srcdoc="<script>alert(1)</script>"></iframe>`,
	`<object data="javascript:alert(1)"></object>`,
	`<embed src="data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+">`,
	`<style>@import 'http://evil.example/x.css';</style>`,
	`<link rel="stylesheet" href="https://evil.example/x.css">`,
	`<meta http-equiv="refresh" content="0;url=javascript:alert(1);">`,
	`<base href="javascript:alert(1)//">`,
	`<form action="javascript:alert(1)"><input type=submit></form>`,
	`<input autofocus onfocus=alert(1)>`,
	`<details open ontoggle=alert(1)>`,
	`<body onload=alert(1)>`,
	`<!--<script>alert(1)</script>-->`,
	`<![CDATA[<script>alert(1)</script>]]>`,
	`<noscript><p title="</noscript><img src=x onerror=alert(1)>">`,
	`<template><script>alert(1)</script></template>`,
	// A NUL hidden in a tag never gets this far: bodies holding one are refused with 400.
	"<scr\tipt>alert(1)</scr\tipt>",
	`+ADw-script+AD4-alert(1)+ADw-/script+AD4-`,
}

// Allowed markup that must survive next to the hostile part.
const (
	keptInline = `<b>keep</b> <i>these</i> <u>tags</u> `
	links      = `<a href="https://ok.example/p?q=1">web</a> <a href="mailto:ada@example.com">mail</a> `
	keptLinks  = `<a href="https://ok.example/p?q=1" rel="nofollow noopener">web</a> <a href="mailto:ada@example.com" rel="nofollow noopener">mail</a> `
)

var (
	anyTag   = regexp.MustCompile(`<[^>]*>`)
	safeLink = regexp.MustCompile(`^<a href="(https?://|mailto:)[^"<>\s]*" rel="nofollow noopener">$`)
)

// assertOnlySafeTags fails unless every tag of out is a bare <b>, <i>, <u>
// (or their end tag) or, when links are allowed, an absolute http, https
// or mailto link with rel="nofollow noopener" and no other attribute.
func assertOnlySafeTags(t *testing.T, where, in, out string, links bool) {
	t.Helper()
	for _, tag := range anyTag.FindAllString(out, -1) {
		switch tag {
		case "<b>", "</b>", "<i>", "</i>", "<u>", "</u>":
			continue
		case "</a>":
			if links {
				continue
			}
		}
		if links && safeLink.MatchString(tag) {
			continue
		}
		t.Errorf("%s: %q came back as %q, with the tag %s", where, in, out, tag)
	}
}

// newCorpusEnv starts a server whose rate limit lets a corpus through:
// each entry takes several requests.
func newCorpusEnv(t *testing.T) *hiregraphtest.Env {
	return hiregraphtest.NewWithConfig(t, func(c *server.Config) { c.APIBurst = 10 * len(hostileHTML) })
}

// assertPlainText fails when a plain-text field kept any markup.
func assertPlainText(t *testing.T, where, in, out string) {
	t.Helper()
	if strings.ContainsAny(out, "<>") {
		t.Errorf("%s: %q came back as %q, with markup", where, in, out)
	}
}

func TestHostileHTMLInNotesIsNeutralized(t *testing.T) {
	env := newCorpusEnv(t)
	for _, in := range hostileHTML {
		body := validNote(env)
		body["text"] = keptInline + in
		body["details"] = []any{map[string]any{"title": "t" + in, "text": in}}
		r := env.Do(http.MethodPost, notePath(env.Demo.CandidateUID), body)
		if r.Status != http.StatusCreated {
			t.Fatalf("note with %q: %s", in, r)
		}
		note := r.Map(t)
		text := note["text"].(string)
		if !strings.HasPrefix(text, keptInline) {
			t.Errorf("note text %q lost the allowed tags of %q", text, keptInline)
		}
		assertOnlySafeTags(t, "note text", in, text, false)
		detail := note["details"].([]any)[0].(map[string]any)
		assertPlainText(t, "note detail title", in, detail["title"].(string))
		assertPlainText(t, "note detail text", in, detail["text"].(string))

		var stored noteNode
		env.GraphQL(noteNodeQuery, map[string]any{"id": note["uid"]}).Decode(t, &stored)
		if stored.Node.Text != text || stored.Node.Details[0].Text != detail["text"] || stored.Node.Details[0].Title != detail["title"] {
			t.Errorf("stored note %+v differs from the answer %s", stored.Node, r.Body)
		}

		var viaGraph struct{ CreateNote struct{ Text string } }
		env.GraphQL(`mutation($id: ID!, $in: CreateNoteInput!) { createNote(candidateID: $id, input: $in) { text } }`, map[string]any{
			"id": env.Demo.CandidateUID,
			"in": map[string]any{"timeCreated": "2026-03-01T10:00:00Z", "createdBy": map[string]any{"type": "app", "firstName": "Bot"}, "text": keptInline + in},
		}).Decode(t, &viaGraph)
		if viaGraph.CreateNote.Text != text {
			t.Errorf("GraphQL sanitized %q to %q, REST to %q", in, viaGraph.CreateNote.Text, text)
		}
	}
}

func TestHostileHTMLInMessagesIsNeutralized(t *testing.T) {
	env := newCorpusEnv(t)
	for _, in := range hostileHTML {
		msg := validMessage()
		msg["body"] = keptInline + links + in
		msg["subject"] = "s" + in
		r := env.Do(http.MethodPost, messagePath(env.Demo.ConversationUID), msg)
		if r.Status != http.StatusCreated {
			t.Fatalf("message with %q: %s", in, r)
		}
		m := r.Map(t)
		body := m["body"].(string)
		if !strings.HasPrefix(body, keptInline+keptLinks) {
			t.Errorf("message body %q lost the allowed tags of %q", body, keptInline+keptLinks)
		}
		assertOnlySafeTags(t, "message body", in, body, true)
		assertPlainText(t, "message subject", in, m["subject"].(string))

		var stored messageNode
		env.GraphQL(messageNodeQuery, map[string]any{"id": m["uid"]}).Decode(t, &stored)
		if stored.Node.Body != body || stored.Node.Subject != m["subject"] {
			t.Errorf("stored message %+v differs from the answer %s", stored.Node, r.Body)
		}

		in2 := hiregraphtest.MessageInput()
		in2["body"] = keptInline + links + in
		var viaGraph struct{ CreateMessage struct{ Body string } }
		env.GraphQL(`mutation($id: ID!, $in: CreateMessageInput!) { createMessage(conversationID: $id, input: $in) { body } }`, map[string]any{
			"id": env.Demo.ConversationUID, "in": in2,
		}).Decode(t, &viaGraph)
		if viaGraph.CreateMessage.Body != body {
			t.Errorf("GraphQL sanitized %q to %q, REST to %q", in, viaGraph.CreateMessage.Body, body)
		}
	}
}
