package graph_test

import (
	"bytes"
	"context"
	"net/http"
	"slices"
	"strings"
	"testing"
	"time"

	ics "github.com/arran4/golang-ical"

	"github.com/hiregraph/hiregraph/ent/activity"
	"github.com/hiregraph/hiregraph/ent/interview"
	"github.com/hiregraph/hiregraph/ent/user"
	"github.com/hiregraph/hiregraph/internal/demo"
	"github.com/hiregraph/hiregraph/internal/hiregraphtest"
)

const (
	scheduleInterview = `mutation($in: ScheduleInterviewInput!) { scheduleInterview(input: $in) {
		id status sequence timeStart timeEnd timeZone calendarURL interviewers { id } step { id } organizer { email } } }`
	rescheduleInterview = `mutation($id: ID!, $in: RescheduleInterviewInput!) { rescheduleInterview(id: $id, input: $in) {
		id status sequence timeStart timeEnd calendarURL interviewers { id } } }`
	cancelInterview = `mutation($id: ID!) { cancelInterview(id: $id) { id status sequence timeCancelled } }`
)

type interviewAnswer struct {
	ID, Status, TimeZone, CalendarURL string
	Sequence                          int
	TimeStart, TimeEnd                time.Time
	TimeCancelled                     *time.Time
	Interviewers                      []struct{ ID string }
	Step                              struct{ ID string }
	Organizer                         struct{ Email string }
}

// interviewFixture is the demo company with its users' ids and the demo
// candidate at its current step.
type interviewFixture struct {
	env                           *hiregraphtest.Env
	candidate, step, email        string
	rita, ian, hank, cody, olivia string
	ritaToken                     string
	start                         time.Time
}

func newInterviewFixture(t *testing.T) interviewFixture {
	t.Helper()
	return interviewFixtureOn(t, hiregraphtest.New(t))
}

func interviewFixtureOn(t *testing.T, env *hiregraphtest.Env) interviewFixture {
	t.Helper()
	ctx := hiregraphtest.System()
	id := func(email string) string { return env.DB.Client.User.Query().Where(user.Email(email)).OnlyIDX(ctx) }
	f := interviewFixture{env: env, candidate: env.Demo.CandidateUID,
		rita: id("rita.recruiter@acme.example"), ian: id("ian.interviewer@acme.example"), hank: id("hank.manager@acme.example"),
		cody: id(hiregraphtest.CoordinatorEmail), olivia: id("olivia.owner@acme.example"),
		ritaToken: env.UserToken("rita.recruiter@acme.example"),
		start:     env.Clock.Now().UTC().Add(72 * time.Hour).Truncate(time.Hour)}
	var got struct {
		Node struct {
			CurrentStep struct{ ID string }
			Person      struct{ Email string }
		}
	}
	env.GraphQL(`query($id: ID!) { node(id: $id) { ... on Candidate { currentStep { id } person { email } } } }`,
		map[string]any{"id": f.candidate}).Decode(t, &got)
	f.step, f.email = got.Node.CurrentStep.ID, got.Node.Person.Email
	if f.step == "" || f.email == "" {
		t.Fatalf("the demo candidate has no current step or e-mail: %+v", got)
	}
	return f
}

// input is a schedule of the demo candidate at its step by interviewers,
// from start for an hour, in Berlin.
func (f interviewFixture) input(start time.Time, interviewers ...string) map[string]any {
	return map[string]any{"candidateID": f.candidate, "stepID": f.step, "interviewerIDs": interviewers,
		"timeStart": start, "timeEnd": start.Add(time.Hour), "timeZone": "Europe/Berlin",
		"location": "Room 4, Invalidenstraße 117", "videoURL": "https://meet.example/abc-defg",
		"instructions": "Ask about the robot arm project."}
}

func (f interviewFixture) schedule(t *testing.T, start time.Time, interviewers ...string) interviewAnswer {
	t.Helper()
	var got struct{ ScheduleInterview interviewAnswer }
	f.env.GraphQLAs(f.ritaToken, scheduleInterview, map[string]any{"in": f.input(start, interviewers...)}).Decode(t, &got)
	return got.ScheduleInterview
}

// assertNothingWritten runs requests that must fail and checks they
// wrote no interview, interviewer or activity.
func (f interviewFixture) assertNothingWritten(t *testing.T, requests func()) {
	t.Helper()
	ctx, c := hiregraphtest.System(), f.env.DB.Client
	count := func() [3]int {
		return [3]int{c.Interview.Query().CountX(ctx), c.InterviewInterviewer.Query().CountX(ctx), c.Activity.Query().CountX(ctx)}
	}
	before := count()
	requests()
	if after := count(); after != before {
		t.Errorf("refused requests wrote interviews, interviewers or activities: before %v, after %v", before, after)
	}
}

// calendar downloads and parses an interview's invitation with the
// library, as a calendar client would.
func (f interviewFixture) calendar(t *testing.T, link string) (*ics.Calendar, http.Header) {
	t.Helper()
	path := strings.TrimPrefix(link, f.env.Server.URL)
	resp := f.env.DoAs(f.ritaToken, http.MethodGet, path, nil)
	if resp.Status != http.StatusOK {
		t.Fatalf("GET %s: %s", path, resp)
	}
	cal, err := ics.ParseCalendar(bytes.NewReader(resp.Body))
	if err != nil {
		t.Fatalf("the invitation does not parse: %v\n%s", err, resp.Body)
	}
	return cal, resp.Header
}

func property(c *ics.ComponentBase, p ics.ComponentProperty) string {
	if prop := c.GetProperty(p); prop != nil {
		return prop.Value
	}
	return ""
}

func calendarMethod(cal *ics.Calendar) string {
	for _, p := range cal.CalendarProperties {
		if p.IANAToken == string(ics.PropertyMethod) {
			return p.Value
		}
	}
	return ""
}

// currentStepScheduled is REST's current_steps[].time_scheduled of the
// candidate's current step.
func (f interviewFixture) currentStepScheduled(t *testing.T) any {
	t.Helper()
	resp := f.env.Do(http.MethodGet, "/v1/candidates/"+f.candidate, nil)
	steps := resp.Map(t)["current_steps"].([]any)
	return steps[len(steps)-1].(map[string]any)["time_scheduled"]
}

// TestInterviewScheduleRescheduleCancel follows one interview through its
// life: each change answers the interview, keeps its invitation's UID and
// raises its SEQUENCE, shows in REST's time_scheduled (the demo's imported
// time of the step once cancelled) and in the
// interviewers' agenda, and is one activity of the candidate's timeline.
func TestInterviewScheduleRescheduleCancel(t *testing.T) {
	f := newInterviewFixture(t)
	env := f.env
	recorded := f.currentStepScheduled(t)
	iv := f.schedule(t, f.start, f.ian, f.hank)
	if iv.Status != "SCHEDULED" || iv.Sequence != 0 || iv.Step.ID != f.step || iv.Organizer.Email != "rita.recruiter@acme.example" ||
		!iv.TimeStart.Equal(f.start) || iv.TimeZone != "Europe/Berlin" || len(iv.Interviewers) != 2 {
		t.Fatalf("scheduled %+v", iv)
	}
	cal, header := f.calendar(t, iv.CalendarURL)
	if ct := header.Get("Content-Type"); !strings.HasPrefix(ct, "text/calendar") || !strings.Contains(ct, "method=REQUEST") {
		t.Errorf("Content-Type %q, want text/calendar with method=REQUEST", ct)
	}
	if calendarMethod(cal) != "REQUEST" || len(cal.Events()) != 1 || len(cal.Timezones()) != 1 {
		t.Fatalf("calendar: method %q, %d events, %d time zones", calendarMethod(cal), len(cal.Events()), len(cal.Timezones()))
	}
	ev := cal.Events()[0]
	uid := ev.Id()
	start, err := ev.GetStartAt()
	if err != nil || !start.Equal(f.start) {
		t.Errorf("DTSTART %v (%v), want %v", start, err, f.start)
	}
	if tz := ev.GetProperty(ics.ComponentPropertyDtStart).ICalParameters["TZID"]; !slices.Equal(tz, []string{"Europe/Berlin"}) {
		t.Errorf("DTSTART TZID %v, want Europe/Berlin", tz)
	}
	if id := property(&cal.Timezones()[0].ComponentBase, ics.ComponentPropertyTzid); id != "Europe/Berlin" {
		t.Errorf("VTIMEZONE TZID %q", id)
	}
	var attendees []string
	for _, a := range ev.Attendees() {
		attendees = append(attendees, a.Email())
	}
	slices.Sort(attendees)
	want := []string{"hank.manager@acme.example", "ian.interviewer@acme.example", f.email}
	slices.Sort(want)
	if !slices.Equal(attendees, want) {
		t.Errorf("ATTENDEEs %v, want the interviewers and the candidate %v", attendees, want)
	}
	if uid != iv.ID+"@hiregraph" || property(&ev.ComponentBase, ics.ComponentPropertySequence) != "0" ||
		property(&ev.ComponentBase, ics.ComponentPropertyOrganizer) != "mailto:rita.recruiter@acme.example" ||
		property(&ev.ComponentBase, ics.ComponentPropertyLocation) != "Room 4, Invalidenstraße 117" ||
		property(&ev.ComponentBase, ics.ComponentPropertyUrl) != "https://meet.example/abc-defg" ||
		!strings.Contains(property(&ev.ComponentBase, ics.ComponentPropertyDescription), "robot arm") {
		t.Errorf("event: %s", ev.Serialize(nil))
	}
	if got := f.currentStepScheduled(t); got != f.start.Format("2006-01-02T15:04:05Z") {
		t.Errorf("REST time_scheduled %v, want %s", got, f.start)
	}

	// Ian sees it in his agenda, with the candidate he interviews.
	var agenda struct {
		Viewer struct {
			Interviews struct {
				TotalCount int
				Edges      []struct {
					Node struct {
						ID        string
						Candidate struct{ ID string }
					}
				}
			}
		}
	}
	env.GraphQLAs(env.UserToken("ian.interviewer@acme.example"), `{ viewer { interviews(first: 10) { totalCount edges { node { id candidate { id } } } } } }`, nil).Decode(t, &agenda)
	if a := agenda.Viewer.Interviews; a.TotalCount != 1 || a.Edges[0].Node.ID != iv.ID || a.Edges[0].Node.Candidate.ID != f.candidate {
		t.Errorf("Ian's agenda %+v, want the interview and its candidate", a)
	}

	later := f.start.Add(2 * time.Hour)
	var moved struct{ RescheduleInterview interviewAnswer }
	env.GraphQLAs(f.ritaToken, rescheduleInterview, map[string]any{"id": iv.ID,
		"in": map[string]any{"timeStart": later, "timeEnd": later.Add(45 * time.Minute), "interviewerIDs": []string{f.ian}}}).Decode(t, &moved)
	if r := moved.RescheduleInterview; r.Sequence != 1 || !r.TimeStart.Equal(later) || len(r.Interviewers) != 1 || r.Interviewers[0].ID != f.ian {
		t.Errorf("rescheduled %+v", r)
	}
	cal, _ = f.calendar(t, iv.CalendarURL)
	ev = cal.Events()[0]
	if start, _ := ev.GetStartAt(); ev.Id() != uid || !start.Equal(later) || property(&ev.ComponentBase, ics.ComponentPropertySequence) != "1" {
		t.Errorf("rescheduled event: %s", ev.Serialize(nil))
	}
	if len(ev.Attendees()) != 2 {
		t.Errorf("rescheduled event has %d attendees, want Ian and the candidate", len(ev.Attendees()))
	}
	if got := f.currentStepScheduled(t); got != later.Format("2006-01-02T15:04:05Z") {
		t.Errorf("REST time_scheduled %v after the reschedule, want %s", got, later)
	}

	var cancelled struct{ CancelInterview interviewAnswer }
	env.GraphQLAs(f.ritaToken, cancelInterview, map[string]any{"id": iv.ID}).Decode(t, &cancelled)
	if c := cancelled.CancelInterview; c.Status != "CANCELLED" || c.Sequence != 2 || c.TimeCancelled == nil {
		t.Errorf("cancelled %+v", c)
	}
	cal, header = f.calendar(t, iv.CalendarURL)
	ev = cal.Events()[0]
	if calendarMethod(cal) != "CANCEL" || !strings.Contains(header.Get("Content-Type"), "method=CANCEL") || ev.Id() != uid ||
		property(&ev.ComponentBase, ics.ComponentPropertyStatus) != "CANCELLED" || property(&ev.ComponentBase, ics.ComponentPropertySequence) != "2" {
		t.Errorf("cancelled calendar (%s): %s", header.Get("Content-Type"), cal.Serialize())
	}
	if got := f.currentStepScheduled(t); got != recorded {
		t.Errorf("REST time_scheduled %v after the cancellation, want what the step recorded, %v", got, recorded)
	}
	assertCode(t, env.GraphQLAs(f.ritaToken, cancelInterview, map[string]any{"id": iv.ID}), "illegal_transition", http.StatusConflict)

	for _, verb := range []string{"interview.scheduled", "interview.rescheduled", "interview.cancelled"} {
		n := env.DB.Client.Activity.Query().Where(activity.Verb(verb), activity.ObjectID(iv.ID), activity.CandidateID(f.candidate)).CountX(hiregraphtest.System())
		if n != 1 {
			t.Errorf("%d %s activities on the candidate's timeline, want 1", n, verb)
		}
	}
}

// TestInterviewOverlapIsRefused: an interviewer busy at an overlapping
// time refuses a schedule or a reschedule with interviewer_busy and
// nothing is written; back-to-back interviews are fine.
func TestInterviewOverlapIsRefused(t *testing.T) {
	f := newInterviewFixture(t)
	first := f.schedule(t, f.start, f.ian)
	next := f.schedule(t, f.start.Add(time.Hour), f.ian, f.hank)
	if first.ID == "" || next.ID == "" {
		t.Fatal("back-to-back interviews were refused")
	}
	f.assertNothingWritten(t, func() {
		r := f.env.GraphQLAs(f.ritaToken, scheduleInterview, map[string]any{"in": f.input(f.start.Add(30*time.Minute), f.hank, f.ian)})
		assertCode(t, r, "interviewer_busy", http.StatusConflict)
		r = f.env.GraphQLAs(f.ritaToken, rescheduleInterview, map[string]any{"id": first.ID,
			"in": map[string]any{"timeStart": f.start.Add(90 * time.Minute), "timeEnd": f.start.Add(150 * time.Minute)}})
		assertCode(t, r, "interviewer_busy", http.StatusConflict)
	})
	n := f.env.DB.Client.Interview.Query().Where(interview.StatusEQ(interview.StatusScheduled)).CountX(hiregraphtest.System())
	if n != 2 {
		t.Errorf("%d interviews, want the 2 that do not overlap", n)
	}
	// A cancelled interview frees its time.
	f.env.GraphQLAs(f.ritaToken, cancelInterview, map[string]any{"id": first.ID}).Decode(t, &struct{}{})
	if again := f.schedule(t, f.start, f.ian); again.ID == "" {
		t.Error("the time of a cancelled interview stayed taken")
	}
}

// TestInterviewersMustSeeThePosition: interviewers are active users of the
// company who may see the candidate's position; a discreet position
// refuses one off its team.
func TestInterviewersMustSeeThePosition(t *testing.T) {
	f := newInterviewFixture(t)
	env := f.env
	env.GraphQL(`mutation($id: ID!) { updatePosition(id: $id, input: {isDiscreet: true}) { id } }`, map[string]any{"id": env.Demo.PublishedPositionUID}).Decode(t, &struct{}{})
	env.GraphQL(removeMember, map[string]any{"p": env.Demo.PublishedPositionUID, "u": f.ian}).Decode(t, &struct{}{})
	env.GraphQL(removeMember, map[string]any{"p": env.Demo.PublishedPositionUID, "u": f.cody}).Decode(t, &struct{}{})
	env.GraphQL(`mutation($id: ID!) { deactivateUser(id: $id) { id } }`, map[string]any{"id": f.hank}).Decode(t, &struct{}{})
	var created struct{ CreateUser struct{ ID string } }
	env.GraphQL(`mutation { createUser(input: {email: "ivy@acme.example", firstName: "Ivy", roles: ["interviewer"]}) { id } }`, nil).Decode(t, &created)
	ivy := created.CreateUser.ID
	otherCompany, err := demo.Seed(context.Background(), env.DB.Client, env.Sealer, "Other Corp")
	if err != nil {
		t.Fatal(err)
	}
	other := env.DB.Client.User.Query().Where(user.CompanyID(otherCompany.CompanyUID)).FirstIDX(hiregraphtest.System())
	for name, c := range map[string]struct {
		interviewers []string
		code         string
		status       int
	}{
		"interviewer on no team":                       {[]string{ivy}, "interviewer_not_allowed", http.StatusUnprocessableEntity},
		"coordinator off the discreet position's team": {[]string{f.olivia, f.cody}, "interviewer_not_allowed", http.StatusUnprocessableEntity},
		"deactivated user":                             {[]string{f.hank}, "interviewer_not_allowed", http.StatusUnprocessableEntity},
		"unknown user":                                 {[]string{"usr_01J00000000000000000000000"}, "user_not_found", http.StatusNotFound},
		"named twice":                                  {[]string{f.olivia, f.olivia}, "validation_failed", http.StatusUnprocessableEntity},
		"another company's user":                       {[]string{other}, "user_not_found", http.StatusNotFound},
		"no interviewer":                               {[]string{}, "validation_failed", http.StatusUnprocessableEntity},
	} {
		t.Run(name, func(t *testing.T) {
			f.assertNothingWritten(t, func() {
				assertCode(t, env.GraphQLAs(f.ritaToken, scheduleInterview, map[string]any{"in": f.input(f.start, c.interviewers...)}), c.code, c.status)
			})
		})
	}
	// The owner sees discreet positions: she may interview.
	if iv := f.schedule(t, f.start, f.olivia); iv.ID == "" {
		t.Error("the owner was refused")
	}
}

// TestInterviewInputIsChecked: bad times, zones and links are refused with
// the field named, and nothing is written; who may not schedule is refused.
func TestInterviewInputIsChecked(t *testing.T) {
	f := newInterviewFixture(t)
	env := f.env
	for name, c := range map[string]struct {
		change func(map[string]any)
		field  string
	}{
		"unknown time zone": {func(in map[string]any) { in["timeZone"] = "Mars/Olympus" }, "timeZone"},
		"Local time zone":   {func(in map[string]any) { in["timeZone"] = "Local" }, "timeZone"},
		"end before start":  {func(in map[string]any) { in["timeEnd"] = f.start.Add(-time.Minute) }, "timeEnd"},
		"too long":          {func(in map[string]any) { in["timeEnd"] = f.start.Add(13 * time.Hour) }, "timeEnd"},
		"in the past": {func(in map[string]any) {
			in["timeStart"], in["timeEnd"] = f.start.Add(-96*time.Hour), f.start.Add(-95*time.Hour)
		}, "timeStart"},
		"video link not http": {func(in map[string]any) { in["videoURL"] = "javascript:alert(1)" }, "videoURL"},
		"location too long":   {func(in map[string]any) { in["location"] = strings.Repeat("x", 501) }, "location"},
	} {
		t.Run(name, func(t *testing.T) {
			in := f.input(f.start, f.ian)
			c.change(in)
			f.assertNothingWritten(t, func() {
				r := env.GraphQLAs(f.ritaToken, scheduleInterview, map[string]any{"in": in})
				assertCode(t, r, "validation_failed", http.StatusUnprocessableEntity)
				if !strings.Contains(r.Errors[0].Message, c.field) {
					t.Errorf("message %q does not name %s", r.Errors[0].Message, c.field)
				}
			})
		})
	}
	t.Run("step of another position", func(t *testing.T) {
		in := f.input(f.start, f.ian)
		in["stepID"] = "pst_01J00000000000000000000000"
		assertCode(t, env.GraphQLAs(f.ritaToken, scheduleInterview, map[string]any{"in": in}), "step_not_found", http.StatusNotFound)
	})
	t.Run("interviewer role may not schedule", func(t *testing.T) {
		f.assertNothingWritten(t, func() {
			r := env.GraphQLAs(env.UserToken("ian.interviewer@acme.example"), scheduleInterview, map[string]any{"in": f.input(f.start, f.ian)})
			assertCode(t, r, "forbidden", http.StatusForbidden)
		})
	})
	t.Run("another company's interview is unknown", func(t *testing.T) {
		assertCode(t, env.GraphQLAs(f.ritaToken, cancelInterview, map[string]any{"id": "itv_01J00000000000000000000000"}), "interview_not_found", http.StatusNotFound)
	})
}

// TestInterviewEventsReachSubscribersAndTheFeed: a subscriber to the
// candidate's timeline hears interview.scheduled as it commits, and the
// change feed carries the interview as its payload type.
func TestInterviewEventsReachSubscribersAndTheFeed(t *testing.T) {
	f := newInterviewFixture(t)
	env := f.env
	hear := listenToCandidate(t, env, f.candidate)
	iv := f.schedule(t, f.start, f.ian)
	if a := hear(); a.Type != "interview.scheduled" || a.Object.Type != "Interview" || a.Object.ID != iv.ID {
		t.Errorf("the subscriber heard %+v, want interview.scheduled of %s", a, iv.ID)
	}
	type eventFeed struct {
		Events []struct {
			Type   string
			Object struct {
				Data struct {
					ID             string
					InterviewerIDs []string `json:"interviewer_ids"`
					TimeZone       string   `json:"time_zone"`
					Sequence       int
				}
			}
		}
	}
	feed := hiregraphtest.Settled(t, func() eventFeed {
		var got eventFeed
		env.Do(http.MethodGet, "/v1/events?types=interview.scheduled", nil).JSON(t, &got)
		return got
	}, func(got eventFeed) bool { return len(got.Events) > 0 })
	if len(feed.Events) != 1 {
		t.Fatalf("%d interview.scheduled events in the feed, want 1", len(feed.Events))
	}
	if d := feed.Events[0].Object.Data; d.ID != iv.ID || !slices.Equal(d.InterviewerIDs, []string{f.ian}) || d.TimeZone != "Europe/Berlin" || d.Sequence != 0 {
		t.Errorf("the event's data %+v", d)
	}
}
