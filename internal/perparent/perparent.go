// Package perparent loads the first rows of a to-many edge for a batch of
// parents at a cost that grows with parents x limit, not with the number of
// children: the statement the generated eager loaders run for every nested
// Relay connection (Position.candidates(first: 10) under positions(first: 20)).
//
// entgql's LimitPerRow numbers every child of every parent with ROW_NUMBER()
// and keeps the first n, so it reads and sorts all of them. Limit instead
// reads each parent's children through the edge's index, n at a time:
//
//	PostgreSQL: unnest($1::text[]) CROSS JOIN LATERAL (… WHERE fk = parent ORDER BY … LIMIT n)
//	SQLite:     json_each(?) CROSS JOIN child ON child.rowid IN (SELECT rowid … WHERE fk = parent ORDER BY … LIMIT n)
//
// The parent ids travel as one array parameter, so the text of a statement
// does not depend on how many parents there are and the database plans each
// shape once. Count counts the children of each parent the same way.
package perparent

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"

	"entgo.io/ent/dialect"
	"entgo.io/ent/dialect/sql"
	"github.com/lib/pq"
)

// Limit is the per-parent page of one nested connection: the first N
// children of each parent in Order. The generated loader sets Parents just
// before it runs the query; Modify then rewrites the child query's
// statement (with its filters, cursors and tenant rule already in its WHERE
// clause) into the per-parent form.
type Limit struct {
	// Column is the child's foreign key to the parent.
	Column string
	// N is the number of children kept per parent (first+1, so the
	// connection can tell whether there is a next page).
	N int
	// Order is the connection's order, unqualified columns with directions,
	// ending with the id as tie-breaker.
	Order sql.Querier
	// Parents are the ids of the parents, strings.
	Parents []string
}

// New returns the per-parent limit of a nested connection. Its signature is
// entgql.LimitPerRow's, whose place it takes in the generated code.
func New(column string, n int, order ...sql.Querier) *Limit {
	o := sql.Querier(sql.ExprFunc(func(b *sql.Builder) { b.Ident("id") }))
	if len(order) > 0 {
		o = order[0]
	}
	return &Limit{Column: column, N: n, Order: o}
}

// Modify rewrites the child query's selector into the per-parent statement.
func (l *Limit) Modify(s *sql.Selector) {
	if l.Parents == nil {
		s.AddError(errors.New("perparent: query run without its parents; it must be loaded through its parent query"))
		return
	}
	inner := s.Clone()
	inner.SetDistinct(false)
	inner.ClearOrder()
	inner.Where(sql.P(func(b *sql.Builder) {
		b.WriteString(inner.C(l.Column)).WriteOp(sql.OpEQ).Ident("parent").WriteByte('.').Ident("parent_id")
	}))
	inner.OrderExpr(l.Order).Limit(l.N)
	columns := s.SelectedColumns()
	table := s.TableName()
	d := sql.Dialect(s.Dialect())
	parents, err := parentTable(s.Dialect(), l.Parents)
	if err != nil {
		s.AddError(err)
		return
	}
	var from sql.Querier
	if s.Dialect() == dialect.Postgres {
		from = sql.ExprFunc(func(b *sql.Builder) {
			b.Join(parents).WriteString(" CROSS JOIN LATERAL (").Join(inner).WriteString(") AS ").Ident(table)
		})
	} else {
		// SQLite has no LATERAL; a correlated IN subquery per parent row
		// stays on the edge's index (covering: the index holds the rowid),
		// then reads each kept row by rowid. CROSS JOIN keeps the parents
		// the outer loop: with statistics SQLite would otherwise scan the
		// child table's index and run the subquery per child and parent.
		// NOT INDEXED (on the outer child table only; the subquery keeps its
		// index) leaves the rowid lookup as its one way in: with statistics
		// of a small child table (openings) SQLite otherwise scans its whole
		// primary key index per parent, testing each row against the list.
		inner.Select(inner.C("rowid"))
		from = sql.ExprFunc(func(b *sql.Builder) {
			b.Join(parents).WriteString(" CROSS JOIN ").Ident(table).WriteString(" NOT INDEXED ON ").Ident(table).
				WriteString(".rowid IN (").Join(inner).WriteString(")")
		})
	}
	// Rows of one parent come back in the connection's order; sorting the
	// kept rows (parents x N at most) costs nothing next to reading them.
	order := sql.ExprFunc(func(b *sql.Builder) {
		b.Ident("parent").WriteByte('.').Ident("parent_ord").Comma().Join(l.Order)
	})
	*s = *d.Select(columns...).FromExpr(from).OrderExpr(order).WithContext(s.Context())
}

// Count counts, for each parent, the rows of the child query s (its WHERE
// clause holds the filters and the tenant rule) whose column is that
// parent, in one statement with one index-only count per parent:
//
//	SELECT parent_id, (SELECT COUNT(*) FROM child WHERE … AND fk = parent_id) FROM unnest($1) / json_each(?)
func Count(ctx context.Context, drv dialect.Driver, s *sql.Selector, column string, parents []string) (map[string]int, error) {
	inner := s.Clone()
	inner.SetDistinct(false)
	inner.ClearOrder()
	inner.Where(sql.P(func(b *sql.Builder) {
		b.WriteString(inner.C(column)).WriteOp(sql.OpEQ).Ident("parent").WriteByte('.').Ident("parent_id")
	}))
	inner.Select(sql.Count("*"))
	b := sql.Dialect(s.Dialect()).Select()
	b.SelectExpr(sql.ExprFunc(func(b *sql.Builder) {
		b.Ident("parent").WriteByte('.').Ident("parent_id").Comma().WriteString("(").Join(inner).WriteString(")")
	}))
	from, err := parentTable(s.Dialect(), parents)
	if err != nil {
		return nil, err
	}
	b.FromExpr(from)
	query, args := b.Query()
	if err := b.Err(); err != nil {
		return nil, err
	}
	var rows sql.Rows
	if err := drv.Query(ctx, query, args, &rows); err != nil {
		return nil, fmt.Errorf("counting %s per parent: %w", s.TableName(), err)
	}
	defer rows.Close()
	counts := make(map[string]int, len(parents))
	for rows.Next() {
		var id string
		var n int
		if err := rows.Scan(&id, &n); err != nil {
			return nil, err
		}
		counts[id] = n
	}
	return counts, rows.Err()
}

// parentTable is the table expression "parent" of the parent ids, with
// columns parent_id and parent_ord (their position in parents).
func parentTable(d string, parents []string) (sql.Querier, error) {
	arg, err := idArray(d, parents)
	if err != nil {
		return nil, err
	}
	if d == dialect.Postgres {
		return sql.ExprFunc(func(b *sql.Builder) {
			b.WriteString("unnest(").Arg(arg).WriteString("::text[]) WITH ORDINALITY AS ").
				Ident("parent").WriteString("(").Ident("parent_id").Comma().Ident("parent_ord").WriteString(")")
		}), nil
	}
	return sql.ExprFunc(func(b *sql.Builder) {
		b.WriteString("(SELECT value AS ").Ident("parent_id").WriteString(", key AS ").Ident("parent_ord").
			WriteString(" FROM json_each(").Arg(arg).WriteString(")) AS ").Ident("parent")
	}), nil
}

// idArray is ids as one parameter of dialect d: a text[] for PostgreSQL, a
// JSON array for SQLite's json_each.
func idArray(d string, ids []string) (any, error) {
	if d == dialect.Postgres {
		return pq.Array(ids), nil
	}
	js, err := json.Marshal(ids)
	if err != nil {
		return nil, fmt.Errorf("perparent: encoding ids: %w", err)
	}
	return string(js), nil
}
