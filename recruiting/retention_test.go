package recruiting_test

import (
	"context"
	"testing"
	"time"

	"github.com/hiregraph/hiregraph/internal/hiregraphtest"
	"github.com/hiregraph/hiregraph/internal/viewer"
	"github.com/hiregraph/hiregraph/recruiting"
)

// Retention lists people without locks and erases them one by one; a
// person who applied again in between keeps everything, and is erased by
// a later run once that candidacy closes too. On both databases.
func TestRetentionSparesWhoAppliedSinceTheList(t *testing.T) {
	env := hiregraphtest.New(t)
	ctx := viewer.NewContext(context.Background(), viewer.ForKey(env.Demo.CompanyUID, "", []string{viewer.ScopeRead, viewer.ScopeWrite, viewer.ScopeAdmin}))
	service := recruiting.New(recruiting.Dependencies{Client: env.DB.Client, Dialect: env.DB.Dialect})
	var reasons struct {
		RejectionReasons struct {
			Edges []struct{ Node struct{ ID string } }
		}
	}
	env.GraphQL(`{ rejectionReasons(first: 1) { edges { node { id } } } }`, nil).Decode(t, &reasons)
	reason := reasons.RejectionReasons.Edges[0].Node.ID
	candidacy := func(positionID string) (candidateID, personID string) {
		var out struct {
			CreateCandidate struct {
				ID     string
				Person struct{ ID string }
			}
		}
		env.GraphQL(`mutation($p: ID!) { createCandidate(input: {positionID: $p, person: {firstName: "Kept", lastName: "Applicant", email: "kept@example.com"}}) { id person { id } } }`,
			map[string]any{"p": positionID}).Decode(t, &out)
		return out.CreateCandidate.ID, out.CreateCandidate.Person.ID
	}
	reject := func(candidateID string) {
		env.GraphQL(`mutation($id: ID!, $r: ID!) { rejectCandidate(id: $id, input: {reasonID: $r}) { id } }`,
			map[string]any{"id": candidateID, "r": reason}).Decode(t, &struct{}{})
	}
	first, personID := candidacy(env.Demo.PublishedPositionUID)
	reject(first)
	// The run listed the person here; then they applied elsewhere.
	second, _ := candidacy(env.Demo.NonTemplatePositionUID)
	cutoff := time.Now().Add(24 * time.Hour)

	erased, err := service.EraseIfStillDue(ctx, personID, cutoff)
	if err != nil {
		t.Fatal(err)
	}
	if erased {
		t.Fatal("erased a person with a candidacy in progress")
	}
	var got struct {
		Node struct {
			Deleted bool
			Person  struct{ Email *string }
		}
	}
	env.GraphQL(`query($id: ID!) { node(id: $id) { ... on Candidate { deleted person { email } } } }`,
		map[string]any{"id": first}).Decode(t, &got)
	if got.Node.Deleted || got.Node.Person.Email == nil {
		t.Fatalf("the closed candidacy changed: %+v", got.Node)
	}

	reject(second)
	if erased, err = service.EraseIfStillDue(ctx, personID, cutoff); err != nil || !erased {
		t.Fatalf("both candidacies closed: erased %v, %v", erased, err)
	}
}
