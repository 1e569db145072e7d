package hiregraphtest

import (
	"context"
	"testing"

	"github.com/hiregraph/hiregraph/internal/demo"
)

// OtherCompany seeds a second demo company in e's database and returns an
// Env whose requests act for it, for tenant isolation tests: the two
// companies share every table, so only the privacy rules keep them apart.
func (e *Env) OtherCompany() *Env {
	e.T.Helper()
	return e.NewCompany(e.T, "Other Robotics")
}

// NewCompany seeds a demo company named name in e's database and returns
// an Env whose requests act for it and whose failures are t's. A test that
// needs many fresh companies (one per subtest) makes them in one database:
// migrating a database of its own takes most of a second on PostgreSQL, a
// company a fifth of that.
func (e *Env) NewCompany(t testing.TB, name string) *Env {
	t.Helper()
	m, err := demo.Seed(context.Background(), e.DB.Client, e.Sealer, name)
	if err != nil {
		t.Fatalf("seeding company %q: %v", name, err)
	}
	other := *e
	other.T = t
	other.Demo = m
	return &other
}
