package bench

import (
	"context"
	"database/sql"
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

// boardQuery is a position's pipeline board as /app reads it: every step
// with its count and first 20 candidates, each with its person, next
// interview (scheduled, not ended by the server's clock) and scorecard
// summary.
const boardQuery = `query($p: ID) { pipeline(positionID: $p) { id name kind
  candidates(first: 20) { totalCount edges { node { id status person { firstName lastName }
    nextInterview { id timeStart timeZone }
    scorecardSummary { submitted recommendations { recommendation count } } } } } } }`

type (
	hwNestedAnswer struct {
		Data struct {
			Positions struct {
				Edges []hwEdge[*hwNestedPosition] `json:"edges"`
			} `json:"positions"`
		} `json:"data"`
	}
	hwEdge[T any] struct {
		Node T `json:"node"`
	}
	hwEdges[T any] struct {
		Edges []hwEdge[T] `json:"edges"`
	}
	hwNestedPosition struct {
		ID         string                     `json:"id"`
		Name       string                     `json:"name"`
		Openings   hwEdges[hwNestedOpening]   `json:"openings"`
		Candidates hwEdges[hwNestedCandidate] `json:"candidates"`
	}
	hwNestedOpening struct {
		ID   string `json:"id"`
		Name string `json:"name"`
	}
	hwNestedCandidate struct {
		ID     string `json:"id"`
		Status string `json:"status"`
		Person struct {
			FirstName string `json:"firstName"`
		} `json:"person"`
	}
	hwFlatAnswer struct {
		Data struct {
			Candidates hwEdges[hwFlatCandidate] `json:"candidates"`
		} `json:"data"`
	}
	hwFlatCandidate struct {
		ID          string `json:"id"`
		Status      string `json:"status"`
		TimeCreated string `json:"timeCreated"`
	}
	hwBoardAnswer struct {
		Data struct {
			Pipeline []*hwBoardStep `json:"pipeline"`
		} `json:"data"`
	}
	hwBoardStep struct {
		ID         string `json:"id"`
		Name       string `json:"name"`
		Kind       string `json:"kind"`
		Candidates struct {
			TotalCount int                        `json:"totalCount"`
			Edges      []hwEdge[hwBoardCandidate] `json:"edges"`
		} `json:"candidates"`
	}
	hwBoardCandidate struct {
		ID     string `json:"id"`
		Status string `json:"status"`
		Person struct {
			FirstName string `json:"firstName"`
			LastName  string `json:"lastName"`
		} `json:"person"`
		NextInterview    *hwBoardInterview   `json:"nextInterview"`
		ScorecardSummary *hwScorecardSummary `json:"scorecardSummary"`
	}
)

// graphql answers the benchmarked GraphQL operations.
func (h *handWritten) graphql(w http.ResponseWriter, r *http.Request, company string) {
	body, err := io.ReadAll(r.Body)
	if err != nil {
		http.Error(w, err.Error(), http.StatusBadRequest)
		return
	}
	switch s := string(body); {
	case strings.Contains(s, "positions("):
		h.nestedPositions(w, r, company)
	case strings.Contains(s, "pipeline("):
		h.board(w, r, company, body)
	case strings.Contains(s, "reports("):
		h.report(w, r, company, body)
	case strings.Contains(s, "moveCandidate("):
		h.moveCandidate(w, r, company, body)
	case strings.Contains(s, "search("):
		h.search(w, r, company, body)
	default:
		h.flatCandidates(w, r, company)
	}
}

// nestedPositions answers nestedQuery's data with three statements, as a
// careful engineer would write them: the positions, then for all of them at
// once the first openings and the first candidates of each, read per parent
// through the (company, position, id) indexes (LATERAL on PostgreSQL, a
// correlated LIMIT subquery on SQLite), the parent ids as one parameter.
func (h *handWritten) nestedPositions(w http.ResponseWriter, r *http.Request, company string) {
	ctx := r.Context()
	rows, err := h.db.QueryContext(ctx, h.sql.nestedPositions, company)
	if err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	var answer hwNestedAnswer
	var ids []string
	byID := map[string]*hwNestedPosition{}
	for rows.Next() {
		p := &hwNestedPosition{Openings: hwEdges[hwNestedOpening]{Edges: []hwEdge[hwNestedOpening]{}},
			Candidates: hwEdges[hwNestedCandidate]{Edges: []hwEdge[hwNestedCandidate]{}}}
		if err := rows.Scan(&p.ID, &p.Name); err != nil {
			rows.Close()
			http.Error(w, err.Error(), http.StatusInternalServerError)
			return
		}
		ids = append(ids, p.ID)
		byID[p.ID] = p
		answer.Data.Positions.Edges = append(answer.Data.Positions.Edges, hwEdge[*hwNestedPosition]{Node: p})
	}
	rows.Close()
	if answer.Data.Positions.Edges == nil {
		answer.Data.Positions.Edges = []hwEdge[*hwNestedPosition]{}
	}
	if len(ids) > 0 {
		err = h.eachChild(ctx, h.sql.nestedOpenings, company, ids, func(rows *sql.Rows) error {
			var o hwNestedOpening
			var position string
			if err := rows.Scan(&o.ID, &o.Name, &position); err != nil {
				return err
			}
			p := byID[position]
			p.Openings.Edges = append(p.Openings.Edges, hwEdge[hwNestedOpening]{Node: o})
			return nil
		})
		if err == nil {
			err = h.eachChild(ctx, h.sql.nestedCandidates, company, ids, func(rows *sql.Rows) error {
				var c hwNestedCandidate
				var position string
				if err := rows.Scan(&c.ID, &c.Status, &position, &c.Person.FirstName); err != nil {
					return err
				}
				p := byID[position]
				p.Candidates.Edges = append(p.Candidates.Edges, hwEdge[hwNestedCandidate]{Node: c})
				return nil
			})
		}
		if err != nil {
			http.Error(w, err.Error(), http.StatusInternalServerError)
			return
		}
	}
	writeJSON(w, answer)
}

// board answers boardQuery: the position (which must be the company's),
// its steps, then for all steps at once their first candidates with their
// persons and their counts, each per parent in one statement.
func (h *handWritten) board(w http.ResponseWriter, r *http.Request, company string, body []byte) {
	ctx := r.Context()
	var in struct {
		Variables struct {
			P string
		} `json:"variables"`
	}
	if err := json.Unmarshal(body, &in); err != nil {
		http.Error(w, err.Error(), http.StatusBadRequest)
		return
	}
	var position string
	if err := h.db.QueryRowContext(ctx, h.sql.boardPosition, in.Variables.P, company).Scan(&position); err != nil {
		http.Error(w, err.Error(), http.StatusNotFound)
		return
	}
	rows, err := h.db.QueryContext(ctx, h.sql.boardSteps, company, position)
	if err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	var answer hwBoardAnswer
	answer.Data.Pipeline = []*hwBoardStep{}
	var ids []string
	byID := map[string]*hwBoardStep{}
	for rows.Next() {
		s := &hwBoardStep{}
		s.Candidates.Edges = []hwEdge[hwBoardCandidate]{}
		if err := rows.Scan(&s.ID, &s.Name, &s.Kind); err != nil {
			rows.Close()
			http.Error(w, err.Error(), http.StatusInternalServerError)
			return
		}
		ids = append(ids, s.ID)
		byID[s.ID] = s
		answer.Data.Pipeline = append(answer.Data.Pipeline, s)
	}
	rows.Close()
	if len(ids) > 0 {
		err = h.eachChild(ctx, h.sql.boardCandidates, company, ids, func(rows *sql.Rows) error {
			var c hwBoardCandidate
			var step string
			if err := rows.Scan(&c.ID, &c.Status, &step, &c.Person.FirstName, &c.Person.LastName); err != nil {
				return err
			}
			s := byID[step]
			s.Candidates.Edges = append(s.Candidates.Edges, hwEdge[hwBoardCandidate]{Node: c})
			return nil
		})
		if err == nil {
			err = h.eachChild(ctx, h.sql.boardCounts, company, ids, func(rows *sql.Rows) error {
				var step string
				var n int
				if err := rows.Scan(&step, &n); err != nil {
					return err
				}
				byID[step].Candidates.TotalCount = n
				return nil
			})
		}
		if err == nil {
			err = h.boardInterviews(ctx, company, answer.Data.Pipeline, time.Now())
		}
		if err == nil {
			err = h.boardScorecards(ctx, company, answer.Data.Pipeline)
		}
		if err != nil {
			http.Error(w, err.Error(), http.StatusInternalServerError)
			return
		}
	}
	writeJSON(w, answer)
}

// perParent is the statement reading the first n rows of table (aliased by
// its initial) of each parent, whose id is in column, joined with join;
// its parameters are the company and the parent ids. On SQLite, as ours,
// the outer table is NOT INDEXED, so the rowid lookup is its only way in,
// and the tenant's parameter is CAST to text.
func (h *handWritten) perParent(selectList, table, column string, n int, join string) string {
	return h.perParentWhere(selectList, table, column, "", []string{"id"}, n, join)
}

// perParentWhere is perParent with more conditions on the rows (filter,
// starting with AND; placeholders from $3) and their order (columns).
func (h *handWritten) perParentWhere(selectList, table, column, filter string, order []string, n int, join string) string {
	alias := table[:1]
	limit := " ORDER BY " + strings.Join(order, ", ") + " LIMIT " + strconv.Itoa(n)
	outer := " ORDER BY parent.ord, " + alias + "." + strings.Join(order, ", "+alias+".")
	if h.dialect == dialect.Postgres {
		return selectList + ` FROM unnest($2::text[]) WITH ORDINALITY AS parent(id, ord)
			CROSS JOIN LATERAL (SELECT * FROM ` + table + ` WHERE company_id = $1 AND ` + column + ` = parent.id` + filter + limit + `) ` + alias + `
			` + join + outer
	}
	return selectList + ` FROM (SELECT key AS ord, value AS pid FROM json_each(?2)) AS parent
		CROSS JOIN ` + table + ` ` + alias + ` NOT INDEXED ON ` + alias + `.rowid IN (SELECT rowid FROM ` + table +
		` WHERE company_id = CAST(?1 AS TEXT) AND ` + column + ` = parent.pid` + strings.ReplaceAll(filter, "$", "?") + limit + `)
		` + join + outer
}

// perParentCount is the statement counting the rows of table of each
// parent, whose id is in column: one index-only count per parent.
func (h *handWritten) perParentCount(table, column string) string {
	if h.dialect == dialect.Postgres {
		return `SELECT parent.id, (SELECT COUNT(*) FROM ` + table + ` WHERE company_id = $1 AND ` + column + ` = parent.id)
			FROM unnest($2::text[]) AS parent(id)`
	}
	return `SELECT parent.pid, (SELECT COUNT(*) FROM ` + table + ` WHERE company_id = CAST(?1 AS TEXT) AND ` + column + ` = parent.pid)
		FROM (SELECT value AS pid FROM json_each(?2)) AS parent`
}

// eachChild runs a per-parent statement with the company, the parent ids
// and more parameters, and hands each row to row.
func (h *handWritten) eachChild(ctx context.Context, query, company string, ids []string, row func(*sql.Rows) error, more ...any) error {
	var parents any = pq.Array(ids)
	if h.dialect != dialect.Postgres {
		js, err := json.Marshal(ids)
		if err != nil {
			return err
		}
		parents = string(js)
	}
	rows, err := h.db.QueryContext(ctx, query, append([]any{company, parents}, more...)...)
	if err != nil {
		return err
	}
	defer rows.Close()
	for rows.Next() {
		if err := row(rows); err != nil {
			return err
		}
	}
	return rows.Err()
}

// flatCandidates answers flatQuery: one keyset page in id order.
func (h *handWritten) flatCandidates(w http.ResponseWriter, r *http.Request, company string) {
	rows, err := h.db.QueryContext(r.Context(), h.sql.flatCandidates, company)
	if err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	defer rows.Close()
	var answer hwFlatAnswer
	answer.Data.Candidates.Edges = []hwEdge[hwFlatCandidate]{}
	for rows.Next() {
		var c hwFlatCandidate
		var created time.Time
		if err := rows.Scan(&c.ID, &c.Status, flexTime{&created}); err != nil {
			http.Error(w, err.Error(), http.StatusInternalServerError)
			return
		}
		c.TimeCreated = created.Format(time.RFC3339Nano)
		answer.Data.Candidates.Edges = append(answer.Data.Candidates.Edges, hwEdge[hwFlatCandidate]{Node: c})
	}
	writeJSON(w, answer)
}
