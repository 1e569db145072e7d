package graph

import (
	"context"
	"encoding/json"
	"strings"

	"github.com/99designs/gqlgen/graphql"
	"github.com/vektah/gqlparser/v2/ast"
	"github.com/vektah/gqlparser/v2/validator/core"
)

// connectionCost prices a connection field at its page size times the cost
// of one element, so `first: 100` nested three deep costs what it reads. The
// plain gqlgen default counts every field as 1 whatever its fan-out.
type connectionCost struct {
	graphql.ExecutableSchema
}

func (c connectionCost) Complexity(ctx context.Context, typeName, field string, child int, args map[string]any) (int, bool) {
	if n, ok := c.ExecutableSchema.Complexity(ctx, typeName, field, child, args); ok {
		return n, true
	}
	_, isConnection := args["first"]
	if !isConnection {
		return child + 1, true
	}
	page := DefaultPage
	for _, name := range []string{"first", "last"} {
		// The complexity walker hands over raw argument values: int64 for
		// a literal, whatever the variables decoded to otherwise.
		switch n := args[name].(type) {
		case int64:
			page = int(n)
		case int:
			page = n
		case float64:
			page = int(n)
		case json.Number:
			if v, err := n.Int64(); err == nil {
				page = int(v)
			}
		case *int:
			if n != nil {
				page = *n
			}
		}
	}
	return 1 + page*max(child, 1), true
}

// maxDepthRule rejects documents nested deeper than limit, counting through
// fragments, before anything runs.
func maxDepthRule(limit int) core.RuleFunc {
	return func(observers *core.Events, addError core.AddErrFunc) {
		observers.OnOperation(func(walker *core.Walker, op *ast.OperationDefinition) {
			if d := depth(walker.Document, op.SelectionSet, map[string]bool{}); d > limit {
				addError(core.Message("the query is nested %d levels deep; the limit is %d", d, limit), core.At(op.Position))
			}
		})
	}
}

func depth(doc *ast.QueryDocument, set ast.SelectionSet, visiting map[string]bool) int {
	deepest := 0
	for _, sel := range set {
		d := 0
		switch s := sel.(type) {
		case *ast.Field:
			// Introspection nests ofType a dozen levels deep by design and
			// reads only the schema, so it does not count.
			if strings.HasPrefix(s.Name, "__") {
				continue
			}
			if len(s.SelectionSet) > 0 {
				d = 1 + depth(doc, s.SelectionSet, visiting)
			}
		case *ast.InlineFragment:
			d = depth(doc, s.SelectionSet, visiting)
		case *ast.FragmentSpread:
			frag := doc.Fragments.ForName(s.Name)
			if frag == nil || visiting[s.Name] {
				continue // unknown or cyclic fragments are reported by other rules
			}
			visiting[s.Name] = true
			d = depth(doc, frag.SelectionSet, visiting)
			delete(visiting, s.Name)
		}
		deepest = max(deepest, d)
	}
	return deepest
}
