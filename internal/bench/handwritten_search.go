package bench

import (
	"encoding/json"
	"net/http"

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

// searchStatement is the floor's search of one word, the SQL ours runs:
// the document joined to the company's candidates, matched by prefix or
// name similarity (PostgreSQL; ours matches the phone too, for a word of
// digits only) or the trigram index (SQLite), ranked, with
// the text snippets are cut from in the same statement.
func (h *handWritten) searchStatement() string {
	if h.dialect == dialect.Postgres {
		return h.q(`SELECT c.id, sd.content FROM candidates c JOIN search_documents sd ON c.id = sd.candidate_id
		WHERE c.company_id = ? AND (sd.document @@ to_tsquery('simple', ?) OR sd.names OPERATOR(public.%>) ?)
		ORDER BY ts_rank(sd.document, to_tsquery('simple', ?)) + public.word_similarity(?, sd.names) DESC, c.id LIMIT ?`)
	}
	return h.q(`SELECT c.id, sd.content FROM candidates c JOIN search_documents sd ON c.id = sd.candidate_id
		JOIN search_index ON search_index.rowid = sd.id
		WHERE c.company_id = ? AND search_index MATCH ?
		ORDER BY bm25(search_index, 10.0, 5.0, 1.0), c.id LIMIT ?`)
}

// search answers searchQuery for its one word (the bench sends one,
// lower-case and without accents).
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
	word, first := req.Variables.Q, 20
	args := []any{company, `"` + word + `"`, first + 1}
	if h.dialect == dialect.Postgres {
		term := "'" + word + "':*"
		args = []any{company, term, word, term, word, first + 1}
	}
	rows, err := h.db.QueryContext(r.Context(), h.sql.search, args...)
	if err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	defer rows.Close()
	var answer hwSearchAnswer
	answer.Data.Search.Edges = []hwSearchEdge{}
	for rows.Next() {
		var e hwSearchEdge
		var content string
		if err := rows.Scan(&e.Node.ID, &content); err != nil {
			http.Error(w, err.Error(), http.StatusInternalServerError)
			return
		}
		e.Snippet = recruiting.Snippet(content, []string{word})
		answer.Data.Search.Edges = append(answer.Data.Search.Edges, e)
	}
	if err := rows.Err(); err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	if len(answer.Data.Search.Edges) > first {
		answer.Data.Search.Edges, answer.Data.Search.HasNextPage = answer.Data.Search.Edges[:first], true
	}
	writeJSON(w, answer)
}
