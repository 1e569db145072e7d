package recruiting

import (
	"context"
	"fmt"
	"strconv"

	"entgo.io/ent/dialect/sql"

	"github.com/hiregraph/hiregraph/internal/apierror"
)

// Page sizes of every list, whichever face asks: REST's limit and
// GraphQL's first and last are one page size (spec 4.4-4.6 leave them
// open).
const (
	DefaultPageSize = 100 // the size of a page the caller does not size
	MaxPageSize     = 500
)

func checkPageSize(name string, n int) error {
	if n < 1 || n > MaxPageSize {
		return apierror.BadRequest(name, "%s must be a whole number from 1 to %d, got %d", name, MaxPageSize, n)
	}
	return nil
}

// RelayPageSize checks the Relay spelling of a page size: first or last,
// not both; first is DefaultPageSize when neither is given.
func RelayPageSize(first, last *int) (*int, *int, error) {
	switch {
	case first != nil && last != nil:
		return nil, nil, apierror.BadRequest("last", "give first or last, not both")
	case first != nil:
		return first, nil, checkPageSize("first", *first)
	case last != nil:
		return nil, last, checkPageSize("last", *last)
	}
	n := DefaultPageSize
	return &n, nil, nil
}

// PageRequest is the REST spelling of a page: limit, and the cursor that
// next_page carries.
type PageRequest struct {
	Limit  int
	Cursor string
	// Fields are the fields of each row the caller reads (ent's names),
	// for lists whose rows are wide; every field when empty.
	Fields []string
}

// ParsePageRequest reads the REST paging parameters limit and cursor; the
// cursor is checked when the list runs. A limit above MaxPageSize reads as
// MaxPageSize; below 1 it is refused.
func ParsePageRequest(limit, cursor string) (PageRequest, error) {
	p := PageRequest{Limit: DefaultPageSize, Cursor: cursor}
	if limit == "" {
		return p, nil
	}
	n, err := strconv.Atoi(limit)
	if err != nil {
		return p, apierror.BadRequest("limit", "limit must be a whole number from 1 to %d, got %q", MaxPageSize, limit)
	}
	// A limit above the maximum is clamped, not refused: the page is
	// shorter and next_page continues, as clients of paged APIs expect.
	p.Limit = min(n, MaxPageSize)
	return p, checkPageSize("limit", p.Limit)
}

// Page is one page of a list and the cursor of the next (empty on the
// last page).
type Page[T any] struct {
	Rows []T
	Next string
}

// keysetList is a list read in (time_created, id) order: a cursor names
// one exact place that rows inserted later never shift, so walking the
// pages returns each row once.
type keysetList[T any] struct {
	// name tells the lists' cursors apart: a cursor of one list is not
	// one the service issued for another.
	name string
	key  func(T) Cursor
}

// keysetQuery is what readPage needs of an ent query: ent generates these
// methods for every type, with the predicate type P and order type O.
type keysetQuery[Q any, P, O ~func(*sql.Selector), T any] interface {
	Where(...P) Q
	Order(...O) Q
	Limit(int) Q
	All(context.Context) ([]T, error)
}

// openList is the entry of every list, whichever spelling of a page it
// serves: reading a list needs the read scope.
func openList(ctx context.Context) error {
	return RequireRead(ctx)
}

// readPage is every REST list: it checks the read scope, then narrows q
// (the list's filters), then reads one page after the request's cursor.
func readPage[P, O ~func(*sql.Selector), Q keysetQuery[Q, P, O, T], T any](ctx context.Context, s *core, list keysetList[T], q Q, narrow func(Q) (Q, error), page PageRequest) (Page[T], error) {
	if err := openList(ctx); err != nil {
		return Page[T]{}, err
	}
	if err := checkPageSize("limit", page.Limit); err != nil {
		return Page[T]{}, err
	}
	q, err := narrow(q)
	if err != nil {
		return Page[T]{}, err
	}
	if page.Cursor != "" {
		after, err := OpenCursor(s.Sealer, list.name, page.Cursor)
		if err != nil {
			return Page[T]{}, err
		}
		q = q.Where(P(afterCursor(after)))
	}
	// One row more than the page holds tells whether a next page exists.
	rows, err := q.Order(O(keysetOrder)).Limit(page.Limit + 1).All(ctx)
	if err != nil {
		return Page[T]{}, fmt.Errorf("listing %s: %w", list.name, err)
	}
	if len(rows) <= page.Limit {
		return Page[T]{Rows: rows}, nil
	}
	rows = rows[:page.Limit]
	return Page[T]{Rows: rows, Next: list.key(rows[page.Limit-1]).Seal(s.Sealer, list.name)}, nil
}

// keysetOrder orders rows by (time_created, id).
func keysetOrder(s *sql.Selector) {
	s.OrderBy(s.C("time_created"), s.C("id"))
}

// afterCursor selects rows that come after c in (time_created, id) order. It
// is written as a row-value comparison, which SQLite and PostgreSQL both
// serve with a range scan of the (company_id, time_created, id) index; the
// equivalent OR of two conditions makes SQLite scan the company's rows from
// the start.
func afterCursor(c Cursor) func(*sql.Selector) {
	return func(s *sql.Selector) {
		s.Where(sql.P(func(b *sql.Builder) {
			b.WriteString("("+s.C("time_created")+", "+s.C("id")+") > (").Args(c.TimeCreated, c.ID).WriteString(")")
		}))
	}
}

// noFilter is the narrowing of a list without filters.
func noFilter[Q any](q Q) (Q, error) { return q, nil }
