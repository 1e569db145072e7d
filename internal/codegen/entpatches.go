package codegen

import (
	"bytes"
	"fmt"
	"text/template"
	"text/template/parse"
)

// LoadNestedConnectionsPerParent points entgql's field collection
// (template gql_collection) at the generated limitPerParent
// (internal/perparent/perparent.tmpl) where it calls entgql.LimitPerRow,
// which numbers and sorts every child of every parent. The call sits in
// the middle of entgql's collection template, so it is changed in the
// parsed template rather than by copying the whole file.
func LoadNestedConnectionsPerParent(collection *template.Template) error {
	t, err := lookup(collection, "gql_collection")
	if err != nil {
		return err
	}
	return replaceEachOnce("LoadNestedConnectionsPerParent", t.Tree.Root, [][2]string{{"entgql.LimitPerRow(", "query.limitPerParent(ctx, path, "}})
}

// ProjectPastResolverFields lets entgql's field collection (template
// gql_collection) keep its projection when the selection has a field a
// resolver computes (Candidate.scorecardSummary), which entgql does not
// know and so reads whole rows for: a field ent/resolvercolumns.go names
// adds the columns its resolver needs instead. A board of 100 cards read
// every candidate's JSON and time columns for two such fields.
func ProjectPastResolverFields(collection *template.Template) error {
	t, err := lookup(collection, "gql_collection")
	if err != nil {
		return err
	}
	return replaceEachOnce("ProjectPastResolverFields", t.Tree.Root, [][2]string{{"unknownSeen = true",
		"unknownSeen = !selectResolverColumns(_q, field.Name, fieldSeen, &selectedFields) || unknownSeen"}})
}

// EdgesInOneBlock makes a connection's build (template gql_pagination)
// allocate its page's edges in one block instead of one edge at a time: a
// 100-row page made 100 small allocations for them.
func EdgesInOneBlock(pagination *template.Template) error {
	t, err := lookup(pagination, "gql_pagination")
	if err != nil {
		return err
	}
	return replaceEachOnce("EdgesInOneBlock", t.Tree.Root, [][2]string{
		{", len(nodes))\n\tfor i := range nodes {\n\t\tnode := nodeAt(i)\n\t\tc.Edges[i] = &",
			", len(nodes))\n\tblock := make([]"},
		{"{\n\t\t\tNode: node,\n\t\t\tCursor: pager.toCursor(node),\n\t\t}\n\t}",
			", len(nodes))\n\tfor i := range nodes {\n\t\tnode := nodeAt(i)\n\t\tblock[i].Node, block[i].Cursor = node, pager.toCursor(node)\n\t\tc.Edges[i] = &block[i]\n\t}"},
	})
}

// ScanStraightIntoNodes makes ent's query template (dialect/sql/query)
// scan each row into a new node through the node's scanTargets and
// assignScanned (ent/template/directscan.tmpl) instead of scanValues and
// assignValues, and take its nodes from blocks (ent/nodeblock.go) instead
// of allocating each on its own.
func ScanStraightIntoNodes(query *template.Template) error {
	t, err := lookup(query, "dialect/sql/query")
	if err != nil {
		return err
	}
	return replaceEachOnce("ScanStraightIntoNodes", t.Tree.Root, [][2]string{
		{"\n\t_spec.ScanValues = func(columns []string) ([]any, error) {\n\t\treturn (*",
			"\n\tvar scanned *"},
		{").scanValues(nil, columns)\n\t}\n\t_spec.Assign = func(columns []string, values []any) error {\n\t\tnode := &",
			"\n\tvar block nodeBlock["},
		{"{config: ",
			"]\n\t_spec.ScanValues = func(columns []string) ([]any, error) {\n\t\tscanned = block.next(_spec.Limit)\n\t\tscanned.config = "},
		{".config}\n\t\tnodes = append(nodes, node)",
			".config\n\t\treturn scanned.scanTargets(columns)\n\t}\n\t_spec.Assign = func(columns []string, values []any) error {\n\t\tnode := scanned\n\t\tnodes = append(nodes, node)"},
		{"\n\t\treturn node.assignValues(columns, values)\n\t}",
			"\n\t\treturn node.assignScanned(columns, values)\n\t}"},
	})
}

// ScanRowsThemselves makes the Scan of ent's group-by and select builders
// (templates dialect/sql/group and dialect/sql/select) hand the rows to a
// destination that scans them itself (ent.RowsScanner, ent/rowsscanner.go)
// instead of sql.ScanSlice, which allocates a reflect value for every
// column of every row and appends each row by reflection: a board's
// recommendation counts made about 350 allocations that way.
func ScanRowsThemselves(t *template.Template) error {
	for _, name := range []string{"dialect/sql/group", "dialect/sql/select"} {
		builder, err := lookup(t, name)
		if err != nil {
			return err
		}
		if err := replaceEachOnce("ScanRowsThemselves", builder.Tree.Root, [][2]string{
			{"return sql.ScanSlice(rows, v)", "return scanRows(rows, v)"},
		}); err != nil {
			return err
		}
	}
	return nil
}

// EagerLoadersWithOneArrayParameter makes the eager loaders of ent's
// query template (dialect/sql/query) of to-one edges (a candidate's
// person) and of to-many edges loaded whole send the ids as one array
// parameter (perparent.In) where ent writes IN ($1, …, $n): a statement
// whose text, and so its plan, changes with the number of parents.
func EagerLoadersWithOneArrayParameter(query *template.Template) error {
	t, err := lookup(query, "dialect/sql/query")
	if err != nil {
		return err
	}
	// To-one: query.Where({{ $e.Type.Package }}.IDIn(ids...)) becomes
	// query.Where(perparent.IDIn({{ $e.Type.Package }}.FieldID, ids)).
	toOne := 0
	eachList(t.Tree.Root, func(list *parse.ListNode) {
		for i := 0; i+2 < len(list.Nodes); i++ {
			before, ok1 := list.Nodes[i].(*parse.TextNode)
			_, ok2 := list.Nodes[i+1].(*parse.ActionNode)
			after, ok3 := list.Nodes[i+2].(*parse.TextNode)
			if !ok1 || !ok2 || !ok3 || !bytes.HasSuffix(before.Text, []byte("query.Where(")) ||
				!bytes.HasPrefix(after.Text, []byte(".IDIn(ids...))")) {
				continue
			}
			before.Text = append(bytes.Clone(before.Text), "perparent.IDIn("...)
			after.Text = append([]byte(".FieldID, ids))"), after.Text[len(".IDIn(ids...))"):]...)
			toOne++
		}
	})
	if toOne != 1 {
		return fmt.Errorf("EagerLoadersWithOneArrayParameter: found %d to-one loaders, want 1; has the template changed?", toOne)
	}
	return replaceEachOnce("EagerLoadersWithOneArrayParameter", t.Tree.Root, [][2]string{{"s.Where(sql.InValues(s.C(", "s.Where(perparent.In(s.C("}})
}

// lookup answers the template named name in t.
func lookup(t *template.Template, name string) (*template.Template, error) {
	if found := t.Lookup(name); found != nil {
		return found, nil
	}
	return nil, fmt.Errorf("no template %s", name)
}
