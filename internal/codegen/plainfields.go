package codegen

import (
	"fmt"
	"regexp"
)

// plainField is a field read straight off its object: the field's
// function (_Type_field), the Go type of the object, the value read off
// it and the value's marshal function.
type plainField struct {
	name, objType, value, marshal string
}

// A field read straight off its object (its resolver returns obj's field,
// so it is neither method nor resolver and has no arguments; no
// directive) resolves without resolveField's closures and boxing while no
// field middleware needs it (graph/generated/field.go): through plainScalar, given the object its
// context names, when its field context is a scalar's, else through
// plainObject. Names in generated code hold non-ASCII letters, hence
// [^(\s] where \w would do.
var (
	scalarFieldContextFunc = regexp.MustCompile(`func \(ec \*executionContext\) (fieldContext_[^(\s]+)\(_ context\.Context, field graphql\.CollectedField\) \(fc \*graphql\.FieldContext, err error\) \{\n\treturn graphql\.NewScalarFieldContext\(("[^"]+"), field, false, false, "[^"]+"\)\n\}`)
	plainFieldFunc         = regexp.MustCompile(`(func \(ec \*executionContext\) (_[^(\s]+)\(ctx context\.Context, field graphql\.CollectedField, obj ([^)]+)\) \(ret graphql\.Marshaler\) \{)\n` +
		`\treturn resolveField\(\n\t\tctx,\n\t\tec\.OperationContext,\n\t\tfield,\n` +
		`\t\tfunc\(ctx context\.Context, field graphql\.CollectedField\) \(\*graphql\.FieldContext, error\) \{\n\t\t\treturn ec\.(fieldContext_[^(\s]+)\(ctx, field\)\n\t\t\},\n` +
		`\t\tfunc\(ctx context\.Context\) \(any, error\) \{\n\t\t\treturn (obj\.[A-Za-z0-9_]+), nil\n\t\t\},\n` +
		`\t\tnil,\n` +
		`\t\tfunc\(ctx context\.Context, selections ast\.SelectionSet, v [^)]+\) graphql\.Marshaler \{\n\t\t\treturn ec\.(marshal[^(\s]+)\(ctx, selections, v\)\n\t\t\},\n` +
		`\t\ttrue,\n\t\t(true|false),\n\t\)\n\}`)
	// The resolver of a field read straight off its object, whatever the
	// form of the function around it: plainFieldFunc must match one
	// function per such resolver.
	plainFieldResolver = regexp.MustCompile(`\n\t\tfunc\(ctx context\.Context\) \(any, error\) \{\n\t\t\treturn obj\.[A-Za-z0-9_]+, nil\n`)
)

// rewritePlainFields rewrites the plain fields of src and answers the
// scalar and the object fields it rewrote. It fails unless it rewrites
// one function per field read straight off its object.
func rewritePlainFields(src []byte) (out []byte, scalars, objects []plainField, err error) {
	if got, want := len(plainFieldFunc.FindAllIndex(src, -1)), len(plainFieldResolver.FindAllIndex(src, -1)); got != want || got == 0 {
		return nil, nil, nil, fmt.Errorf("plainFields: %d plain field functions in the expected form, want %d (one per field read straight off its object); has gqlgen's output changed?", got, want)
	}
	// The object a scalar field's context names, by the field's context
	// function.
	scalarOf := map[string]string{}
	for _, m := range scalarFieldContextFunc.FindAllSubmatch(src, -1) {
		scalarOf[string(m[1])] = string(m[2])
	}
	out = plainFieldFunc.ReplaceAllFunc(src, func(fn []byte) []byte {
		m := plainFieldFunc.FindSubmatch(fn)
		name, objType, fieldContext, value, marshal, nonNull := string(m[2]), string(m[3]), string(m[4]), string(m[5]), string(m[6]), string(m[7])
		call := "plainObject(ctx, ec.OperationContext, field, " + value + ", " + nonNull + ", ec." + fieldContext
		if object, ok := scalarOf[fieldContext]; ok {
			call = "plainScalar(ctx, ec.OperationContext, field, " + value + ", " + object + ", " + nonNull
			scalars = append(scalars, plainField{name: name, objType: objType, value: value, marshal: marshal})
		} else {
			objects = append(objects, plainField{name: name, objType: objType, value: value, marshal: marshal})
		}
		return []byte(string(m[1]) + "\n\treturn " + call + ", ec." + marshal + ")\n}")
	})
	if len(scalars) == 0 || len(objects) == 0 {
		return nil, nil, nil, fmt.Errorf("plainFields: %d plain scalar and %d plain object fields; has gqlgen's output changed?", len(scalars), len(objects))
	}
	return out, scalars, objects, nil
}

var (
	// A field read by a method of its object that takes no argument but
	// the context (an ent edge, such as Candidate.Person(ctx)), with no
	// directive.
	methodFieldFunc = regexp.MustCompile(`func \(ec \*executionContext\) (_[^(\s]+)\(ctx context\.Context, field graphql\.CollectedField, obj ([^)]+)\) \(ret graphql\.Marshaler\) \{\n` +
		`\treturn resolveField\(\n\t\tctx,\n\t\tec\.OperationContext,\n\t\tfield,\n` +
		`\t\tfunc\(ctx context\.Context, field graphql\.CollectedField\) \(\*graphql\.FieldContext, error\) \{\n\t\t\treturn ec\.fieldContext_[^(\s]+\(ctx, field\)\n\t\t\},\n` +
		`\t\tfunc\(ctx context\.Context\) \(any, error\) \{\n\t\t\treturn (obj\.[A-Za-z0-9_]+)\(ctx\)\n\t\t\},\n` +
		`\t\tnil,\n` +
		`\t\tfunc\(ctx context\.Context, selections ast\.SelectionSet, v [^)]+\) graphql\.Marshaler \{\n\t\t\treturn ec\.(marshal[^(\s]+)\(ctx, selections, v\)\n\t\t\},\n`)
	// The resolver of a method field, whatever the function around it.
	methodFieldResolver = regexp.MustCompile(`\n\t\tfunc\(ctx context\.Context\) \(any, error\) \{\n\t\t\treturn obj\.[A-Za-z0-9_]+\(ctx\)\n`)
)

// methodFields answers the fields of src read by a method of their object
// that takes only the context, and fails unless it finds one per such
// method call.
func methodFields(src []byte) ([]plainField, error) {
	var methods []plainField
	for _, m := range methodFieldFunc.FindAllSubmatch(src, -1) {
		methods = append(methods, plainField{name: string(m[1]), objType: string(m[2]), value: string(m[3]), marshal: string(m[4])})
	}
	if want := len(methodFieldResolver.FindAllIndex(src, -1)); len(methods) != want || want == 0 {
		return nil, fmt.Errorf("methodFields: %d method field functions in the expected form, want %d (one per method read with the context only); has gqlgen's output changed?", len(methods), want)
	}
	return methods, nil
}
