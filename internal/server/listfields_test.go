package server_test

import (
	"testing"

	"github.com/hiregraph/hiregraph/ent/position"
	"github.com/hiregraph/hiregraph/ent/user"
	"github.com/hiregraph/hiregraph/internal/hiregraphtest"
)

// listFieldsQuery reads, for a list of positions, every field a resolver
// computes per record: each position's pipeline (twice, selecting
// different fields), each opening's oldest hire, each candidate's hired
// opening and offers, each offer's versions and approvers.
const listFieldsQuery = `query($ids: [ID!]) { positions(first: 10, where: {idIn: $ids}) { edges { node { id
  pipeline { id }
  named: pipeline { id name }
  openings(first: 5) { edges { node { id hiredCandidate { id } } } }
  candidates(first: 20) { edges { node { id hiredFor { id }
    offers { id versions { version } approvers { id } currentApprover { id } } } } } } } } }`

type listFieldsAnswer struct {
	Positions struct {
		Edges []struct {
			Node struct {
				ID       string
				Pipeline []struct{ ID string }
				Named    []struct{ ID, Name string }
				Openings struct {
					Edges []struct {
						Node struct {
							ID             string
							HiredCandidate *struct{ ID string }
						}
					}
				}
				Candidates struct {
					Edges []struct {
						Node struct {
							ID       string
							HiredFor *struct{ ID string }
							Offers   []struct {
								ID              string
								Versions        []struct{ Version int }
								Approvers       []struct{ ID string }
								CurrentApprover *struct{ ID string }
							}
						}
					}
				}
			}
		}
	}
}

// TestListFieldsLoadInConstantStatements gives the published position an
// offer awaiting two approvers and a hire, then reads every per-record
// field of the positions: each answers what the position holds, and
// reading them for every position of the demo costs as many statements as
// for the published one alone.
func TestListFieldsLoadInConstantStatements(t *testing.T) {
	env, rec := newRecordingEnv(t)
	ctx := hiregraphtest.System()
	published := env.Demo.PublishedPositionUID
	userID := func(email string) string { return env.DB.Client.User.Query().Where(user.Email(email)).OnlyIDX(ctx) }
	rita, olivia := userID("rita.recruiter@acme.example"), userID("olivia.owner@acme.example")
	opening := func() string {
		var o struct{ CreateOpening struct{ ID string } }
		env.GraphQL(`mutation($id: ID!) { createOpening(positionID: $id, input: {name: "Listed", timeExpectedHire: "2027-01-01", reason: "New"}) { id } }`,
			map[string]any{"id": published}).Decode(t, &o)
		return o.CreateOpening.ID
	}
	candidate := func(email string) string {
		var c struct{ CreateCandidate struct{ ID string } }
		env.GraphQL(`mutation($in: CreateCandidateInput!) { createCandidate(input: $in) { id } }`,
			map[string]any{"in": map[string]any{"positionID": published, "person": map[string]any{"firstName": "Listed", "email": email}}}).Decode(t, &c)
		return c.CreateCandidate.ID
	}
	offered, hired := candidate("offered@list.example"), candidate("hired@list.example")
	offerOpening, hireOpening := opening(), opening()
	var o struct{ CreateOffer struct{ ID string } }
	env.GraphQL(`mutation($c: ID!, $o: ID!) { createOffer(candidateID: $c, openingID: $o) { id } }`,
		map[string]any{"c": offered, "o": offerOpening}).Decode(t, &o)
	env.GraphQL(`mutation($id: ID!, $a: [ID!]!) { requestOfferApproval(id: $id, approverIDs: $a) { id } }`,
		map[string]any{"id": o.CreateOffer.ID, "a": []string{rita, olivia}}).Decode(t, &struct{}{})
	env.GraphQL(`mutation($id: ID!, $o: ID!) { hireCandidate(id: $id, openingID: $o) { id } }`,
		map[string]any{"id": hired, "o": hireOpening}).Decode(t, &struct{}{})

	read := func(ids []string) (listFieldsAnswer, int) {
		rec.take()
		var out listFieldsAnswer
		env.GraphQL(listFieldsQuery, map[string]any{"ids": ids}).Decode(t, &out)
		return out, len(rec.take())
	}
	one, few := read([]string{published})
	all := env.DB.Client.Position.Query().Where(position.CompanyID(env.Demo.CompanyUID)).IDsX(ctx)
	every, many := read(all)
	if len(every.Positions.Edges) < 3 {
		t.Fatalf("read %d positions, want the demo's (at least 3)", len(every.Positions.Edges))
	}
	if few != many {
		t.Errorf("%d statements for one position, %d for %d: a field is read per record", few, many, len(all))
	}

	for _, e := range every.Positions.Edges {
		p := e.Node
		var single struct{ Pipeline []struct{ ID, Name string } }
		env.GraphQL(`query($p: ID) { pipeline(positionID: $p) { id name } }`, map[string]any{"p": p.ID}).Decode(t, &single)
		if len(p.Named) != len(single.Pipeline) || len(p.Pipeline) != len(single.Pipeline) {
			t.Fatalf("position %s: pipeline of %d and %d steps, want its %d", p.ID, len(p.Pipeline), len(p.Named), len(single.Pipeline))
		}
		for i, st := range single.Pipeline {
			if p.Named[i] != st || p.Pipeline[i].ID != st.ID {
				t.Errorf("position %s step %d: %+v and %+v, want %+v", p.ID, i, p.Pipeline[i], p.Named[i], st)
			}
		}
	}
	pub := one.Positions.Edges[0].Node
	for _, e := range pub.Openings.Edges {
		got := e.Node.HiredCandidate
		if want := e.Node.ID == hireOpening; want != (got != nil) || want && got.ID != hired {
			t.Errorf("opening %s: hired candidate %+v, want %v", e.Node.ID, got, want)
		}
	}
	seen := 0
	for _, e := range pub.Candidates.Edges {
		c := e.Node
		switch c.ID {
		case hired:
			seen++
			if c.HiredFor == nil || c.HiredFor.ID != hireOpening || len(c.Offers) != 0 {
				t.Errorf("hired candidate: hired for %+v with offers %+v, want %s and none", c.HiredFor, c.Offers, hireOpening)
			}
		case offered:
			seen++
			if len(c.Offers) != 1 {
				t.Fatalf("offered candidate: offers %+v, want one", c.Offers)
			}
			of := c.Offers[0]
			if c.HiredFor != nil || len(of.Versions) != 1 || len(of.Approvers) != 2 || of.Approvers[0].ID != rita || of.Approvers[1].ID != olivia ||
				of.CurrentApprover == nil || of.CurrentApprover.ID != rita {
				t.Errorf("offered candidate: hired for %+v, offer %+v, want none and one version awaiting rita then olivia", c.HiredFor, of)
			}
		default:
			if c.HiredFor != nil || len(c.Offers) != 0 {
				t.Errorf("candidate %s: hired for %+v, offers %+v, want none", c.ID, c.HiredFor, c.Offers)
			}
		}
	}
	if seen != 2 {
		t.Errorf("found %d of the two candidates made here on the published position", seen)
	}
}
