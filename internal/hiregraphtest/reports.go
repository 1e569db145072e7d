package hiregraphtest

import (
	"time"
)

// ReportStart is when ReportHistory's hiring starts: far from the demo
// company's own records, so a report over March 2031 sees only it.
var ReportStart = time.Date(2031, 3, 2, 9, 0, 0, 0, time.UTC)

// ReportHistory is the hiring ReportHistory plays out, for the report tests
// of each face.
type ReportHistory struct {
	// PositionID is the "Data Analyst" position (department analytics,
	// the demo hiring manager on its team): four candidates.
	PositionID string
	// OtherPositionID is a second analytics position, whose team the demo
	// hiring manager is not on: one candidate.
	OtherPositionID string
	// Reason is the rejection reason used.
	Reason string
}

// ReportHistory plays out a month of hiring with the clock, through
// GraphQL, and leaves the clock ten days after ReportStart:
//
//   - Ada (referral): Applied, Technical interview on day 2, Offer on day 5, hired
//     on day 10.
//   - Bob (careers site): Technical interview on day 4, rejected there on day 6.
//   - Cy (careers site): withdraws on day 1, in Applied.
//   - Di (careers site): Technical interview on day 2, back to Applied on day 3,
//     Technical interview again on day 5, rejected on day 6, revived on day 7.
//   - Eve (careers site), on the other position: stays in Applied.
func (e *Env) ReportHistory() ReportHistory {
	e.T.Helper()
	day := func(n int) { e.Clock.Set(ReportStart.Add(time.Duration(n) * 24 * time.Hour)) }
	day(0)
	var h ReportHistory
	var opening string
	h.PositionID, opening = e.reportPosition("Data Analyst", e.Demo.Users["hiring_manager"])
	h.OtherPositionID, _ = e.reportPosition("Data Engineer", e.Demo.Users["recruiter"])
	var reasons struct {
		RejectionReasons struct {
			Edges []struct{ Node struct{ ID string } }
		}
	}
	e.GraphQL(`{ rejectionReasons(first: 1) { edges { node { id } } } }`, nil).Decode(e.T, &reasons)
	h.Reason = reasons.RejectionReasons.Edges[0].Node.ID

	ada := e.reportCandidate(h.PositionID, "Ada", "referral")
	bob := e.reportCandidate(h.PositionID, "Bob", "careers site")
	cy := e.reportCandidate(h.PositionID, "Cy", "careers site")
	di := e.reportCandidate(h.PositionID, "Di", "careers site")
	e.reportCandidate(h.OtherPositionID, "Eve", "careers site")
	steps := e.pipelineSteps(h.PositionID)

	move := func(id, step string) {
		e.mustGraphQL(`mutation($id: ID!, $s: ID!) { moveCandidate(id: $id, toStepID: $s) { id } }`, map[string]any{"id": id, "s": steps[step]})
	}
	reject := func(id string) {
		e.mustGraphQL(`mutation($id: ID!, $r: ID!) { rejectCandidate(id: $id, input: {reasonID: $r}) { id } }`, map[string]any{"id": id, "r": h.Reason})
	}
	day(1)
	e.mustGraphQL(`mutation($id: ID!) { withdrawCandidate(id: $id) { id } }`, map[string]any{"id": cy})
	day(2)
	move(ada, "Technical interview")
	move(di, "Technical interview")
	day(3)
	move(di, "Applied")
	day(4)
	move(bob, "Technical interview")
	day(5)
	move(ada, "Offer")
	move(di, "Technical interview")
	day(6)
	reject(bob)
	reject(di)
	day(7)
	e.mustGraphQL(`mutation($id: ID!) { reviveCandidate(id: $id) { id } }`, map[string]any{"id": di})
	day(10)
	e.mustGraphQL(`mutation($id: ID!, $o: ID!) { hireCandidate(id: $id, openingID: $o) { id } }`, map[string]any{"id": ada, "o": opening})
	return h
}

// reportPosition creates an open analytics position with one opening; it
// returns its id and its opening's id.
func (e *Env) reportPosition(name, hiringManager string) (id, opening string) {
	e.T.Helper()
	var out struct {
		CreatePosition struct {
			ID       string
			Openings struct {
				Edges []struct{ Node struct{ ID string } }
			}
		}
	}
	e.GraphQL(`mutation($in: CreatePositionInput!) { createPosition(input: $in) {
		id openings { edges { node { id } } } } }`,
		map[string]any{"in": map[string]any{"name": name, "status": "open", "isDiscreet": false, "department": "analytics",
			"users": map[string]any{
				"leadRecruiter": map[string]any{"email": e.Demo.Users["recruiter"]},
				"hiringManager": map[string]any{"email": hiringManager},
			}}}).Decode(e.T, &out)
	p := out.CreatePosition
	return p.ID, p.Openings.Edges[0].Node.ID
}

// pipelineSteps returns the ids of the position's pipeline steps by name;
// a position's pipeline is made with its first candidate.
func (e *Env) pipelineSteps(positionID string) map[string]string {
	e.T.Helper()
	var out struct {
		Node struct{ Pipeline []struct{ ID, Name string } }
	}
	e.GraphQL(`query($id: ID!) { node(id: $id) { ... on Position { pipeline { id name } } } }`, map[string]any{"id": positionID}).Decode(e.T, &out)
	steps := map[string]string{}
	for _, st := range out.Node.Pipeline {
		steps[st.Name] = st.ID
	}
	return steps
}

// reportCandidate adds a candidate from source to the position.
func (e *Env) reportCandidate(positionID, name, source string) string {
	e.T.Helper()
	var out struct{ CreateCandidate struct{ ID string } }
	e.GraphQL(`mutation($in: CreateCandidateInput!) { createCandidate(input: $in) { id } }`,
		map[string]any{"in": map[string]any{"positionID": positionID, "source": source,
			"person": map[string]any{"firstName": name, "lastName": "Report", "email": name + "@report.example"}}}).Decode(e.T, &out)
	return out.CreateCandidate.ID
}

// mustGraphQL runs a mutation whose answer does not matter, failing the
// test on an error.
func (e *Env) mustGraphQL(query string, vars map[string]any) {
	e.T.Helper()
	var ignored any
	e.GraphQL(query, vars).Decode(e.T, &ignored)
}
