package graph

import (
	"context"
	"slices"
	"strings"

	"github.com/99designs/gqlgen/graphql"

	"github.com/hiregraph/hiregraph/ent"
	"github.com/hiregraph/hiregraph/ent/apikey"
	"github.com/hiregraph/hiregraph/ent/entgql"
	"github.com/hiregraph/hiregraph/ent/webhookattempt"
	"github.com/hiregraph/hiregraph/ent/webhookendpoint"
	"github.com/hiregraph/hiregraph/recruiting"
)

// nodeType resolves the table of a global ID. An ID of no known type is
// reported as not found, in the words of an ID of a known type that does
// not exist (or is another company's).
func nodeType(ctx context.Context, id string) (string, error) {
	table, err := ent.IDToType(ctx, id)
	if err != nil {
		return "", entgql.ErrNodeNotFound(id)
	}
	return table, nil
}

// node resolves a global ID: through entgql's Noder, or, for the Nodes it
// does not know, through the service's read of one record, which checks
// what their lists check.
func (r *Resolver) node(ctx context.Context, id string) (ent.Noder, error) {
	read := r.readOutsideEnt(ctx, id)
	if read == nil {
		return r.client.Noder(ctx, id, ent.WithNodeType(nodeType))
	}
	n, err := read(ctx, id)
	if ent.IsNotFound(err) {
		return nil, entgql.ErrNodeNotFound(id)
	}
	return n, err
}

// nodes resolves global IDs as node does, each in its place.
func (r *Resolver) nodes(ctx context.Context, ids []string) ([]ent.Noder, error) {
	if !slices.ContainsFunc(ids, func(id string) bool { return r.readOutsideEnt(ctx, id) != nil }) {
		return r.client.Noders(ctx, ids, ent.WithNodeType(nodeType))
	}
	// Noders reads ids table by table, but only tables it knows: with one of
	// the others among them, each id is read on its own, its error at its
	// index as Noders places it.
	out := make([]ent.Noder, len(ids))
	for i, id := range ids {
		n, err := r.node(ctx, id)
		if err != nil {
			graphql.AddError(graphql.WithPathContext(ctx, graphql.NewPathWithIndex(i)), err)
			continue
		}
		out[i] = n
	}
	return out, nil
}

// readOutsideEnt is the service's read of the record id names when
// entgql's Noder does not know its type (events, which are no table of
// their own, and the records whose GraphQL types are written by hand), or
// nil.
func (r *Resolver) readOutsideEnt(ctx context.Context, id string) func(context.Context, string) (ent.Noder, error) {
	if strings.HasPrefix(id, recruiting.EventPrefix+"_") {
		return noder(r.service.Event)
	}
	switch table, _ := ent.IDToType(ctx, id); table {
	case apikey.Table:
		return noder(r.service.APIKey)
	case webhookendpoint.Table:
		return noder(r.service.WebhookEndpoint)
	case webhookattempt.Table:
		return noder(r.service.WebhookAttempt)
	}
	return nil
}

// noder makes a read of one record a read of a Node; a failed read is no
// Node at all (not a nil record in one).
func noder[T ent.Noder](read func(context.Context, string) (T, error)) func(context.Context, string) (ent.Noder, error) {
	return func(ctx context.Context, id string) (ent.Noder, error) {
		n, err := read(ctx, id)
		if err != nil {
			return nil, err
		}
		return n, nil
	}
}
