//go:build codegen

// Package gqlannotation gives ent/schema its GraphQL annotations. Code
// generation builds with the codegen tag and gets entgql's own; the server
// builds without it and gets inert ones, because entgql's annotations live
// in the package of its code generator (entc/gen, gqlgen's codegen, atlas,
// x/tools), which ent/runtime would otherwise link into the binary through
// ent/schema. Annotations only matter to the generator.
package gqlannotation

import "entgo.io/contrib/entgql"

// The annotations ent/schema uses, as entgql defines them.
var (
	Skip            = entgql.Skip
	RelayConnection = entgql.RelayConnection
	OrderField      = entgql.OrderField
	MultiOrder      = entgql.MultiOrder
	QueryField      = entgql.QueryField
	Mutations       = entgql.Mutations
	MutationCreate  = entgql.MutationCreate
	Type            = entgql.Type
	Directives      = entgql.Directives
	Deprecated      = entgql.Deprecated
)

// What Skip can skip.
const (
	SkipType                = entgql.SkipType
	SkipMutationCreateInput = entgql.SkipMutationCreateInput
	SkipMutationUpdateInput = entgql.SkipMutationUpdateInput
)
