package openapi_test

import (
	"net/http"
	"time"

	"github.com/hiregraph/hiregraph/ent/candidate"
	"github.com/hiregraph/hiregraph/ent/user"
	"github.com/hiregraph/hiregraph/internal/hiregraphtest"
)

// checkInterviewCalendar schedules an interview and downloads its
// invitation, and an unknown interview's.
func checkInterviewCalendar(c *contract) {
	ctx, client := hiregraphtest.System(), c.env.DB.Client
	cand := client.Candidate.Query().Where(candidate.CompanyID(c.env.Demo.CompanyUID), candidate.StatusEQ(candidate.StatusInProgress),
		candidate.CurrentStepIDNotNil()).FirstX(ctx)
	ian := client.User.Query().Where(user.Email("ian.interviewer@acme.example")).OnlyIDX(ctx)
	start := time.Now().UTC().Add(72 * time.Hour).Truncate(time.Hour)
	var scheduled struct{ ScheduleInterview struct{ ID string } }
	c.env.GraphQL(`mutation($in: ScheduleInterviewInput!) { scheduleInterview(input: $in) { id } }`, map[string]any{"in": map[string]any{
		"candidateID": cand.ID, "stepID": *cand.CurrentStepID, "interviewerIDs": []string{ian},
		"timeStart": start, "timeEnd": start.Add(time.Hour), "timeZone": "Europe/Berlin"}}).Decode(c.t, &scheduled)
	c.check(exchange{method: http.MethodGet, path: "/v1/interviews/" + scheduled.ScheduleInterview.ID + ".ics", status: http.StatusOK})
	c.check(exchange{method: http.MethodGet, path: "/v1/interviews/itv_01ZZZZZZZZZZZZZZZZZZZZZZZZ.ics", status: http.StatusNotFound})
}
