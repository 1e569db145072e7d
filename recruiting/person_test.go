package recruiting_test

import (
	"context"
	"testing"

	"github.com/hiregraph/hiregraph/ent"
	"github.com/hiregraph/hiregraph/ent/person"
	"github.com/hiregraph/hiregraph/internal/hiregraphtest"
	"github.com/hiregraph/hiregraph/internal/viewer"
	"github.com/hiregraph/hiregraph/recruiting"
)

// TestInsertPersonLosingARace: the insert of a person another request
// created since the look-up (same address, other case) returns that person,
// records no second one, and leaves the transaction usable, on both
// databases.
func TestInsertPersonLosingARace(t *testing.T) {
	env := hiregraphtest.New(t)
	ctx := viewer.NewContext(context.Background(), viewer.ForKey(env.Demo.CompanyUID, "", []string{viewer.ScopeWrite}))
	service := recruiting.New(recruiting.Dependencies{Client: env.DB.Client, Dialect: env.DB.Dialect})
	first := "Ada"
	err := service.WithTx(ctx, func(ctx context.Context, client *ent.Client) error {
		p, err := service.InsertPerson(ctx, client, recruiting.PersonInput{FirstName: &first}, "ADA@example.com")
		if err != nil {
			return err
		}
		if p.FirstName != "Ada" || p.LastName != "Lovelace" {
			t.Errorf("got %+v, want the demo's Ada", p)
		}
		// The transaction still works.
		_, err = client.Person.Query().Count(ctx)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	if n := env.DB.Client.Person.Query().Where(person.EmailNormalized("ada@example.com")).CountX(hiregraphtest.System()); n != 1 {
		t.Errorf("%d people with ada's address, want 1", n)
	}
}
