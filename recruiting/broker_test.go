package recruiting_test

import (
	"testing"

	"github.com/hiregraph/hiregraph/recruiting"
)

// TestBrokerEndsASubscriberThatFallsBehind: a subscriber that lets 64
// announcements wait gets those 64, then its channel closes instead of
// missing the 65th silently; other subscribers go on.
func TestBrokerEndsASubscriberThatFallsBehind(t *testing.T) {
	var b recruiting.Broker
	all := func(recruiting.Announcement) bool { return true }
	slow, cancelSlow := b.Subscribe(all)
	defer cancelSlow()
	for i := range 65 {
		fast, cancelFast := b.Subscribe(all)
		b.Publish(recruiting.Announcement{CompanyID: "cmp_1", EventID: string(rune('A' + i))})
		if a := <-fast; a.EventID != string(rune('A'+i)) {
			t.Fatalf("the subscriber keeping up got %+v", a)
		}
		cancelFast()
	}
	n := 0
	for range slow {
		n++
	}
	if n != 64 {
		t.Errorf("the slow subscriber got %d announcements before its channel closed, want 64", n)
	}
}
