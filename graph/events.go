package graph

import (
	"github.com/hiregraph/hiregraph/graph/model"
	"github.com/hiregraph/hiregraph/recruiting"
)

// eventFeed shapes a page of the change feed for the graph.
func eventFeed(page *recruiting.FeedPage, err error) (*model.EventFeed, error) {
	if err != nil {
		return nil, err
	}
	out := &model.EventFeed{Cursor: page.Cursor, HasMore: page.HasMore, Events: make([]*recruiting.EventPayload, len(page.Events))}
	for i, ev := range page.Events {
		out.Events[i] = recruiting.NewEventPayload(ev)
	}
	return out, nil
}

// deref is v, or T's zero value when v is nil.
func deref[T any](v *T) T {
	var zero T
	if v == nil {
		return zero
	}
	return *v
}

// pageSize is a list's first argument, which defaultPageSize has set to the
// default when the query gave none.
func pageSize(first *int) int {
	if first == nil {
		return recruiting.DefaultPageSize
	}
	return *first
}
