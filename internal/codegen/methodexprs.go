package codegen

import (
	"bytes"
	"fmt"
	"regexp"
)

// gqlgen wraps each call of the executor's own methods it hands to
// resolveField and resolveInOrder in a closure of ec (and the object):
// a closure these functions may keep for gqlgen's chain or a deferred
// field is allocated on every call, for every field of every row. Handed
// the methods as method expressions with ec, they make a closure only on
// the path that keeps one (graph/generated/field.go, inorder.go).
var (
	// A resolveField call (the resolveField rewrite) of a field without
	// directive: its field context (group 1), resolver (group 2), and
	// marshal (group 3) functions.
	resolveFieldCall = regexp.MustCompile(`\treturn resolveField\(\n\t\tctx,\n\t\tec\.OperationContext,\n\t\tfield,\n` +
		`\t\tfunc\(ctx context\.Context, field graphql\.CollectedField\) \(\*graphql\.FieldContext, error\) \{\n\t\t\treturn ec\.(fieldContext_[^(\s]+)\(ctx, field\)\n\t\t\},\n` +
		`(\t\tfunc\(ctx context\.Context\) \(any, error\) \{\n(?:\t\t\t.*\n)*?\t\t\},\n)` +
		`\t\tnil,\n` +
		`\t\tfunc\(ctx context\.Context, selections ast\.SelectionSet, v [^)]+\) graphql\.Marshaler \{\n\t\t\treturn ec\.(marshal[^(\s]+)\(ctx, selections, v\)\n\t\t\},\n`)
	// A resolveInOrder call (the resolveInOrder rewrite): its panic and
	// null flags (groups 1, 2) and field function (group 3).
	resolveInOrderCall = regexp.MustCompile(`resolveInOrder\(ctx, out, ec\.OperationContext, &deferred, i, fields,\n\t\t\t\t(true|false), (true|false),\n` +
		`\t\t\t\tfunc\(ctx context\.Context\) graphql\.Marshaler \{\n\t\t\t\t\treturn ec\.(_[^(\s]+)\(ctx, field, obj\)\n\t\t\t\t\}\)`)
)

// rewriteMethodExpressions hands resolveField and resolveInOrder the
// methods gqlgen wraps in closures as method expressions. It fails unless
// it rewrites every call of each.
func rewriteMethodExpressions(src []byte) ([]byte, error) {
	src, err := replaceEvery(src, "resolveField", resolveFieldCall, "return resolveField(",
		"\treturn resolveField(\n\t\tctx,\n\t\tec,\n\t\tfield,\n\t\t(*executionContext).$1,\n$2\t\tnil,\n\t\t(*executionContext).$3,\n")
	if err != nil {
		return nil, err
	}
	return replaceEvery(src, "resolveInOrder", resolveInOrderCall, "resolveInOrder(ctx, out, ",
		"resolveInOrder(ctx, out, ec, &deferred, i, fields,\n\t\t\t\t$1, $2, obj, (*executionContext).$3)")
}

// replaceEvery replaces each match of re in src by template, and fails
// unless re matches every one of the calls, counted by call.
func replaceEvery(src []byte, name string, re *regexp.Regexp, call, template string) ([]byte, error) {
	if got, want := len(re.FindAllIndex(src, -1)), bytes.Count(src, []byte(call)); got != want || got == 0 {
		return nil, fmt.Errorf("%s: %d calls in the expected form, want %d (one per %q); has gqlgen's output changed?", name, got, want, call)
	}
	return re.ReplaceAll(src, []byte(template)), nil
}
