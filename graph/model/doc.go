// Package model holds the GraphQL types gqlgen generates for inputs and
// payloads that have no ent counterpart (models_gen.go).
package model
