package bench

import (
	"context"
	"encoding/json"
	"net/http"
	"strings"

	"entgo.io/ent/dialect"

	"github.com/hiregraph/hiregraph/recruiting"
)

type (
	hwSearchAnswer struct {
		Data struct {
			Search hwSearch `json:"search"`
		} `json:"data"`
	}
	hwSearch struct {
		Edges       []hwSearchEdge `json:"edges"`
		HasNextPage bool           `json:"hasNextPage"`
	}
	hwSearchEdge struct {
		Snippet string `json:"snippet"`
		Node    struct {
			ID string `json:"id"`
		} `json:"node"`
	}
)

// searchWords is how many words the benchmarked searches have (a first
// and a last name): the floor's statements are written for that many.
const searchWords = 2

// searchStatement is the floor's search, the SQL ours runs: the document
// joined to the company's candidates, every word matched by prefix, or
// by name similarity if fuzzy (PostgreSQL; ours matches the phone too,
// for a word of digits only), or by the trigram index (SQLite), ranked,
// with the text snippets are cut from in the same statement.
func (h *handWritten) searchStatement(fuzzy bool) string {
	if h.dialect != dialect.Postgres {
		return h.q(`SELECT c.id, sd.content FROM candidates c JOIN search_documents sd ON c.id = sd.candidate_id
		JOIN search_index ON search_index.rowid = sd.id
		WHERE c.company_id = ? AND search_index MATCH ?
		ORDER BY bm25(search_index, 10.0, 5.0, 1.0), c.id LIMIT ?`)
	}
	match := `sd.document @@ to_tsquery('simple', ?)`
	if fuzzy {
		match = "(" + match + ` OR sd.names OPERATOR(public.%>) ?)`
	}
	return h.q(`SELECT c.id, sd.content FROM candidates c JOIN search_documents sd ON c.id = sd.candidate_id
		WHERE c.company_id = ? AND ` + strings.Repeat(match+" AND ", searchWords-1) + match + `
		ORDER BY ts_rank(sd.document, to_tsquery('simple', ?)) + public.word_similarity(?, sd.names) DESC, c.id LIMIT ?`)
}

// search answers searchQuery for its searchWords words (the bench sends
// them lower-case and without accents), as ours does: on PostgreSQL the
// exact matches first, and the fuzzy ones only when those do not fill
// the page.
func (h *handWritten) search(w http.ResponseWriter, r *http.Request, company string, body []byte) {
	var req struct {
		Variables struct {
			Q string `json:"q"`
		} `json:"variables"`
	}
	if err := json.Unmarshal(body, &req); err != nil {
		http.Error(w, err.Error(), http.StatusBadRequest)
		return
	}
	words, first := strings.Fields(req.Variables.Q), 20
	if len(words) != searchWords {
		http.Error(w, "the floor searches for two words", http.StatusBadRequest)
		return
	}
	var answer hwSearchAnswer
	var err error
	if h.dialect != dialect.Postgres {
		answer.Data.Search.Edges, err = h.searchHits(r.Context(), h.sql.search, words, company, `"`+strings.Join(words, `" AND "`)+`"`, first+1)
	} else {
		answer.Data.Search.Edges, err = h.searchHits(r.Context(), h.sql.search, words, h.searchArgs(company, words, false, first)...)
		if err == nil && len(answer.Data.Search.Edges) <= first {
			answer.Data.Search.Edges, err = h.searchHits(r.Context(), h.sql.searchFuzzy, words, h.searchArgs(company, words, true, first)...)
		}
	}
	if err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	if len(answer.Data.Search.Edges) > first {
		answer.Data.Search.Edges, answer.Data.Search.HasNextPage = answer.Data.Search.Edges[:first], true
	}
	writeJSON(w, answer)
}

// searchArgs are the arguments of the PostgreSQL search statement.
func (h *handWritten) searchArgs(company string, words []string, fuzzy bool, first int) []any {
	args := []any{company}
	terms := make([]string, len(words))
	for i, w := range words {
		terms[i] = "'" + w + "':*"
		args = append(args, terms[i])
		if fuzzy {
			args = append(args, w)
		}
	}
	return append(args, strings.Join(terms, " | "), strings.Join(words, " "), first+1)
}

// searchHits runs a search statement and cuts the snippets.
func (h *handWritten) searchHits(ctx context.Context, statement string, words []string, args ...any) ([]hwSearchEdge, error) {
	rows, err := h.db.QueryContext(ctx, statement, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	edges := []hwSearchEdge{}
	for rows.Next() {
		var e hwSearchEdge
		var content string
		if err := rows.Scan(&e.Node.ID, &content); err != nil {
			return nil, err
		}
		e.Snippet = recruiting.Snippet(content, words)
		edges = append(edges, e)
	}
	return edges, rows.Err()
}
