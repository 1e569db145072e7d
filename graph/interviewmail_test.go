package graph_test

import (
	"fmt"
	"maps"
	"slices"
	"strings"
	"testing"
	"time"

	ics "github.com/arran4/golang-ical"

	"github.com/hiregraph/hiregraph/ent/user"
	"github.com/hiregraph/hiregraph/internal/hiregraphtest"
	"github.com/hiregraph/hiregraph/internal/mail/mailtest"
)

// invitationMail is what one received invitation e-mail says.
type invitationMail struct {
	to, subject, method, status string
	sequence                    string
	attendees                   int
}

func (m invitationMail) String() string {
	return fmt.Sprintf("%s %s seq %s %s (%s)", m.to, m.method, m.sequence, m.status, m.subject)
}

// invitationsAfter waits until the server has received n e-mails and
// reads the invitations among them from the skip-th on, by recipient.
func invitationsAfter(t *testing.T, server *mailtest.Server, skip, n int) map[string]invitationMail {
	t.Helper()
	hiregraphtest.Settled(t, func() int { return len(server.Received()) }, func(count int) bool { return count >= skip+n })
	got := server.Received()
	if len(got) != skip+n {
		t.Fatalf("the mail server received %d e-mails, want %d", len(got), skip+n)
	}
	out := map[string]invitationMail{}
	for _, r := range got[skip:] {
		parts := r.Parts(t)
		var method, text string
		for media, body := range parts {
			if m, ok := strings.CutPrefix(media, "text/calendar; method="); ok {
				method, text = m, body
			}
		}
		cal, err := ics.ParseCalendar(strings.NewReader(text))
		if err != nil || len(cal.Events()) != 1 {
			t.Fatalf("e-mail to %v has no invitation that parses (%v): %v", r.To, err, parts)
		}
		ev := cal.Events()[0]
		if calendarMethod(cal) != method {
			t.Errorf("e-mail to %v: part's method %s, calendar's %s", r.To, method, calendarMethod(cal))
		}
		m := invitationMail{to: r.To[0], subject: r.Parsed(t).Header.Get("Subject"), method: method,
			status: property(&ev.ComponentBase, ics.ComponentPropertyStatus), sequence: property(&ev.ComponentBase, ics.ComponentPropertySequence),
			attendees: len(ev.Attendees())}
		if _, dup := out[m.to]; dup {
			t.Errorf("two invitations to %s in one change", m.to)
		}
		out[m.to] = m
	}
	return out
}

// Interviewers and the candidate get the invitation by e-mail, an update
// when it is rescheduled, and a cancellation when it is cancelled or they
// are taken off it.
func TestInterviewInvitationsAreMailed(t *testing.T) {
	env, server := mailEnv(t, 0, nil)
	f := interviewFixtureOn(t, env)
	email := func(id string) string {
		return env.DB.Client.User.Query().Where(user.ID(id)).OnlyX(hiregraphtest.System()).Email
	}
	rita, ian := email(f.rita), email(f.ian)
	expect := func(step string, got map[string]invitationMail, want map[string]string) {
		t.Helper()
		for to, w := range want {
			m, ok := got[to]
			if !ok {
				t.Errorf("%s: no invitation to %s; got %v", step, to, got)
				continue
			}
			if s := m.method + " " + m.sequence + " " + m.status; s != w {
				t.Errorf("%s: invitation to %s is %s, want %s", step, to, m, w)
			}
		}
		if len(got) != len(want) {
			t.Errorf("%s: invitations to %v, want to %v", step, slices.Sorted(maps.Keys(got)), slices.Sorted(maps.Keys(want)))
		}
	}

	iv := f.schedule(t, f.start, f.rita, f.ian)
	got := invitationsAfter(t, server, 0, 3)
	expect("scheduled", got, map[string]string{rita: "REQUEST 0 CONFIRMED", ian: "REQUEST 0 CONFIRMED", f.email: "REQUEST 0 CONFIRMED"})
	if m := got[f.email]; !strings.HasPrefix(m.subject, "Invitation: ") || m.attendees != 3 {
		t.Errorf("the candidate's invitation: %+v", m)
	}

	later := f.start.Add(24 * time.Hour)
	f.env.GraphQLAs(f.ritaToken, rescheduleInterview, map[string]any{"id": iv.ID,
		"in": map[string]any{"timeStart": later, "timeEnd": later.Add(time.Hour), "interviewerIDs": []string{f.rita}}}).Decode(t, &struct{}{})
	got = invitationsAfter(t, server, 3, 3)
	expect("rescheduled without Ian", got, map[string]string{rita: "REQUEST 1 CONFIRMED", f.email: "REQUEST 1 CONFIRMED", ian: "CANCEL 1 CANCELLED"})
	if m := got[rita]; !strings.HasPrefix(m.subject, "Updated invitation: ") {
		t.Errorf("the update's subject: %q", m.subject)
	}

	f.env.GraphQLAs(f.ritaToken, cancelInterview, map[string]any{"id": iv.ID}).Decode(t, &struct{}{})
	got = invitationsAfter(t, server, 6, 2)
	expect("cancelled", got, map[string]string{rita: "CANCEL 2 CANCELLED", f.email: "CANCEL 2 CANCELLED"})
}
