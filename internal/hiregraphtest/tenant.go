package hiregraphtest

import (
	"context"

	"github.com/hiregraph/hiregraph/internal/demo"
)

// OtherCompany seeds a second demo company in e's database and returns an
// Env whose requests act for it, for tenant isolation tests: the two
// companies share every table, so only the privacy rules keep them apart.
func (e *Env) OtherCompany() *Env {
	e.T.Helper()
	m, err := demo.Seed(context.Background(), e.DB.Client, e.Sealer, "Other Robotics")
	if err != nil {
		e.T.Fatalf("seeding another company: %v", err)
	}
	other := *e
	other.Demo = m
	return &other
}
