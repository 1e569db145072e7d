//go:build !codegen

package gqlannotation

import "entgo.io/ent/schema"

// inert stands for every GraphQL annotation in the server binary, where
// nothing reads annotations.
type inert struct{}

// Name implements schema.Annotation.
func (inert) Name() string { return "GraphQLAnnotationForCodegenOnly" }

// SkipMode mirrors entgql.SkipMode.
type SkipMode int

// What Skip can skip.
const (
	SkipType SkipMode = 1 << iota
	SkipMutationCreateInput
	SkipMutationUpdateInput
)

// MutationOption mirrors entgql.MutationOption.
type MutationOption struct{}

// Skip, RelayConnection, OrderField, MultiOrder, QueryField, Mutations and
// MutationCreate take entgql's arguments and return inert annotations.
func Skip(...SkipMode) schema.Annotation            { return inert{} }
func RelayConnection() schema.Annotation            { return inert{} }
func OrderField(string) schema.Annotation           { return inert{} }
func MultiOrder() schema.Annotation                 { return inert{} }
func QueryField(...string) QueryFieldAnnotation     { return QueryFieldAnnotation{} }
func Mutations(...MutationOption) schema.Annotation { return inert{} }
func MutationCreate() MutationOption                { return MutationOption{} }
func Type(string) schema.Annotation                 { return inert{} }

// QueryFieldAnnotation mirrors entgql's, so schema files can describe their
// query fields.
type QueryFieldAnnotation struct{ inert }

// Description mirrors entgql.QueryFieldAnnotation.Description.
func (a QueryFieldAnnotation) Description(string) QueryFieldAnnotation { return a }

// Directive mirrors entgql.Directive.
type Directive struct{}

// Directives and Deprecated take entgql's arguments and return inert
// values.
func Directives(...Directive) schema.Annotation { return inert{} }
func Deprecated(string) Directive               { return Directive{} }
