package codegen

import (
	"strings"
	"testing"
	"text/template"

	"entgo.io/contrib/entgql"
	"entgo.io/ent/entc/gen"
)

// Each template patch, given an excerpt of its upstream template, writes
// the expected template, and fails when its text is not found once.
func TestEntTemplatePatches(t *testing.T) {
	for _, c := range []struct {
		name     string
		patch    func(*template.Template) error
		template string
		in, want string
	}{
		{
			name: "LoadNestedConnectionsPerParent", patch: LoadNestedConnectionsPerParent, template: "gql_collection",
			in:   "modify := entgql.LimitPerRow({{ $fk }}, limit, pager.orderExpr(query))",
			want: "modify := query.limitPerParent(ctx, path, {{$fk}}, limit, pager.orderExpr(query))",
		},
		{
			name: "ProjectPastResolverFields", patch: ProjectPastResolverFields, template: "gql_collection",
			in:   "\t\t\t\tdefault:\n\t\t\t\t\tunknownSeen = true",
			want: "\t\t\t\tdefault:\n\t\t\t\t\tunknownSeen = !selectResolverColumns(_q, field.Name, fieldSeen, &selectedFields) || unknownSeen",
		},
		{
			name: "EdgesInOneBlock", patch: EdgesInOneBlock, template: "gql_pagination",
			in: "\tc.Edges = make([]*{{ $edge }}, len(nodes))\n\tfor i := range nodes {\n\t\tnode := nodeAt(i)\n\t\tc.Edges[i] = &{{ $edge }}{\n\t\t\tNode: node,\n\t\t\tCursor: pager.toCursor(node),\n\t\t}\n\t}",
			want: "\tc.Edges = make([]*{{$edge}}, len(nodes))\n\tblock := make([]{{$edge}}, len(nodes))\n\tfor i := range nodes {\n\t\tnode := nodeAt(i)\n" +
				"\t\tblock[i].Node, block[i].Cursor = node, pager.toCursor(node)\n\t\tc.Edges[i] = &block[i]\n\t}",
		},
		{
			name: "ScanStraightIntoNodes", patch: ScanStraightIntoNodes, template: "dialect/sql/query",
			in: "\n\t_spec.ScanValues = func(columns []string) ([]any, error) {\n\t\treturn (*{{ $.Name }}).scanValues(nil, columns)\n\t}\n" +
				"\t_spec.Assign = func(columns []string, values []any) error {\n\t\tnode := &{{ $.Name }}{config: {{ $receiver }}.config}\n\t\tnodes = append(nodes, node)\n" +
				"\t\treturn node.assignValues(columns, values)\n\t}",
			want: "\n\tvar scanned *{{$.Name}}\n\tvar block nodeBlock[{{$.Name}}]\n\t_spec.ScanValues = func(columns []string) ([]any, error) {\n" +
				"\t\tscanned = block.next(_spec.Limit)\n\t\tscanned.config = {{$receiver}}.config\n\t\treturn scanned.scanTargets(columns)\n\t}\n" +
				"\t_spec.Assign = func(columns []string, values []any) error {\n\t\tnode := scanned\n\t\tnodes = append(nodes, node)\n" +
				"\t\treturn node.assignScanned(columns, values)\n\t}",
		},
		{
			name: "EagerLoadersWithOneArrayParameter", patch: EagerLoadersWithOneArrayParameter, template: "dialect/sql/query",
			in: "\t\t\tquery.Where({{ $e.Type.Package }}.IDIn(ids...))\n" +
				"\t\t\t\ts.Where(sql.InValues(s.C({{ $.Package }}.{{ $e.ColumnConstant }}), fks...))",
			want: "\t\t\tquery.Where(perparent.IDIn({{$e.Type.Package}}.FieldID, ids))\n" +
				"\t\t\t\ts.Where(perparent.In(s.C({{$.Package}}.{{$e.ColumnConstant}}), fks...))",
		},
	} {
		t.Run(c.name, func(t *testing.T) {
			tmpl := parseDefined(t, c.template, c.in)
			if err := c.patch(tmpl); err != nil {
				t.Fatal(err)
			}
			if got := strings.TrimPrefix(tmpl.Lookup(c.template).Tree.Root.String(), fixtureVars); got != c.want {
				t.Fatalf("patched to\n%s\nwant\n%s", got, c.want)
			}
			for _, other := range []string{"", c.in + c.in} {
				if err := c.patch(parseDefined(t, c.template, other)); err == nil || !strings.Contains(err.Error(), c.name) {
					t.Errorf("on %q: error %v, want one naming the patch", other, err)
				}
			}
		})
	}
}

// ScanRowsThemselves points both the group-by's and the select's Scan at
// scanRows, and fails when either lacks ScanSlice's call or has it twice.
func TestScanRowsThemselves(t *testing.T) {
	const call = "\tdefer rows.Close()\n\treturn sql.ScanSlice(rows, v)\n"
	parse := func(group, sel string) *template.Template {
		tmpl, err := template.New("fixture").Parse(`{{ define "dialect/sql/group" }}` + group + `{{ end }}` +
			`{{ define "dialect/sql/select" }}` + sel + `{{ end }}`)
		if err != nil {
			t.Fatal(err)
		}
		return tmpl
	}
	tmpl := parse(call, call)
	if err := ScanRowsThemselves(tmpl); err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"dialect/sql/group", "dialect/sql/select"} {
		if got, want := tmpl.Lookup(name).Tree.Root.String(), "\tdefer rows.Close()\n\treturn scanRows(rows, v)\n"; got != want {
			t.Errorf("%s patched to\n%s\nwant\n%s", name, got, want)
		}
	}
	for _, bad := range [][2]string{{call, ""}, {"", call}, {call + call, call}} {
		if err := ScanRowsThemselves(parse(bad[0], bad[1])); err == nil || !strings.Contains(err.Error(), "ScanRowsThemselves") {
			t.Errorf("on %q: error %v, want one naming the patch", bad, err)
		}
	}
}

// The patches apply to the templates of the pinned ent and entgql.
func TestEntTemplatePatchesApplyUpstream(t *testing.T) {
	for name, patch := range map[string]func() error{
		"collection": func() error { return LoadNestedConnectionsPerParent(pinned(t, entgql.CollectionTemplate)) },
		"projection": func() error { return ProjectPastResolverFields(pinned(t, entgql.CollectionTemplate)) },
		"pagination": func() error { return EdgesInOneBlock(pinned(t, entgql.PaginationTemplate)) },
		"query": func() error {
			dir, err := ModuleDir("entgo.io/ent")
			if err != nil {
				return err
			}
			_, err = EntQueryTemplate(dir)
			return err
		},
	} {
		if err := patch(); err != nil {
			t.Errorf("%s: %v", name, err)
		}
	}
}

// fixtureVars declares the variables of the upstream templates the
// excerpts use.
const fixtureVars = "{{$fk := 0}}{{$edge := 0}}{{$receiver := 0}}{{$e := 0}}"

// parseDefined answers a template set defining name as text.
func parseDefined(t *testing.T, name, text string) *template.Template {
	t.Helper()
	tmpl, err := template.New("fixture").Parse(`{{ define "` + name + `" }}` + fixtureVars + text + `{{ end }}`)
	if err != nil {
		t.Fatal(err)
	}
	return tmpl
}

// pinned answers a copy of one of entgql's templates, so that the test
// does not patch the package's own.
func pinned(t *testing.T, tmpl *gen.Template) *template.Template {
	t.Helper()
	c, err := tmpl.Template.Clone()
	if err != nil {
		t.Fatal(err)
	}
	return c
}
