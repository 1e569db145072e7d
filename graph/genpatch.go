//go:build ignore

// Command genpatch rewrites calls in the generated GraphQL server that
// gqlgen has no setting for, right after gqlgen (go generate runs it). Each
// rewrite points at a hand-written helper in graph/generated beside the
// generated file, and fails when gqlgen stops emitting the call it replaces,
// so an upgrade cannot silently undo it.
package main

import (
	"bytes"
	"log"
	"os"
)

const file = "graph/generated/generated.go"

var rewrites = []struct{ old, new string }{
	// Lists marshal in order on the calling goroutine instead of a
	// goroutine per element (graph/generated/slice.go).
	{"graphql.MarshalSliceConcurrently(ctx, len(v), 0, false, ", "marshalSliceInOrder(ctx, len(v), "},
	// An object's @defer group is built only when one of its fields is
	// deferred (graph/generated/deferred.go).
	{"deferred := graphql.NewDeferredGroup(ctx)", "deferred := deferredGroup(ctx, fields)"},
	// A field read straight off its object skips the field middleware
	// (graph/generated/field.go).
	{"return graphql.ResolveField(", "return resolveField("},
	// A scalar field's context shares one Child function instead of a
	// closure each (graph/generated/field.go).
	{"return graphql.NewScalarFieldContext(", "return scalarFieldContext("},
	// An object's fields with resolvers resolve in order instead of a
	// goroutine each (graph/generated/inorder.go).
	{"out.ResolveConcurrently(ec.OperationContext, &deferred, i,", "resolveInOrder(ctx, out, ec.OperationContext, &deferred, i, fields,"},
	// An object without @defer marshals without a map and field copies
	// of its own (graph/generated/object.go).
	{"ec.ProcessDeferredGroup(deferred)\n\t}\n\n\treturn out\n}", "ec.ProcessDeferredGroup(deferred)\n\t}\n\n\treturn objectValue(out, fields, deferred)\n}"},
}

func main() {
	src, err := os.ReadFile(file)
	if err != nil {
		log.Fatal(err)
	}
	for _, r := range rewrites {
		if bytes.Count(src, []byte(r.old)) == 0 {
			log.Fatalf("%s: no call of %s; has gqlgen changed its output?", file, r.old)
		}
		src = bytes.ReplaceAll(src, []byte(r.old), []byte(r.new))
	}
	if err := os.WriteFile(file, src, 0o644); err != nil {
		log.Fatal(err)
	}
}
