package recruiting

import (
	"html"
	"strings"
	"unicode/utf8"
)

// snippetRunes is the most text a snippet shows.
const snippetRunes = 160

// Snippet cuts from content (a document's lines) the line where most
// words match, about snippetRunes long around the first match, and marks
// every match: the text HTML-escaped, each match in <mark></mark>. A hit
// that matched only by similarity (a misspelt name) shows the names.
func Snippet(content string, words []string) string {
	lines := strings.Split(content, "\n")
	best, bestCount := 0, 0
	for i, line := range lines {
		if n := len(matches(line, words)); n > bestCount {
			best, bestCount = i, n
		}
	}
	line := []rune(lines[best])
	spans := matches(lines[best], words)
	from, to := 0, len(line)
	if len(line) > snippetRunes {
		if len(spans) > 0 {
			from = max(0, spans[0][0]-snippetRunes/4)
		}
		to = min(len(line), from+snippetRunes)
	}
	var b strings.Builder
	if from > 0 {
		b.WriteString("…")
	}
	at := from
	for _, sp := range spans {
		if sp[0] < at || sp[1] > to {
			continue
		}
		b.WriteString(html.EscapeString(string(line[at:sp[0]])))
		b.WriteString("<mark>" + html.EscapeString(string(line[sp[0]:sp[1]])) + "</mark>")
		at = sp[1]
	}
	b.WriteString(html.EscapeString(string(line[at:to])))
	if to < len(line) {
		b.WriteString("…")
	}
	return b.String()
}

// matches returns the rune spans of line where a word occurs, folded as
// the index folds, in order and not overlapping.
func matches(line string, words []string) [][2]int {
	folded := []rune(fold(line))
	var spans [][2]int
	for i := 0; i < len(folded); {
		n := longestWordAt(folded[i:], words)
		if n == 0 {
			i++
			continue
		}
		spans = append(spans, [2]int{i, i + n})
		i += n
	}
	return spans
}

// longestWordAt returns the length in runes of the longest word text
// starts with, 0 for none.
func longestWordAt(text []rune, words []string) int {
	longest := 0
	for _, w := range words {
		n := utf8.RuneCountInString(w)
		if n > longest && n <= len(text) && string(text[:n]) == w {
			longest = n
		}
	}
	return longest
}
