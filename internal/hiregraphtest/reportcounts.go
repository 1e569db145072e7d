package hiregraphtest

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/hiregraph/hiregraph/recruiting"
)

// ReportCounts is what the sources report and the funnel say, reduced to
// counts in a fixed order, so that two ways of reporting compare as
// strings.
type ReportCounts struct {
	Sources, Reached, DropOffs []string
}

func (c ReportCounts) String() string {
	return fmt.Sprintf("sources %v\nreached %v\ndrop-offs %v", c.Sources, c.Reached, c.DropOffs)
}

// ReportedCounts asks the demo API key's GraphQL for the sources report and
// the funnel over [from, to).
func (e *Env) ReportedCounts(from, to time.Time) ReportCounts {
	e.T.Helper()
	var out struct {
		Reports struct {
			Sources []struct {
				Source                                  string
				Applications, Interviews, Offers, Hires int
			}
			Funnel []struct {
				Step    string
				Reached int
				DropOff []struct {
					Status string
					Count  int
				}
			}
		}
	}
	e.GraphQL(`query($f: ReportFilter!) { reports(filter: $f) {
		sources { source applications interviews offers hires }
		funnel { step reached dropOff { status count } } } }`,
		map[string]any{"f": map[string]any{"from": from.Format(time.RFC3339Nano), "to": to.Format(time.RFC3339Nano)}}).Decode(e.T, &out)
	var c ReportCounts
	for _, s := range out.Reports.Sources {
		c.Sources = append(c.Sources, fmt.Sprintf("%s %d/%d/%d/%d", s.Source, s.Applications, s.Interviews, s.Offers, s.Hires))
	}
	drops := map[string]int{}
	for _, st := range out.Reports.Funnel {
		c.Reached = append(c.Reached, fmt.Sprintf("%s %d", st.Step, st.Reached))
		for _, d := range st.DropOff {
			drops[st.Step+" "+d.Status] += d.Count
		}
	}
	for k, n := range drops {
		c.DropOffs = append(c.DropOffs, fmt.Sprintf("%s %d", k, n))
	}
	c.sort()
	return c
}

// DirectCounts counts what ReportedCounts reports straight from the
// demo company's candidates and step history, by SQL of its own: the
// reports' definitions (docs/guide.md, Reports) without the rollup.
func (e *Env) DirectCounts(from, to time.Time) ReportCounts {
	e.T.Helper()
	cohort := "c.company_id = $1 AND c.deleted = false AND c.time_created >= $2 AND c.time_created < $3"
	var c ReportCounts
	e.directRows(&c.Sources, `SELECT c.source, COUNT(*),
		SUM(CASE WHEN EXISTS (SELECT 1 FROM candidate_steps h WHERE h.candidate_id = c.id AND h.kind = 'interview') THEN 1 ELSE 0 END),
		SUM(CASE WHEN EXISTS (SELECT 1 FROM candidate_steps h WHERE h.candidate_id = c.id AND h.kind = 'offer') THEN 1 ELSE 0 END),
		SUM(CASE WHEN c.status = 'HIRED' THEN 1 ELSE 0 END)
		FROM candidates c WHERE `+cohort+` GROUP BY c.source`, "%s %d/%d/%d/%d", from, to)
	e.directRows(&c.Reached, `SELECT h.name, COUNT(DISTINCT h.candidate_id) FROM candidate_steps h
		JOIN candidates c ON c.id = h.candidate_id WHERE `+cohort+` GROUP BY h.name`, "%s %d", from, to)
	e.directRows(&c.DropOffs, `SELECT h.name, c.status, COUNT(*) FROM candidates c
		JOIN candidate_steps h ON h.candidate_id = c.id AND h.time_left IS NULL
		WHERE `+cohort+` AND c.status IN ('REJECTED', 'WITHDRAWN') GROUP BY h.name, c.status`, "%s %s %d", from, to)
	c.sort()
	return c
}

// directRows appends each row of query, formatted, to out.
func (e *Env) directRows(out *[]string, query, format string, from, to time.Time) {
	e.T.Helper()
	rows, err := e.DB.Client.QueryContext(context.Background(), query, e.Demo.CompanyUID, from, to)
	if err != nil {
		e.T.Fatalf("counting directly: %v", err)
	}
	defer rows.Close()
	n := strings.Count(format, "%")
	for rows.Next() {
		vals := make([]any, n)
		ptrs := make([]any, n)
		for i := range vals {
			ptrs[i] = &vals[i]
		}
		if err := rows.Scan(ptrs...); err != nil {
			e.T.Fatal(err)
		}
		for i, v := range vals {
			if b, ok := v.([]byte); ok {
				vals[i] = string(b)
			}
		}
		*out = append(*out, fmt.Sprintf(format, vals...))
	}
	if err := rows.Err(); err != nil {
		e.T.Fatal(err)
	}
}

func (c *ReportCounts) sort() {
	slices.Sort(c.Sources)
	slices.Sort(c.Reached)
	slices.Sort(c.DropOffs)
}

// CompactReportCounts runs the rollup's compaction, as its periodic job
// does.
func (e *Env) CompactReportCounts() {
	e.T.Helper()
	service := recruiting.New(recruiting.Dependencies{Client: e.DB.Client, Dialect: e.DB.Dialect})
	if _, err := service.CompactReportCounts(context.Background()); err != nil {
		e.T.Fatalf("compacting report counts: %v", err)
	}
}
