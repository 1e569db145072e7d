package rest

import (
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"

	"github.com/hiregraph/hiregraph/internal/apierror"
	"github.com/hiregraph/hiregraph/internal/apitime"
	"github.com/hiregraph/hiregraph/recruiting"
)

// queryReader reads the filter parameters of a list request. It remembers
// each parameter it used, under the spelling the caller sent, so next_page
// can repeat the caller's filters exactly once. The first error sticks.
type queryReader struct {
	q    url.Values
	used url.Values
	err  error
}

func newQueryReader(q url.Values) *queryReader { return &queryReader{q: q, used: url.Values{}} }

// value returns the first of names present in the query, with its name.
func (r *queryReader) value(names ...string) (name, value string, ok bool) {
	for _, n := range names {
		if v := r.q.Get(n); v != "" {
			r.used.Set(n, v)
			return n, v, true
		}
	}
	return "", "", false
}

// time reads a timestamp parameter that may go by several spellings.
func (r *queryReader) time(names ...string) *time.Time {
	name, v, ok := r.value(names...)
	if !ok || r.err != nil {
		return nil
	}
	t, err := apitime.Parse(name, v)
	if err != nil {
		r.err = err
		return nil
	}
	return &t
}

func (r *queryReader) str(name string) *string {
	if _, v, ok := r.value(name); ok {
		return &v
	}
	return nil
}

// list reads a comma-separated list; repeated parameters are joined.
func (r *queryReader) list(name string) []string {
	var out []string
	for _, v := range r.q[name] {
		for _, item := range strings.Split(v, ",") {
			if item = strings.TrimSpace(item); item != "" {
				out = append(out, item)
			}
		}
	}
	if len(out) > 0 {
		r.used.Set(name, strings.Join(out, ","))
	}
	return out
}

func (r *queryReader) bool(name string) *bool {
	_, v, ok := r.value(name)
	if !ok || r.err != nil {
		return nil
	}
	b, err := strconv.ParseBool(v)
	if err != nil {
		r.err = apierror.BadRequest(name, "%s must be true or false, got %q", name, v)
		return nil
	}
	return &b
}

// page reads limit and cursor.
func (r *queryReader) page() recruiting.PageRequest {
	_, limit, _ := r.value("limit")
	p, err := recruiting.ParsePageRequest(limit, r.q.Get("cursor"))
	if err != nil && r.err == nil {
		r.err = err
	}
	return p
}

// nextPage is the absolute URL of the page after this one, or nil on the
// last page: the caller's filters and limit once each, and the new cursor.
func (r *queryReader) nextPage(base, cursor string) *string {
	if cursor == "" {
		return nil
	}
	q := url.Values{}
	for k, v := range r.used {
		q[k] = v
	}
	q.Set("cursor", cursor)
	u := base + "?" + q.Encode()
	return &u
}

// writeList answers a list request: the rows rendered under key, and the
// next_page URL of the list at baseURL.
func writeList[T, J any](w http.ResponseWriter, q *queryReader, baseURL, key string, page recruiting.Page[T], err error, render func(T) J) error {
	if err != nil {
		return err
	}
	out := make([]J, len(page.Rows))
	for i, row := range page.Rows {
		out[i] = render(row)
	}
	WriteJSON(w, http.StatusOK, map[string]any{key: out, "next_page": q.nextPage(baseURL, page.Next)})
	return nil
}
