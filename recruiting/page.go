package recruiting

import (
	"context"
	"encoding/base64"
	"encoding/json"
	"net/http"
	"strconv"
	"time"

	"entgo.io/ent/dialect/sql"

	"github.com/hiregraph/hiregraph/apierror"
	"github.com/hiregraph/hiregraph/viewer"
)

// Page sizes of the REST lists (spec 4.4-4.6 leave them open).
const (
	DefaultPageSize = 100
	MaxPageSize     = 500
)

// Cursor marks the last row of a page: lists are ordered by time_created,
// then id, so a cursor names one exact place that rows inserted later never
// shift, and walking pages returns each row once.
type Cursor struct {
	TimeCreated time.Time `json:"t"`
	ID          string    `json:"i"`
}

// PageRequest is the page a caller asks for.
type PageRequest struct {
	Limit int
	After *Cursor
}

// ParsePageRequest reads the REST paging parameters limit and cursor.
func ParsePageRequest(limit, cursor string) (PageRequest, error) {
	p := PageRequest{Limit: DefaultPageSize}
	if limit != "" {
		n, err := strconv.Atoi(limit)
		if err != nil || n < 1 || n > MaxPageSize {
			return p, apierror.BadRequest("limit", "limit must be a whole number from 1 to %d, got %q", MaxPageSize, limit)
		}
		p.Limit = n
	}
	if cursor != "" {
		c, err := DecodeCursor(cursor)
		if err != nil {
			return p, err
		}
		p.After = &c
	}
	return p, nil
}

// Encode returns the opaque form of c used in next_page URLs.
func (c Cursor) Encode() string {
	b, _ := json.Marshal(c)
	return base64.RawURLEncoding.EncodeToString(b)
}

// DecodeCursor reads a cursor made by Encode.
func DecodeCursor(s string) (Cursor, error) {
	var c Cursor
	b, err := base64.RawURLEncoding.DecodeString(s)
	if err != nil || json.Unmarshal(b, &c) != nil || c.ID == "" || c.TimeCreated.IsZero() {
		return c, apierror.New(http.StatusBadRequest, "invalid_cursor", "cursor is not one this service issued; follow next_page as given")
	}
	return c, nil
}

// afterCursor selects rows that come after c in (time_created, id) order. It
// works on any table with those columns. It is written as a row-value
// comparison, which SQLite and PostgreSQL both serve with a range scan of
// the (company_id, time_created, id) index; the equivalent OR of two
// conditions makes SQLite scan the company's rows from the start.
func afterCursor(c Cursor) func(*sql.Selector) {
	return func(s *sql.Selector) {
		s.Where(sql.P(func(b *sql.Builder) {
			b.WriteString("("+s.C("time_created")+", "+s.C("id")+") > (").Args(c.TimeCreated, c.ID).WriteString(")")
		}))
	}
}

// fetchPage reads one page in (time_created, id) order. fetch runs the
// query: it gets the keyset predicate (nil on the first page) and how many
// rows to read, one more than the page holds, to learn whether a next page
// exists. It returns the page and the cursor of the next one (nil on the
// last page).
func fetchPage[T any](ctx context.Context, page PageRequest, key func(T) Cursor, fetch func(after func(*sql.Selector), n int) ([]T, error)) ([]T, *Cursor, error) {
	if err := Require(ctx, viewer.ScopeRead); err != nil {
		return nil, nil, err
	}
	var after func(*sql.Selector)
	if page.After != nil {
		after = afterCursor(*page.After)
	}
	rows, err := fetch(after, page.Limit+1)
	if err != nil {
		return nil, nil, err
	}
	if len(rows) <= page.Limit {
		return rows, nil, nil
	}
	rows = rows[:page.Limit]
	c := key(rows[page.Limit-1])
	return rows, &c, nil
}
