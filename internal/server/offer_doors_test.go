package server_test

import (
	"encoding/json"
	"net/http"
	"strings"
	"testing"

	"github.com/hiregraph/hiregraph/ent"
	"github.com/hiregraph/hiregraph/ent/activity"
	"github.com/hiregraph/hiregraph/ent/user"
	"github.com/hiregraph/hiregraph/internal/hiregraphtest"
	"github.com/hiregraph/hiregraph/internal/permission"
	"github.com/hiregraph/hiregraph/recruiting"
)

// offerPay is the offer's salary: no door may show it to a reader without
// salary:view.
const offerPay = "98765"

// TestOfferSalaryShowsOnlyWithSalaryView: an offer's salary follows the
// rules of a position's salary range in every door: queries of the offer,
// its versions and the candidate's offers, mutation answers, the
// candidate's timeline, both change feeds, and webhooks, whose payloads
// are shown with the endpoint's permissions.
func TestOfferSalaryShowsOnlyWithSalaryView(t *testing.T) {
	plain, salaried := newDoorReceiver(t), newDoorReceiver(t, permission.ViewSalary)
	env := hiregraphtest.NewWithConfig(t, hiregraphtest.DeliverWebhooks(t, nil))
	owner := env.UserToken("olivia.owner@acme.example")
	for _, rc := range []*doorReceiver{plain, salaried} {
		if r := env.DoAs(owner, http.MethodPost, "/v1/webhooks", map[string]any{"url": rc.URL, "permissions": rc.perms}); r.Status != http.StatusCreated {
			t.Fatalf("registering %v: %s", rc.perms, r)
		}
	}
	c := raceCandidate(t, env, 0)
	var created struct{ CreateOffer struct{ ID string } }
	env.GraphQL(`mutation($c: ID!, $o: ID!) { createOffer(candidateID: $c, openingID: $o, terms: {salary: {amount: `+offerPay+`, currencyCode: "EUR", period: "annually"}}) { id } }`,
		map[string]any{"c": c, "o": raceOpening(t, env, 1)}).Decode(t, &created)
	offer := created.CreateOffer.ID
	activities := env.DB.Client.Activity.Query().Where(activity.ObjectID(offer)).Order(ent.Asc(activity.FieldSequence)).IDsX(hiregraphtest.System())
	if len(activities) != 1 {
		t.Fatalf("%d activities of the new offer, want 1", len(activities))
	}
	events := []string{recruiting.EventIDOf(activities[0])}

	for _, rc := range []*doorReceiver{plain, salaried} {
		got := rc.wait(t, events...)
		if shown := strings.Contains(string(got[events[0]]), offerPay); shown != (rc == salaried) {
			t.Errorf("endpoint %v: salary shown %v: %s", rc.perms, shown, got[events[0]])
		}
	}

	// A user who manages offers, sees every position and reads the feeds,
	// but lacks salary:view: the reader every door must hide the salary
	// from (an API key cannot be one: queries need the read scope, which
	// holds salary:view).
	noSalary := []string{permission.ViewAllPositions, permission.ViewDiscreetPositions, permission.ViewCandidates, permission.ViewEvents, permission.ManageOffers}
	if r := env.GraphQLAs(owner, `mutation($p: [String!]!) { createRole(input: {name: "offer_clerk", description: "Offers without pay", permissions: $p}) { name } }`,
		map[string]any{"p": noSalary}); r.Code() != "" {
		t.Fatalf("createRole: %+v", r.Errors)
	}
	ian := env.DB.Client.User.Query().Where(user.Email("ian.interviewer@acme.example")).OnlyIDX(hiregraphtest.System())
	if r := env.GraphQLAs(owner, `mutation($id: ID!) { setUserRoles(id: $id, roles: ["offer_clerk"]) { id } }`, map[string]any{"id": ian}); r.Code() != "" {
		t.Fatalf("setUserRoles: %+v", r.Errors)
	}
	readers := append(env.Readers(), hiregraphtest.Reader{Name: "user without salary:view", Credential: env.UserToken("ian.interviewer@acme.example"), Permissions: noSalary, User: true})
	for _, r := range readers {
		t.Run(r.Name, func(t *testing.T) { checkOfferDoors(t, env, r, c, offer) })
	}
}

func checkOfferDoors(t *testing.T, env *hiregraphtest.Env, r hiregraphtest.Reader, candidate, offer string) {
	salary := r.Has(permission.ViewSalary)
	check := func(door string, raw []byte) {
		t.Helper()
		if shown := strings.Contains(string(raw), offerPay); shown != salary {
			t.Errorf("%s shows the salary: %v, want %v: %s", door, shown, salary, raw)
		}
	}
	if !r.Reads() {
		return
	}
	q := env.GraphQLAs(r.Credential, `query($o: ID!, $c: ID!) {
		o: node(id: $o) { ... on Offer { salary { amount } versions { salary { amount } } } }
		c: node(id: $c) { ... on Candidate { offers { salary { amount } } activities(first: 50) { edges { node { changes { field before after } } } } } } }`,
		map[string]any{"o": offer, "c": candidate})
	if q.Code() == "not_found" && !r.Has(permission.ViewCandidates) {
		return // a candidate the reader may not see shows nothing at all
	}
	if q.Code() != "" {
		t.Fatalf("query: %+v", q.Errors)
	}
	check("the query of the offer, its versions, the candidate's offers and timeline", q.Data)
	if !salary && strings.Contains(string(q.Data), `"field":"salary"`) {
		t.Errorf("the timeline shows a change of the salary: %s", q.Data)
	}

	if r.Has(permission.ManageOffers) {
		m := env.GraphQLAs(r.Credential, `mutation($id: ID!) { updateOffer(id: $id, terms: {customFields: {Car: "yes"}}) { salary { amount } versions { salary { amount } } } }`,
			map[string]any{"id": offer})
		if m.Code() != "" {
			t.Fatalf("updateOffer: %+v", m.Errors)
		}
		check("updateOffer's answer", m.Data)
		// The new version keeps the salary its writer could not see.
		if !salary {
			var kept struct {
				Node struct {
					Versions []struct{ Salary *struct{ Amount int } }
				}
			}
			env.GraphQL(`query($id: ID!) { node(id: $id) { ... on Offer { versions { salary { amount } } } } }`, map[string]any{"id": offer}).Decode(t, &kept)
			last := kept.Node.Versions[len(kept.Node.Versions)-1]
			if last.Salary == nil || last.Salary.Amount != 98765 {
				t.Errorf("the version written without salary:view lost the salary: %+v", last)
			}
		}
	}

	if !r.SeesEverything() {
		return
	}
	feed := env.DoAs(r.Credential, http.MethodGet, "/v1/events?limit=500", nil)
	gqlFeed := env.GraphQLAs(r.Credential, `{ events(first: 500) { events { id type object { id data } } } }`, nil)
	if feed.Status != http.StatusOK || gqlFeed.Code() != "" {
		t.Fatalf("feeds: REST %s, GraphQL %+v", feed, gqlFeed.Errors)
	}
	var restPage struct{ Events []json.RawMessage }
	feed.JSON(t, &restPage)
	var gqlPage struct {
		Events struct{ Events []json.RawMessage }
	}
	gqlFeed.Decode(t, &gqlPage)
	for door, evs := range map[string][]json.RawMessage{"REST feed": restPage.Events, "GraphQL feed": gqlPage.Events.Events} {
		seen := false
		for _, ev := range evs {
			if strings.Contains(string(ev), offer) && strings.Contains(string(ev), "offer.created") {
				seen = true
				check(door, ev)
			}
		}
		if !seen {
			t.Errorf("%s lacks offer.created", door)
		}
	}
}
