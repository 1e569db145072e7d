package graph_test

import (
	"fmt"
	"net/http"
	"testing"

	"github.com/hiregraph/hiregraph/ent/activity"
	"github.com/hiregraph/hiregraph/ent/user"
	"github.com/hiregraph/hiregraph/internal/hiregraphtest"
)

const offerFields = `id status version salary { amount currencyCode period } startDate customFields
	document { id } approvers { id } currentApprover { id }
	versions { version salary { amount } startDate customFields document { id } createdBy }`

type offerOut struct {
	ID              string
	Status          string
	Version         int
	Salary          *struct{ Amount int }
	StartDate       *string
	CustomFields    map[string]string
	Document        *struct{ ID string }
	Approvers       []struct{ ID string }
	CurrentApprover *struct{ ID string }
	Versions        []struct {
		Version   int
		Salary    *struct{ Amount int }
		StartDate *string
		Document  *struct{ ID string }
		CreatedBy string
	}
}

// offerEnv is the demo with an open opening of the published position, a
// candidate in progress on it, and the recruiter's and owner's ids and
// tokens.
type offerEnv struct {
	env                *hiregraphtest.Env
	opening, candidate string
	rita, olivia       string
	ritaTok, oliviaTok string
}

func newOfferEnv(t *testing.T) offerEnv {
	t.Helper()
	env := hiregraphtest.New(t)
	ctx := hiregraphtest.System()
	id := func(email string) string { return env.DB.Client.User.Query().Where(user.Email(email)).OnlyIDX(ctx) }
	var o struct{ CreateOpening struct{ ID string } }
	env.GraphQL(`mutation($id: ID!) { createOpening(positionID: $id, input: {name: "Backend #3", timeExpectedHire: "2027-01-01", reason: "New"}) { id } }`,
		map[string]any{"id": env.Demo.PublishedPositionUID}).Decode(t, &o)
	var c struct{ CreateCandidate struct{ ID string } }
	env.GraphQL(`mutation($in: CreateCandidateInput!) { createCandidate(input: $in) { id } }`,
		map[string]any{"in": map[string]any{"positionID": env.Demo.PublishedPositionUID,
			"person": map[string]any{"firstName": "Offer", "lastName": "Taker", "email": "offer.taker@example.com"}}}).Decode(t, &c)
	return offerEnv{env: env, opening: o.CreateOpening.ID, candidate: c.CreateCandidate.ID,
		rita: id("rita.recruiter@acme.example"), olivia: id("olivia.owner@acme.example"),
		ritaTok: env.UserToken("rita.recruiter@acme.example"), oliviaTok: env.UserToken("olivia.owner@acme.example")}
}

// do runs an offer mutation as credential ("" for the demo key); args are
// the mutation's arguments after the offer id, declared in decl.
func (e offerEnv) do(credential, mutation, id, decl, args string, vars map[string]any) *hiregraphtest.GraphQLResponse {
	all := map[string]any{"id": id}
	for k, v := range vars {
		all[k] = v
	}
	q := fmt.Sprintf(`mutation($id: ID!%s) { %s(id: $id%s) { %s } }`, decl, mutation, args, offerFields)
	if credential == "" {
		return e.env.GraphQL(q, all)
	}
	return e.env.GraphQLAs(credential, q, all)
}

func decodeOffer(t *testing.T, r *hiregraphtest.GraphQLResponse, mutation string) offerOut {
	t.Helper()
	var out map[string]offerOut
	r.Decode(t, &out)
	return out[mutation]
}

func (e offerEnv) create(t *testing.T, terms map[string]any) offerOut {
	t.Helper()
	r := e.env.GraphQL(`mutation($c: ID!, $o: ID!, $terms: OfferTermsInput) { createOffer(candidateID: $c, openingID: $o, terms: $terms) { `+offerFields+` } }`,
		map[string]any{"c": e.candidate, "o": e.opening, "terms": terms})
	return decodeOffer(t, r, "createOffer")
}

const termsArg = ", $terms: OfferTermsInput!"

// TestOfferFromDraftToHire walks an offer through its life: versions of
// its terms, a chain of two approvers deciding in turn, an edit after
// approval that sends it back to draft, sending, and accepting, which
// hires the candidate into the opening. Each write is one event.
func TestOfferFromDraftToHire(t *testing.T) {
	e := newOfferEnv(t)
	var file struct{ UploadCandidateFile struct{ ID string } }
	e.env.Upload(`mutation($c: ID!, $f: Upload!) { uploadCandidateFile(candidateID: $c, file: $f, kind: ATTACHMENT) { id } }`,
		map[string]any{"c": e.candidate, "f": nil}, "f", hiregraphtest.Part{FileName: "offer.pdf", ContentType: "application/pdf", Content: hiregraphtest.SamplePDF}).Decode(t, &file)
	doc := file.UploadCandidateFile.ID

	o := e.create(t, map[string]any{"salary": map[string]any{"amount": 95000, "currencyCode": "EUR", "period": "annually"},
		"startDate": "2027-02-01", "customFields": map[string]any{"Signing bonus": "5000"}, "documentID": doc})
	if o.Status != "DRAFT" || o.Version != 1 || o.Salary == nil || o.Salary.Amount != 95000 || o.Document == nil || o.Document.ID != doc ||
		o.CustomFields["Signing bonus"] != "5000" || len(o.Versions) != 1 {
		t.Fatalf("created %+v", o)
	}

	o = decodeOffer(t, e.do("", "updateOffer", o.ID, termsArg, ", terms: $terms", map[string]any{"terms": map[string]any{"salary": map[string]any{"amount": 99000, "currencyCode": "EUR", "period": "annually"}}}), "updateOffer")
	if o.Version != 2 || o.Salary.Amount != 99000 || len(o.Versions) != 2 || o.Versions[0].Salary.Amount != 95000 || o.Versions[1].Salary.Amount != 99000 ||
		o.Versions[1].Document == nil || o.Versions[1].StartDate == nil {
		t.Fatalf("after the raise %+v", o)
	}

	approvers := map[string]any{"a": []string{e.rita, e.olivia}}
	o = decodeOffer(t, e.do("", "requestOfferApproval", o.ID, ", $a: [ID!]!", ", approverIDs: $a", approvers), "requestOfferApproval")
	if o.Status != "PENDING_APPROVAL" || len(o.Approvers) != 2 || o.CurrentApprover == nil || o.CurrentApprover.ID != e.rita {
		t.Fatalf("approval requested %+v", o)
	}
	assertCode(t, e.do(e.oliviaTok, "approveOffer", o.ID, "", "", nil), "not_approver", http.StatusForbidden)
	assertCode(t, e.do("", "approveOffer", o.ID, "", "", nil), "not_approver", http.StatusForbidden)
	assertCode(t, e.do("", "sendOffer", o.ID, "", "", nil), "illegal_transition", http.StatusConflict)
	o = decodeOffer(t, e.do(e.ritaTok, "approveOffer", o.ID, "", "", nil), "approveOffer")
	if o.Status != "PENDING_APPROVAL" || o.CurrentApprover == nil || o.CurrentApprover.ID != e.olivia {
		t.Fatalf("after the first approver %+v", o)
	}
	o = decodeOffer(t, e.do(e.oliviaTok, "approveOffer", o.ID, "", "", nil), "approveOffer")
	if o.Status != "APPROVED" || o.CurrentApprover != nil {
		t.Fatalf("after the last approver %+v", o)
	}

	// New terms after approval need approval again.
	o = decodeOffer(t, e.do("", "updateOffer", o.ID, termsArg, ", terms: $terms", map[string]any{"terms": map[string]any{"startDate": "2027-03-01"}}), "updateOffer")
	if o.Status != "DRAFT" || o.Version != 3 || o.Salary.Amount != 99000 || len(o.Versions) != 3 || o.Versions[2].Salary.Amount != 99000 {
		t.Fatalf("edited after approval %+v", o)
	}
	o = decodeOffer(t, e.do("", "requestOfferApproval", o.ID, ", $a: [ID!]!", ", approverIDs: $a", map[string]any{"a": []string{e.rita}}), "requestOfferApproval")
	o = decodeOffer(t, e.do(e.ritaTok, "approveOffer", o.ID, "", "", nil), "approveOffer")
	assertCode(t, e.do("", "acceptOffer", o.ID, "", "", nil), "illegal_transition", http.StatusConflict)
	o = decodeOffer(t, e.do("", "sendOffer", o.ID, "", "", nil), "sendOffer")
	assertCode(t, e.do("", "updateOffer", o.ID, termsArg, ", terms: $terms", map[string]any{"terms": map[string]any{"startDate": "2027-04-01"}}), "illegal_transition", http.StatusConflict)
	o = decodeOffer(t, e.do("", "acceptOffer", o.ID, "", "", nil), "acceptOffer")
	if o.Status != "ACCEPTED" {
		t.Fatalf("accepted %+v", o)
	}
	assertCode(t, e.do("", "withdrawOffer", o.ID, "", "", nil), "illegal_transition", http.StatusConflict)

	var c struct {
		Node struct {
			Status       string
			HiredOpening *struct{ ID string }
			Offers       []struct{ ID, Status string }
		}
	}
	e.env.GraphQL(`query($id: ID!) { node(id: $id) { ... on Candidate { status hiredOpening { id } offers { id status } } } }`, map[string]any{"id": e.candidate}).Decode(t, &c)
	if c.Node.Status != "HIRED" || c.Node.HiredOpening == nil || c.Node.HiredOpening.ID != e.opening || len(c.Node.Offers) != 1 || c.Node.Offers[0].Status != "ACCEPTED" {
		t.Fatalf("candidate after acceptance %+v", c.Node)
	}

	want := map[string]int{"offer.created": 1, "offer.updated": 2, "offer.approval_requested": 2, "offer.approved": 3, "offer.sent": 1, "offer.accepted": 1, "candidate.hired": 0}
	for verb, n := range want {
		got := e.env.DB.Client.Activity.Query().Where(activity.Verb(verb), activity.ObjectID(o.ID)).CountX(hiregraphtest.System())
		if verb == "candidate.hired" {
			got = e.env.DB.Client.Activity.Query().Where(activity.Verb(verb), activity.CandidateID(e.candidate)).CountX(hiregraphtest.System())
		}
		if got != n {
			t.Errorf("%d %s events, want %d", got, verb, n)
		}
	}
}

// TestAnApproverRejectsAnOffer: only the approver whose turn it is may
// turn an offer down, and only while it is under approval; a rejection
// sends it back to DRAFT with its approvals cleared, so the chain starts
// over when approval is asked again, and it is one offer.rejected event.
func TestAnApproverRejectsAnOffer(t *testing.T) {
	e := newOfferEnv(t)
	o := e.create(t, map[string]any{"startDate": "2027-02-01"})
	assertCode(t, e.do(e.ritaTok, "rejectOffer", o.ID, "", "", nil), "illegal_transition", http.StatusConflict)

	approvers := map[string]any{"a": []string{e.rita, e.olivia}}
	o = decodeOffer(t, e.do("", "requestOfferApproval", o.ID, ", $a: [ID!]!", ", approverIDs: $a", approvers), "requestOfferApproval")
	o = decodeOffer(t, e.do(e.ritaTok, "approveOffer", o.ID, "", "", nil), "approveOffer")
	assertCode(t, e.do(e.ritaTok, "rejectOffer", o.ID, "", "", nil), "not_approver", http.StatusForbidden)
	assertCode(t, e.do("", "rejectOffer", o.ID, "", "", nil), "not_approver", http.StatusForbidden)
	o = decodeOffer(t, e.do(e.oliviaTok, "rejectOffer", o.ID, "", "", nil), "rejectOffer")
	if o.Status != "DRAFT" || o.CurrentApprover != nil || o.Version != 1 {
		t.Fatalf("after the rejection %+v; want a DRAFT of the same version awaiting no one", o)
	}
	assertCode(t, e.do("", "sendOffer", o.ID, "", "", nil), "illegal_transition", http.StatusConflict)

	// Asked again, the chain starts from its first approver.
	o = decodeOffer(t, e.do("", "requestOfferApproval", o.ID, ", $a: [ID!]!", ", approverIDs: $a", approvers), "requestOfferApproval")
	if o.CurrentApprover == nil || o.CurrentApprover.ID != e.rita {
		t.Fatalf("asked again %+v; want Rita's turn", o)
	}
	if n := e.env.DB.Client.Activity.Query().Where(activity.Verb("offer.rejected"), activity.ObjectID(o.ID)).CountX(hiregraphtest.System()); n != 1 {
		t.Errorf("%d offer.rejected events, want 1", n)
	}
}

// TestOfferInputIsChecked: bad terms, a foreign document, an opening of
// another position and a candidate no longer in progress are refused with
// their codes, and nothing is written.
func TestOfferInputIsChecked(t *testing.T) {
	e := newOfferEnv(t)
	create := func(candidate, opening string, terms map[string]any) *hiregraphtest.GraphQLResponse {
		return e.env.GraphQL(`mutation($c: ID!, $o: ID!, $terms: OfferTermsInput) { createOffer(candidateID: $c, openingID: $o, terms: $terms) { id } }`,
			map[string]any{"c": candidate, "o": opening, "terms": terms})
	}
	before := e.env.DB.Client.Offer.Query().CountX(hiregraphtest.System())
	for name, terms := range map[string]map[string]any{
		"negative salary":  {"salary": map[string]any{"amount": -1, "currencyCode": "EUR", "period": "annually"}},
		"unknown currency": {"salary": map[string]any{"amount": 1, "currencyCode": "XYZ", "period": "annually"}},
		"unknown period":   {"salary": map[string]any{"amount": 1, "currencyCode": "EUR", "period": "daily"}},
	} {
		if r := create(e.candidate, e.opening, terms); r.Code() != "validation_failed" {
			t.Errorf("%s: code %q, want validation_failed: %+v", name, r.Code(), r.Errors)
		}
	}
	assertCode(t, create(e.candidate, e.opening, map[string]any{"startDate": "next spring"}), "bad_request", http.StatusBadRequest)
	assertCode(t, create(e.candidate, e.opening, map[string]any{"documentID": "cfl_nothing"}), "file_not_found", http.StatusUnprocessableEntity)
	assertCode(t, create(e.candidate, "opn_nothing", nil), "opening_not_found", http.StatusUnprocessableEntity)
	assertCode(t, create("can_nothing", e.opening, nil), "candidate_not_found", http.StatusNotFound)
	hank := e.env.UserToken("hank.manager@acme.example")
	r := e.env.GraphQLAs(hank, `mutation($c: ID!, $o: ID!) { createOffer(candidateID: $c, openingID: $o) { id } }`, map[string]any{"c": e.candidate, "o": e.opening})
	assertCode(t, r, "forbidden", http.StatusForbidden)
	if after := e.env.DB.Client.Offer.Query().CountX(hiregraphtest.System()); after != before {
		t.Errorf("%d offers written by refused requests", after-before)
	}
}
