package scalar

import (
	"bytes"
	"strings"
	"testing"
	"time"

	"github.com/99designs/gqlgen/graphql"
)

// MarshalTime writes the bytes graphql.MarshalTime writes, whether the
// writer lends its buffer or not, and a zero time is null as there.
func TestMarshalTimeWritesAsGqlgen(t *testing.T) {
	zone := time.FixedZone("", -7*3600-1800)
	for _, at := range []time.Time{
		time.Date(2026, 11, 26, 4, 31, 49, 794716000, time.UTC),
		time.Date(2026, 1, 2, 3, 4, 5, 0, zone),
		time.Date(12026, 1, 2, 3, 4, 5, 1, time.UTC),
	} {
		var want, got bytes.Buffer
		graphql.MarshalTime(at).MarshalGQL(&want)
		MarshalTime(at).MarshalGQL(&got)
		if got.String() != want.String() {
			t.Errorf("wrote %s; want %s", got.String(), want.String())
		}
		var plain strings.Builder
		MarshalTime(at).MarshalGQL(&plain)
		if plain.String() != want.String() {
			t.Errorf("to a strings.Builder wrote %s; want %s", plain.String(), want.String())
		}
		var direct bytes.Buffer
		WriteTime(&direct, at)
		if direct.String() != want.String() {
			t.Errorf("WriteTime wrote %s; want %s", direct.String(), want.String())
		}
	}
	if MarshalTime(time.Time{}) != graphql.Null {
		t.Error("a zero time is not null")
	}
	var null bytes.Buffer
	WriteTime(&null, time.Time{})
	if null.String() != "null" {
		t.Errorf("WriteTime wrote %s for a zero time; want null", null.String())
	}
}
