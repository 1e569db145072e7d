package graph_test

import (
	"testing"

	"github.com/hiregraph/hiregraph/internal/hiregraphtest"
)

// assertCode checks that a GraphQL response failed with code (and, when
// status is not 0, extensions.status) and returned no data.
func assertCode(t *testing.T, r *hiregraphtest.GraphQLResponse, code string, status int) {
	t.Helper()
	if r.Code() != code {
		t.Fatalf("code %q, want %q: %+v", r.Code(), code, r.Errors)
	}
	if got, _ := r.Errors[0].Extensions["status"].(float64); status != 0 && int(got) != status {
		t.Errorf("extensions.status %v, want %d: %+v", r.Errors[0].Extensions["status"], status, r.Errors)
	}
	if r.Errors[0].Message == "" {
		t.Errorf("error without a message: %+v", r.Errors)
	}
}
