package recruiting

import (
	"context"
	"encoding/base64"
	"fmt"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"entgo.io/ent/dialect"
	"entgo.io/ent/dialect/sql"

	"github.com/hiregraph/hiregraph/ent"
	"github.com/hiregraph/hiregraph/ent/candidate"
	"github.com/hiregraph/hiregraph/internal/apierror"
)

// Limits of a search query.
const (
	// minSearchWord is the shortest word a search matches: SQLite's
	// trigram index finds nothing shorter, so neither database does.
	minSearchWord = 3
	// maxSearchWords and maxSearchLength bound the work of one query.
	maxSearchWords  = 8
	maxSearchLength = 200
	// DefaultSearchPageSize is the page of a search the caller does not
	// size.
	DefaultSearchPageSize = 20
)

// CodeInvalidSearch answers a search query the service cannot run.
const CodeInvalidSearch = "invalid_search"

// SearchHit is one candidate a search found, with the part of its text
// that matched.
type SearchHit struct {
	Candidate *ent.Candidate
	// Snippet is the line of the candidate's text that matched best (a
	// name, an e-mail address, a note, an answer), HTML-escaped, with
	// each matched word in <mark></mark>; at most snippetRunes long.
	Snippet string
}

// searchQuery is a parsed search: every word must match.
type searchQuery struct {
	// words are folded (fold), each minSearchWord runes or longer.
	words []string
}

// parseSearch reads what a user typed. Words are separated by spaces;
// words shorter than minSearchWord are left out. A query that is a phone
// number (digits and + ( ) - . /) is one word of its digits.
func parseSearch(q string) (searchQuery, error) {
	q = strings.TrimSpace(q)
	if utf8.RuneCountInString(q) > maxSearchLength {
		return searchQuery{}, apierror.New(400, CodeInvalidSearch, "a search is at most %d characters", maxSearchLength)
	}
	if isPhoneNumber(q) {
		q = digitsOf(q)
	}
	var out searchQuery
	for _, w := range strings.Fields(fold(q)) {
		w = strings.TrimFunc(w, func(r rune) bool { return unicode.IsPunct(r) && r != '@' })
		if utf8.RuneCountInString(w) >= minSearchWord && len(out.words) < maxSearchWords {
			out.words = append(out.words, w)
		}
	}
	if len(out.words) == 0 {
		return searchQuery{}, apierror.New(400, CodeInvalidSearch, "a search needs a word of at least %d characters, got %q", minSearchWord, q)
	}
	return out, nil
}

// isPhoneNumber reports whether q is written like a phone number.
func isPhoneNumber(q string) bool {
	return len(digitsOf(q)) >= minSearchWord && strings.Trim(q, "0123456789+()-./ ") == ""
}

// predicate selects and ranks the candidates whose document matches
// every word, best first; it joins the index to the candidates query, so
// the query's privacy filter (the reader's visibility) applies as it does
// to every list. On PostgreSQL, fuzzy adds the typo-tolerant match of
// names; SQLite's trigram index always matches any part of a word.
func (q searchQuery) predicate(dia string, fuzzy bool) func(*sql.Selector) {
	if dia != dialect.Postgres {
		return q.sqlite
	}
	return func(s *sql.Selector) { q.postgres(s, fuzzy) }
}

// postgres matches a word in the full-text document by prefix, in the
// names by trigram word similarity (pg_trgm: small typos) if fuzzy, or in
// the phone's digits; ranks by ts_rank plus the names' similarity.
func (q searchQuery) postgres(s *sql.Selector, fuzzy bool) {
	docs := sql.Table("search_documents").As("sd")
	s.Join(docs).On(s.C(candidate.FieldID), docs.C("candidate_id"))
	s.AppendSelect(docs.C(searchContentColumn))
	terms := make([]string, len(q.words))
	for i, w := range q.words {
		term := tsPrefix(w)
		terms[i] = term
		s.Where(sql.P(func(b *sql.Builder) {
			b.WriteString("(" + docs.C("document") + " @@ to_tsquery('simple', ").Arg(term).WriteString(")")
			if fuzzy {
				b.WriteString(" OR " + docs.C("names") + " OPERATOR(public.%>) ").Arg(w)
			}
			if digits := digitsOf(w); digits == w {
				b.WriteString(" OR " + docs.C("phone") + " LIKE ").Arg("%" + digits + "%")
			}
			b.WriteString(")")
		}))
	}
	s.OrderExpr(sql.P(func(b *sql.Builder) {
		b.WriteString("ts_rank(" + docs.C("document") + ", to_tsquery('simple', ").Arg(strings.Join(terms, " | ")).WriteString("))")
		b.WriteString(" + public.word_similarity(").Arg(strings.Join(q.words, " ")).WriteString(", " + docs.C("names") + ") DESC")
	}))
	s.OrderBy(s.C(candidate.FieldID))
}

// tsPrefix is a tsquery that matches lexemes starting with w.
func tsPrefix(w string) string {
	return "'" + strings.NewReplacer(`\`, `\\`, "'", "''").Replace(w) + "':*"
}

// sqlite matches each word anywhere in the document (FTS5's trigram
// tokenizer matches any part of a word), names weighing most in bm25.
func (q searchQuery) sqlite(s *sql.Selector) {
	docs, index := sql.Table("search_documents"), sql.Table("search_index")
	s.Join(docs).On(s.C(candidate.FieldID), docs.C("candidate_id"))
	s.Join(index).On(index.C("rowid"), docs.C("id"))
	s.AppendSelect(docs.C(searchContentColumn))
	phrases := make([]string, len(q.words))
	for i, w := range q.words {
		phrases[i] = `"` + strings.ReplaceAll(w, `"`, `""`) + `"`
	}
	s.Where(sql.P(func(b *sql.Builder) {
		b.WriteString("search_index MATCH ").Arg(strings.Join(phrases, " AND "))
	}))
	s.OrderExpr(sql.Expr("bm25(search_index, 10.0, 5.0, 1.0)"))
	s.OrderBy(s.C(candidate.FieldID))
}

// Search finds the candidates the viewer may see whose names, e-mail
// address, phone, notes, application answers or cover letter match query,
// best first, narrowed by f. A page's cursor is the place of the next hit
// in the ranking: hits that change rank between two pages may show twice
// or be skipped, as in any ranked search.
func (s *CandidateService) Search(ctx context.Context, query string, f *CandidateFilter, page PageRequest) (Page[SearchHit], error) {
	if err := openList(ctx); err != nil {
		return Page[SearchHit]{}, err
	}
	if err := checkPageSize("first", page.Limit); err != nil {
		return Page[SearchHit]{}, err
	}
	q, err := parseSearch(query)
	if err != nil {
		return Page[SearchHit]{}, err
	}
	at, err := s.openSearchCursor(page.Cursor)
	if err != nil {
		return Page[SearchHit]{}, err
	}
	cands, at, err := s.searchCandidates(ctx, q, f, at, page.Limit)
	if err != nil {
		return Page[SearchHit]{}, err
	}
	var out Page[SearchHit]
	if len(cands) > page.Limit {
		cands = cands[:page.Limit]
		out.Next = s.sealSearchCursor(searchCursor{offset: at.offset + page.Limit, fuzzy: at.fuzzy})
	}
	out.Rows = make([]SearchHit, len(cands))
	for i, c := range cands {
		content, err := searchContent(c)
		if err != nil {
			return Page[SearchHit]{}, err
		}
		out.Rows[i] = SearchHit{Candidate: c, Snippet: Snippet(content, q.words)}
	}
	return out, nil
}

// searchCandidates reads up to limit+1 candidates matching q from at, and
// returns where it read them. On PostgreSQL, the first page decides
// whether the search is fuzzy: only when the exact matches do not fill
// it, because the typo-tolerant match rechecks every name sharing a
// trigram with a word, and a page of exact hits is what the reader looks
// at. The cursor keeps the decision, so the pages of a search agree.
func (s *CandidateService) searchCandidates(ctx context.Context, q searchQuery, f *CandidateFilter, at searchCursor, limit int) ([]*ent.Candidate, searchCursor, error) {
	read := func(fuzzy bool) ([]*ent.Candidate, error) {
		cq, err := f.ApplyTo(s.Client.Candidate.Query().Where(q.predicate(s.Dialect, fuzzy)))
		if err != nil {
			return nil, err
		}
		cands, err := cq.Offset(at.offset).Limit(limit + 1).All(ctx)
		if err != nil {
			return nil, fmt.Errorf("searching: %w", err)
		}
		return cands, nil
	}
	if s.Dialect != dialect.Postgres || at.offset > 0 {
		cands, err := read(at.fuzzy)
		return cands, at, err
	}
	exact, err := read(false)
	if err != nil || len(exact) > limit {
		return exact, at, err
	}
	at.fuzzy = true
	cands, err := read(true)
	return cands, at, err
}

// searchContentColumn is the column of a search document's text, which
// the search reads with the candidates (the predicate selects it), so that
// snippets need no second statement.
const searchContentColumn = "content"

// searchContent is the text of the candidate's search document, which
// the search read with it.
func searchContent(c *ent.Candidate) (string, error) {
	v, err := c.Value(searchContentColumn)
	if err != nil {
		return "", fmt.Errorf("reading search snippet: %w", err)
	}
	switch v := v.(type) {
	case string:
		return v, nil
	case []byte:
		return string(v), nil
	}
	return "", fmt.Errorf("reading search snippet: unexpected %T", v)
}

// searchCursor is a place in a search's ranking: the offset of the next
// hit, and whether the search matches names with typos (PostgreSQL).
type searchCursor struct {
	offset int
	fuzzy  bool
}

// fuzzyMark ends the payload of a fuzzy search's cursor.
const fuzzyMark = "~"

// sealSearchCursor is the signed cursor of at.
func (s *CandidateService) sealSearchCursor(at searchCursor) string {
	text := strconv.Itoa(at.offset)
	if at.fuzzy {
		text += fuzzyMark
	}
	payload := base64.RawURLEncoding.EncodeToString([]byte(text))
	return payload + "." + s.Sealer.Sign("search-cursor\n"+payload)
}

// openSearchCursor reads a cursor sealSearchCursor made; "" is the start.
func (s *CandidateService) openSearchCursor(cursor string) (searchCursor, error) {
	if cursor == "" {
		return searchCursor{}, nil
	}
	payload, sig, ok := strings.Cut(cursor, ".")
	if !ok || !s.Sealer.Verify("search-cursor\n"+payload, sig) {
		return searchCursor{}, InvalidCursor("after")
	}
	b, err := base64.RawURLEncoding.DecodeString(payload)
	if err != nil {
		return searchCursor{}, InvalidCursor("after")
	}
	text, fuzzy := strings.CutSuffix(string(b), fuzzyMark)
	offset, err := strconv.Atoi(text)
	if err != nil || offset < 0 {
		return searchCursor{}, InvalidCursor("after")
	}
	return searchCursor{offset: offset, fuzzy: fuzzy}, nil
}
