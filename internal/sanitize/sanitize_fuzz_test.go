package sanitize

import (
	"testing"
	"unicode/utf8"
)

// fuzzField checks, for any input, that sanitizing does not panic, returns
// valid UTF-8, is idempotent (stored values sanitized again on edit must not
// change) and leaves only safe markup. The corpus's "no javascript: even in
// text" check is left out: fuzzed text may say it, escaped and inert.
func fuzzField(f *testing.F, fd field) {
	for _, s := range hostile {
		f.Add(s)
	}
	f.Add(`<b>ok</b> <i>i</i> <u>u</u> <a href="https://x.example/a?b=c#d">x</a> <a href="mailto:a@x.example">m</a>`)
	f.Add(`<h2>Role</h2><p>Build <strong>robots</strong><br></p><ul><li>Go</li></ul><blockquote>q</blockquote>`)
	f.Fuzz(func(t *testing.T, in string) {
		out := fd.sanitize(in)
		if !utf8.ValidString(out) {
			t.Fatalf("%s(%q) = %q is not valid UTF-8", fd.name, in, out)
		}
		if again := fd.sanitize(out); again != out {
			t.Fatalf("%s is not idempotent: %q -> %q -> %q", fd.name, in, out, again)
		}
		assertSafeMarkup(t, fd, in, out)
	})
}

func FuzzNoteText(f *testing.F)       { fuzzField(f, fields[0]) }
func FuzzMessageBody(f *testing.F)    { fuzzField(f, fields[1]) }
func FuzzPositionDetail(f *testing.F) { fuzzField(f, fields[2]) }
func FuzzPlainText(f *testing.F)      { fuzzField(f, fields[3]) }
