// Package hiregraph is the root of the Hiregraph module. Its go:generate
// lines rebuild all generated code: the ent data layer, then the GraphQL
// server from the graph/*.graphqls schema files.
package hiregraph

//go:generate go run -mod=mod ./ent/entc.go
//go:generate go tool gqlgen generate --config gqlgen.yml
//go:generate go run ./graph/genpatch.go
