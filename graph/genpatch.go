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
	"regexp"
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
	// An object's fields are collected once per operation, selection set
	// and type, with a cheaper key than gqlgen's cache
	// (graph/generated/collected.go).
	{"type executionContext struct {\n\t*graphql.ExecutionContextState[ResolverRoot, DirectiveRoot, ComplexityRoot]\n}", "type executionContext struct {\n\t*graphql.ExecutionContextState[ResolverRoot, DirectiveRoot, ComplexityRoot]\n\tcollected collectedFields\n}"},
	{"graphql.CollectFields(ec.OperationContext, sel, ", "ec.collected.of(ec.OperationContext, sel, "},
	// An object without @defer marshals without a map and field copies
	// of its own (graph/generated/object.go).
	{"ec.ProcessDeferredGroup(deferred)\n\t}\n\n\treturn out\n}", "ec.ProcessDeferredGroup(deferred)\n\t}\n\n\treturn objectValue(out, fields, deferred)\n}"},
}

// A field read straight off its object (its resolver returns obj's field,
// so it is neither method nor resolver and has no arguments; no
// middleware) resolves without resolveField's closures and boxing
// (graph/generated/field.go): through plainScalar, given the object its
// context names, when its field context is a scalar's, else through
// plainObject. Names in generated code hold non-ASCII letters, hence
// [^(\s] where \w would do.
var (
	scalarFieldContextFunc = regexp.MustCompile(`func \(ec \*executionContext\) (fieldContext_[^(\s]+)\(_ context\.Context, field graphql\.CollectedField\) \(fc \*graphql\.FieldContext, err error\) \{\n\treturn scalarFieldContext\(("[^"]+"), field, false, false, "[^"]+"\)\n\}`)
	plainFieldFunc         = regexp.MustCompile(`(func \(ec \*executionContext\) _[^(\s]+\(ctx context\.Context, field graphql\.CollectedField, obj [^)]+\) \(ret graphql\.Marshaler\) \{)\n` +
		`\treturn resolveField\(\n\t\tctx,\n\t\tec\.OperationContext,\n\t\tfield,\n` +
		`\t\tfunc\(ctx context\.Context, field graphql\.CollectedField\) \(\*graphql\.FieldContext, error\) \{\n\t\t\treturn ec\.(fieldContext_[^(\s]+)\(ctx, field\)\n\t\t\},\n` +
		`\t\tfunc\(ctx context\.Context\) \(any, error\) \{\n\t\t\treturn (obj\.[A-Za-z0-9_]+), nil\n\t\t\},\n` +
		`\t\tnil,\n` +
		`\t\tfunc\(ctx context\.Context, selections ast\.SelectionSet, v [^)]+\) graphql\.Marshaler \{\n\t\t\treturn ec\.(marshal[^(\s]+)\(ctx, selections, v\)\n\t\t\},\n` +
		`\t\ttrue,\n\t\t(?:true|false),\n\t\)\n\}`)
)

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
	src, scalars, objects := rewritePlainFields(src)
	if scalars == 0 || objects == 0 {
		log.Fatalf("%s: %d plain scalar and %d plain object fields; has gqlgen changed its output?", file, scalars, objects)
	}
	if err := os.WriteFile(file, src, 0o644); err != nil {
		log.Fatal(err)
	}
}

// rewritePlainFields rewrites the plain fields of src and answers how many
// scalar and object fields it rewrote.
func rewritePlainFields(src []byte) (out []byte, scalars, objects int) {
	// The object a scalar field's context names, by the field's context
	// function.
	scalarOf := map[string]string{}
	for _, m := range scalarFieldContextFunc.FindAllSubmatch(src, -1) {
		scalarOf[string(m[1])] = string(m[2])
	}
	out = plainFieldFunc.ReplaceAllFunc(src, func(fn []byte) []byte {
		m := plainFieldFunc.FindSubmatch(fn)
		fieldContext, value, marshal := string(m[2]), string(m[3]), string(m[4])
		call := "plainObject(ctx, ec.OperationContext, field, " + value + ", ec." + fieldContext
		if object, ok := scalarOf[fieldContext]; ok {
			call = "plainScalar(ctx, ec.OperationContext, field, " + value + ", " + object
			scalars++
		} else {
			objects++
		}
		return []byte(string(m[1]) + "\n\treturn " + call + ", ec." + marshal + ")\n}")
	})
	return out, scalars, objects
}
