package recruiting

import (
	"html"
	"strings"
	"unicode"

	"golang.org/x/text/unicode/norm"

	"github.com/hiregraph/hiregraph/internal/sanitize"
)

// foldRune is r as search compares it: in lower case and without accents
// (é, è and e are one letter). It maps one rune to one rune, so a place in
// a folded text is the same place in the original, which is how snippets
// mark what matched.
func foldRune(r rune) rune {
	if r < unicode.MaxASCII {
		return unicode.ToLower(r)
	}
	base := r
	for i, d := range norm.NFD.String(string(r)) {
		if i == 0 {
			base = d
		} else if !unicode.Is(unicode.Mn, d) {
			// Decomposes into more than a letter and its accents.
			return unicode.ToLower(r)
		}
	}
	return unicode.ToLower(base)
}

// fold is s with every rune folded (foldRune).
func fold(s string) string { return strings.Map(foldRune, s) }

// digitsOf is the digits of s: phone numbers match however they are
// written.
func digitsOf(s string) string {
	return strings.Map(func(r rune) rune {
		if r >= '0' && r <= '9' {
			return r
		}
		return -1
	}, s)
}

// plainLine is HTML (a note's text) or text as one line of plain text.
func plainLine(s string) string {
	return strings.Join(strings.Fields(html.UnescapeString(sanitize.PlainText(s))), " ")
}
