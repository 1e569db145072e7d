package recruiting

import (
	"encoding/base64"
	"encoding/json"
	"net/http"
	"strconv"
	"time"

	"entgo.io/ent/dialect/sql"

	"github.com/hiregraph/hiregraph/apierror"
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
// works on any table with those columns.
func afterCursor(c Cursor) func(*sql.Selector) {
	return func(s *sql.Selector) {
		t := s.C("time_created")
		s.Where(sql.Or(
			sql.GT(t, c.TimeCreated),
			sql.And(sql.EQ(t, c.TimeCreated), sql.GT(s.C("id"), c.ID)),
		))
	}
}

// nextCursor returns the cursor after the last of n fetched rows when the
// query fetched one row more than the page holds, or nil on the last page.
func nextCursor[T any](rows []T, limit int, key func(T) Cursor) ([]T, *Cursor) {
	if len(rows) <= limit {
		return rows, nil
	}
	rows = rows[:limit]
	c := key(rows[limit-1])
	return rows, &c
}
