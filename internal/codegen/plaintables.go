package codegen

import (
	"bytes"
	"cmp"
	"fmt"
	"regexp"
	"strings"
)

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
	// A marshal function of a list, nullable (group 1) or not, by the
	// marshal function of its elements (group 2); the elements of a list
	// of non-null ones are checked for nulls, which the element's own
	// marshal function tells too.
	listMarshalBody = regexp.MustCompile(`^(\tif v == nil \{\n\t\treturn graphql\.Null\n\t\}\n)?` +
		`\tret := marshalSliceInOrder\(ctx, len\(v\), func\(ctx context\.Context, i int\) graphql\.Marshaler \{\n\t\tfc := graphql\.GetFieldContext\(ctx\)\n\t\tfc\.Result = &v\[i\]\n` +
		`\t\treturn ec\.(marshal[^(\s]+)\(ctx, sel, v\[i\]\)\n\t\}\)\n\n` +
		`(?:\tfor _, e := range ret \{\n\t\tif e == graphql\.Null \{\n\t\t\treturn graphql\.Null\n\t\t\}\n\t\}\n\n)?\treturn ret$`)
	objectFunc = regexp.MustCompile(`func \(ec \*executionContext\) _([A-Za-z0-9]+)\(ctx context\.Context, sel ast\.SelectionSet, obj ([^)]+)\) graphql\.Marshaler \{\n\tfields := ec\.collected\.of\(ec\.OperationContext, sel, ([A-Za-z0-9]+Implementors)\)\n`)
	// The head of an object function, which collects its fields, however
	// it does: objectFunc must match one per object function (an
	// interface's switches instead).
	objectFuncHead = regexp.MustCompile(`\nfunc \(ec \*executionContext\) _[A-Za-z0-9]+\(ctx context\.Context, sel ast\.SelectionSet, obj [^)]+\) graphql\.Marshaler \{\n\tfields := `)
)

// addPlainObjects lets every object be written through its plain fields
// alone, when they are all that is selected (graph/generated/plainobject.go):
// it appends a table of them per type to src and a call of
// plainObjectValue to the type's object function. A scalar field is plain
// when its marshaler cannot fail; an object or list field when its
// objects are written the same way; so is a method field of one object
// (an ent edge), when its method does not fail. It fails unless it changes every object
// function and fills some table.
func addPlainObjects(src []byte, scalars, objects, methods []plainField) ([]byte, error) {
	if got, want := len(objectFunc.FindAllIndex(src, -1)), len(objectFuncHead.FindAllIndex(src, -1)); got != want || got == 0 {
		return nil, fmt.Errorf("plainObjects: %d object functions in the expected form, want %d (one per object function); has gqlgen's output changed?", got, want)
	}
	t := newPlainTables(src)
	for _, f := range scalars {
		t.addScalar(f)
	}
	for _, f := range objects {
		t.addChild(f, "")
	}
	for _, f := range methods {
		// A list edge's method finds the page entgql loaded under the
		// field's alias, which it reads from the field's own context:
		// written as a plain child, it would see its parent's, miss the
		// page and query again for every row.
		if listMarshalBody.MatchString(t.bodies[f.marshal]) {
			continue
		}
		t.addChild(plainField{name: f.name, objType: f.objType, value: "v", marshal: f.marshal},
			"v, err := "+f.value+"(ctx); if err != nil { return nil }; ")
	}
	if t.scalars == 0 || t.children == 0 {
		return nil, fmt.Errorf("plainObjects: %d plain scalars and %d plain children written; has gqlgen's output changed?", t.scalars, t.children)
	}
	return t.appendTo(src), nil
}

// plainTables are the entries of the table of plain fields of each object
// type of an executor, and what they are made from.
type plainTables struct {
	// By marshal function: its body, how it writes obj.F, and how it
	// tells that obj.F is null for a non-null field ("" when it cannot
	// be).
	bodies, writes, nulls map[string]string
	implementors          map[string]string   // by type
	entries               map[string][]string // by type
	scalars, children     int
}

func newPlainTables(src []byte) *plainTables {
	t := &plainTables{
		bodies: map[string]string{}, writes: map[string]string{}, nulls: map[string]string{},
		implementors: map[string]string{}, entries: map[string][]string{},
	}
	for _, m := range marshalFunc.FindAllSubmatch(src, -1) {
		name, body := string(m[1]), string(m[2])
		t.bodies[name] = body
		if b := scalarMarshalBody.FindStringSubmatch(body); b != nil {
			t.writes[name], t.nulls[name] = scalarWrite(b[1] != "", b[2], b[3], b[4] != "")
		} else if b := enumMarshalBody.FindStringSubmatch(body); b != nil {
			t.writes[name] = enumWrite(name, b[1] != "")
		}
	}
	for _, m := range objectFunc.FindAllSubmatch(src, -1) {
		t.implementors[string(m[1])] = string(m[3])
	}
	return t
}

func (t *plainTables) addScalar(f plainField) {
	write, ok := t.writes[f.marshal]
	object, field, named := typeAndField(f.name)
	if !ok || !named {
		return
	}
	null := cmp.Or(t.nulls[f.marshal], "nil")
	entry := "{write: func(w io.Writer, obj OBJ) { " + write + " }, null: " + null + "}"
	t.add(object, field, f, entry)
	t.scalars++
}

// addChild adds an object or list field, whose value read runs first.
func (t *plainTables) addChild(f plainField, read string) {
	call, ok := t.child(f.marshal)
	object, field, named := typeAndField(f.name)
	if !ok || !named {
		return
	}
	entry := "{child: func(ctx context.Context, c *collectedFields, oc *graphql.OperationContext, field graphql.CollectedField, obj OBJ) graphql.Marshaler { " + read + "return " + call + " }}"
	t.add(object, field, f, entry)
	t.children++
}

func (t *plainTables) add(object, field string, f plainField, entry string) {
	entry = strings.ReplaceAll(strings.ReplaceAll(entry, "OBJ", f.objType), "obj.F", f.value)
	t.entries[object] = append(t.entries[object], fmt.Sprintf("%q: %s,", field, entry))
}

// child answers how a table writes the value of an object or list field
// with marshal function marshal, or false when it cannot.
func (t *plainTables) child(marshal string) (call string, ok bool) {
	if b := objectMarshalBody.FindStringSubmatch(t.bodies[marshal]); b != nil && t.implementors[b[2]] != "" {
		return fmt.Sprintf("plainChild(ctx, c, oc, field, obj.F, %t, %s, &plainFieldsOf%s)", b[1] != "", t.implementors[b[2]], b[2]), true
	}
	b := listMarshalBody.FindStringSubmatch(t.bodies[marshal])
	if b == nil {
		return "", false
	}
	e := objectMarshalBody.FindStringSubmatch(t.bodies[b[2]])
	if e == nil || t.implementors[e[2]] == "" {
		return "", false
	}
	return fmt.Sprintf("plainList(ctx, c, oc, field, obj.F, %t, %t, %s, &plainFieldsOf%s)", b[1] != "", e[1] != "", t.implementors[e[2]], e[2]), true
}

// appendTo appends the tables to src and a call of plainObjectValue to
// each object function.
func (t *plainTables) appendTo(src []byte) []byte {
	// The tables refer to each other (a position's candidates, their
	// position), which a variable's initializer may not: init fills them.
	var tables, fill bytes.Buffer
	fill.WriteString("\nfunc init() {\n")
	out := objectFunc.ReplaceAllFunc(src, func(fn []byte) []byte {
		m := objectFunc.FindSubmatch(fn)
		object, objType := string(m[1]), string(m[2])
		fmt.Fprintf(&tables, "\nvar plainFieldsOf%s = plainFields[%s]{typeName: %q}\n", object, objType, object)
		fmt.Fprintf(&fill, "plainFieldsOf%s.byName = map[string]plainField[%s]{\n%s}\n", object, objType, strings.Join(t.entries[object], "\n"))
		return append(bytes.Clone(fn), "\tif v := plainObjectValue(ctx, &ec.collected, ec.OperationContext, fields, obj, &plainFieldsOf"+object+"); v != nil {\n\t\treturn v\n\t}\n"...)
	})
	if !bytes.Contains(out, []byte("\n\t\"io\"\n")) {
		out = bytes.Replace(out, []byte("import (\n"), []byte("import (\n\t\"io\"\n"), 1)
	}
	fill.WriteString("}\n")
	return append(append(out, tables.Bytes()...), fill.Bytes()...)
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
// ent's through writeEnum (graph/generated/enum.go), which spares the
// string strconv.Quote allocates per row, others through their own
// MarshalGQL.
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
