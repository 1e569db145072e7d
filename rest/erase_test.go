package rest_test

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"slices"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/hiregraph/hiregraph/ent"
	"github.com/hiregraph/hiregraph/internal/hiregraphtest"
	"github.com/hiregraph/hiregraph/recruiting"
)

const eraseMutation = `mutation($id: ID!) { erasePerson(id: $id) { id firstName lastName email phone idNumber resumeName resumeURL timeErased } }`

// adasData is what the demo company and the test hold of Ada Lovelace, the
// demo's first candidate (two hiring processes): none of it may be
// readable anywhere once she is erased.
var adasData = []string{"Lovelace", "ada@example.com", "Tuesday", "systems", "Deeper-Go", "ada-cv.pdf",
	"+44 20 7946 0000", "Marylebone", "Great", "offer-ada", "Interview scheduling", "ID-07000", "engines", "linkedin.com/in/ada-l",
	"ada-eval-1", "Ada-summary", "ada-report"}

// personOf is the uid of the person of the demo's first candidate and the
// uids of all their candidates.
func personOf(t *testing.T, env *hiregraphtest.Env) (string, []string) {
	t.Helper()
	var out struct {
		Node struct {
			Person struct {
				ID         string
				Candidates struct {
					Edges []struct{ Node struct{ ID string } }
				}
			}
		}
	}
	env.GraphQL(`query($id: ID!) { node(id: $id) { ... on Candidate { person { id candidates(first: 10) { edges { node { id } } } } } } }`,
		map[string]any{"id": env.Demo.CandidateUID}).Decode(t, &out)
	var cids []string
	for _, e := range out.Node.Person.Candidates.Edges {
		cids = append(cids, e.Node.ID)
	}
	return out.Node.Person.ID, cids
}

// Erasing a person leaves nothing of their personal data behind any door
// (GraphQL, the REST candidates, the change feed, webhook deliveries, the
// file store) and keeps the skeleton reports count: candidates, marked
// deleted, with their position, status and steps. Integrations hear
// person.erased, and a second erasure changes nothing.
func TestErasePerson(t *testing.T) {
	env := hiregraphtest.NewWithConfig(t, hiregraphtest.DeliverWebhooks(t, nil))
	rc := startReceiver(t)
	ep := createWebhook(t, env, map[string]any{"url": rc.URL})
	personID, cids := personOf(t, env)
	if len(cids) != 2 {
		t.Fatalf("the demo's first person has %d candidates, want 2", len(cids))
	}

	// Personal data through the doors a user has: a note, a file, the
	// person's and the candidate's fields (each on the timeline), a
	// rejection note, an application and a partner's test result.
	noteID := createNote(t, env)
	var up struct {
		UploadCandidateFile struct{ ID, DownloadURL string }
	}
	env.Upload(`mutation($c: ID!, $f: Upload!) { uploadCandidateFile(candidateID: $c, file: $f) { id downloadURL } }`,
		map[string]any{"c": env.Demo.CandidateUID, "f": nil}, "f",
		hiregraphtest.Part{FileName: "ada-cv.pdf", Content: hiregraphtest.SamplePDF}).Decode(t, &up)
	env.GraphQL(`mutation($id: ID!) { updatePerson(id: $id, input: {phone: "+44 20 7946 0000"}) { id } }`,
		map[string]any{"id": personID}).Decode(t, &struct{}{})
	env.GraphQL(`mutation($id: ID!) { updateCandidate(id: $id, input: {address: {country: "GB", city: "Marylebone"}}) { id } }`,
		map[string]any{"id": env.Demo.CandidateUID}).Decode(t, &struct{}{})
	env.GraphQL(`mutation($id: ID!, $r: ID!) { rejectCandidate(id: $id, input: {reasonID: $r, note: "Deeper-Go wanted"}) { id } }`,
		map[string]any{"id": cids[1], "r": rejectionReason(t, env)}).Decode(t, &struct{}{})
	partner := env.StartPartner(hiregraphtest.AcceptEvaluations("ada-eval"), nil)
	if r := env.Do(http.MethodPost, "/v1/candidates/"+env.Demo.CandidateUID+"/tests", map[string]any{"partner_uid": partner.UID, "test_id": "go-basics"}); r.Status >= 300 {
		t.Fatalf("test: %s", r)
	}
	if r := env.WithKey("evaluations:write").Do(http.MethodPost, "/v1/evaluations/ada-eval-1", map[string]any{"status": "completed", "outcome": "passed",
		"score": 4, "summary": "Ada-summary", "result_urls": []string{"https://partner.example/ada-report"}}); r.Status >= 300 {
		t.Fatalf("evaluation: %s", r)
	}
	app := validApplication(t, env)
	app["email"], app["last_name"], app["cover_letter"], app["linkedin_url"] = "ada@example.com", "Lovelace", "I like engines.", "https://www.linkedin.com/in/ada-l"
	if r := env.DoWith(http.MethodPost, applyPath(env, env.Demo.PublishedPositionUID), app, nil); r.Status != http.StatusCreated {
		t.Fatalf("apply: %s", r)
	}
	noteEvent := rc.waitAll(t, "note.created", 1)[0]
	before := candidatesByUID(t, env, cids)
	// Every door shows all of it before.
	shown := everyDoor(t, env, personID, cids)
	for _, d := range adasData {
		if !strings.Contains(shown, d) {
			t.Errorf("%q is nowhere before the erasure", d)
		}
	}

	var erased struct {
		ErasePerson struct {
			ID, FirstName, LastName, Email, Phone, IDNumber, ResumeName, ResumeURL string
			TimeErased                                                             *string
		}
	}
	env.GraphQL(eraseMutation, map[string]any{"id": personID}).Decode(t, &erased)
	p := erased.ErasePerson
	if p.ID != personID || p.TimeErased == nil || p.FirstName+p.LastName+p.Email+p.Phone+p.IDNumber+p.ResumeName+p.ResumeURL != "" {
		t.Errorf("erasePerson answered %+v", p)
	}

	assertNone(t, everyDoor(t, env, personID, cids))
	// The skeleton stays: each candidate, deleted, at its position, status
	// and steps.
	after := candidatesByUID(t, env, cids)
	for _, id := range cids {
		b, a := before[id], after[id]
		if a["deleted"] != true {
			t.Errorf("candidate %s after erasure: %v", id, a)
		}
		for _, f := range []string{"position_uid", "status", "time_created", "current_steps", "completed_steps"} {
			if jsonOf(t, a[f]) != jsonOf(t, b[f]) {
				t.Errorf("candidate %s's %s went from %v to %v", id, f, b[f], a[f])
			}
		}
	}

	// Files: gone from the store, their link dead.
	if n := env.StoredFiles(); n != 0 {
		t.Errorf("%d files left in the store", n)
	}
	if resp, err := http.Get(up.UploadCandidateFile.DownloadURL); err != nil {
		t.Fatal(err)
	} else if resp.Body.Close(); resp.StatusCode != http.StatusNotFound {
		t.Errorf("the erased file's link answered %d", resp.StatusCode)
	}

	// Webhooks: person.erased on each candidate, by whoever erased, and an
	// event from before delivered again carries nothing of her.
	erasedEvents := rc.waitAll(t, "person.erased", len(cids))
	for _, d := range erasedEvents {
		if d.Event.Object.ID != personID || d.Event.Object.Data["time_erased"] == nil ||
			d.Event.Actor.Type != "API_KEY" || d.Event.Actor.ID != env.Demo.APIKeyID {
			t.Errorf("person.erased delivered %s", d.Body)
		}
	}
	if r := env.Do(http.MethodPost, "/v1/webhooks/"+ep.ID+"/redeliver", map[string]any{"event_id": noteEvent.Event.ID}); r.Status != http.StatusAccepted {
		t.Fatalf("redeliver: %s", r)
	}
	again := rc.waitAll(t, "note.created", 2)[1]
	if again.Event.Object.ID != noteID {
		t.Errorf("redelivered %s", again.Body)
	}
	assertNone(t, string(again.Body))

	// Again: the same person, the same time, no new event.
	var second struct{ ErasePerson struct{ TimeErased *string } }
	env.GraphQL(eraseMutation, map[string]any{"id": personID}).Decode(t, &second)
	if second.ErasePerson.TimeErased == nil || *second.ErasePerson.TimeErased != *p.TimeErased {
		t.Errorf("a second erasure moved timeErased from %v to %v", *p.TimeErased, second.ErasePerson.TimeErased)
	}
	// On PostgreSQL the feed lists an event once every older transaction
	// of the cluster has ended: wait for the first erasure's, then count.
	events := func() int {
		feed := env.Do(http.MethodGet, "/v1/events?limit=1000&types=person.erased", nil)
		return strings.Count(string(feed.Body), `"person.erased"`)
	}
	if n := hiregraphtest.Settled(t, events, func(n int) bool { return n >= len(cids) }); n != len(cids) {
		t.Errorf("%d person.erased events after erasing twice, want %d", n, len(cids))
	}
}

// Erasing needs people:erase, which only owners and admins hold; another
// company's person is unknown.
func TestErasePersonNeedsPeopleErase(t *testing.T) {
	env := hiregraphtest.New(t)
	personID, _ := personOf(t, env)
	rita, olivia := env.UserToken("rita.recruiter@acme.example"), env.UserToken("olivia.owner@acme.example")
	if r := env.GraphQLAs(rita, eraseMutation, map[string]any{"id": personID}); r.Code() != "forbidden" {
		t.Errorf("a recruiter erasing: %+v", r.Errors)
	}
	other := env.OtherCompany()
	if r := other.GraphQLAs(other.Demo.APIKey, eraseMutation, map[string]any{"id": personID}); r.Code() != "person_not_found" {
		t.Errorf("another company erasing: %+v", r.Errors)
	}
	var out struct {
		Node struct{ LastName string }
	}
	env.GraphQL(`query($id: ID!) { node(id: $id) { ... on Person { lastName } } }`, map[string]any{"id": personID}).Decode(t, &out)
	if out.Node.LastName != "Lovelace" {
		t.Errorf("after refused erasures the person's last name is %q", out.Node.LastName)
	}
	var erased struct{ ErasePerson struct{ LastName string } }
	env.GraphQLAs(olivia, eraseMutation, map[string]any{"id": personID}).Decode(t, &erased)
	if erased.ErasePerson.LastName != "" {
		t.Errorf("the owner's erasure left the last name %q", erased.ErasePerson.LastName)
	}
}

func assertNone(t *testing.T, shown string) {
	t.Helper()
	for _, d := range adasData {
		if i := strings.Index(shown, d); i >= 0 {
			t.Errorf("%q is still shown after erasure: %s", d, shown[max(0, i-200):min(len(shown), i+200)])
		}
	}
}

// everyDoor is what the doors show of a person and their candidates:
// GraphQL with everything a candidate holds, the REST candidates and the
// change feed.
func everyDoor(t *testing.T, env *hiregraphtest.Env, personID string, cids []string) string {
	t.Helper()
	r := env.GraphQL(`query($p: ID!, $c: [ID!]!) {
		person: node(id: $p) { ... on Person { firstName lastName email phone idNumber resumeName resumeURL } }
		candidates: nodes(ids: $c) { ... on Candidate { deleted status address { city country } rejectionNote
			notes(first: 5) { edges { node { text details { title text } } } }
			files(first: 5) { totalCount edges { node { fileName } } }
			conversations(first: 3) { edges { node { subject messages(first: 3) { edges { node { subject body
				from { firstName lastName email } to { firstName lastName email } } } } } } }
			offerLetters { fileName }
			applications { email linkedinURL coverLetter answers { name value } }
			testSubmissions(first: 3) { edges { node { candidateEvaluationID displayMessage summary resultUrls outcome score } } }
			activities(first: 30) { edges { node { verb actorName changes { field before after } } } } } } }`,
		map[string]any{"p": personID, "c": cids})
	if len(r.Errors) > 0 {
		t.Fatalf("reading the person: %+v", r.Errors)
	}
	shown := []string{string(r.Data)}
	for _, door := range []string{"/v1/candidates?limit=100", "/v1/candidates/" + cids[0], "/v1/candidates/" + cids[1], "/v1/events?limit=1000"} {
		r := env.Do(http.MethodGet, door, nil)
		if r.Status != http.StatusOK {
			t.Fatalf("GET %s: %s", door, r)
		}
		shown = append(shown, string(r.Body))
	}
	return strings.Join(shown, "\n")
}

// candidatesByUID reads the candidates uids through REST.
func candidatesByUID(t *testing.T, env *hiregraphtest.Env, uids []string) map[string]map[string]any {
	t.Helper()
	out := map[string]map[string]any{}
	for _, uid := range uids {
		r := env.Do(http.MethodGet, "/v1/candidates/"+uid, nil)
		if r.Status != http.StatusOK {
			t.Fatalf("GET candidate: %s", r)
		}
		out[uid] = r.Map(t)
	}
	return out
}

// waitAll returns the deliveries of events of type typ once there are n,
// failing after a while.
func (rc *receiver) waitAll(t *testing.T, typ string, n int) []delivery {
	t.Helper()
	for deadline := time.Now().Add(20 * time.Second); ; time.Sleep(20 * time.Millisecond) {
		rc.mu.Lock()
		got := slices.DeleteFunc(slices.Clone(rc.got), func(d delivery) bool { return d.Event.Type != typ })
		rc.mu.Unlock()
		if len(got) >= n {
			return got
		}
		if time.Now().After(deadline) {
			t.Fatalf("%d deliveries of %s, want %d", len(got), typ, n)
		}
	}
}

// rejectionReason is the uid of one of the demo company's rejection
// reasons.
func rejectionReason(t *testing.T, env *hiregraphtest.Env) string {
	t.Helper()
	var out struct {
		RejectionReasons struct {
			Edges []struct{ Node struct{ ID string } }
		}
	}
	env.GraphQL(`{ rejectionReasons(first: 1) { edges { node { id } } } }`, nil).Decode(t, &out)
	return out.RejectionReasons.Edges[0].Node.ID
}

func jsonOf(t *testing.T, v any) string {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// REST erases too, outside the spec's endpoints: the candidates then list
// as deleted, and a repeat answers the first erasure's time.
func TestErasePersonThroughREST(t *testing.T) {
	env := hiregraphtest.New(t)
	personID, cids := personOf(t, env)
	path := "/v1/people/" + personID + "/erase"
	env.DoAs(env.Demo.UserToken, http.MethodPost, path, nil).AssertError(t, http.StatusForbidden, "forbidden", "people:erase")
	other := env.OtherCompany()
	other.Do(http.MethodPost, path, nil).AssertError(t, http.StatusNotFound, "person_not_found", personID)

	var first, second struct {
		UID        string `json:"uid"`
		TimeErased string `json:"time_erased"`
	}
	r := env.Do(http.MethodPost, path, nil)
	if r.Status != http.StatusOK {
		t.Fatalf("erase: %s", r)
	}
	r.JSON(t, &first)
	if first.UID != personID || first.TimeErased == "" {
		t.Errorf("erase answered %s", r)
	}
	env.Do(http.MethodPost, path, nil).JSON(t, &second)
	if second != first {
		t.Errorf("a second erasure answered %+v, the first %+v", second, first)
	}
	for uid, c := range candidatesByUID(t, env, cids) {
		if c["deleted"] != true {
			t.Errorf("candidate %s after erasure: %v", uid, c)
		}
	}
}

// Erasures of one person racing each other both succeed and tell
// integrations once.
func TestErasePersonTwiceAtOnce(t *testing.T) {
	env := hiregraphtest.New(t)
	personID, cids := personOf(t, env)
	statuses := make(chan int, 2)
	for range 2 {
		go func() { statuses <- env.Do(http.MethodPost, "/v1/people/"+personID+"/erase", nil).Status }()
	}
	for range 2 {
		if s := <-statuses; s != http.StatusOK {
			t.Errorf("an erasure answered %d", s)
		}
	}
	erased := func() int {
		feed := env.Do(http.MethodGet, "/v1/events?limit=1000&types=person.erased", nil)
		return strings.Count(string(feed.Body), `"person.erased"`)
	}
	// Settled waits for the feed to list every event, then a second read
	// must not find more: one erasure must not announce itself twice.
	hiregraphtest.Settled(t, erased, func(n int) bool { return n >= len(cids) })
	if n := erased(); n != len(cids) {
		t.Errorf("%d person.erased events after two erasures at once, want %d", n, len(cids))
	}
}

// Answers kept for idempotent retries are forgotten with the person: a
// note's answer carries its text, so a retry after the erasure must run
// again rather than replay it. A retry of another candidate's note still
// replays.
func TestErasureForgetsStoredAnswers(t *testing.T) {
	env := hiregraphtest.New(t)
	personID, cids := personOf(t, env)
	headers := func(key string) map[string]string {
		return map[string]string{"Authorization": "Bearer " + env.Demo.APIKey, "Idempotency-Key": key}
	}
	first := env.DoWith(http.MethodPost, notePath(cids[0]), validNote(env), headers("note-of-erased"))
	if first.Status != http.StatusCreated {
		t.Fatalf("note: %s", first)
	}
	_, other := applicant(t, env, "kept@example.com")
	if r := env.DoWith(http.MethodPost, notePath(other), validNote(env), headers("note-of-kept")); r.Status != http.StatusCreated {
		t.Fatalf("other note: %s", r)
	}
	if r := env.Do(http.MethodPost, "/v1/people/"+personID+"/erase", nil); r.Status != http.StatusOK {
		t.Fatalf("erase: %s", r)
	}

	retry := env.DoWith(http.MethodPost, notePath(cids[0]), validNote(env), headers("note-of-erased"))
	if retry.Header.Get("Idempotent-Replayed") == "true" {
		t.Errorf("the retry replayed the erased note's answer: %s", retry)
	}
	kept := env.DoWith(http.MethodPost, notePath(other), validNote(env), headers("note-of-kept"))
	if kept.Header.Get("Idempotent-Replayed") != "true" {
		t.Errorf("another candidate's retry was not replayed: %s", kept)
	}
}

// An erasure that fails part way (here its last write, the person.erased
// event, as a crash there would) leaves the person whole, and running it
// again erases everything: there is nothing half-done to resume.
func TestErasureFailingPartWayChangesNothing(t *testing.T) {
	env := hiregraphtest.New(t)
	personID, cids := personOf(t, env)
	noteUID := createNote(t, env)
	var crash atomic.Bool
	crash.Store(true)
	env.DB.Client.Activity.Use(func(next ent.Mutator) ent.Mutator {
		return ent.MutateFunc(func(ctx context.Context, m ent.Mutation) (ent.Value, error) {
			if am, ok := m.(*ent.ActivityMutation); ok && crash.Load() {
				if verb, _ := am.Verb(); verb == recruiting.VerbPersonErased {
					return nil, errors.New("injected crash before the last write")
				}
			}
			return next.Mutate(ctx, m)
		})
	})
	// The feed is one of the doors: wait until it lists the setup's last
	// event, so "before" is not read while it still fills.
	hiregraphtest.Settled(t, func() string {
		return string(env.Do(http.MethodGet, "/v1/events?limit=1000&types=note.created", nil).Body)
	}, func(feed string) bool { return strings.Contains(feed, noteUID) })
	before := everyDoor(t, env, personID, cids)

	path := "/v1/people/" + personID + "/erase"
	if r := env.Do(http.MethodPost, path, nil); r.Status < 500 {
		t.Fatalf("the failing erasure answered %s", r)
	}
	if after := everyDoor(t, env, personID, cids); after != before {
		t.Errorf("a failed erasure changed what the doors show:\nbefore %s\nafter  %s", before, after)
	}
	for uid, c := range candidatesByUID(t, env, cids) {
		if c["deleted"] == true {
			t.Errorf("candidate %s deleted by a failed erasure", uid)
		}
	}

	crash.Store(false)
	if r := env.Do(http.MethodPost, path, nil); r.Status != http.StatusOK {
		t.Fatalf("erasing again: %s", r)
	}
	assertNone(t, everyDoor(t, env, personID, cids))
}
