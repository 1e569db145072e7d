package recruiting

import (
	"fmt"
	"strings"
	"time"

	ics "github.com/arran4/golang-ical"

	"github.com/hiregraph/hiregraph/ent"
	"github.com/hiregraph/hiregraph/ent/interview"
)

// Audience says whom an interview's invitation is for.
type Audience int

const (
	// ForInterviewers is the invitation the interviewers get: with the
	// instructions.
	ForInterviewers Audience = iota
	// ForCandidate is the candidate's: the instructions are for the
	// interviewers, so it leaves them out.
	ForCandidate
)

// iCalendar's local date-time form (RFC 5545, 3.3.5, form #3 with TZID).
const icalLocal = "20060102T150405"

// InterviewInvitation is the iCalendar (RFC 5545) invitation of iv for
// audience, and its iTIP method (RFC 5546): REQUEST while the interview
// takes place, so calendars add it and replace it on each reschedule (its
// UID stays, its SEQUENCE rises), and CANCEL once it is cancelled. iv must
// be loaded with its candidate (and the candidate's person), position,
// organizer and interviewers (InterviewService.Invitation loads them).
// E-mail sends it as a text/calendar part with this method.
func InterviewInvitation(iv *ent.Interview, audience Audience) (icsText []byte, method string) {
	return invitation(iv, audience, iv.Status == interview.StatusCancelled)
}

// invitation is iv's invitation for audience; cancelled makes it a
// CANCEL, as for an interviewer taken off a scheduled interview.
func invitation(iv *ent.Interview, audience Audience, cancelled bool) (icsText []byte, method string) {
	m := ics.MethodRequest
	if cancelled {
		m = ics.MethodCancel
	}
	cal := ics.NewCalendarFor("Hiregraph")
	cal.SetProductId("-//Hiregraph//Interviews//EN")
	cal.SetMethod(m)
	cal.SetCalscale("GREGORIAN")
	loc, err := time.LoadLocation(iv.TimeZone)
	if err != nil {
		// Written only after LoadLocation accepted it; a zone the
		// machine's database lost still gets correct UTC times.
		loc = time.UTC
	}
	if loc != time.UTC {
		cal.AddVTimezone(timezoneOf(loc, iv.TimeStart, iv.TimeEnd))
	}
	cal.AddVEvent(interviewEvent(iv, loc, audience, cancelled))
	return []byte(cal.Serialize()), string(m)
}

func interviewEvent(iv *ent.Interview, loc *time.Location, audience Audience, cancelled bool) *ics.VEvent {
	ev := ics.NewEvent(iv.ID + "@hiregraph")
	ev.SetDtStampTime(iv.TimeUpdated)
	ev.SetCreatedTime(iv.TimeCreated)
	ev.SetModifiedAt(iv.TimeUpdated)
	ev.SetSequence(iv.Sequence)
	setTime(&ev.ComponentBase, ics.ComponentPropertyDtStart, iv.TimeStart, loc)
	setTime(&ev.ComponentBase, ics.ComponentPropertyDtEnd, iv.TimeEnd, loc)
	ev.SetSummary(interviewSummary(iv))
	if iv.Location != "" {
		ev.SetLocation(iv.Location)
	}
	if iv.VideoURL != "" {
		ev.SetURL(iv.VideoURL)
	}
	if d := interviewDescription(iv, audience); d != "" {
		ev.SetDescription(d)
	}
	ev.SetStatus(ics.ObjectStatusConfirmed)
	if cancelled {
		ev.SetStatus(ics.ObjectStatusCancelled)
	}
	if o := iv.Edges.Organizer; o != nil {
		ev.SetOrganizer("mailto:"+o.Email, ics.WithCN(userName(o)))
	}
	for _, u := range iv.Edges.Interviewers {
		addAttendee(ev, u.Email, userName(u))
	}
	if p := candidatePerson(iv); p != nil && p.Email != "" {
		addAttendee(ev, p.Email, personName(p))
	}
	return ev
}

func addAttendee(ev *ics.VEvent, email, name string) {
	ev.AddAttendee("mailto:"+email, ics.WithCN(name), ics.CalendarUserTypeIndividual,
		ics.ParticipationRoleReqParticipant, ics.ParticipationStatusNeedsAction, ics.WithRSVP(true))
}

// setTime writes a date-time in the interview's zone, as local time with
// its TZID (UTC with Z for UTC), so calendars show it in that zone.
func setTime(c *ics.ComponentBase, p ics.ComponentProperty, t time.Time, loc *time.Location) {
	if loc == time.UTC {
		c.SetProperty(p, t.UTC().Format(icalLocal)+"Z")
		return
	}
	c.SetProperty(p, t.In(loc).Format(icalLocal), ics.WithTZID(loc.String()))
}

// timezoneOf is the VTIMEZONE a TZID of the event refers to (RFC 5545,
// 3.6.5): the observances of loc in force from start to end, each from
// its onset. An interview is one event, not a series, so the zone's
// offsets around its time are all a calendar needs to place it.
func timezoneOf(loc *time.Location, start, end time.Time) *ics.VTimezone {
	tz := ics.NewTimezone(loc.String())
	prevOffset := offsetAt(start.Add(-time.Nanosecond), loc)
	for at := start; ; {
		name, offset := at.In(loc).Zone()
		onset, next := at.In(loc).ZoneBounds()
		obs := ics.ComponentBase{}
		dtstart := "19700101T000000"
		if !onset.IsZero() {
			dtstart = onset.In(time.FixedZone("", prevOffset)).Format(icalLocal)
		}
		obs.SetProperty(ics.ComponentPropertyDtStart, dtstart)
		obs.SetProperty(ics.ComponentProperty(ics.PropertyTzoffsetfrom), utcOffset(prevOffset))
		obs.SetProperty(ics.ComponentProperty(ics.PropertyTzoffsetto), utcOffset(offset))
		obs.SetProperty(ics.ComponentProperty(ics.PropertyTzname), name)
		if at.In(loc).IsDST() {
			tz.Components = append(tz.Components, &ics.Daylight{ComponentBase: obs})
		} else {
			tz.Components = append(tz.Components, &ics.Standard{ComponentBase: obs})
		}
		if next.IsZero() || !next.Before(end) {
			return tz
		}
		at, prevOffset = next, offset
	}
}

func offsetAt(t time.Time, loc *time.Location) int {
	_, offset := t.In(loc).Zone()
	return offset
}

// utcOffset spells an offset in seconds as RFC 5545's UTC-OFFSET (+0130).
func utcOffset(seconds int) string {
	sign := '+'
	if seconds < 0 {
		sign, seconds = '-', -seconds
	}
	return fmt.Sprintf("%c%02d%02d", sign, seconds/3600, seconds%3600/60)
}

func interviewSummary(iv *ent.Interview) string {
	who := "a candidate"
	if p := candidatePerson(iv); p != nil && personName(p) != "" {
		who = personName(p)
	}
	if pos := iv.Edges.Position; pos != nil {
		return fmt.Sprintf("Interview: %s for %s", who, pos.Name)
	}
	return "Interview: " + who
}

func interviewDescription(iv *ent.Interview, audience Audience) string {
	var parts []string
	if iv.VideoURL != "" {
		parts = append(parts, "Video call: "+iv.VideoURL)
	}
	if audience == ForInterviewers && iv.Instructions != "" {
		parts = append(parts, iv.Instructions)
	}
	return strings.Join(parts, "\n\n")
}

func candidatePerson(iv *ent.Interview) *ent.Person {
	if c := iv.Edges.Candidate; c != nil {
		return c.Edges.Person
	}
	return nil
}

func userName(u *ent.User) string {
	return strings.Join(strings.Fields(u.FirstName+" "+u.MiddleName+" "+u.LastName), " ")
}

func personName(p *ent.Person) string {
	return strings.Join(strings.Fields(p.FirstName+" "+p.MiddleName+" "+p.LastName), " ")
}
