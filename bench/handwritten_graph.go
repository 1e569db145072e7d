package bench

import (
	"encoding/json"
	"io"
	"net/http"
	"strconv"
	"strings"
	"time"

	"entgo.io/ent/dialect"
	"github.com/lib/pq"
)

// nestedQuery is the GraphQL query benchmarked: positions with their first
// openings and candidates, and each candidate's person.
const nestedQuery = `{ positions(first: 20) { edges { node { id name
  openings(first: 5) { edges { node { id name } } }
  candidates(first: 10) { edges { node { id status person { firstName } } } } } } } }`

// flatQuery is the flat GraphQL list benchmarked.
const flatQuery = `{ candidates(first: 100) { edges { node { id status timeCreated } } } }`

type edge struct {
	Node map[string]any `json:"node"`
}

// graphql answers the two benchmarked GraphQL queries.
func (h *handWritten) graphql(w http.ResponseWriter, r *http.Request, company string) {
	body, err := io.ReadAll(r.Body)
	if err != nil {
		http.Error(w, err.Error(), http.StatusBadRequest)
		return
	}
	if strings.Contains(string(body), "positions(") {
		h.nestedPositions(w, r, company)
		return
	}
	h.flatCandidates(w, r, company)
}

// nestedPositions answers nestedQuery's data with three statements, as a
// careful engineer would write them: the positions, then for all of them at
// once the first openings and the first candidates of each, read per parent
// through the (company, position, id) indexes (LATERAL on PostgreSQL, a
// correlated LIMIT subquery on SQLite), the parent ids as one parameter.
func (h *handWritten) nestedPositions(w http.ResponseWriter, r *http.Request, company string) {
	ctx := r.Context()
	rows, err := h.db.QueryContext(ctx, h.q(`SELECT id, name FROM positions WHERE company_id = ? ORDER BY id LIMIT 20`), company)
	if err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	var ids []string
	positions := map[string]map[string]any{}
	for rows.Next() {
		var id, name string
		if err := rows.Scan(&id, &name); err != nil {
			rows.Close()
			http.Error(w, err.Error(), http.StatusInternalServerError)
			return
		}
		ids = append(ids, id)
		positions[id] = map[string]any{"id": id, "name": name, "openings": map[string]any{"edges": []edge{}}, "candidates": map[string]any{"edges": []edge{}}}
	}
	rows.Close()
	if len(ids) > 0 {
		err = h.children(r, positions, "openings", h.perParent(`SELECT o.id, o.name, o.position_id, ''`, "openings", 5, ""),
			company, ids, func(id, name, extra string) map[string]any { return map[string]any{"id": id, "name": name} })
		if err == nil {
			err = h.children(r, positions, "candidates",
				h.perParent(`SELECT c.id, c.status, c.position_id, p.first_name`, "candidates", 10, `JOIN persons p ON p.id = c.person_id`),
				company, ids, func(id, status, first string) map[string]any {
					return map[string]any{"id": id, "status": status, "person": map[string]any{"firstName": first}}
				})
		}
		if err != nil {
			http.Error(w, err.Error(), http.StatusInternalServerError)
			return
		}
	}
	edges := make([]edge, len(ids))
	for i, id := range ids {
		edges[i] = edge{Node: positions[id]}
	}
	writeJSON(w, map[string]any{"data": map[string]any{"positions": map[string]any{"edges": edges}}})
}

// perParent is the statement reading the first n rows of table (aliased by
// its initial) of each position, joined with join; its parameters are the
// company and the position ids.
func (h *handWritten) perParent(selectList, table string, n int, join string) string {
	alias := table[:1]
	limit := " ORDER BY id LIMIT " + strconv.Itoa(n)
	if h.dialect == dialect.Postgres {
		return selectList + ` FROM unnest($2::text[]) WITH ORDINALITY AS parent(id, ord)
			CROSS JOIN LATERAL (SELECT * FROM ` + table + ` WHERE company_id = $1 AND position_id = parent.id` + limit + `) ` + alias + `
			` + join + ` ORDER BY parent.ord, ` + alias + `.id`
	}
	return selectList + ` FROM (SELECT key AS ord, value AS pid FROM json_each(?2)) AS parent
		CROSS JOIN ` + table + ` ` + alias + ` ON ` + alias + `.rowid IN (SELECT rowid FROM ` + table + ` WHERE company_id = ?1 AND position_id = parent.pid` + limit + `)
		` + join + ` ORDER BY parent.ord, ` + alias + `.id`
}

// children runs a per-parent statement of (id, value, position_id, extra)
// rows and appends each row, rendered by node, to the named connection of
// its position.
func (h *handWritten) children(r *http.Request, positions map[string]map[string]any, field, query, company string, ids []string, node func(id, value, extra string) map[string]any) error {
	var parents any = pq.Array(ids)
	if h.dialect != dialect.Postgres {
		js, err := json.Marshal(ids)
		if err != nil {
			return err
		}
		parents = string(js)
	}
	rows, err := h.db.QueryContext(r.Context(), query, company, parents)
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

// flatCandidates answers flatQuery: one keyset page in id order.
func (h *handWritten) flatCandidates(w http.ResponseWriter, r *http.Request, company string) {
	rows, err := h.db.QueryContext(r.Context(), h.q(`SELECT id, status, time_created FROM candidates WHERE company_id = ? ORDER BY id LIMIT 100`), company)
	if err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	defer rows.Close()
	edges := []edge{}
	for rows.Next() {
		var id, status string
		var created time.Time
		if err := rows.Scan(&id, &status, flexTime{&created}); err != nil {
			http.Error(w, err.Error(), http.StatusInternalServerError)
			return
		}
		edges = append(edges, edge{Node: map[string]any{"id": id, "status": status, "timeCreated": created.Format(time.RFC3339Nano)}})
	}
	writeJSON(w, map[string]any{"data": map[string]any{"candidates": map[string]any{"edges": edges}}})
}
