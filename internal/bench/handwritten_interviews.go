package bench

import (
	"context"
	"database/sql"
	"strings"
	"time"

	"entgo.io/ent/dialect"

	"github.com/hiregraph/hiregraph/internal/apitime"
)

// hwBoardInterview is a card's next interview.
type hwBoardInterview struct {
	ID        string `json:"id"`
	TimeStart string `json:"timeStart"`
	TimeZone  string `json:"timeZone"`
}

// nextInterviewStatement reads each candidate's next interview: its
// earliest scheduled one that has not ended by the third parameter, per
// parent on the (company, candidate) index, as the board's nextInterview
// (ours reads every interview to come and keeps each candidate's first).
func (h *handWritten) nextInterviewStatement() string {
	return h.perParentWhere(`SELECT i.id, i.candidate_id, i.time_start, i.time_zone`, "interviews", "candidate_id",
		` AND status = 'SCHEDULED' AND time_end > $3`, []string{"time_start", "id"}, 1, "")
}

// boardInterviews puts on every card of steps its next interview at now,
// in one statement for all of them.
func (h *handWritten) boardInterviews(ctx context.Context, company string, steps []*hwBoardStep, now time.Time) error {
	cards := map[string]*hwBoardCandidate{}
	var ids []string
	for _, s := range steps {
		for i := range s.Candidates.Edges {
			c := &s.Candidates.Edges[i].Node
			cards[c.ID] = c
			ids = append(ids, c.ID)
		}
	}
	if len(ids) == 0 {
		return nil
	}
	return h.eachChild(ctx, h.sql.boardInterviews, company, ids, func(rows *sql.Rows) error {
		var iv hwBoardInterview
		var candidate string
		var start time.Time
		if err := rows.Scan(&iv.ID, &candidate, flexTime{&start}, &iv.TimeZone); err != nil {
			return err
		}
		iv.TimeStart = start.Format(time.RFC3339Nano)
		cards[candidate].NextInterview = &iv
		return nil
	}, now)
}

// interviewStartsStatement reads the scheduled interviews of the
// candidates in the second parameter that have not ended by the third,
// earliest first, as ours reads a page's for REST's time_scheduled.
func (h *handWritten) interviewStartsStatement() string {
	return h.ofParents(`SELECT candidate_id, step_id, time_start`, "interviews", "candidate_id",
		` AND status = 'SCHEDULED' AND time_end > $3 ORDER BY time_start`)
}

// ofParents is the statement reading the rows of table of the company
// (first parameter) whose column is one of the parent ids (second), then
// rest: more conditions (placeholders from $3), grouping and order.
func (h *handWritten) ofParents(selectList, table, column, rest string) string {
	if h.dialect == dialect.Postgres {
		return selectList + ` FROM ` + table + ` WHERE company_id = $1 AND ` + column + ` = ANY($2::text[])` + rest
	}
	return selectList + ` FROM ` + table + ` WHERE company_id = CAST(?1 AS TEXT) AND ` + column + ` IN (SELECT value FROM json_each(?2))` +
		strings.ReplaceAll(rest, "$", "?")
}

// scheduleSteps sets the time_scheduled of each candidate's current step
// (stepOf) to when its next interview at that step starts, if it has one:
// what REST shows since interviews.
func (h *handWritten) scheduleSteps(ctx context.Context, company string, cands []hwCandidate, stepOf map[string]string) error {
	if len(stepOf) == 0 {
		return nil
	}
	ids := make([]string, 0, len(stepOf))
	for id := range stepOf {
		ids = append(ids, id)
	}
	starts := map[string]string{}
	err := h.eachChild(ctx, h.sql.interviewStarts, company, ids, func(rows *sql.Rows) error {
		var candidate string
		var step sql.NullString
		var start time.Time
		if err := rows.Scan(&candidate, &step, flexTime{&start}); err != nil {
			return err
		}
		if _, seen := starts[candidate]; !seen && step.String == stepOf[candidate] {
			starts[candidate] = apitime.Format(start)
		}
		return nil
	}, time.Now())
	if err != nil {
		return err
	}
	for i, c := range cands {
		if at, ok := starts[c.UID]; ok && len(c.CurrentSteps) > 0 {
			cands[i].CurrentSteps[len(c.CurrentSteps)-1].TimeScheduled = &at
		}
	}
	return nil
}
