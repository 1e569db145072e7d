//go:build ignore

// Command genpatch rewrites calls in the generated GraphQL server that
// gqlgen has no setting for, right after gqlgen (go generate runs it). Each
// rewrite points at a hand-written helper in graph/generated beside the
// generated file, and fails when gqlgen stops emitting the call it replaces,
// so an upgrade cannot silently undo it.
package main

import (
	"bytes"
	"cmp"
	"fmt"
	"go/format"
	"log"
	"os"
	"path/filepath"
	"regexp"
	"strings"
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
	// A query's answer starts in a buffer of about its size
	// (graph/generated/answer.go).
	{"var buf bytes.Buffer\n\t\t\tdata.MarshalGQL(&buf)\n\t\t\tresponse.Data = buf.Bytes()", "response.Data = marshalAnswer(data)"},
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
	plainFieldFunc         = regexp.MustCompile(`(func \(ec \*executionContext\) (_[^(\s]+)\(ctx context\.Context, field graphql\.CollectedField, obj ([^)]+)\) \(ret graphql\.Marshaler\) \{)\n` +
		`\treturn resolveField\(\n\t\tctx,\n\t\tec\.OperationContext,\n\t\tfield,\n` +
		`\t\tfunc\(ctx context\.Context, field graphql\.CollectedField\) \(\*graphql\.FieldContext, error\) \{\n\t\t\treturn ec\.(fieldContext_[^(\s]+)\(ctx, field\)\n\t\t\},\n` +
		`\t\tfunc\(ctx context\.Context\) \(any, error\) \{\n\t\t\treturn (obj\.[A-Za-z0-9_]+), nil\n\t\t\},\n` +
		`\t\tnil,\n` +
		`\t\tfunc\(ctx context\.Context, selections ast\.SelectionSet, v [^)]+\) graphql\.Marshaler \{\n\t\t\treturn ec\.(marshal[^(\s]+)\(ctx, selections, v\)\n\t\t\},\n` +
		`\t\ttrue,\n\t\t(?:true|false),\n\t\)\n\}`)
)

// A field read by a method of its object that takes no argument but the
// context (an ent edge, such as Candidate.Person(ctx)), with no
// directive.
var methodFieldFunc = regexp.MustCompile(`func \(ec \*executionContext\) (_[^(\s]+)\(ctx context\.Context, field graphql\.CollectedField, obj ([^)]+)\) \(ret graphql\.Marshaler\) \{\n` +
	`\treturn resolveField\(\n\t\tctx,\n\t\tec\.OperationContext,\n\t\tfield,\n` +
	`\t\tfunc\(ctx context\.Context, field graphql\.CollectedField\) \(\*graphql\.FieldContext, error\) \{\n\t\t\treturn ec\.fieldContext_[^(\s]+\(ctx, field\)\n\t\t\},\n` +
	`\t\tfunc\(ctx context\.Context\) \(any, error\) \{\n\t\t\treturn (obj\.[A-Za-z0-9_]+)\(ctx\)\n\t\t\},\n` +
	`\t\tnil,\n` +
	`\t\tfunc\(ctx context\.Context, selections ast\.SelectionSet, v [^)]+\) graphql\.Marshaler \{\n\t\t\treturn ec\.(marshal[^(\s]+)\(ctx, selections, v\)\n\t\t\},\n`)

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
	if len(scalars) == 0 || len(objects) == 0 {
		log.Fatalf("%s: %d plain scalar and %d plain object fields; has gqlgen changed its output?", file, len(scalars), len(objects))
	}
	var methods []plainField
	for _, m := range methodFieldFunc.FindAllSubmatch(src, -1) {
		methods = append(methods, plainField{name: string(m[1]), objType: string(m[2]), value: string(m[3]), marshal: string(m[4])})
	}
	src, written, children := addPlainObjects(src, scalars, objects, methods)
	if written == 0 || children == 0 {
		log.Fatalf("%s: %d plain scalars and %d plain children written; has gqlgen changed its output?", file, written, children)
	}
	if src, err = format.Source(renameAliasParams(src)); err != nil {
		log.Fatal(err)
	}
	if err := os.WriteFile(file, src, 0o644); err != nil {
		log.Fatal(err)
	}
	resolvers, err := filepath.Glob("graph/*.resolvers.go")
	if err != nil {
		log.Fatal(err)
	}
	for _, name := range resolvers {
		src, err := os.ReadFile(name)
		if err != nil {
			log.Fatal(err)
		}
		if fixed := renameAliasParams(src); !bytes.Equal(fixed, src) {
			if err := os.WriteFile(name, fixed, 0o644); err != nil {
				log.Fatal(err)
			}
		}
	}
}

// paramList matches a parameter list of names and types, as gqlgen writes
// a field's arguments.
var paramList = regexp.MustCompile(`\((?:[A-Za-z_]\w* [^,()]+, )*[A-Za-z_]\w* [^,()]+\)`)

// renameAliasParams renames the later of two parameters gqlgen gives one
// name: an argument kept, deprecated, beside its new spelling (positionId
// beside positionID) gets the same Go name, and gqlgen has no setting to
// rename it. The schema declares the deprecated one last; it becomes
// <name>Deprecated, the name the hand-written resolvers use.
func renameAliasParams(src []byte) []byte {
	return paramList.ReplaceAllFunc(src, func(list []byte) []byte {
		params := strings.Split(string(list[1:len(list)-1]), ", ")
		seen := map[string]bool{}
		for i, p := range params {
			name, typ, _ := strings.Cut(p, " ")
			if seen[name] {
				params[i] = name + "Deprecated " + typ
			}
			seen[name] = true
		}
		return []byte("(" + strings.Join(params, ", ") + ")")
	})
}

// rewritePlainFields rewrites the plain fields of src and answers the
// scalar and the object fields it rewrote.
func rewritePlainFields(src []byte) (out []byte, scalars, objects []plainField) {
	// The object a scalar field's context names, by the field's context
	// function.
	scalarOf := map[string]string{}
	for _, m := range scalarFieldContextFunc.FindAllSubmatch(src, -1) {
		scalarOf[string(m[1])] = string(m[2])
	}
	out = plainFieldFunc.ReplaceAllFunc(src, func(fn []byte) []byte {
		m := plainFieldFunc.FindSubmatch(fn)
		name, objType, fieldContext, value, marshal := string(m[2]), string(m[3]), string(m[4]), string(m[5]), string(m[6])
		call := "plainObject(ctx, ec.OperationContext, field, " + value + ", ec." + fieldContext
		if object, ok := scalarOf[fieldContext]; ok {
			call = "plainScalar(ctx, ec.OperationContext, field, " + value + ", " + object
			scalars = append(scalars, plainField{name: name, objType: objType, value: value, marshal: marshal})
		} else {
			objects = append(objects, plainField{name: name, objType: objType, value: value, marshal: marshal})
		}
		return []byte(string(m[1]) + "\n\treturn " + call + ", ec." + marshal + ")\n}")
	})
	return out, scalars, objects
}

// plainField is a field read straight off its object: the field's
// function (_Type_field), the Go type of the object, the value read off
// it and the value's marshal function.
type plainField struct {
	name, objType, value, marshal string
}

var (
	marshalFunc = regexp.MustCompile(`(?s)\nfunc \(ec \*executionContext\) (marshal[^(\s]+)\(ctx context\.Context, sel ast\.SelectionSet, v [^)]+\) graphql\.Marshaler \{\n(.*?)\n\}\n`)
	// A marshal function handing v to a builtin scalar's marshaler, which
	// cannot fail: it answers null only for a nil pointer or a zero time.
	scalarMarshalBody = regexp.MustCompile(`^(\tif v == nil \{\n\t\treturn graphql\.Null\n\t\}\n)?(?:\t_ = sel\n)?(?:\t_ = ctx\n)?` +
		`\tres := (graphql\.Marshal(?:String|ID|Int|Int32|Int64|Boolean|Float)|scalar\.MarshalTime)\((\*?)v\)\n` +
		`(\tif res == graphql\.Null \{\n\t\tgraphql\.AddInvalidNullFromMarshaler\(ctx, "[^"]+"\)\n\t\}\n)?\treturn res$`)
	// A marshal function answering v, an enum, which writes itself.
	enumMarshalBody = regexp.MustCompile(`^(\tif v == nil \{\n\t\treturn graphql\.Null\n\t\}\n)?\treturn v$`)
	// The marshal function of an enum of one of ent's packages
	// (ent/candidate.Status), which writeEnum writes.
	entEnum = regexp.MustCompile(`2ᚖ?githubᚗcomᚋhiregraphᚋhiregraphᚋentᚋ[a-z]+ᚐ[A-Z][A-Za-z]*$`)
	// A marshal function of one object, nullable or not (group 1).
	objectMarshalBody = regexp.MustCompile(`^\tif v == nil \{\n(\t\tgraphql\.AddInvalidNullError\(ctx, "[^"]+"\)\n)?\t\treturn graphql\.Null\n\t\}\n\treturn ec\._([A-Za-z0-9]+)\(ctx, sel, v\)$`)
	// A marshal function of a nullable list, by the marshal function of
	// its elements.
	listMarshalBody = regexp.MustCompile(`^\tif v == nil \{\n\t\treturn graphql\.Null\n\t\}\n` +
		`\tret := marshalSliceInOrder\(ctx, len\(v\), func\(ctx context\.Context, i int\) graphql\.Marshaler \{\n\t\tfc := graphql\.GetFieldContext\(ctx\)\n\t\tfc\.Result = &v\[i\]\n` +
		`\t\treturn ec\.(marshal[^(\s]+)\(ctx, sel, v\[i\]\)\n\t\}\)\n\n\treturn ret$`)
	objectFunc = regexp.MustCompile(`func \(ec \*executionContext\) _([A-Za-z0-9]+)\(ctx context\.Context, sel ast\.SelectionSet, obj ([^)]+)\) graphql\.Marshaler \{\n\tfields := ec\.collected\.of\(ec\.OperationContext, sel, ([A-Za-z0-9]+Implementors)\)\n`)
)

// addPlainObjects lets every object be written through its plain fields
// alone, when they are all that is selected (graph/generated/plainobject.go):
// it appends a table of them per type to src and a call of
// plainObjectValue to the type's object function. A scalar field is plain
// when its marshaler cannot fail; an object or list field when its
// objects are written the same way; so is a method field (an ent edge),
// when its method does not fail. It answers how many scalar and object
// fields the tables hold.
func addPlainObjects(src []byte, scalars, objects, methods []plainField) (out []byte, written, children int) {
	// By marshal function: how it writes obj.F, and how it tells that
	// obj.F is null for a non-null field, or "" when it cannot be.
	writes, nulls := map[string]string{}, map[string]string{}
	bodies := map[string]string{}
	for _, m := range marshalFunc.FindAllSubmatch(src, -1) {
		name, body := string(m[1]), string(m[2])
		bodies[name] = body
		if b := scalarMarshalBody.FindStringSubmatch(body); b != nil {
			writes[name], nulls[name] = scalarWrite(b[1] != "", b[2], b[3], b[4] != "")
		} else if b := enumMarshalBody.FindStringSubmatch(body); b != nil {
			writes[name] = enumWrite(name, b[1] != "")
		}
	}
	implementors := map[string]string{} // by type
	for _, m := range objectFunc.FindAllSubmatch(src, -1) {
		implementors[string(m[1])] = string(m[3])
	}
	child := func(marshal string) (call string, ok bool) {
		if b := objectMarshalBody.FindStringSubmatch(bodies[marshal]); b != nil && implementors[b[2]] != "" {
			return fmt.Sprintf("plainChild(ctx, c, oc, field, obj.F, %t, %s, &plainFieldsOf%s)", b[1] != "", implementors[b[2]], b[2]), true
		}
		b := listMarshalBody.FindStringSubmatch(bodies[marshal])
		if b == nil {
			return "", false
		}
		e := objectMarshalBody.FindStringSubmatch(bodies[b[1]])
		if e == nil || implementors[e[2]] == "" {
			return "", false
		}
		return fmt.Sprintf("plainList(ctx, c, oc, field, obj.F, %t, %s, &plainFieldsOf%s)", e[1] != "", implementors[e[2]], e[2]), true
	}
	entries := map[string][]string{} // by type
	for _, f := range scalars {
		write, ok := writes[f.marshal]
		object, field, named := typeAndField(f.name)
		if !ok || !named {
			continue
		}
		null := cmp.Or(nulls[f.marshal], "nil")
		entry := "{write: func(w io.Writer, obj OBJ) { " + write + " }, null: " + null + "}"
		entry = strings.ReplaceAll(strings.ReplaceAll(entry, "OBJ", f.objType), "obj.F", f.value)
		entries[object] = append(entries[object], fmt.Sprintf("%q: %s,", field, entry))
		written++
	}
	addChild := func(f plainField, read string) {
		call, ok := child(f.marshal)
		object, field, named := typeAndField(f.name)
		if !ok || !named {
			return
		}
		entry := "{child: func(ctx context.Context, c *collectedFields, oc *graphql.OperationContext, field graphql.CollectedField, obj OBJ) graphql.Marshaler { " + read + "return " + call + " }}"
		entry = strings.ReplaceAll(strings.ReplaceAll(entry, "OBJ", f.objType), "obj.F", f.value)
		entries[object] = append(entries[object], fmt.Sprintf("%q: %s,", field, entry))
		children++
	}
	for _, f := range objects {
		addChild(f, "")
	}
	for _, f := range methods {
		addChild(plainField{name: f.name, objType: f.objType, value: "v", marshal: f.marshal},
			"v, err := "+f.value+"(ctx); if err != nil { return nil }; ")
	}
	// The tables refer to each other (a position's candidates, their
	// position), which a variable's initializer may not: init fills them.
	var tables, fill bytes.Buffer
	fill.WriteString("\nfunc init() {\n")
	out = objectFunc.ReplaceAllFunc(src, func(fn []byte) []byte {
		m := objectFunc.FindSubmatch(fn)
		object, objType := string(m[1]), string(m[2])
		fmt.Fprintf(&tables, "\nvar plainFieldsOf%s = plainFields[%s]{typeName: %q}\n", object, objType, object)
		fmt.Fprintf(&fill, "plainFieldsOf%s.byName = map[string]plainField[%s]{\n%s}\n", object, objType, strings.Join(entries[object], "\n"))
		return append(bytes.Clone(fn), "\tif v := plainObjectValue(ctx, &ec.collected, ec.OperationContext, fields, obj, &plainFieldsOf"+object+"); v != nil {\n\t\treturn v\n\t}\n"...)
	})
	if !bytes.Contains(out, []byte("\n\t\"io\"\n")) {
		out = bytes.Replace(out, []byte("import (\n"), []byte("import (\n\t\"io\"\n"), 1)
	}
	fill.WriteString("}\n")
	return append(append(out, tables.Bytes()...), fill.Bytes()...), written, children
}

// typeAndField splits a field function's name, _Type_field; introspection's
// (___Type_field) are left out.
func typeAndField(name string) (object, field string, ok bool) {
	if strings.HasPrefix(name, "__") {
		return "", "", false
	}
	return strings.Cut(strings.TrimPrefix(name, "_"), "_")
}

// scalarWrite is how a table writes a builtin scalar, given by its marshal
// function's parts (scalarMarshalBody), and how it tells that a non-null
// field's value is null: "" when it cannot be.
func scalarWrite(nullable bool, marshal, deref string, nonNull bool) (write, null string) {
	if marshal == "scalar.MarshalTime" {
		// Without the Marshaler MarshalTime allocates; null when zero.
		write = nilCheck(nullable) + "scalar.WriteTime(w, " + deref + "obj.F)"
		if nonNull {
			null = "func(obj OBJ) bool { return obj.F.IsZero() }"
		}
		return write, null
	}
	// gqlgen's own marshalers of a value never answer null; a check would
	// cost a call per field and row for nothing.
	return nilCheck(nullable) + marshal + "(" + deref + "obj.F).MarshalGQL(w)", ""
}

// enumWrite is how a table writes an enum, given its marshal function:
// ent's through writeEnum, others through their own MarshalGQL.
func enumWrite(marshal string, nullable bool) string {
	if !entEnum.MatchString(marshal) {
		return nilCheck(nullable) + "obj.F.MarshalGQL(w)"
	}
	if nullable {
		return nilCheck(nullable) + "writeEnum(w, *obj.F)"
	}
	return "writeEnum(w, obj.F)"
}

func nilCheck(pointer bool) string {
	if !pointer {
		return ""
	}
	return "if obj.F == nil { graphql.Null.MarshalGQL(w); return }; "
}
