package recruiting

import (
	"testing"

	"github.com/hiregraph/hiregraph/internal/apierror"
)

func TestPageSizes(t *testing.T) {
	for limit, want := range map[string]int{"": DefaultPageSize, "1": 1, "500": MaxPageSize, "501": MaxPageSize, "100000": MaxPageSize} {
		if p, err := ParsePageRequest(limit, "c"); err != nil || p.Limit != want || p.Cursor != "c" {
			t.Errorf("limit %q: %+v, %v", limit, p, err)
		}
	}
	for _, limit := range []string{"0", "-1", "ten", "1.5"} {
		if _, err := ParsePageRequest(limit, ""); !isBadRequest(err, "limit") {
			t.Errorf("limit %q: %v, want bad_request naming limit", limit, err)
		}
	}

	one, big, zero := 1, MaxPageSize+1, 0
	first, last, err := RelayPageSize(nil, nil)
	if err != nil || *first != DefaultPageSize || last != nil {
		t.Errorf("no size: first %v last %v %v", first, last, err)
	}
	if first, last, err := RelayPageSize(nil, &one); err != nil || first != nil || *last != 1 {
		t.Errorf("last 1: first %v last %v %v", first, last, err)
	}
	for _, c := range []struct {
		first, last *int
		field       string
	}{
		{&one, &one, "last"}, {&big, nil, "first"}, {nil, &zero, "last"}, {&zero, nil, "first"},
	} {
		if _, _, err := RelayPageSize(c.first, c.last); !isBadRequest(err, c.field) {
			t.Errorf("first %v last %v: %v, want bad_request naming %s", c.first, c.last, err, c.field)
		}
	}
}

func isBadRequest(err error, field string) bool {
	e, ok := apierror.As(err)
	return ok && e.Code == apierror.CodeBadRequest && e.Status == 400 && e.Field == field
}
