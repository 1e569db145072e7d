package codegen

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite the expected outputs in testdata")

// The fixture is an excerpt of what the pinned gqlgen writes for
// graph/*.graphqls (the Activity types and what they call); the expected
// output is reviewed by hand when it changes (go test -update).
func TestPatchGqlgenRewritesAnExcerptOfUpstream(t *testing.T) {
	in := readFixture(t, "executor.in.go.txt")
	out, err := PatchGqlgen(in)
	if err != nil {
		t.Fatal(err)
	}
	golden(t, "executor.out.go.txt", out)
	for _, gone := range []string{"graphql.MarshalSliceConcurrently(", "graphql.NewDeferredGroup(", "graphql.ResolveField(", ".ResolveConcurrently(", "graphql.CollectFields("} {
		if bytes.Contains(out, []byte(gone)) {
			t.Errorf("the patched executor still calls %s", gone)
		}
	}
	for _, want := range []string{
		// A plain scalar, a plain object, and a table per type whose
		// children are written through the tables of theirs.
		`return plainScalar(ctx, ec.OperationContext, field, obj.ID, "Activity", true, ec.marshalNID2`,
		"return plainObject(ctx, ec.OperationContext, field, obj.Node, false, ec.fieldContext_ActivityEdge_node",
		`"node": {child: func(ctx context.Context, c *collectedFields, oc *graphql.OperationContext, field graphql.CollectedField, obj *ent.ActivityEdge) graphql.Marshaler {`,
		"return plainList(ctx, c, oc, field, obj.Edges, true, false, activityEdgeImplementors, &plainFieldsOfActivityEdge)",
		"if v := plainObjectValue(ctx, &ec.collected, ec.OperationContext, fields, obj, &plainFieldsOfActivity); v != nil {",
		"response.Data = marshalAnswer(data)",
		// An ent enum written by writeEnum.
		"{ writeEnum(w, obj.ActorType) }",
	} {
		if !bytes.Contains(out, []byte(want)) {
			t.Errorf("the patched executor lacks %s", want)
		}
	}
}

// Each of GqlgenRewrites changes its site in gqlgen's form, and fails
// when one more site is in another form (the call's arguments changed) or,
// for a rewrite of one site, when there are two.
func TestGqlgenRewritesFailOnAnotherForm(t *testing.T) {
	otherForm := map[string]string{
		"marshalSliceInOrder":  "graphql.MarshalSliceConcurrently(ctx, len(v), 4, false, ",
		"deferredGroup":        "deferred := graphql.NewDeferredGroup(ctx, path)",
		"resolveField":         "res := graphql.ResolveField(",
		"resolveInOrder":       "out.ResolveConcurrently(ec.OperationContext, i,",
		"collectedFieldsCache": "",
		"collectedFields":      "graphql.CollectFields(ec.OperationContext, ec.sel, ",
		"objectValue":          "ec.ProcessDeferredGroup(deferred)\n\t}\n\treturn &out\n}",
		"marshalAnswer":        "",
	}
	for _, r := range GqlgenRewrites {
		t.Run(r.Name, func(t *testing.T) {
			out, err := r.Apply([]byte(r.Old))
			if err != nil || string(out) != r.New {
				t.Fatalf("rewrote its own site to %q, %v", out, err)
			}
			other, ok := otherForm[r.Name]
			if !ok {
				t.Fatal("no other form to try")
			}
			if other == "" {
				other = r.Old // a second site of a rewrite of one
			}
			if _, err := r.Apply([]byte(r.Old + "\n" + other)); err == nil {
				t.Fatalf("rewrote %q beside %q", r.Old, other)
			}
		})
	}
}

// A field function that reads its object's field but no longer in
// gqlgen's form fails the plain field rewrite instead of being left to
// gqlgen's resolveField.
func TestPlainFieldsFailOnAnotherForm(t *testing.T) {
	in, err := applyAll(readFixture(t, "executor.in.go.txt"), GqlgenRewrites)
	if err != nil {
		t.Fatal(err)
	}
	changed := bytes.Replace(in, []byte("\t\tnil,\n\t\tfunc(ctx context.Context, selections ast.SelectionSet, v string)"), []byte("\t\tec.directives,\n\t\tfunc(ctx context.Context, selections ast.SelectionSet, v string)"), 1)
	if bytes.Equal(changed, in) {
		t.Fatal("the fixture has no plain string field")
	}
	if _, _, _, err := rewritePlainFields(changed); err == nil || !strings.Contains(err.Error(), "plainFields") {
		t.Fatalf("error %v, want plainFields to fail", err)
	}
	if _, err := methodFields(bytes.Replace(in, []byte("\t\t\treturn obj.Candidate(ctx)\n"), []byte("\t\t\treturn obj.Candidate(ctx)\n\t\t\t_ = 1\n"), 1)); err == nil {
		t.Fatal("methodFields accepted a method field in another form")
	}
}

func TestRenameAliasParamsRenamesTheLaterOfTwo(t *testing.T) {
	in := "func (r *queryResolver) Position(ctx context.Context, positionID *string, positionID *string) (*ent.Position, error)"
	want := "func (r *queryResolver) Position(ctx context.Context, positionID *string, positionIDDeprecated *string) (*ent.Position, error)"
	if got := string(RenameAliasParams([]byte(in))); got != want {
		t.Fatalf("got  %s\nwant %s", got, want)
	}
	same := "func f(a int, b string)"
	if got := string(RenameAliasParams([]byte(same))); got != same {
		t.Fatalf("changed %s to %s", same, got)
	}
}

func readFixture(t *testing.T, name string) []byte {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// golden compares got with the expected output in testdata/name, or
// writes it there with -update.
func golden(t *testing.T, name string, got []byte) {
	t.Helper()
	path := filepath.Join("testdata", name)
	if *update {
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if diff := firstDifference(want, got); diff != "" {
		t.Errorf("%s differs from the expected output (go test -update rewrites it):\n%s", name, diff)
	}
}

// firstDifference describes the first line where got differs from want,
// or answers "" when they are equal.
func firstDifference(want, got []byte) string {
	if bytes.Equal(want, got) {
		return ""
	}
	w, g := strings.Split(string(want), "\n"), strings.Split(string(got), "\n")
	for i := 0; i < max(len(w), len(g)); i++ {
		var wl, gl string
		if i < len(w) {
			wl = w[i]
		}
		if i < len(g) {
			gl = g[i]
		}
		if wl != gl {
			return fmt.Sprintf("line %d:", i+1) + "\n  want " + wl + "\n  got  " + gl
		}
	}
	return "they differ in line endings"
}

// A list field is plain in both of gqlgen's forms: a nullable list of
// nullable objects (a connection's edges) and a non-null list of non-null
// ones (a scorecard summary's recommendations), whose marshal function
// also checks its elements for nulls.
func TestPlainListsOfBothForms(t *testing.T) {
	tables := newPlainTables([]byte(rowsExecutor))
	for marshal, want := range map[string]string{
		"marshalNRow2ᚕᚖRowᚄ": "plainList(ctx, c, oc, field, obj.F, false, true, rowImplementors, &plainFieldsOfRow)",
		"marshalORow2ᚕᚖRow":  "plainList(ctx, c, oc, field, obj.F, true, false, rowImplementors, &plainFieldsOfRow)",
	} {
		if got, ok := tables.child(marshal); !ok || got != want {
			t.Errorf("%s: child %q, %t; want %q", marshal, got, ok, want)
		}
	}
}

// The calls of resolveField and resolveInOrder get the executor's methods
// as method expressions; a call in another form fails generation instead
// of keeping its closures.
func TestMethodExpressionsFailOnAnotherForm(t *testing.T) {
	resolve := "\treturn resolveField(\n\t\tctx,\n\t\tec.OperationContext,\n\t\tfield,\n" +
		"\t\tfunc(ctx context.Context, field graphql.CollectedField) (*graphql.FieldContext, error) {\n\t\t\treturn ec.fieldContext_Row_next(ctx, field)\n\t\t},\n" +
		"\t\tfunc(ctx context.Context) (any, error) {\n\t\t\treturn ec.Resolvers.Row().Next(ctx, obj)\n\t\t},\n" +
		"\t\tnil,\n" +
		"\t\tfunc(ctx context.Context, selections ast.SelectionSet, v *Row) graphql.Marshaler {\n\t\t\treturn ec.marshalORow2ᚖRow(ctx, selections, v)\n\t\t},\n"
	inOrder := "resolveInOrder(ctx, out, ec.OperationContext, &deferred, i, fields,\n\t\t\t\ttrue, false,\n" +
		"\t\t\t\tfunc(ctx context.Context) graphql.Marshaler {\n\t\t\t\t\treturn ec._Row_next(ctx, field, obj)\n\t\t\t\t})"
	out, err := rewriteMethodExpressions([]byte(resolve + inOrder))
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"\t\tec,\n", "(*executionContext).fieldContext_Row_next,", "return ec.Resolvers.Row().Next(ctx, obj)", "(*executionContext).marshalORow2ᚖRow,",
		"true, false, obj, (*executionContext)._Row_next)"} {
		if !bytes.Contains(out, []byte(want)) {
			t.Errorf("the rewritten calls lack %q:\n%s", want, out)
		}
	}
	for name, other := range map[string]string{
		"resolveField":   strings.Replace(resolve, "return ec.marshalORow2ᚖRow(ctx, selections, v)", "return ec.marshalORow2ᚖRow(ctx, selections, *v)", 1),
		"resolveInOrder": strings.Replace(inOrder, "return ec._Row_next(ctx, field, obj)", "return ec._Row_next(ctx, field, *obj)", 1),
	} {
		if _, err := rewriteMethodExpressions([]byte(resolve + inOrder + other)); err == nil || !strings.Contains(err.Error(), name) {
			t.Errorf("%s: error %v beside a call in another form", name, err)
		}
	}
}

// rowsExecutor is an excerpt of an executor: the object function of Row
// and the marshal functions of a Row, a nullable one, a non-null list of
// non-null ones and a nullable list of nullable ones, and of a string.
const rowsExecutor = `
func (ec *executionContext) _Row(ctx context.Context, sel ast.SelectionSet, obj *Row) graphql.Marshaler {
	fields := ec.collected.of(ec.OperationContext, sel, rowImplementors)
}

func (ec *executionContext) marshalNRow2ᚖRow(ctx context.Context, sel ast.SelectionSet, v *Row) graphql.Marshaler {
	if v == nil {
		graphql.AddInvalidNullError(ctx, "Row!")
		return graphql.Null
	}
	return ec._Row(ctx, sel, v)
}

func (ec *executionContext) marshalNRow2ᚕᚖRowᚄ(ctx context.Context, sel ast.SelectionSet, v []*Row) graphql.Marshaler {
	ret := marshalSliceInOrder(ctx, len(v), func(ctx context.Context, i int) graphql.Marshaler {
		fc := graphql.GetFieldContext(ctx)
		fc.Result = &v[i]
		return ec.marshalNRow2ᚖRow(ctx, sel, v[i])
	})

	for _, e := range ret {
		if e == graphql.Null {
			return graphql.Null
		}
	}

	return ret
}

func (ec *executionContext) marshalORow2ᚖRow(ctx context.Context, sel ast.SelectionSet, v *Row) graphql.Marshaler {
	if v == nil {
		return graphql.Null
	}
	return ec._Row(ctx, sel, v)
}

func (ec *executionContext) marshalORow2ᚕᚖRow(ctx context.Context, sel ast.SelectionSet, v []*Row) graphql.Marshaler {
	if v == nil {
		return graphql.Null
	}
	ret := marshalSliceInOrder(ctx, len(v), func(ctx context.Context, i int) graphql.Marshaler {
		fc := graphql.GetFieldContext(ctx)
		fc.Result = &v[i]
		return ec.marshalORow2ᚖRow(ctx, sel, v[i])
	})

	return ret
}
`

// A method field of one object (an ent edge such as a candidate's person)
// is a plain child; one of a list is not: a list edge's method reads the
// field's alias from the field's own context, which a plain child does
// not have.
func TestPlainMethodFieldsAreThoseOfOneObject(t *testing.T) {
	src := []byte(rowsExecutor + `
func (ec *executionContext) marshalNString2string(ctx context.Context, sel ast.SelectionSet, v string) graphql.Marshaler {
	_ = sel
	res := graphql.MarshalString(v)
	if res == graphql.Null {
		graphql.AddInvalidNullFromMarshaler(ctx, "String!")
	}
	return res
}
`)
	out, err := addPlainObjects(src,
		[]plainField{{name: "_Row_name", objType: "*Row", value: "obj.Name", marshal: "marshalNString2string"}},
		nil,
		[]plainField{
			{name: "_Row_parent", objType: "*Row", value: "obj.Parent", marshal: "marshalORow2ᚖRow"},
			{name: "_Row_children", objType: "*Row", value: "obj.Children", marshal: "marshalNRow2ᚕᚖRowᚄ"},
		})
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Contains(out, []byte(`"parent": {child:`)) {
		t.Errorf("the method field of one object is not a plain child:\n%s", out)
	}
	if bytes.Contains(out, []byte(`"children":`)) {
		t.Errorf("the method field of a list is a plain child:\n%s", out)
	}
}
