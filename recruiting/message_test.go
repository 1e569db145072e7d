package recruiting

import (
	"testing"

	"github.com/hiregraph/hiregraph/ent/schema/schematype"
)

// TestMessageStatus: without a status of its own, a message reads as the
// furthest any recipient got, and Failed only when every recipient failed.
func TestMessageStatus(t *testing.T) {
	to := func(statuses ...string) []schematype.Party {
		out := make([]schematype.Party, len(statuses))
		for i, s := range statuses {
			out[i] = schematype.Party{Status: s}
		}
		return out
	}
	for _, c := range []struct {
		given  *string
		to, cc []schematype.Party
		want   string
	}{
		{nil, to("Sent"), nil, "Sent"},
		{nil, to("Failed", "Open"), nil, "Open"},
		{nil, to("Sent"), to("Clicked"), "Clicked"},
		{nil, to("Failed"), to("Failed"), "Failed"},
		{nil, to("Open", "Sent"), to("Failed"), "Open"},
		{ptr("Sent"), to("Clicked"), nil, "Sent"},
	} {
		if got := messageStatus(c.given, c.to, c.cc); got != c.want {
			t.Errorf("given %v, to %v, cc %v: %s, want %s", c.given, c.to, c.cc, got, c.want)
		}
	}
}
