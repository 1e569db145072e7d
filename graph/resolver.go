// Package graph serves the recruiting graph: the resolvers of the
// graph/*.graphqls schema files. Resolvers hold no business rules: they call
// the recruiting package, the same operations the REST adapter calls.
package graph

import (
	"github.com/hiregraph/hiregraph/ent"
	"github.com/hiregraph/hiregraph/recruiting"
)

// Resolver is the root resolver.
type Resolver struct {
	service *recruiting.Service
	client  *ent.Client
}

// pointers is the form gqlgen wants for lists of value types.
func pointers[T any](values []T) []*T {
	out := make([]*T, len(values))
	for i := range values {
		out[i] = &values[i]
	}
	return out
}

// listOf is a list answer of the service as gqlgen's resolvers return it.
func listOf[T any](values []T, err error) ([]*T, error) {
	if err != nil {
		return nil, err
	}
	return pointers(values), nil
}
