package codegen

import (
	"fmt"
	"go/format"
	"regexp"
)

// calls is one site per call of gqlgen's function fn: a rewrite of its
// calls must match every one of them, so a call gqlgen starts writing in
// another form fails generation instead of keeping gqlgen's function.
func calls(fn string) Sites {
	return OnePer("call of "+fn, regexp.MustCompile(regexp.QuoteMeta(fn+"(")))
}

// GqlgenRewrites point calls in gqlgen's executor (graph/generated/
// generated.go) at the hand-written helpers beside it in graph/generated.
var GqlgenRewrites = []Rewrite{
	{
		// Lists marshal in order on the calling goroutine instead of a
		// goroutine per element (slice.go).
		Name:  "marshalSliceInOrder",
		Old:   "graphql.MarshalSliceConcurrently(ctx, len(v), 0, false, ",
		New:   "marshalSliceInOrder(ctx, len(v), ",
		Sites: calls("graphql.MarshalSliceConcurrently"),
	},
	{
		// An object's @defer group is built only when one of its fields
		// is deferred (deferred.go).
		Name:  "deferredGroup",
		Old:   "deferred := graphql.NewDeferredGroup(ctx)",
		New:   "deferred := deferredGroup(ctx, fields)",
		Sites: calls("graphql.NewDeferredGroup"),
	},
	{
		// A field without resolver, arguments or directive skips the
		// closures of gqlgen's resolveField when no field middleware
		// is registered (field.go).
		Name:  "resolveField",
		Old:   "return graphql.ResolveField(",
		New:   "return resolveField(",
		Sites: calls("graphql.ResolveField"),
	},
	{
		// An object's fields with resolvers resolve in order instead of
		// a goroutine each (inorder.go).
		Name:  "resolveInOrder",
		Old:   "out.ResolveConcurrently(ec.OperationContext, &deferred, i,",
		New:   "resolveInOrder(ctx, out, ec.OperationContext, &deferred, i, fields,",
		Sites: calls(".ResolveConcurrently"),
	},
	{
		// An object's fields are collected once per operation, selection
		// set and type, with a cheaper key than gqlgen's cache
		// (collected.go): the cache lives in the execution context.
		Name:  "collectedFieldsCache",
		Old:   "type executionContext struct {\n\t*graphql.ExecutionContextState[ResolverRoot, DirectiveRoot, ComplexityRoot]\n}",
		New:   "type executionContext struct {\n\t*graphql.ExecutionContextState[ResolverRoot, DirectiveRoot, ComplexityRoot]\n\tcollected collectedFields\n}",
		Sites: Once(),
	},
	{
		Name:  "collectedFields",
		Old:   "graphql.CollectFields(ec.OperationContext, sel, ",
		New:   "ec.collected.of(ec.OperationContext, sel, ",
		Sites: calls("graphql.CollectFields"),
	},
	{
		// An object without @defer marshals without a map and field
		// copies of its own (object.go).
		Name:  "objectValue",
		Old:   "ec.ProcessDeferredGroup(deferred)\n\t}\n\n\treturn out\n}",
		New:   "ec.ProcessDeferredGroup(deferred)\n\t}\n\n\treturn objectValue(out, fields, deferred)\n}",
		Sites: calls("ec.ProcessDeferredGroup"),
	},
	{
		// A query's answer starts in a buffer of about its size
		// (answer.go).
		Name:  "marshalAnswer",
		Old:   "var buf bytes.Buffer\n\t\t\tdata.MarshalGQL(&buf)\n\t\t\tresponse.Data = buf.Bytes()",
		New:   "response.Data = marshalAnswer(data)",
		Sites: Once(),
	},
}

// PatchGqlgen answers gqlgen's executor src with GqlgenRewrites made, its
// plain fields written without resolveField (rewritePlainFields), a table
// of plain fields per object type (addPlainObjects), the executor's
// methods handed as method expressions (rewriteMethodExpressions), its
// deprecated argument aliases renamed (RenameAliasParams), and gofmt'ed.
func PatchGqlgen(src []byte) ([]byte, error) {
	src, err := applyAll(src, GqlgenRewrites)
	if err != nil {
		return nil, err
	}
	src, scalars, objects, err := rewritePlainFields(src)
	if err != nil {
		return nil, err
	}
	methods, err := methodFields(src)
	if err != nil {
		return nil, err
	}
	if src, err = addPlainObjects(src, scalars, objects, methods); err != nil {
		return nil, err
	}
	if src, err = rewriteMethodExpressions(src); err != nil {
		return nil, err
	}
	out, err := format.Source(RenameAliasParams(src))
	if err != nil {
		return nil, fmt.Errorf("formatting the patched executor: %w", err)
	}
	return out, nil
}
