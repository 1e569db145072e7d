package rest_test

import (
	"html"
	"net/http"
	"regexp"
	"strings"
	"testing"

	"github.com/hiregraph/hiregraph/hiregraphtest"
)

var hostileHTML = []string{
	`<script>alert(document.cookie)</script>`,
	`<img src=x onerror=alert(1)>`,
	`<IMG SRC=JaVaScRiPt:alert('XSS')>`,
	`<a href="jav&#x09;ascript:alert(1)">x</a>`,
	`<a href="JAVASCRIPT:alert(1)">x</a>`,
	`<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>`,
	`<svg onload=alert(1)>`,
	`<iframe src="javascript:alert(1)"></iframe>`,
	`<b onmouseover=alert(1)>bold</b>`,
	`<scr<script>ipt>alert(1)</scr</script>ipt>`,
	`<a href="https://ok.example/" onclick="alert(1)">ok</a>`,
	`<style>@import 'http://evil.example/x.css';</style>`,
	`<<script>alert(1);//<</script>`,
}

var (
	unsafeTag = regexp.MustCompile(`(?i)<\s*/?\s*(script|img|svg|iframe|style|object|embed)\b`)
	tagRe     = regexp.MustCompile(`<[^>]*>`)
	handler   = regexp.MustCompile(`(?i)\bon[a-z]+\s*=`)
)

func assertInert(t *testing.T, where, in, out string) {
	t.Helper()
	if unsafeTag.MatchString(out) {
		t.Errorf("%s: %q came back as %q with an unsafe tag", where, in, out)
	}
	for _, tg := range tagRe.FindAllString(out, -1) {
		lower := strings.ToLower(html.UnescapeString(tg))
		if handler.MatchString(tg) || strings.Contains(lower, "javascript:") || strings.Contains(lower, "data:") {
			t.Errorf("%s: %q came back as %q with an unsafe attribute", where, in, out)
		}
	}
}

func TestHostileHTMLInNotesAndMessagesIsNeutralized(t *testing.T) {
	env := hiregraphtest.New(t)
	for _, in := range hostileHTML {
		note := validNote(env)
		note["text"] = "x" + in
		r := env.Do(http.MethodPost, "/v1/candidates/"+env.Demo.CandidateUID+"/notes", note)
		if r.Status != http.StatusCreated {
			t.Fatalf("note with %q: %s", in, r)
		}
		assertInert(t, "note text", in, r.Map(t)["text"].(string))
		if strings.Contains(r.Map(t)["text"].(string), "<a") {
			t.Errorf("note text kept a link: %s", r.Body)
		}

		msg := validMessage()
		msg["body"] = "x" + in
		r = env.Do(http.MethodPost, "/v1/conversations/"+env.Demo.ConversationUID+"/messages", msg)
		if r.Status != http.StatusCreated {
			t.Fatalf("message with %q: %s", in, r)
		}
		body := r.Map(t)["body"].(string)
		assertInert(t, "message body", in, body)
		if strings.Contains(body, "<a ") && !strings.Contains(body, `rel="nofollow noopener"`) {
			t.Errorf("message link without rel: %s", body)
		}
	}
}
