package bench

import (
	"net/http"
	"strings"
)

// nestedQuery is the GraphQL query benchmarked: positions with their first
// openings and candidates, and each candidate's person.
const nestedQuery = `{ positions(first: 20) { edges { node { id name
  openings(first: 5) { edges { node { id name } } }
  candidates(first: 10) { edges { node { id status person { firstName } } } } } } } }`

type edge struct {
	Node map[string]any `json:"node"`
}

// nestedPositions answers nestedQuery's data with three queries: the
// positions, then the first openings and candidates of each, using window
// functions, as a careful hand-written handler would.
func (h *handWritten) nestedPositions(w http.ResponseWriter, r *http.Request, company string) {
	ctx := r.Context()
	rows, err := h.db.QueryContext(ctx, h.q(`SELECT id, name FROM positions WHERE company_id = ? ORDER BY id LIMIT 20`), company)
	if err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	var ids []any
	positions := map[string]map[string]any{}
	var order []string
	for rows.Next() {
		var id, name string
		if err := rows.Scan(&id, &name); err != nil {
			rows.Close()
			http.Error(w, err.Error(), http.StatusInternalServerError)
			return
		}
		ids = append(ids, id)
		order = append(order, id)
		positions[id] = map[string]any{"id": id, "name": name, "openings": map[string]any{"edges": []edge{}}, "candidates": map[string]any{"edges": []edge{}}}
	}
	rows.Close()
	if len(ids) > 0 {
		in := strings.TrimSuffix(strings.Repeat("?,", len(ids)), ",")
		err = h.children(r, positions, "openings", `SELECT id, name, position_id, '' FROM (
			SELECT id, name, position_id, ROW_NUMBER() OVER (PARTITION BY position_id ORDER BY id) AS rn
			FROM openings WHERE company_id = ? AND position_id IN (`+in+`)) t WHERE rn <= 5 ORDER BY position_id, id`,
			append([]any{company}, ids...), func(id, name, extra string) map[string]any { return map[string]any{"id": id, "name": name} })
		if err == nil {
			err = h.children(r, positions, "candidates", `SELECT c.id, c.status, c.position_id, p.first_name FROM (
				SELECT id, status, position_id, person_id, ROW_NUMBER() OVER (PARTITION BY position_id ORDER BY id) AS rn
				FROM candidates WHERE company_id = ? AND position_id IN (`+in+`)) c JOIN persons p ON p.id = c.person_id
				WHERE c.rn <= 10 ORDER BY c.position_id, c.id`,
				append([]any{company}, ids...), func(id, status, first string) map[string]any {
					return map[string]any{"id": id, "status": status, "person": map[string]any{"firstName": first}}
				})
		}
		if err != nil {
			http.Error(w, err.Error(), http.StatusInternalServerError)
			return
		}
	}
	edges := make([]edge, len(order))
	for i, id := range order {
		edges[i] = edge{Node: positions[id]}
	}
	writeJSON(w, map[string]any{"data": map[string]any{"positions": map[string]any{"edges": edges}}})
}

// children runs a query of (id, value, position_id, extra) rows and appends
// each row, rendered by node, to the named connection of its position.
func (h *handWritten) children(r *http.Request, positions map[string]map[string]any, field, query string, args []any, node func(id, value, extra string) map[string]any) error {
	rows, err := h.db.QueryContext(r.Context(), h.q(query), args...)
	if err != nil {
		return err
	}
	defer rows.Close()
	for rows.Next() {
		var id, value, position, extra string
		if err := rows.Scan(&id, &value, &position, &extra); err != nil {
			return err
		}
		conn := positions[position][field].(map[string]any)
		conn["edges"] = append(conn["edges"].([]edge), edge{Node: node(id, value, extra)})
	}
	return rows.Err()
}
