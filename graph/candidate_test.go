package graph_test

import (
	"sync"
	"testing"

	"github.com/hiregraph/hiregraph/ent/person"
	"github.com/hiregraph/hiregraph/internal/hiregraphtest"
)

const createCandidate = `mutation($in: CreateCandidateInput!) { createCandidate(input: $in) {
	id status source person { id firstName email } currentStep { name kind }
	currentSteps { name type } activities(first: 1) { edges { node { verb } } } } }`

type createdCandidate struct {
	CreateCandidate struct {
		ID, Status, Source string
		Person             struct{ ID, FirstName, Email string }
		CurrentStep        struct{ Name, Kind string }
		CurrentSteps       []struct{ Name, Type string }
		Activities         struct {
			Edges []struct{ Node struct{ Verb string } }
		}
	}
}

// TestCreateCandidate: a new candidate starts at the first step of the
// position's pipeline, with its activity; a second candidacy of the same
// e-mail (in another case) for another position reuses the person.
func TestCreateCandidate(t *testing.T) {
	env := hiregraphtest.New(t)
	in := map[string]any{"positionID": env.Demo.PublishedPositionUID, "source": "Referral",
		"person": map[string]any{"firstName": "Hedy", "lastName": "Lamarr", "email": "hedy@example.com"}}
	var out createdCandidate
	env.GraphQL(createCandidate, map[string]any{"in": in}).Decode(t, &out)
	c := out.CreateCandidate
	if c.Status != "IN_PROGRESS" || c.Source != "Referral" || c.CurrentStep.Name != "Applied" || c.CurrentStep.Kind != "APPLIED" ||
		len(c.CurrentSteps) != 1 || c.CurrentSteps[0].Type != "applied" || c.Activities.Edges[0].Node.Verb != "candidate.created" {
		t.Fatalf("created %+v", c)
	}

	in["positionID"] = env.Demo.NonTemplatePositionUID
	in["person"] = map[string]any{"firstName": "H.", "email": "  HEDY@Example.com "}
	var again createdCandidate
	env.GraphQL(createCandidate, map[string]any{"in": in}).Decode(t, &again)
	if again.CreateCandidate.Person.ID != c.Person.ID || again.CreateCandidate.ID == c.ID {
		t.Fatalf("second candidacy %+v, want person %s reused", again.CreateCandidate, c.Person.ID)
	}

	// The same person for the same position again is refused.
	r := env.GraphQL(createCandidate, map[string]any{"in": in})
	assertCode(t, r, "candidate_exists", 409)
}

// TestCreateCandidateErrors: another company's position reads as not
// found; a template takes no candidates; a read-only key cannot create; a
// first name is required. A refused create leaves no person behind.
func TestCreateCandidateErrors(t *testing.T) {
	env := hiregraphtest.New(t)
	other := env.OtherCompany()
	applicant := map[string]any{"firstName": "Hedy", "email": "hedy@example.com"}
	r := env.GraphQL(createCandidate, map[string]any{"in": map[string]any{"positionID": other.Demo.PublishedPositionUID, "person": applicant}})
	assertCode(t, r, "position_not_found", 404)
	r = env.GraphQL(createCandidate, map[string]any{"in": map[string]any{"positionID": env.Demo.TemplatePositionUID, "person": applicant}})
	assertCode(t, r, "position_is_template", 422)
	if n := env.DB.Client.Person.Query().Where(person.EmailNormalized("hedy@example.com")).CountX(hiregraphtest.System()); n != 0 {
		t.Errorf("%d people recorded by refused creates", n)
	}
	r = env.WithKey("read").GraphQL(createCandidate, map[string]any{"in": map[string]any{"positionID": env.Demo.PublishedPositionUID, "person": applicant}})
	assertCode(t, r, "forbidden", 403)
	r = env.GraphQL(createCandidate, map[string]any{"in": map[string]any{"positionID": env.Demo.PublishedPositionUID, "person": map[string]any{"firstName": " "}}})
	assertCode(t, r, "validation_failed", 422)
}

// TestConcurrentCreatesMakeOnePerson: creates racing with one new e-mail
// address record one person; each candidacy (one per position) succeeds.
func TestConcurrentCreatesMakeOnePerson(t *testing.T) {
	env := hiregraphtest.New(t)
	positions := []string{env.Demo.PublishedPositionUID, env.Demo.NonTemplatePositionUID, clone(t, env, env.CloneInput()).ID}
	var wg sync.WaitGroup
	codes := make([]string, len(positions))
	for i, pos := range positions {
		wg.Add(1)
		go func() {
			defer wg.Done()
			r := env.GraphQL(createCandidate, map[string]any{"in": map[string]any{"positionID": pos,
				"person": map[string]any{"firstName": "Race", "email": "race@example.com"}}})
			codes[i] = r.Code()
		}()
	}
	wg.Wait()
	for i, code := range codes {
		if code != "" {
			t.Errorf("create %d: %s", i, code)
		}
	}
	n := env.DB.Client.Person.Query().Where(person.EmailNormalized("race@example.com")).CountX(hiregraphtest.System())
	if n != 1 {
		t.Errorf("%d people with the address, want 1", n)
	}
}
