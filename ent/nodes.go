package ent

// This file is written by hand: ent does not generate it.
//
// The records below are kept out of entgql's generated schema (their
// GraphQL types are written by hand in graph/), so entgql gives them no
// IsNode. They are Nodes all the same, which graph's node and nodes
// resolve: every record with an id is reachable by it.

// IsNode implements the Node interface check for GQLGen.
func (*APIKey) IsNode() {}

// IsNode implements the Node interface check for GQLGen.
func (*WebhookEndpoint) IsNode() {}

// IsNode implements the Node interface check for GQLGen.
func (*WebhookAttempt) IsNode() {}
