package server_test

import (
	"testing"

	"github.com/hiregraph/hiregraph/ent/user"
	"github.com/hiregraph/hiregraph/internal/hiregraphtest"
)

// sentOffer drafts an offer for candidate c on opening o, has the
// recruiter approve it and sends it: an offer the candidate may answer.
func sentOffer(t *testing.T, env *hiregraphtest.Env, c, o string) string {
	t.Helper()
	var created struct{ CreateOffer struct{ ID string } }
	env.GraphQL(`mutation($c: ID!, $o: ID!) { createOffer(candidateID: $c, openingID: $o, terms: {salary: {amount: 90000, currencyCode: "EUR", period: "annually"}}) { id } }`,
		map[string]any{"c": c, "o": o}).Decode(t, &created)
	id := created.CreateOffer.ID
	rita := env.DB.Client.User.Query().Where(user.Email("rita.recruiter@acme.example")).OnlyIDX(hiregraphtest.System())
	steps := []struct {
		credential, query string
		vars              map[string]any
	}{
		{"", `mutation($id: ID!, $a: [ID!]!) { requestOfferApproval(id: $id, approverIDs: $a) { id } }`, map[string]any{"id": id, "a": []string{rita}}},
		{env.UserToken("rita.recruiter@acme.example"), `mutation($id: ID!) { approveOffer(id: $id) { id } }`, map[string]any{"id": id}},
		{"", `mutation($id: ID!) { sendOffer(id: $id) { id } }`, map[string]any{"id": id}},
	}
	for _, s := range steps {
		r := env.GraphQL
		if s.credential != "" {
			r = func(q string, vars map[string]any) *hiregraphtest.GraphQLResponse {
				return env.GraphQLAs(s.credential, q, vars)
			}
		}
		if r := r(s.query, s.vars); r.Code() != "" {
			t.Fatalf("%s: %+v", s.query, r.Errors)
		}
	}
	return id
}

func offerStatus(t *testing.T, env *hiregraphtest.Env, id string) string {
	t.Helper()
	var out struct{ Node struct{ Status string } }
	env.GraphQL(`query($id: ID!) { node(id: $id) { ... on Offer { status } } }`, map[string]any{"id": id}).Decode(t, &out)
	return out.Node.Status
}

// TestRaceOfferAnswers: 50 accepts, declines and withdrawals of one sent
// offer at once: exactly one wins, its one event is written, and the
// candidate is hired exactly when the acceptance won.
func TestRaceOfferAnswers(t *testing.T) {
	env := raceEnv(t)
	o := raceOpening(t, env, 1)
	c := raceCandidate(t, env, 0)
	offer := sentOffer(t, env, c, o)
	mutations := []string{"acceptOffer", "declineOffer", "withdrawOffer"}
	answers := hiregraphtest.Race(racers, func(i int) *hiregraphtest.GraphQLResponse {
		return env.GraphQL(`mutation($id: ID!) { `+mutations[i%3]+`(id: $id) { id status } }`, map[string]any{"id": offer})
	})
	if n := outcomes(t, answers, "illegal_transition"); n[""] != 1 {
		t.Fatalf("%d answers succeeded, want 1: %v", n[""], n)
	}
	status := offerStatus(t, env, offer)
	events := 0
	for _, verb := range []string{"offer.accepted", "offer.declined", "offer.withdrawn"} {
		events += activities(t, env, offer, verb)
	}
	if events != 1 {
		t.Errorf("%d answer events, want 1", events)
	}
	hired := candidateStatus(t, env, c) == "HIRED"
	if hired != (status == "ACCEPTED") || (readOpening(t, env, o).Status == "FILLED") != hired {
		t.Errorf("offer %s, candidate hired %v, opening %+v", status, hired, readOpening(t, env, o))
	}
}

// TestRaceTwoOffersOfOneCandidate: two sent offers of one candidate, on two
// openings, accepted 25 times each at once: one acceptance hires, the
// other offer stays sent, and one opening is filled.
func TestRaceTwoOffersOfOneCandidate(t *testing.T) {
	env := raceEnv(t)
	openings := []string{raceOpening(t, env, 1), raceOpening(t, env, 1)}
	c := raceCandidate(t, env, 0)
	offers := []string{sentOffer(t, env, c, openings[0]), sentOffer(t, env, c, openings[1])}
	answers := hiregraphtest.Race(racers, func(i int) *hiregraphtest.GraphQLResponse {
		return env.GraphQL(`mutation($id: ID!) { acceptOffer(id: $id) { id } }`, map[string]any{"id": offers[i%2]})
	})
	if n := outcomes(t, answers, "illegal_transition"); n[""] != 1 {
		t.Fatalf("%d acceptances succeeded, want 1: %v", n[""], n)
	}
	accepted, filled := 0, 0
	for i, offer := range offers {
		if offerStatus(t, env, offer) == "ACCEPTED" {
			accepted++
		}
		if readOpening(t, env, openings[i]).Status == "FILLED" {
			filled++
		}
	}
	if accepted != 1 || filled != 1 || candidateStatus(t, env, c) != "HIRED" {
		t.Errorf("%d offers accepted, %d openings filled, candidate %s; want 1, 1, HIRED", accepted, filled, candidateStatus(t, env, c))
	}
	if n := activities(t, env, offers[0], "offer.accepted") + activities(t, env, offers[1], "offer.accepted"); n != 1 {
		t.Errorf("%d offer.accepted events, want 1", n)
	}
}
