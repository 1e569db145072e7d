package sanitize

import (
	"testing"
	"unicode/utf8"
)

func fuzzPolicy(f *testing.F, name string, sanitize func(string) string) {
	for _, s := range hostile {
		f.Add(s)
	}
	f.Add(`<b>ok</b> <a href="https://x.example/">x</a>`)
	f.Fuzz(func(t *testing.T, in string) {
		out := sanitize(in)
		if utf8.ValidString(in) && !utf8.ValidString(out) {
			t.Fatalf("%s(%q) = %q is not valid UTF-8", name, in, out)
		}
		if again := sanitize(out); again != out {
			t.Fatalf("%s is not idempotent: %q -> %q -> %q", name, in, out, again)
		}
		assertSafe(t, name, in, out)
	})
}

func FuzzNoteText(f *testing.F)       { fuzzPolicy(f, "NoteText", NoteText) }
func FuzzMessageBody(f *testing.F)    { fuzzPolicy(f, "MessageBody", MessageBody) }
func FuzzPositionDetail(f *testing.F) { fuzzPolicy(f, "PositionDetail", PositionDetail) }
