// Package hiregraph is the root of the Hiregraph module. Its go:generate
// lines rebuild all generated code: the ent data layer, then the GraphQL
// server from the graph/*.graphqls schema files. Both generators, and what
// they change in ent's and gqlgen's output, live in internal/codegen.
package hiregraph

//go:generate go run -mod=mod ./internal/codegen/cmd/entc
//go:generate go run ./internal/codegen/cmd/gqlgenpatch
